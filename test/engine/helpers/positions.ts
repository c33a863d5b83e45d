/**
 * Helpers for building table positions from explicit deals (docs/RULES.md §9 examples).
 *
 * Tiles are written "6-4"; a hand or a boneyard is a space-separated list of tiles. Moves are written
 * "6-4@lead", "4-4@right", "draw" or "pass"; a move list is a space-separated string of them.
 */
import assert from 'node:assert/strict';
import {
  applyMove,
  createMatch,
  legalMoves,
  nextRound,
  type LegalMove,
  type MatchConfig,
  type MatchState,
  type Move,
} from '../../../src/engine/index.js';
import { key, makeDeal, t } from './tiles.js';

/** "6-4@lead" → a play move; "draw" / "pass" as they are. */
export function parseMove(text: string): Move {
  if (text === 'draw' || text === 'pass') return { type: text };
  const m = /^([0-6]-[0-6])@(\S+)$/.exec(text);
  if (!m) throw new Error(`bad move ${JSON.stringify(text)}`);
  return { type: 'play', tile: t(m[1]!), end: m[2]! };
}

export const moveName = (m: Move | LegalMove): string => (m.type === 'play' ? `${key(m.tile)}@${m.end}` : m.type);

/** Whether `move` is listed by legalMoves(state). */
export function isListed(state: MatchState, move: Move): boolean {
  return legalMoves(state).some((m) => moveName(m) === moveName(move));
}

/**
 * Applies the moves one by one (each for the seat to act), asserting before each that legalMoves
 * lists it. Returns the final state.
 */
export function play(state: MatchState, moves: string): MatchState {
  return playAll(state, moves).at(-1)!;
}

/** Like `play`, but returns every state: [start, after move 1, after move 2, ...]. */
export function playAll(state: MatchState, moves: string): MatchState[] {
  const states = [state];
  for (const text of moves.trim().split(/\s+/).filter(Boolean)) {
    const move = parseMove(text);
    const legal = legalMoves(state).map(moveName);
    assert.ok(
      legal.includes(moveName(move)),
      `move ${states.length} "${text}" by seat ${state.turn} is not legal; legal: ${legal.join(' ')}`,
    );
    state = applyMove(state, move);
    states.push(state);
  }
  return states;
}

/** The ends a tile may be laid on now, per legalMoves, sorted. */
export function endsFor(state: MatchState, tile: string): string[] {
  const k = key(t(tile));
  return legalMoves(state)
    .flatMap((m) => (m.type === 'play' && key(m.tile) === k ? [m.end] : []))
    .sort();
}

/** The set of tiles that have at least one legal play now, sorted. */
export function playableTiles(state: MatchState): string[] {
  const set = new Set(legalMoves(state).flatMap((m) => (m.type === 'play' ? [key(m.tile)] : [])));
  return [...set].sort();
}

/** The last log entry's in-play points (a play), else undefined. */
export function lastPoints(state: MatchState): number | undefined {
  const entry = state.log.at(-1);
  return entry?.type === 'play' ? entry.points : undefined;
}

/** Plays the first listed legal move until the round (or match) is over. */
export function finishRound(state: MatchState): MatchState {
  for (let i = 0; i < 500 && state.round.result === null && state.winningSide === null; i++) {
    const move = legalMoves(state)[0]!;
    state = applyMove(state, move.type === 'play' ? { type: 'play', tile: move.tile, end: move.end } : move);
  }
  assert.ok(state.round.result !== null || state.winningSide !== null, 'the prelude round did not end');
  return state;
}

/**
 * A state at the start of round 2, where the seat that leads may lead any tile (Draw/Block/Fives,
 * laterRoundLead winnerAnyTile). Round 1 is a seeded random deal played out with the first legal move
 * each turn; it only serves to reach a round with a free lead. `hands[0]` goes to the seat that leads
 * round 2, `hands[1]` to the next seat in turn order, and so on; the boneyard is drawn from in order.
 * Scores after round 1 are not zero in general: assert score changes, not totals.
 */
export function laterRound(config: Omit<MatchConfig, 'deal'>, hands: string[], boneyard = ''): MatchState {
  const first = finishRound(createMatch({ seed: 'prelude', ...config }));
  assert.equal(first.winningSide, null, 'the prelude round must not end the match');
  const result = first.round.result!;
  const leader = result.winner ?? (first.round.leader + 1) % first.config.players;
  const n = first.config.players;
  const rotated = Array.from({ length: n }, (_, seat) => hands[(seat - leader + n) % n]!);
  const state = nextRound(first, makeDeal(rotated, boneyard));
  assert.equal(state.turn, leader);
  assert.equal(state.round.lead, null, 'a later round may be led with any tile');
  return state;
}

/** Seat `k` places after the seat to act (k = 0: the seat to act). */
export const seatAfter = (state: MatchState, k: number): number => (state.turn! + k) % state.config.players;

/** A recorded round: the deal (hands and the full boneyard, next drawn first) and every move in order. */
export interface Game {
  hands: string[];
  boneyard: string;
  moves: string;
}

/** Creates a match with the game's deal and plays all its moves, each checked against legalMoves. */
export function playGame(config: Omit<MatchConfig, 'deal'>, game: Game): MatchState {
  return play(createMatch({ ...config, deal: makeDeal(game.hands, game.boneyard, false) }), game.moves);
}

/** The same, returning every state (start first). */
export function playGameAll(config: Omit<MatchConfig, 'deal'>, game: Game): MatchState[] {
  return playAll(createMatch({ ...config, deal: makeDeal(game.hands, game.boneyard, false) }), game.moves);
}

/** Pips left in each hand. */
export const pipsOf = (state: MatchState): number[] => state.hands.map((h) => h.reduce((s, x) => s + x[0] + x[1], 0));
