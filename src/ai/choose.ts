import type { LegalMove, PlayerView } from '../engine/index.js';
import { chooseMoveWith } from './choose-light.js';
import { chooseHard } from './hard.js';
import type { ChooseOptions } from './levels.js';

export { DEFAULT_BUDGET_MS, DEFAULT_MAX_DEALS, LEVELS, type ChooseOptions, type Level } from './levels.js';

/** Picks a move for the seat of `view`, which must be the seat to act (else RuleError), at any level. */
export function chooseMove(view: PlayerView, options: ChooseOptions): LegalMove {
  return chooseMoveWith(chooseHard, view, options);
}
