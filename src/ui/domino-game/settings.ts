/**
 * The site owner's configuration, read from the element's attributes. An invalid value falls back to
 * the default with one console warning per attribute and value, never an exception.
 */
import { LEVELS, type Level } from '../../ai/levels.js';
import { MAX_TARGET, VARIANTS } from '../../engine/config.js';
import type { MatchConfig, PlayerCount, Seat, Variant } from '../../engine/index.js';
import { TEMPOS } from '../../machine/index.js';
import type { Tempo } from '../../machine/index.js';

export interface GameSettings {
  variant: Variant;
  players: PlayerCount;
  /** null: the variant's default (RULES.md §1). */
  target: number | null;
  level: Level;
  tempo: Tempo;
  teams: boolean;
  seed: string | null;
}

export const DEFAULT_SETTINGS: GameSettings = {
  variant: 'draw',
  players: 2,
  target: null,
  level: 'medium',
  tempo: 'normal',
  teams: false,
  seed: null,
};

/** What the attributes say, as the element's properties hold them (strings from markup, or values). */
export interface RawSettings {
  variant: unknown;
  players: unknown;
  target: unknown;
  level: unknown;
  tempo: unknown;
  teams: unknown;
  seed: unknown;
}

const warned = new Set<string>();

/** Says `message` once per `key`: a page that re-renders is not flooded with the same warning. */
function sayOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`<domino-game>: ${message}`);
}

export function warnOnce(name: string, value: unknown, fallback: unknown, allowed: string): void {
  sayOnce(`${name}=${String(value)}`, `${name}="${String(value)}" is not valid (${allowed}); using ${String(fallback)}.`);
}

function oneOf<T extends string>(name: keyof RawSettings, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === null || value === undefined || value === '') return fallback;
  const text = String(value).trim().toLowerCase();
  const found = allowed.find((a) => a.toLowerCase() === text);
  if (found) return found;
  warnOnce(name, value, fallback, `one of ${allowed.join(', ')}`);
  return fallback;
}

function wholeNumber(name: keyof RawSettings, value: unknown, min: number, max: number): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  if (Number.isInteger(number) && number >= min && number <= max) return number;
  warnOnce(name, value, 'the default', `a whole number from ${min} to ${max}`);
  return null;
}

/** A boolean attribute: present (or "true") means on; "false" is accepted too, as sites write it. */
function flag(name: keyof RawSettings, value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (value === true || value === '' || value === 'true' || value === name) return true;
  if (value === 'false') return false;
  warnOnce(name, value, false, 'present or absent');
  return false;
}

export function parseSettings(raw: RawSettings): GameSettings {
  const players = (wholeNumber('players', raw.players, 2, 4) ?? DEFAULT_SETTINGS.players) as PlayerCount;
  let teams = flag('teams', raw.teams);
  if (teams && players !== 4) {
    // Not an invalid value: a valid one that this number of players cannot use, so it says just that.
    sayOnce(`teams with ${players}`, `teams needs players="4", not players="${players}"; playing without partnerships.`);
    teams = false;
  }
  return {
    variant: oneOf('variant', raw.variant, VARIANTS, DEFAULT_SETTINGS.variant),
    players,
    target: wholeNumber('target', raw.target, 1, MAX_TARGET),
    level: oneOf('level', raw.level, LEVELS, DEFAULT_SETTINGS.level),
    tempo: oneOf('tempo', raw.tempo, TEMPOS, DEFAULT_SETTINGS.tempo),
    teams,
    seed: raw.seed === null || raw.seed === undefined || raw.seed === '' ? null : String(raw.seed),
  };
}

export function matchConfigOf(settings: GameSettings): MatchConfig {
  const config: MatchConfig = { variant: settings.variant, players: settings.players, teams: settings.teams };
  if (settings.target !== null) config.target = settings.target;
  return config;
}

/** Local play: the person sits in seat `you`, computers fill the other seats. */
export const localSeats = (players: number, you: Seat) =>
  Array.from({ length: players }, (_, seat) => (seat === you ? ('human' as const) : ('computer' as const)));

/** For tests: forget which warnings were given. */
export const resetWarnings = () => warned.clear();
