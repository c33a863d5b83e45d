/**
 * How a move is chosen at every level, with the hard player passed in: the easy and medium players need
 * none of the hard one's playout engine, so a page whose computers play easy or medium loads this chunk
 * alone (load.ts), and the larger one only for hard.
 */
import { legalMoves, RuleError, type LegalMove, type PlayerView } from '../engine/index.js';
import { nextInt, randomRngState, seedRng, type RngState } from '../engine/internal.js';
import { DEFAULT_BUDGET_MS, DEFAULT_MAX_DEALS, type ChooseOptions } from './levels.js';
import type { HardLimits } from './hard.js';
import { chooseMedium } from './medium.js';

/** How often the easy player plays like the medium one: enough to look sensible, little enough to lose. */
const EASY_SENSE = 0.25;

export type HardPlayer = (view: PlayerView, moves: LegalMove[], rng: RngState, limits: HardLimits) => LegalMove;

/**
 * Picks a move for the seat of `view`, which must be the seat to act (else RuleError). Without
 * `hardPlayer`, the hard level is refused.
 */
export function chooseMoveWith(hardPlayer: HardPlayer | null, view: PlayerView, options: ChooseOptions): LegalMove {
  const moves = legalMoves(view);
  if (moves.length === 0) throw new RuleError('invalid-state', `seat ${view.seat} is not to act`);
  if (moves.length === 1) return moves[0]!;
  const rng = options.seed === undefined ? randomRngState() : seedRng(options.seed);
  switch (options.level) {
    case 'easy':
      return nextInt(rng, 1000) < EASY_SENSE * 1000 ? chooseMedium(view, moves) : moves[nextInt(rng, moves.length)]!;
    case 'medium':
      return chooseMedium(view, moves);
    case 'hard':
      if (!hardPlayer) throw new RuleError('invalid-config', 'the hard level needs the full chooser (choose.ts)');
      return hardPlayer(view, moves, rng, {
        budgetMs: options.budgetMs ?? DEFAULT_BUDGET_MS,
        maxDeals: options.maxDeals ?? DEFAULT_MAX_DEALS,
      });
    default:
      throw new RuleError('invalid-config', `level must be easy, medium or hard, got ${String(options.level)}`);
  }
}

/** chooseMove for the easy and medium levels only. */
export const chooseLightMove = (view: PlayerView, options: ChooseOptions): LegalMove => chooseMoveWith(null, view, options);
