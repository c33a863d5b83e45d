/**
 * Test helpers for the match machine: explicit deals, a driver that plays whole matches (humans and
 * remote seats by sending intents chosen from the legal moves, computers by the machine itself), with
 * optional snapshot → JSON → restore at chosen points, and checks that the emitted domain events agree
 * with the engine state.
 */
import assert from 'node:assert/strict';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { legalMoves, type LegalMove, type MatchState } from '../../src/engine/index.js';
import {
  matchMachine,
  TEMPO_DELAYS,
  viewFor,
  type MatchActor,
  type MatchEmitted,
  type MatchEvent,
  type MatchInput,
  type MatchSnapshot,
} from '../../src/machine/index.js';

// ---------------------------------------------------------------------------------------------
// Moves as intents

export function intentFor(move: LegalMove): MatchEvent {
  if (move.type === 'play') return { type: 'PLAY', tile: move.tile, end: move.end };
  return move.type === 'draw' ? { type: 'DRAW' } : { type: 'PASS' };
}

/** A deterministic pick among the legal moves, varying with the position. */
export function pick(moves: LegalMove[], salt: number): LegalMove {
  assert.ok(moves.length > 0, 'a seat to act always has a move');
  return moves[(salt * 7 + 3) % moves.length]!;
}

// ---------------------------------------------------------------------------------------------
// Actors

export function startActor(input: MatchInput, options: { clock?: SimulatedClock; snapshot?: unknown } = {}) {
  const events: MatchEmitted[] = [];
  const actor = createActor(matchMachine, {
    input,
    clock: options.clock,
    snapshot: options.snapshot as never,
  });
  actor.on('*', (event) => events.push(event));
  actor.start();
  return { actor, events };
}

/** Persists through JSON, as a page would into localStorage. */
export const persist = (actor: MatchActor): unknown => JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));

/** Waits until the snapshot differs from `before` (a promise settled, a timer fired). */
export async function nextChange(actor: MatchActor, before: MatchSnapshot): Promise<MatchSnapshot> {
  return waitFor(actor, (s) => s !== before, { timeout: 5000 });
}

export const stateOf = (snapshot: MatchSnapshot): string => JSON.stringify(snapshot.value);

// ---------------------------------------------------------------------------------------------
// The driver

export interface DriveOptions {
  input: MatchInput;
  /** Restore from a JSON snapshot at this point? Called at every step with the current snapshot. */
  restoreAt?: (step: number, snapshot: MatchSnapshot) => boolean;
  /** Stop once this many rounds have ended (default: play to the match's end). */
  rounds?: number;
  maxSteps?: number;
}

export interface DriveResult {
  game: MatchState;
  events: MatchEmitted[];
  /** The state (JSON of the state value) of every restore point. */
  restoredIn: string[];
  steps: number;
  roundsEnded: number;
  actor: MatchActor;
}

/**
 * Plays a match to its end. Time runs on a SimulatedClock advanced by the driver, so non-instant
 * tempos cost no real waiting. Checks the events of every round against the engine state.
 */
export async function drive(options: DriveOptions): Promise<DriveResult> {
  const { input } = options;
  const clock = new SimulatedClock();
  const events: MatchEmitted[] = [];
  const restoredIn: string[] = [];
  const launch = (snapshot?: unknown): MatchActor => {
    const actor = createActor(matchMachine, { input, clock, snapshot: snapshot as never });
    actor.on('*', (event) => events.push(event));
    return actor.start();
  };
  let actor = launch();
  let roundStart = 0;
  let roundsEnded = 0;
  let step = 0;
  const maxSteps = options.maxSteps ?? 20_000;
  for (; step < maxSteps; step++) {
    let s = actor.getSnapshot();
    assert.equal(s.status, 'active');
    if (options.restoreAt?.(step, s)) {
      const saved = persist(actor);
      actor.stop();
      restoredIn.push(stateOf(s));
      actor = launch(saved);
      s = actor.getSnapshot();
      assert.deepEqual(s.context, (saved as { context: unknown }).context, 'restored context equals the saved one');
    }
    const game = s.context.game;
    if (s.matches('matchOver') || s.matches('roundOver')) {
      checkRound(s, events.slice(roundStart), input);
      roundsEnded++;
      if (s.matches('matchOver') || roundsEnded === options.rounds) break;
      roundStart = events.length;
      actor.send({ type: 'NEXT_ROUND' });
      assert.equal(actor.getSnapshot().context.rejection, null);
    } else if (s.hasTag('humanTurn')) {
      const seat = game.turn!;
      const move = pick(legalMoves(viewFor(s, seat)), game.log.length + seat + game.round.number);
      actor.send(intentFor(move));
      assert.equal(actor.getSnapshot().context.rejection, null, 'a legal move is accepted');
    } else if (s.hasTag('remoteTurn')) {
      const seat = game.turn!;
      const move = pick(legalMoves(viewFor(s, seat)), game.log.length * 3 + seat);
      actor.send({ type: 'REMOTE_MOVE', seat, move });
      assert.equal(actor.getSnapshot().context.rejection, null, 'a legal remote move is accepted');
    } else if (s.matches({ dealing: 'waiting' })) {
      clock.increment(TEMPO_DELAYS[s.context.tempo].deal);
      await nextChange(actor, s);
    } else if (s.hasTag('computerTurn')) {
      if (s.matches({ playing: { computer: { pace: 'waiting' } } }) && s.matches({ playing: { computer: { think: 'decided' } } })) {
        clock.increment(TEMPO_DELAYS[s.context.tempo].move);
      }
      await nextChange(actor, s);
    } else {
      assert.fail(`unexpected state ${stateOf(s)}`);
    }
  }
  assert.ok(step < maxSteps, 'the match ended');
  return { game: actor.getSnapshot().context.game, events, restoredIn, steps: step, roundsEnded, actor };
}

/**
 * At a round's (or match's) end: the round's move events are its log, drawn tiles unnamed; the score
 * events are its scoring plays; roundEnd and matchEnd agree with the state.
 */
export function checkRound(s: MatchSnapshot, roundEvents: MatchEmitted[], input: MatchInput): void {
  const game = s.context.game;
  const moves = roundEvents.filter((e) => e.type === 'move');
  assert.equal(moves.length, game.log.length, 'one move event per log entry');
  game.log.forEach((entry, i) => {
    const event = moves[i]!;
    assert.equal(event.seat, entry.seat);
    assert.equal(event.move.type, entry.type);
    if (entry.type === 'play') {
      assert.deepEqual(event.move, { type: 'play', tile: entry.tile, end: entry.end });
      assert.equal(event.points, entry.points);
    } else {
      assert.deepEqual(event.move, { type: entry.type }, 'a drawn tile is never named');
      assert.equal(event.points, 0);
    }
  });
  const scoring = game.log.filter((e) => e.type === 'play' && e.points > 0);
  const scores = roundEvents.filter((e) => e.type === 'score');
  assert.equal(scores.length, scoring.length, 'one score event per scoring play');
  scores.forEach((e, i) => {
    assert.equal(e.seat, scoring[i]!.seat);
    assert.equal(e.points, (scoring[i] as { points: number }).points);
    assert.equal(e.side, game.config.teams ? e.seat % 2 : e.seat);
  });
  for (const e of roundEvents) {
    if (e.type === 'turn') assert.equal(e.yours, s.context.seats[e.seat] === 'human', 'turn.yours = a local human');
  }
  const result = game.round.result;
  const roundEnds = roundEvents.filter((e) => e.type === 'roundEnd');
  if (result) {
    assert.equal(roundEnds.length, 1);
    assert.deepEqual(roundEnds[0], {
      type: 'roundEnd',
      round: game.round.number,
      reason: result.reason,
      winner: result.winner,
      side: result.side,
      points: result.points,
      scores: game.scores,
    });
  } else {
    assert.equal(roundEnds.length, 0);
    assert.ok(s.matches('matchOver') && game.config.variant === 'fives', 'only All Fives ends a match mid-round');
  }
  const matchEnds = roundEvents.filter((e) => e.type === 'matchEnd');
  if (s.matches('matchOver')) {
    assert.equal(matchEnds.length, 1);
    const winningSide = game.winningSide!;
    assert.deepEqual(matchEnds[0], { type: 'matchEnd', winningSide, scores: game.scores });
    assert.ok(game.scores[winningSide]! >= game.config.target, 'the winning side reached the target');
    assert.equal(game.scores.filter((x) => x >= game.config.target).length, 1, 'one side reached the target');
    assert.ok(input.config.target === undefined || game.config.target === input.config.target);
  } else {
    assert.equal(matchEnds.length, 0);
    assert.ok(game.scores.every((x) => x < game.config.target));
  }
}
