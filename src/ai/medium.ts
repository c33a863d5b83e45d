/**
 * The medium computer player: a one-move heuristic that knows the variant. It gets rid of heavy tiles,
 * keeps a spread of numbers and tiles that fit the new ends, lays doubles while it can, and in All
 * Fives takes points and denies the next player theirs.
 */
import { ALL_TILES, isDouble, pipValue, sameTile, VARIANT_RULES, type LegalMove, type Play, type PlayerView, type Tile, type Variant } from '../engine/index.js';
import { countPoints, fits, fivesCount, layTile, type Table } from '../engine/internal.js';
import { unseenMask } from './knowledge.js';

interface Weights {
  goOut: number;
  pip: number;
  double: number;
  /** Per distinct number left in hand. */
  spread: number;
  /** Per tile left in hand that fits the table after the move. */
  followUp: number;
  /** Per unseen tile that fits the table after the move: what the others could answer with. */
  theirOptions: number;
  /** All Fives: per point scored now, and per point the next player could score in reply. */
  points: number;
  reply: number;
}

const COMMON: Weights = {
  goOut: 1000,
  pip: 1,
  double: 4,
  spread: 1.5,
  followUp: 1,
  theirOptions: 0,
  points: 3,
  reply: 1.2,
};

/**
 * Tuned against the easy and the heaviest-tile players (bench/ai.ts). Leaving the others few answers
 * matters in every variant but All Fives (where the points do), and most in Doubles, whose locked
 * numbers make a move that leaves no answer common.
 */
export const WEIGHTS: Record<Variant, Weights> = {
  draw: { ...COMMON, theirOptions: 1 },
  block: { ...COMMON, theirOptions: 1 },
  fives: COMMON,
  doubles: { ...COMMON, theirOptions: 6, spread: 0, followUp: 0, double: 0 },
};

/** Scores a play for the seat of `view`; higher is better. */
export function scorePlay(view: PlayerView, move: Play): number {
  const board: Table = { table: view.table, openEnds: view.openEnds };
  const after = layTile(view.config, board, move.tile, move.end, view.seat);
  const rest = view.hand.filter((t) => !sameTile(t, move.tile));
  const weights = WEIGHTS[view.config.variant];
  if (rest.length === 0) return weights.goOut;
  let score = weights.pip * pipValue(move.tile) + (isDouble(move.tile) ? weights.double : 0);
  score += weights.spread * new Set(rest.flat()).size;
  score += weights.followUp * rest.filter((t) => fitsSomewhere(view, after, t)).length;
  if (weights.theirOptions !== 0) {
    const unseen = unseenMask(view);
    const answers = ALL_TILES.filter((t, i) => unseen & (1 << i) && fitsSomewhere(view, after, t)).length;
    score -= weights.theirOptions * answers;
  }
  if (VARIANT_RULES[view.config.variant].scoresFives) {
    score += weights.points * (move.points ?? 0);
    score -= weights.reply * bestReply(view, after);
  }
  return score;
}

function fitsSomewhere(view: PlayerView, board: Table, tile: Tile): boolean {
  return board.openEnds.some((end) => fits(view.config, board.table, end, tile));
}

/** The most points any unseen tile could score on `board` next turn. */
function bestReply(view: PlayerView, board: Table): number {
  const unseen = unseenMask(view);
  let best = 0;
  ALL_TILES.forEach((tile, index) => {
    if (!(unseen & (1 << index))) return;
    for (const end of board.openEnds) {
      if (!fits(view.config, board.table, end, tile)) continue;
      const points = countPoints(fivesCount(view.config, layTile(view.config, board, tile, end.id, -1)));
      if (points > best) best = points;
    }
  });
  return best;
}

/** The best play by `scorePlay`; ties go to the first. */
export function chooseMedium(view: PlayerView, moves: LegalMove[]): LegalMove {
  let best = moves[0]!;
  let bestScore = -Infinity;
  for (const move of moves) {
    if (move.type !== 'play') return move;
    const score = scorePlay(view, move);
    if (score > bestScore) {
      best = move;
      bestScore = score;
    }
  }
  return best;
}
