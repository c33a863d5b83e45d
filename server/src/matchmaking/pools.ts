/**
 * The quick-match pools a server offers: each a match (variant, seats, teams, target) its tables play,
 * the family they are rated in, and the matcher's rules. The defaults are the five the issue names;
 * an operator gives others with `--pools FILE` (a JSON array of `{ id, variant, players, teams?, target, tempo? }`).
 */
import { readFileSync } from 'node:fs';
import { checkSettings, POOL_ID_PATTERN, type PoolInfo, type RatingFamily, type RoomSettings } from 'domino-game/protocol';
import { familyOf } from '../ratings/rating-core.js';
import { DEFAULT_MATCHING, type PoolRules } from './matcher.js';

export interface PoolConfig {
  id: string;
  /** The match of its tables: every other room setting its default (a turn clock, spectators allowed). */
  settings: RoomSettings;
  family: RatingFamily;
  rules: PoolRules;
}

/** What a pool's file may set of its tables' match; `tempo` (the computers' pace) too. */
type PoolMatch = Pick<RoomSettings, 'variant' | 'players' | 'teams' | 'target' | 'tempo'>;

/** The tables' computers (filling seats nobody took in time, playing for the away) play at this level. */
const TABLE_LEVEL = 'medium';

export function poolOf(id: string, match: PoolMatch, computerFillAfterMs = DEFAULT_MATCHING.computerFillAfterMs): PoolConfig {
  if (!POOL_ID_PATTERN.test(id)) throw new Error(`pool "${id}": an id is lowercase letters, digits and dashes (at most 32)`);
  const checked = checkSettings({ ...match, level: TABLE_LEVEL });
  if (!checked.ok) throw new Error(`pool "${id}": ${checked.message}`);
  const { settings } = checked;
  return { id, settings, family: familyOf(settings), rules: { ...DEFAULT_MATCHING, computerFillAfterMs, seats: settings.players } };
}

export function defaultPools(computerFillAfterMs?: number): PoolConfig[] {
  return [
    poolOf('draw-2', { variant: 'draw', players: 2, target: 100 }, computerFillAfterMs),
    poolOf('block-2', { variant: 'block', players: 2, target: 100 }, computerFillAfterMs),
    poolOf('fives-2', { variant: 'fives', players: 2, target: 150 }, computerFillAfterMs),
    poolOf('fives-teams', { variant: 'fives', players: 4, teams: true, target: 150 }, computerFillAfterMs),
    poolOf('draw-4', { variant: 'draw', players: 4, target: 100 }, computerFillAfterMs),
  ];
}

/** The pools of a `--pools` file; throws saying what is wrong with it. */
export function readPoolsFile(path: string, computerFillAfterMs?: number): PoolConfig[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`--pools ${path}: ${(error as Error).message}`);
  }
  if (!Array.isArray(data) || data.length === 0) throw new Error(`--pools ${path}: a JSON array of pools, at least one`);
  const pools = data.map((entry: unknown, i) => {
    if (typeof entry !== 'object' || entry === null) throw new Error(`--pools ${path}: pool ${i} is not an object`);
    const { id, ...match } = entry as { id?: unknown } & PoolMatch;
    if (typeof id !== 'string') throw new Error(`--pools ${path}: pool ${i} has no id`);
    return poolOf(id, match, computerFillAfterMs);
  });
  const ids = new Set(pools.map((pool) => pool.id));
  if (ids.size !== pools.length) throw new Error(`--pools ${path}: two pools with one id`);
  return pools;
}

/** A pool as `pools` lists it. */
export function poolInfo(pool: PoolConfig, waiting: number): PoolInfo {
  const { variant, players, teams, target } = pool.settings;
  return {
    id: pool.id,
    settings: { variant, players, ...(teams !== undefined ? { teams } : {}), ...(target !== undefined ? { target } : {}) },
    family: pool.family,
    waiting,
    computersAfter: pool.rules.seats > 2 ? Math.round(pool.rules.computerFillAfterMs / 1000) : null,
  };
}
