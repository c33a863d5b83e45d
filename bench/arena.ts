/**
 * Matches between computer players, for the strength benchmarks: who wins how often, with a 95%
 * interval, and how long decisions take.
 */
import { chooseMove, type Level } from '../src/ai/index.js';
import { applyMove, createMatch, legalMoves, nextRound, playerView, pipValue } from '../src/engine/index.js';
import type { LegalMove, MatchConfig, PlayerView } from '../src/engine/index.js';

export type Contestant = Level | 'heaviest';

/** The classic baseline: lay the heaviest tile that fits (first end listed); else draw or pass. */
function heaviest(view: PlayerView): LegalMove {
  const moves = legalMoves(view);
  let best = moves[0]!;
  for (const move of moves) {
    if (move.type === 'play' && best.type === 'play' && pipValue(move.tile) > pipValue(best.tile)) best = move;
  }
  return best;
}

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
  options: { budgetMs?: number; maxDeals?: number } = {},
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
      let move: LegalMove;
      if (contestant === 'heaviest') move = heaviest(view);
      else {
        const choices = legalMoves(view).length;
        const start = performance.now();
        move = chooseMove(view, { level: contestant, seed: m * 100_000 + decision++, ...options });
        if (choices > 1 && contestant === first) tally.decisionsMs.push(performance.now() - start);
      }
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

/** A share with its 95% Wilson interval, as "63.0% (58.1–67.6%, n=400)". */
export function share(wins: number, n: number): string {
  const z = 1.96;
  const p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  const pct = (x: number) => (100 * x).toFixed(1);
  return `${pct(p)}% (95% CI ${pct(centre - half)}–${pct(centre + half)}%, n=${n})`;
}

export function percentile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
