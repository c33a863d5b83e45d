/**
 * The medium computer player: a one-move heuristic that knows the variant. It gets rid of heavy tiles,
 * keeps a spread of numbers and tiles that fit the new ends, lays doubles while it can, and in All
 * Fives takes points and denies the next player theirs.
 */
import { countPoints, fits, fivesCount, layTile, type Table } from '../engine/board.js';
import { ALL_TILES, isDouble, pipValue, sameTile } from '../engine/tiles.js';
import type { LegalMove, PlayerView, Tile } from '../engine/types.js';
import { unseenMask } from './knowledge.js';

type Play = Extract<LegalMove, { type: 'play' }>;

const WEIGHTS = {
  goOut: 1000,
  pip: 1,
  double: 4,
  /** Per distinct number left in hand. */
  spread: 1.5,
  /** Per tile left in hand that fits the table after the move. */
  followUp: 1,
  /** All Fives: per point scored now, and per point the next player could score in reply. */
  points: 3,
  reply: 1.2,
};

/** Scores a play for the seat of `view`; higher is better. */
export function scorePlay(view: PlayerView, move: Play): number {
  const board: Table = { table: view.table, openEnds: view.openEnds };
  const after = layTile(view.config, board, move.tile, move.end, view.seat);
  const rest = view.hand.filter((t) => !sameTile(t, move.tile));
  if (rest.length === 0) return WEIGHTS.goOut;
  let score = WEIGHTS.pip * pipValue(move.tile) + (isDouble(move.tile) ? WEIGHTS.double : 0);
  score += WEIGHTS.spread * new Set(rest.flat()).size;
  score += WEIGHTS.followUp * rest.filter((t) => fitsSomewhere(view, after, t)).length;
  if (view.config.variant === 'fives') {
    score += WEIGHTS.points * (move.points ?? 0);
    score -= WEIGHTS.reply * bestReply(view, after);
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
