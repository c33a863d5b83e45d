import { legalMoves, RuleError } from '../engine/index.js';
import { nextInt, randomRngState, seedRng } from '../engine/rng.js';
import type { LegalMove, PlayerView } from '../engine/index.js';
import { chooseHard } from './hard.js';
import { DEFAULT_BUDGET_MS, DEFAULT_MAX_DEALS, type ChooseOptions } from './levels.js';
import { chooseMedium } from './medium.js';

export { DEFAULT_BUDGET_MS, DEFAULT_MAX_DEALS, LEVELS, type ChooseOptions, type Level } from './levels.js';

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
