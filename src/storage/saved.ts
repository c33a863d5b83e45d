/**
 * What a widget keeps between visits, each under its own key so that one broken entry never costs the
 * others: the player's settings, the running match, the statistics, and the online seat to resume.
 * Every entry is versioned:
 * `{ "version": N, "data": … }`. An entry from an older version is migrated when a migration exists,
 * else dropped with one console warning; a corrupt or hand-edited entry is dropped the same way.
 * Nothing here throws.
 */
import { HOUSE_RULE_OPTIONS, PLAYER_COUNTS, VARIANTS, type HouseRules, type Variant } from '../engine/index.js';
import { LEVELS, MAX_TARGET, TEMPOS, type Level, type Tempo } from '../shared/names.js';
import { parseStats, type Stats } from './stats.js';
import type { KeyValueStore } from './store.js';

/** The version of the entries that have had one only (the settings, the statistics, the online seat). */
export const SAVE_VERSION = 1;

/** The choices a player made in the settings dialog; each overrides the site's attribute. */
export interface PlayerSettings {
  variant?: Variant;
  players?: 2 | 3 | 4;
  target?: number | null;
  level?: Level;
  tempo?: Tempo;
  teams?: boolean;
  lang?: string | null;
  houseRules?: Partial<HouseRules>;
  /** Sounds of the game (a tile laid, a deal, points): off unless chosen. */
  sound?: boolean;
}

/** The online seat kept to resume: the room server, the room, and the seat's secret token (checked in online-seat.ts). */
export interface OnlineSeatKey {
  server: string;
  room: string;
  token: string;
}

type Entry = 'settings' | 'match' | 'stats' | 'online';

/**
 * Each entry's current version: the match's 2 keeps beside the snapshot whether a hint was taken, its 3
 * the states at the ends of the match's rounds (its record is made of them).
 */
const VERSIONS: Record<Entry, number> = { settings: SAVE_VERSION, match: 3, stats: SAVE_VERSION, online: SAVE_VERSION };

/**
 * The running match as saved (version 3): the machine's snapshot, whether the person took a hint in
 * this match, and the engine's state at the end of each of its rounds so far (unchecked here: the
 * record checks them when it is made), or null when they are not known (a save from before version 3).
 */
export interface SavedMatch {
  snapshot: unknown;
  hinted: boolean;
  rounds: unknown[] | null;
}

/** Upgrades an entry's data from version N to N + 1. */
export type Migration = (data: unknown) => unknown;
export const MIGRATIONS: Record<Entry, Record<number, Migration>> = {
  settings: {},
  // Version 1 was the snapshot alone, from before hints.
  match: {
    1: (snapshot) => ({ snapshot, hinted: false }),
    // Version 2 kept no round ends: the match's earlier rounds are unknown (no record of that match).
    2: (data) => ({ ...Object(data), rounds: null }),
  },
  stats: {},
  online: {},
};

const warned = new Set<string>();
function warnOnce(key: string, why: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`<domino-game>: the saved ${key} could not be used (${why}); starting afresh.`);
}

const keyOf = (base: string, entry: Entry) => `${base}:${entry}`;

/** The data of an entry at the current version, or null (missing, unreadable, or not migratable). */
function readEntry(store: KeyValueStore, base: string, entry: Entry): unknown {
  return readVersioned(store, keyOf(base, entry), VERSIONS[entry], MIGRATIONS[entry]);
}

/** Reads `{ version, data }` at `key`, migrating older data up to `current` (exported for tests). */
export function readVersioned(
  store: KeyValueStore,
  key: string,
  current: number,
  migrations: Record<number, Migration>,
): unknown {
  const text = store.read(key);
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    warnOnce(key, 'not JSON');
    store.remove(key);
    return null;
  }
  const { version, data } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { version?: unknown; data?: unknown };
  if (!Number.isInteger(version) || (version as number) < 1 || (version as number) > current) {
    warnOnce(key, `unknown version ${String(version)}`);
    store.remove(key);
    return null;
  }
  let upgraded = data;
  for (let v = version as number; v < current; v++) {
    const migrate = migrations[v];
    if (!migrate) {
      warnOnce(key, `version ${v} is too old to read`);
      store.remove(key);
      return null;
    }
    upgraded = migrate(upgraded);
  }
  return upgraded;
}

/** Writes an entry; false when it could not be saved (full quota). */
function writeEntry(store: KeyValueStore, base: string, entry: Entry, data: unknown): boolean {
  return store.write(keyOf(base, entry), JSON.stringify({ version: VERSIONS[entry], data }));
}

const pick = <T>(value: unknown, allowed: readonly T[]): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);

/** The saved settings, keeping each valid choice and dropping the rest. */
export function parsePlayerSettings(value: unknown): PlayerSettings {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const settings: PlayerSettings = {};
  const variant = pick(raw['variant'], VARIANTS);
  if (variant) settings.variant = variant;
  const players = pick(raw['players'], PLAYER_COUNTS);
  if (players) settings.players = players;
  if (raw['target'] === null || (Number.isInteger(raw['target']) && (raw['target'] as number) >= 1 && (raw['target'] as number) <= MAX_TARGET)) {
    settings.target = raw['target'] as number | null;
  }
  const level = pick(raw['level'], LEVELS);
  if (level) settings.level = level;
  const tempo = pick(raw['tempo'], TEMPOS);
  if (tempo) settings.tempo = tempo;
  if (typeof raw['teams'] === 'boolean') settings.teams = raw['teams'];
  if (raw['lang'] === null || typeof raw['lang'] === 'string') settings.lang = raw['lang'] as string | null;
  const houseRules = raw['houseRules'];
  if (typeof houseRules === 'object' && houseRules !== null) {
    const rules: Record<string, unknown> = {};
    for (const [name, allowed] of Object.entries(HOUSE_RULE_OPTIONS)) {
      const chosen = (houseRules as Record<string, unknown>)[name];
      if ((allowed as readonly unknown[]).includes(chosen)) rules[name] = chosen;
    }
    settings.houseRules = rules as Partial<HouseRules>;
  }
  if (typeof raw['sound'] === 'boolean') settings.sound = raw['sound'];
  return settings;
}

export interface Saved {
  settings: PlayerSettings;
  stats: Stats;
  /** The persisted match snapshot, unchecked: the match layer validates it before resuming. */
  match: unknown;
  /** A hint was taken in the saved match (it counts apart in the statistics). */
  hinted: boolean;
  /** The states at the ends of the saved match's rounds, unchecked; null when unknown. */
  rounds: unknown[] | null;
}

export class SavedGame {
  private readonly store: KeyValueStore;
  private readonly base: string;

  constructor(store: KeyValueStore, key: string) {
    this.store = store;
    this.base = `domino-game:${key}`;
  }

  load(): Saved {
    const match = Object(readEntry(this.store, this.base, 'match')) as Partial<SavedMatch>;
    return {
      settings: parsePlayerSettings(readEntry(this.store, this.base, 'settings')),
      stats: parseStats(readEntry(this.store, this.base, 'stats')),
      match: match.snapshot ?? null,
      hinted: match.hinted === true,
      rounds: Array.isArray(match.rounds) ? match.rounds : null,
    };
  }

  saveSettings(settings: PlayerSettings): boolean {
    return writeEntry(this.store, this.base, 'settings', settings);
  }

  saveStats(stats: Stats): boolean {
    return writeEntry(this.store, this.base, 'stats', stats);
  }

  saveMatch(snapshot: unknown, hinted = false, rounds: unknown[] | null = null): boolean {
    return writeEntry(this.store, this.base, 'match', { snapshot, hinted, rounds } satisfies SavedMatch);
  }

  /** Forgets the match (it could not be resumed, or it is over). */
  dropMatch(): void {
    this.store.remove(keyOf(this.base, 'match'));
  }

  /** The online seat kept to resume, unchecked: online play checks it (loadOnlineSeat, loaded with online play's code). */
  readOnlineSeat(): unknown {
    return readEntry(this.store, this.base, 'online');
  }

  saveOnlineSeat(seat: OnlineSeatKey): boolean {
    return writeEntry(this.store, this.base, 'online', seat);
  }

  /** Forgets the kept seat; `why` it was no seat, if it was not, for the console (once). */
  dropOnlineSeat(why?: string): void {
    if (why) warnOnce(keyOf(this.base, 'online'), why);
    this.store.remove(keyOf(this.base, 'online'));
  }
}

/** For tests: forget which warnings were given. */
export const resetStorageWarnings = () => warned.clear();
