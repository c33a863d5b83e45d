/**
 * Runs one step of a room's match through the match machine, authoritatively: restore the stored
 * snapshot, send one event, keep what the machine emitted, persist. On the server every seat is a
 * `remote` seat of the machine: the room decides who supplies a seat's move (the person's connection,
 * or the computer pool while nobody or an away person holds it), so a seat changes hands without the
 * match noticing, and a computer's move goes through exactly the checks a person's does.
 */
import { createActor } from 'xstate';
import type { MatchConfig, Move, PlayerView, Seat } from '../engine/index.js';
import { playerView } from '../engine/index.js';
import { matchMachine, phaseOf, upgradePersistedSnapshot, type MatchActor, type MatchContext, type MatchEmitted, type MatchEvent, type MatchInput, type Phase, type Rejection } from '../machine/index.js';

/** A persisted snapshot of the match machine: plain JSON, stored with the room. */
export type PersistedMatch = ReturnType<MatchActor['getPersistedSnapshot']> & { value: unknown; context: MatchContext };

export interface StepResult {
  match: PersistedMatch;
  /** What happened, as everyone may know it (`turn.yours` is meaningless here and dropped). */
  events: MatchEmitted[];
}

export type Step = { ok: true; result: StepResult } | { ok: false; rejection: Rejection };

/** The machine never waits on the server: pacing is the room's job, so the machine runs at tempo `instant`. */
export function startMatch(config: MatchConfig, players: number, seed: string): StepResult {
  const input: MatchInput = { config, seats: Array.from({ length: players }, () => 'remote' as const), level: 'easy', tempo: 'instant', seed };
  return run(createActor(matchMachine, { input }), null);
}

/**
 * Actors kept running after a step, keyed by the persisted snapshot they are exactly at: the room
 * service keeps a live room's record, so its next step finds its actor here and skips restoring one
 * (about half of a step's time). Weak: a room that is dropped takes its actor with it.
 */
const running = new WeakMap<PersistedMatch, MatchActor>();

/** Applies `event` to the stored match; a refused event leaves the stored match as it was. */
export function stepMatch(match: PersistedMatch, event: MatchEvent): Step {
  let actor = running.get(match);
  running.delete(match);
  // A restored actor takes its context from the snapshot; the input is never read.
  actor ??= createActor(matchMachine, { snapshot: upgradePersistedSnapshot(match), input: undefined as unknown as MatchInput }).start();
  const events: MatchEmitted[] = [];
  const listening = (['move', 'score', 'roundEnd', 'matchEnd', 'turn'] as const).map((type) =>
    actor.on(type, (emitted) => events.push(publicEvent(emitted as MatchEmitted))),
  );
  const before = actor.getSnapshot().context.rejection;
  actor.send(event);
  for (const subscription of listening) subscription.unsubscribe();
  const rejection = actor.getSnapshot().context.rejection;
  if (rejection && rejection !== before) {
    // The refusal is in this actor's context, not in the stored match: it is not kept.
    actor.stop();
    return { ok: false, rejection };
  }
  const after = clearRejection(actor.getPersistedSnapshot() as PersistedMatch);
  if (after.context.rejection === actor.getSnapshot().context.rejection) running.set(after, actor);
  else actor.stop();
  return { ok: true, result: { match: after, events } };
}

function clearRejection(match: PersistedMatch): PersistedMatch {
  return match.context.rejection === null ? match : { ...match, context: { ...match.context, rejection: null } };
}

function run(actor: MatchActor, event: MatchEvent | null): StepResult {
  const events: MatchEmitted[] = [];
  for (const type of ['move', 'score', 'roundEnd', 'matchEnd', 'turn'] as const) {
    actor.on(type, (emitted) => events.push(publicEvent(emitted as MatchEmitted)));
  }
  actor.start();
  if (event) actor.send(event);
  const match = actor.getPersistedSnapshot() as PersistedMatch;
  actor.stop();
  return { match, events };
}

function publicEvent(event: MatchEmitted): MatchEmitted {
  if (event.type !== 'turn') return event;
  return { type: 'turn', seat: event.seat, yours: false };
}

/** The match state, read through upgradePersistedSnapshot: a room may have been stored by an older version. */
export function gameOf(match: PersistedMatch) {
  return upgradePersistedSnapshot(match).context.game;
}

export function matchPhase(match: PersistedMatch): Phase {
  const game = gameOf(match);
  if (game.winningSide !== null) return 'matchOver';
  if (game.round.result !== null) return 'roundOver';
  return match.value === 'dealing' ? 'dealing' : 'playing';
}

export function viewOf(match: PersistedMatch, seat: Seat): PlayerView {
  return playerView(gameOf(match), seat);
}

export const remoteMove = (seat: Seat, move: Move): MatchEvent => ({ type: 'REMOTE_MOVE', seat, move });

export { phaseOf };
