import { legalMoves, RuleError } from '../engine/index.js';
import { nextInt, randomRngState, seedRng } from '../engine/rng.js';
import type { LegalMove, PlayerView } from '../engine/index.js';
import { chooseHard } from './hard.js';
import { chooseMedium } from './medium.js';

export type Level = 'easy' | 'medium' | 'hard';
export const LEVELS: readonly Level[] = ['easy', 'medium', 'hard'];

export interface ChooseOptions {
  level: Level;
  /** Makes the choice reproducible; without it, each call varies. */
  seed?: number;
  /** Upper bound on the hard level's thinking time, in milliseconds. */
  budgetMs?: number;
  /** Upper bound on the hard level's simulated deals (for benchmarks that must not depend on the clock). */
  maxDeals?: number;
}

export const DEFAULT_BUDGET_MS = 250;
export const DEFAULT_MAX_DEALS = 1000;
/** How often the easy player plays like the medium one: enough to look sensible, little enough to lose. */
const EASY_SENSE = 0.25;

/** Picks a move for the seat of `view`, which must be the seat to act (else RuleError). */
export function chooseMove(view: PlayerView, options: ChooseOptions): LegalMove {
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
      return chooseHard(view, moves, rng, {
        budgetMs: options.budgetMs ?? DEFAULT_BUDGET_MS,
        maxDeals: options.maxDeals ?? DEFAULT_MAX_DEALS,
      });
    default:
      throw new RuleError('invalid-config', `level must be easy, medium or hard, got ${String(options.level)}`);
  }
}
