/**
 * Validating the settings a match is made of (seats, level, tempo, configuration) and starting a match
 * from them. Used for the input, for CONFIGURE and for NEW_MATCH, so all three accept the same values.
 */
import { createMatch, resolveConfig, RuleError } from '../engine/index.js';
import type { MatchConfig, MatchState } from '../engine/index.js';
import { isSeed } from '../engine/internal.js';
import { isLevel, isTempo } from '../shared/names.js';
import { jsonSafe } from './rejections.js';
import type { RejectionCode, SeatKind } from './types.js';

export const SEAT_KINDS: readonly SeatKind[] = ['human', 'computer', 'remote'];

export interface SettingsProblem {
  code: RejectionCode;
  message: string;
}

const problem = (code: RejectionCode, message: string): SettingsProblem => ({ code, message });

/** Checks a seat list on its own (shape, kinds, 2–4 seats); `players` also checks its length. */
export function seatsProblem(seats: unknown, players?: number): SettingsProblem | null {
  if (!Array.isArray(seats) || seats.length < 2 || seats.length > 4) {
    return problem('invalid-seats', 'seats must list 2 to 4 seats');
  }
  const bad = seats.find((kind) => !SEAT_KINDS.includes(kind as SeatKind));
  if (bad !== undefined) return problem('invalid-seats', `a seat must be ${SEAT_KINDS.join(', ')}, got ${String(bad)}`);
  if (players !== undefined && seats.length !== players) {
    return problem('invalid-seats', `the match has ${players} players but ${seats.length} seats`);
  }
  return null;
}

/** Checks a configuration through the engine's own validation. */
export function configProblem(config: unknown): SettingsProblem | null {
  try {
    resolveConfig(config as MatchConfig);
    // The engine checks the seed only when it deals; later matches derive theirs from it (matchSeed).
    const { seed } = config as MatchConfig;
    if (seed !== undefined && !isSeed(seed)) {
      return problem('invalid-config', 'seed must be a number or a string');
    }
    return null;
  } catch (error) {
    if (error instanceof RuleError) return problem(error.code, error.message);
    throw error;
  }
}

export function levelProblem(level: unknown): SettingsProblem | null {
  return isLevel(level) ? null : problem('invalid-setting', `level must be easy, medium or hard, got ${String(level)}`);
}

export function tempoProblem(tempo: unknown): SettingsProblem | null {
  return isTempo(tempo) ? null : problem('invalid-setting', `tempo must be slow, normal, fast or instant, got ${String(tempo)}`);
}

/**
 * The deal seed of a match: the configuration's seed, else the series seed; the first match uses it
 * as is (so it equals `createMatch({ seed })`), later ones vary it so a new match is not a replay.
 */
export function matchSeed(config: MatchConfig, seriesSeed: number | string | null, matchNumber: number): number | string | undefined {
  const base = config.seed ?? seriesSeed ?? undefined;
  if (base === undefined) return undefined;
  return matchNumber === 1 ? base : `${String(base)}#${matchNumber}`;
}

/** Starts a match; throws RuleError for a configuration the engine refuses (a bad seed or deal). */
export function startMatch(config: MatchConfig, seriesSeed: number | string | null, matchNumber: number): MatchState {
  const seed = matchSeed(config, seriesSeed, matchNumber);
  return createMatch(seed === undefined ? config : { ...config, seed });
}

/**
 * The configuration kept for later matches: JSON only (it is persisted), and without an explicit
 * first deal, which belongs to the match it was given for.
 */
export function keptConfig(config: MatchConfig): MatchConfig {
  const { deal: _deal, ...rest } = jsonSafe(config) as MatchConfig;
  return rest;
}
