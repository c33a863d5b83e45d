/**
 * Matches between computer players, for the strength benchmarks: who wins how often, with a 95%
 * interval, and how long decisions take. Two ways to play: whole matches (`play`, bench/ai.ts) and
 * duplicate deals (`playDuplicate`, bench/arena-bench.ts), where every deal is played twice with the
 * players' seats swapped, so that the luck of the tiles cancels out of the comparison.
 */
import { applyMove, createMatch, legalMoves, nextRound, playerView } from '../src/engine/index.js';
import type { LegalMove, MatchConfig, MatchState } from '../src/engine/index.js';
import { contestantMove, type Contestant, type ThinkLimits } from './opponents/index.js';

export type { Contestant } from './opponents/index.js';

export interface Tally {
  matches: number;
  matchWins: number;
  rounds: number;
  roundWins: number;
  /** Decision times in ms of the first contestant, where it had a real choice. */
  decisionsMs: number[];
}

export function play(
  config: MatchConfig,
  first: Contestant,
  second: Contestant,
  matches: { from: number; to: number },
  seedBase: string,
  options: ThinkLimits = {},
): Tally {
  const tally: Tally = { matches: 0, matchWins: 0, rounds: 0, roundWins: 0, decisionsMs: [] };
  for (let m = matches.from; m < matches.to; m++) {
    // Alternate seats so that neither contestant always sits first; in 4-player games they alternate seats.
    const firstSeats = m % 2 === 0 ? [0, 2] : [1, 3];
    const who = (seat: number): Contestant => (firstSeats.includes(seat) ? first : second);
    let state = createMatch({ ...config, seed: `${seedBase}-${m}` });
    let decision = 0;
    // Without partnerships, 4 players are two of each contestant: the first wins when either of its seats does.
    const firstSides = config.teams ? [firstSeats[0]! % 2] : firstSeats.filter((s) => s < config.players);
    const won = (side: number | null) => side !== null && firstSides.includes(side);
    while (state.winningSide === null) {
      if (state.round.result) {
        tally.rounds++;
        if (won(state.round.result.side)) tally.roundWins++;
        state = nextRound(state);
        continue;
      }
      const seat = state.turn!;
      const view = playerView(state, seat);
      const contestant = who(seat);
      const choices = legalMoves(view).length;
      const start = performance.now();
      const move: LegalMove = contestantMove(contestant, view, m * 100_000 + decision++, options);
      if (choices > 1 && contestant === first && contestant !== 'heaviest') tally.decisionsMs.push(performance.now() - start);
      state = applyMove(state, move);
    }
    if (state.round.result) {
      tally.rounds++;
      if (won(state.round.result.side)) tally.roundWins++;
    }
    tally.matches++;
    if (won(state.winningSide)) tally.matchWins++;
  }
  return tally;
}

/** What one duplicate deal gave the first contestant, over its two plays (seats swapped). */
export interface DuplicateDeal {
  /** Rounds the first contestant won, of 2 (a tied blocked round counts a half). */
  wins: number;
  /** The first contestant's points in the round minus the second's, summed over the two plays. */
  margin: number;
}

export interface DuplicateTally {
  deals: DuplicateDeal[];
  /** Decision times in ms where the player had more than one legal move, per contestant (first, second). */
  thinkMs: [number[], number[]];
}

/** The seats of the first contestant in a deal's first play; the second play swaps them. */
function seatsOfFirst(config: MatchConfig, swapped: boolean): Set<number> {
  if (config.players === 2) return new Set([swapped ? 1 : 0]);
  if (config.players === 4 && config.teams) return new Set(swapped ? [1, 3] : [0, 2]);
  throw new RangeError('duplicate deals need 2 players, or 4 in teams');
}

/** Plays the first round of `seed`'s match with `first` in `firstSeats`; its result for `first`. */
function playRound(config: MatchConfig, seed: string, first: Contestant, second: Contestant, swapped: boolean, limits: ThinkLimits, thinkMs: [number[], number[]]): DuplicateDeal {
  const firstSeats = seatsOfFirst(config, swapped);
  let state: MatchState = createMatch({ ...config, seed });
  const firstSide = [...firstSeats][0]! % (config.players === 4 ? 2 : config.players);
  let decision = 0;
  while (!state.round.result && state.winningSide === null) {
    const seat = state.turn!;
    const view = playerView(state, seat);
    const isFirst = firstSeats.has(seat);
    const choices = legalMoves(view).length;
    const start = performance.now();
    const move = contestantMove(isFirst ? first : second, view, decision++ * 7919 + (swapped ? 1 : 0), limits);
    if (choices > 1) thinkMs[isFirst ? 0 : 1].push(performance.now() - start);
    state = applyMove(state, move);
  }
  const side = state.round.result?.side ?? state.winningSide;
  const points = state.scores;
  const margin = points[firstSide]! - points[1 - firstSide]!;
  return { wins: side === null ? 0.5 : side === firstSide ? 1 : 0, margin };
}

/** Duplicate deals `from` to `to` of the series named `seedBase`, each played twice with seats swapped. */
export function playDuplicate(
  config: MatchConfig,
  first: Contestant,
  second: Contestant,
  deals: { from: number; to: number },
  seedBase: string,
  limits: ThinkLimits = {},
): DuplicateTally {
  const tally: DuplicateTally = { deals: [], thinkMs: [[], []] };
  for (let d = deals.from; d < deals.to; d++) {
    const seed = `${seedBase}-${d}`;
    const one = playRound(config, seed, first, second, false, limits, tally.thinkMs);
    const two = playRound(config, seed, first, second, true, limits, tally.thinkMs);
    tally.deals.push({ wins: one.wins + two.wins, margin: one.margin + two.margin });
  }
  return tally;
}

/** A share with its 95% Wilson interval, as "63.0% (58.1–67.6%, n=400)". */
export function share(wins: number, n: number): string {
  const z = 1.96;
  const p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  const pct = (x: number) => (100 * x).toFixed(1);
  return `${pct(p)}% (95% CI ${pct(centre - half)}–${pct(centre + half)}%, n=${n})`;
}

/** A mean with its 95% interval (normal approximation), as "+3.2 (95% CI +1.1 to +5.3, n=300)". */
export function meanWithInterval(values: readonly number[]): string {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1);
  const half = 1.96 * Math.sqrt(variance / n);
  const signed = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(2);
  return `${signed(mean)} (95% CI ${signed(mean - half)} to ${signed(mean + half)}, n=${n})`;
}

export function percentile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
