/**
 * One intent applied to a match as a pure function of (context, intent): what the statechart does for
 * that intent at tempo `instant` with no computer seats (a room server's match, where every seat is
 * `remote`), without an actor. It is built from the machine's own checks (intents.ts) and domain
 * events (domain-events.ts), so it accepts, refuses and reports exactly as the machine does; a
 * differential test plays both side by side over random matches. A host that keeps many matches (a
 * room server) applies intents through this rather than restoring an actor for each.
 */
import type { MatchState } from '../engine/index.js';
import { isPlayOver } from '../engine/internal.js';
import { moveEvents, turnEvent } from './domain-events.js';
import { checkConfigure, checkLocalMove, checkNewMatch, checkNextRound, checkRemoteMove, type Configured } from './intents.js';
import type { Checked } from './rejections.js';
import { rejection } from './rejections.js';
import type { MatchContext, MatchEmitted, MatchEvent, Rejection } from './types.js';
import { checkUndo, undoAfter } from './undo.js';

export type MatchStep =
  | { ok: true; context: MatchContext; emitted: MatchEmitted[] }
  | { ok: false; rejection: Rejection };

/**
 * The context a new match starts from, and the `turn` the machine emits as it enters its first turn.
 * (The machine's input is checked by `initialContext`; so is this one.)
 */
export function firstTurn(context: MatchContext): MatchEmitted[] {
  const turn = turnEvent(context.game, context.seats);
  return turn ? [turn] : [];
}

/**
 * Applies `event` to the match in `context`. Accepted: the new context (with `rejection` cleared) and
 * the domain events the machine would emit, in its order (the move's events, then the next `turn`).
 * Refused: the machine's rejection, and the context is left as it was.
 *
 * Intents for `human` seats (PLAY, DRAW, PASS) are taken as the machine takes them; `computer` seats
 * are the machine's own business (its invoked player), so a context with one is not for this function.
 */
export function stepMatch(context: MatchContext, event: MatchEvent): MatchStep {
  switch (event.type) {
    case 'PLAY':
    case 'DRAW':
    case 'PASS':
      return moved(context, event, checkLocalMove(context, event));
    case 'REMOTE_MOVE':
      return moved(context, event, checkRemoteMove(context, event));
    case 'NEXT_ROUND':
      return moved(context, event, checkNextRound(context, event));
    case 'UNDO': {
      const checked = checkUndo(context, event);
      if (!checked.ok) return refused(checked);
      const next: MatchContext = { ...context, ...checked.value, rejection: null, decision: null };
      return { ok: true, context: next, emitted: firstTurn(next) };
    }
    case 'NEW_MATCH': {
      const checked = checkNewMatch(context, event);
      if (!checked.ok) return refused(checked);
      const next: MatchContext = { ...context, ...checked.value };
      return { ok: true, context: next, emitted: playing(next) ? firstTurn(next) : [] };
    }
    case 'CONFIGURE': {
      const checked = checkConfigure(context, event);
      if (!checked.ok) return refused(checked);
      return { ok: true, context: { ...context, ...(checked.value as Configured), rejection: null }, emitted: [] };
    }
    default:
      return { ok: false, rejection: rejection('invalid-intent', `unknown intent ${JSON.stringify((event as { type?: unknown }).type ?? null)}`, event) };
  }
}

function moved(context: MatchContext, event: MatchEvent, checked: Checked<MatchState>): MatchStep {
  if (!checked.ok) return refused(checked);
  const undo = undoAfter(context, event);
  const next: MatchContext = { ...context, game: checked.value, rejection: null, ...(undo ? { undo } : {}) };
  const emitted = moveEvents(context.game, checked.value);
  if (playing(next)) emitted.push(...firstTurn(next));
  return { ok: true, context: next, emitted };
}

/** After the step the match waits for a seat's move (the machine enters a turn and emits `turn`). */
const playing = (context: MatchContext): boolean =>
  !isPlayOver(context.game) && context.game.turn !== null;

const refused = (checked: { ok: false; rejection: Rejection }): MatchStep => ({ ok: false, rejection: checked.rejection });
