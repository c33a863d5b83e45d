/** The options of a decision (the levels' names are shared by every layer: shared/names.ts). */
import type { Level } from '../shared/names.js';

export { LEVELS, type Level } from '../shared/names.js';

export interface ChooseOptions {
  level: Level;
  /** Makes the choice reproducible; without it, each call varies. */
  seed?: number;
  /** Upper bound on the hard level's thinking time, in milliseconds. */
  budgetMs?: number;
  /** Upper bound on the hard level's simulated deals (for benchmarks that must not depend on the clock). */
  maxDeals?: number;
}

/**
 * The hard level's thinking time a move when none is given: within it the p95 of a move stays under 150 ms
 * in the browser's worker (the time before and after the search takes the rest; at 150 the worker's p95
 * was 151–152 ms in 3 of 6 settings).
 */
export const DEFAULT_BUDGET_MS = 140;
/**
 * The hard level's sampled deals a move when no count is given. Each deal costs about twice what it did
 * before the side's look-ahead in the playouts (lookahead-policy.ts), and 500 of them measured stronger
 * than 1000 without it, within the same think time.
 */
export const DEFAULT_MAX_DEALS = 500;
