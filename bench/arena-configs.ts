/**
 * The settings the computer's strength is measured and fitted in: Draw, Block and All Fives, for two
 * players and for four in two teams. One list for the arena, the think-time and model-fitting benches
 * and the inference tests, so that they measure the same games.
 */
import type { MatchConfig, Variant } from '../src/engine/index.js';

export const ARENA_VARIANTS: readonly Variant[] = ['draw', 'block', 'fives'];
export const ARENA_PLAYERS: readonly (2 | 4)[] = [2, 4];

/** How the arena seats a variant: two players, or four in two teams. */
export const arenaConfig = (variant: Variant, players: 2 | 4): MatchConfig => (players === 4 ? { variant, players, teams: true } : { variant, players });

/** Each arena variant for two players, then each for four in teams. */
export const ARENA_CONFIGS: readonly MatchConfig[] = ARENA_PLAYERS.flatMap((players) => ARENA_VARIANTS.map((variant) => arenaConfig(variant, players)));
