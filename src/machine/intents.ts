/**
 * Deciding whether an intent is accepted, as pure functions of (context, event). The machine uses the
 * same check as the guard that picks the transition and in the action that applies it or records the
 * rejection, so what is accepted is exactly what gets applied. Checks are memoized per (event,
 * context) so the engine does the work once per intent.
 */
import { applyMove, nextRound, type MatchState, type Move } from '../engine/index.js';
import { isPlayOver } from '../engine/internal.js';
import { fromRuleError, jsonSafe, rejection, type Checked } from './rejections.js';
import {
  configProblem,
  keptConfig,
  levelProblem,
  seatsProblem,
  startMatch,
  tempoProblem,
  type SettingsProblem,
} from './settings.js';
import type { MatchContext, MatchEvent, Pending, Rejection, Tempo, UndoRecord } from './types.js';
import { checkUndo, undoAllowed } from './undo.js';


/** The intents that move a seat (a person's, or a remote seat's): the states say alike which of them they take. */
export const MOVE_INTENTS = ['PLAY', 'DRAW', 'PASS', 'REMOTE_MOVE'] as const satisfies readonly MatchEvent['type'][];

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refuse = <T>(r: Rejection): Checked<T> => ({ ok: false, rejection: r });
const refuseWith = <T>(p: SettingsProblem, intent: unknown): Checked<T> => refuse(rejection(p.code, p.message, intent));

/** Caches a check's result for one event object seen with one context object. */
function memoized<T>(check: (context: MatchContext, event: MatchEvent) => Checked<T>) {
  const memo = new WeakMap<object, { context: MatchContext; result: Checked<T> }>();
  return (context: MatchContext, event: MatchEvent): Checked<T> => {
    const hit = memo.get(event);
    if (hit && hit.context === context) return hit.result;
    const result = check(context, event);
    memo.set(event, { context, result });
    return result;
  };
}

function tryMove(game: MatchState, move: unknown, intent: unknown): Checked<MatchState> {
  try {
    return ok(applyMove(game, move));
  } catch (error) {
    return refuse(fromRuleError(error, intent));
  }
}

/** The round or match is over: the engine's own refusal says so in its words. */
function finished(game: MatchState, intent: unknown): Checked<MatchState> | null {
  return isPlayOver(game) ? tryMove(game, { type: 'pass' }, intent) : null;
}

/** PLAY / DRAW / PASS from the local UI: only for a human seat that is to act. */
export const checkLocalMove = memoized((context, event): Checked<MatchState> => {
  const { game, seats } = context;
  const over = finished(game, event);
  if (over) return over;
  const seat = game.turn;
  if (seat === null || seats[seat] !== 'human') {
    return refuse(rejection('not-your-turn', `seat ${String(seat)} is not a local player`, event));
  }
  const named = (event as { seat?: unknown }).seat;
  if (named !== undefined && named !== seat) {
    return refuse(rejection('not-your-turn', `it is seat ${seat}'s turn, not seat ${JSON.stringify(jsonSafe(named))}'s`, event));
  }
  let move: Move | undefined;
  if (event.type === 'PLAY') move = { type: 'play', tile: event.tile, end: event.end };
  else if (event.type === 'DRAW') move = { type: 'draw' };
  else if (event.type === 'PASS') move = { type: 'pass' };
  if (!move) return refuse(rejection('invalid-intent', `${event.type} is not a move`, event));
  return tryMove(game, move, event);
});

/** REMOTE_MOVE: only for the remote seat that is to act. */
export const checkRemoteMove = memoized((context, event): Checked<MatchState> => {
  const { game, seats } = context;
  const seat = (event as { seat?: unknown }).seat;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= seats.length) {
    return refuse(rejection('invalid-intent', `seat must be from 0 to ${seats.length - 1}`, event));
  }
  if (seats[seat] !== 'remote') return refuse(rejection('not-remote-seat', `seat ${seat} is not a remote seat`, event));
  const over = finished(game, event);
  if (over) return over;
  if (seat !== game.turn) return refuse(rejection('not-your-turn', `it is seat ${String(game.turn)}'s turn, not seat ${seat}'s`, event));
  return tryMove(game, (event as { move?: unknown }).move, event);
});

export const checkNextRound = memoized((context, event): Checked<MatchState> => {
  try {
    return ok(nextRound(context.game));
  } catch (error) {
    return refuse(fromRuleError(error, event));
  }
});

/** What NEW_MATCH puts into the context. */
export type NewMatchContext = Omit<MatchContext, 'tempo' | 'seed'>;

/** NEW_MATCH: the event's settings, else the pending ones, else the current ones. */
export const checkNewMatch = memoized((context, event): Checked<NewMatchContext> => {
  const given = event as { config?: unknown; seats?: unknown };
  const config = (given.config ?? context.pending.config ?? context.config) as MatchContext['config'];
  const seats = (given.seats ?? context.pending.seats ?? context.seats) as MatchContext['seats'];
  const bad = configProblem(config) ?? seatsProblem(seats, config.players);
  if (bad) return refuseWith(bad, event);
  const matchNumber = context.matchNumber + 1;
  let game: MatchState;
  try {
    game = startMatch(config, context.seed, matchNumber);
  } catch (error) {
    return refuse(fromRuleError(error, event));
  }
  return ok({
    game,
    seats: seats.slice(),
    level: context.pending.level ?? context.level,
    config: keptConfig(config),
    matchNumber,
    pending: {},
    rejection: null,
    decision: null,
    ...(context.undo ? { undo: { allowed: context.undo.allowed, before: [], used: false } } : {}),
  });
});

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(jsonSafe(a)) === JSON.stringify(jsonSafe(b));

/**
 * CONFIGURE: the tempo applies at once; level, config and seats wait in `pending`. A value equal to
 * the current one clears its pending entry, so `pending` lists only what will really change. The
 * pending seats must fit the pending player count: change both in one CONFIGURE.
 */
export const checkConfigure = memoized((context, event): Checked<Configured> => {
  const { tempo, level, config, seats, undo } = event as { tempo?: unknown; level?: unknown; config?: unknown; seats?: unknown; undo?: unknown };
  const bad =
    (undo !== undefined && typeof undo !== 'boolean' ? { code: 'invalid-setting' as const, message: 'undo must be true or false' } : null) ??
    (tempo !== undefined ? tempoProblem(tempo) : null) ??
    (level !== undefined ? levelProblem(level) : null) ??
    (config !== undefined ? configProblem(config) : null) ??
    (seats !== undefined ? seatsProblem(seats) : null);
  if (bad) return refuseWith(bad, event);
  const pending: Pending = { ...context.pending };
  if (level !== undefined) pending.level = level as Pending['level'];
  if (config !== undefined) pending.config = jsonSafe(config) as Pending['config'];
  if (seats !== undefined) pending.seats = (seats as Pending['seats'])!.slice();
  const players = (pending.config ?? context.config).players;
  const mismatch = seatsProblem(pending.seats ?? context.seats, players);
  if (mismatch) {
    return refuseWith({ code: mismatch.code, message: `${mismatch.message}: change config and seats together` }, event);
  }
  if (pending.level === context.level) delete pending.level;
  if (pending.config && sameJson(pending.config, context.config)) delete pending.config;
  if (pending.seats && sameJson(pending.seats, context.seats)) delete pending.seats;
  const configured: Configured = { tempo: (tempo as Tempo | undefined) ?? context.tempo, pending };
  const record = undo === undefined ? context.undo : undoAllowed(context.undo, undo as boolean);
  if (record) configured.undo = record;
  return ok(configured);
});

/** What CONFIGURE puts into the context. */
export interface Configured {
  tempo: Tempo;
  pending: Pending;
  undo?: UndoRecord;
}

/** Any intent's check, for recording why it was refused. */
export function checkIntent(context: MatchContext, event: MatchEvent): Checked<unknown> {
  switch (event.type) {
    case 'PLAY':
    case 'DRAW':
    case 'PASS':
      return checkLocalMove(context, event);
    case 'REMOTE_MOVE':
      return checkRemoteMove(context, event);
    case 'NEXT_ROUND':
      return checkNextRound(context, event);
    case 'NEW_MATCH':
      return checkNewMatch(context, event);
    case 'CONFIGURE':
      return checkConfigure(context, event);
    case 'UNDO':
      return checkUndo(context, event);
    default:
      return refuse(rejection('invalid-intent', `unknown intent ${JSON.stringify(jsonSafe((event as { type?: unknown }).type))}`, event));
  }
}
