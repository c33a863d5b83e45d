/**
 * Every player the arena can seat: the levels of today (src/ai), the classic heaviest-tile player, the
 * hard player frozen before it read the table, and a plain 200-deal PIMC (the frozen search with the
 * deal count of the best published figure for 2-player Draw).
 */
import { chooseMove } from '../../src/ai/index.js';
import { chooseMoveWith } from '../../src/ai/choose-light.js';
import type { LegalMove, PlayerView } from '../../src/engine/index.js';
import { chooseHardV1 } from './hard-v1.js';
import { chooseHeaviest } from './heaviest.js';

export const CONTESTANTS = ['heaviest', 'easy', 'medium', 'hard', 'hard-v1', 'pimc200'] as const;
export type Contestant = (typeof CONTESTANTS)[number];

/** How long the searching players may think: a count of sampled deals keeps a run reproducible. */
export interface ThinkLimits {
  maxDeals?: number;
  budgetMs?: number;
}

export function isContestant(name: string): name is Contestant {
  return (CONTESTANTS as readonly string[]).includes(name);
}

/** The frozen hard player's own count of sampled deals a decision (the level's default when it was frozen). */
const HARD_V1_DEALS = 1000;

/** The move of `who` in the seat of `view`; `seed` makes it reproducible. */
export function contestantMove(who: Contestant, view: PlayerView, seed: number, limits: ThinkLimits = {}): LegalMove {
  switch (who) {
    case 'heaviest':
      return chooseHeaviest(view);
    case 'easy':
    case 'medium':
    case 'hard':
      return chooseMove(view, { level: who, seed, ...limits });
    case 'hard-v1':
      return chooseMoveWith(chooseHardV1, view, { level: 'hard', seed, maxDeals: HARD_V1_DEALS, ...limits });
    case 'pimc200':
      return chooseMoveWith(chooseHardV1, view, { level: 'hard', seed, ...limits, maxDeals: 200 });
  }
}
