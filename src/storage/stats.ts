/**
 * Won games of games played, per computer level and per variant; a match in which the person took a
 * hint or took a move back is counted apart, in `withHelp` alone.
 */
import { VARIANTS, type Variant } from '../engine/index.js';
import { LEVELS, type Level } from '../shared/names.js';

export interface Tally {
  played: number;
  won: number;
}

export interface Stats {
  byLevel: Record<Level, Tally>;
  byVariant: Record<Variant, Tally>;
  /** Matches played with a hint or an undo, whatever the level and variant (absent from statistics saved before 0.3). */
  withHelp: Tally;
}

const zero = (): Tally => ({ played: 0, won: 0 });

export function emptyStats(): Stats {
  return {
    byLevel: Object.fromEntries(LEVELS.map((l) => [l, zero()])) as Record<Level, Tally>,
    byVariant: Object.fromEntries(VARIANTS.map((v) => [v, zero()])) as Record<Variant, Tally>,
    withHelp: zero(),
  };
}

/** A match the person finished. */
export interface FinishedMatch {
  level: Level;
  variant: Variant;
  won: boolean;
  /** The person used a hint or an undo in it, so it counts apart. */
  helped?: boolean;
}

export function recordMatch(stats: Stats, { level, variant, won, helped = false }: FinishedMatch): Stats {
  const add = (t: Tally): Tally => ({ played: t.played + 1, won: t.won + (won ? 1 : 0) });
  if (helped) return { ...stats, withHelp: add(stats.withHelp) };
  return {
    withHelp: stats.withHelp,
    byLevel: { ...stats.byLevel, [level]: add(stats.byLevel[level]) },
    byVariant: { ...stats.byVariant, [variant]: add(stats.byVariant[variant]) },
  };
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function parseTally(value: unknown): Tally {
  const { played, won } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (!isCount(played) || !isCount(won) || won > played) return zero();
  return { played, won };
}

/** Whatever was saved, as statistics: a hand-edited or broken entry counts as none. */
export function parseStats(value: unknown): Stats {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, Record<string, unknown> | undefined>;
  const stats = emptyStats();
  for (const level of LEVELS) stats.byLevel[level] = parseTally(raw['byLevel']?.[level]);
  for (const variant of VARIANTS) stats.byVariant[variant] = parseTally(raw['byVariant']?.[variant]);
  stats.withHelp = parseTally(raw['withHelp']);
  return stats;
}
