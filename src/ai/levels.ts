/** The computer levels and the options of a decision: light, so that code which only names them stays small. */
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
