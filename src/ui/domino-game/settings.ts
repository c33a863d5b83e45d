/**
 * The site owner's configuration, read from the element's attributes. An invalid value falls back to
 * the default with one console warning per attribute and value, never an exception.
 */
import { VARIANTS, type PlayerCount, type Seat, type Variant } from '../../engine/index.js';
import { LEVELS, MAX_TARGET, TEMPOS, type Level, type Tempo } from '../../shared/names.js';
import { parsePlayerSettings } from '../../storage/index.js';

export interface GameSettings {
  variant: Variant;
  players: PlayerCount;
  /** null: the variant's default (RULES.md §1). */
  target: number | null;
  level: Level;
  tempo: Tempo;
  teams: boolean;
  seed: string | null;
  /** The site's `hints="off"` and `undo="off"` turn these off (offline play only has them). */
  hints: boolean;
  undo: boolean;
  sound: boolean;
}

export const DEFAULT_SETTINGS: GameSettings = {
  variant: 'draw',
  players: 2,
  target: null,
  level: 'medium',
  tempo: 'normal',
  teams: false,
  seed: null,
  hints: true,
  undo: true,
  sound: false,
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
  hints: unknown;
  undo: unknown;
  sound: unknown;
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

/** Whether the site gave the attribute at all: an absent or empty one means the default, said nothing of. */
const given = (value: unknown): boolean => value !== null && value !== undefined && value !== '';

/** Markup's text as the saved settings spell their values (every one in lower case). */
const spelled = (value: unknown): unknown => (typeof value === 'string' ? value.trim().toLowerCase() : value);
const numeric = (value: unknown): unknown => (typeof value === 'number' ? value : Number(String(value).trim()));

/** A boolean attribute: present (or "true") means on; "false" is accepted too, as sites write it. */
function flag(name: keyof RawSettings, value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (value === true || value === '' || value === 'true' || value === name) return true;
  if (value === 'false') return false;
  warnOnce(name, value, false, 'present or absent');
  return false;
}

/** An on/off attribute that is on by default: only "off" turns it off ("on" is accepted too). */
function unlessOff(name: keyof RawSettings, value: unknown): boolean {
  const text = spelled(value);
  if (!given(text) || text === 'on' || text === true) return true;
  if (text === 'off' || text === false) return false;
  warnOnce(name, value, 'on', 'on or off');
  return true;
}

/**
 * The attributes, checked by the same parser as the player's saved choices (parsePlayerSettings): what
 * it refuses falls back to the default, with a warning naming what the site wrote.
 */
export function parseSettings(raw: RawSettings): GameSettings {
  const valid = parsePlayerSettings({
    variant: spelled(raw.variant),
    players: given(raw.players) ? numeric(raw.players) : undefined,
    target: given(raw.target) ? numeric(raw.target) : undefined,
    level: spelled(raw.level),
    tempo: spelled(raw.tempo),
  });
  const checked = <K extends 'variant' | 'players' | 'target' | 'level' | 'tempo'>(
    name: K,
    fallback: GameSettings[K],
    allowed: string,
    warnedFallback: unknown = fallback,
  ): GameSettings[K] => {
    if (!given(raw[name])) return fallback;
    const value = valid[name];
    if (value !== undefined && value !== null) return value as GameSettings[K];
    warnOnce(name, raw[name], warnedFallback, allowed);
    return fallback;
  };
  const players = checked('players', DEFAULT_SETTINGS.players, 'a whole number from 2 to 4', 'the default');
  let teams = flag('teams', raw.teams);
  if (teams && players !== 4) {
    // Not an invalid value: a valid one that this number of players cannot use, so it says just that.
    sayOnce(`teams with ${players}`, `teams needs players="4", not players="${players}"; playing without partnerships.`);
    teams = false;
  }
  return {
    variant: checked('variant', DEFAULT_SETTINGS.variant, `one of ${VARIANTS.join(', ')}`),
    players,
    target: checked('target', null, `a whole number from 1 to ${MAX_TARGET}`, 'the default'),
    level: checked('level', DEFAULT_SETTINGS.level, `one of ${LEVELS.join(', ')}`),
    tempo: checked('tempo', DEFAULT_SETTINGS.tempo, `one of ${TEMPOS.join(', ')}`),
    teams,
    seed: raw.seed === null || raw.seed === undefined || raw.seed === '' ? null : String(raw.seed),
    hints: unlessOff('hints', raw.hints),
    undo: unlessOff('undo', raw.undo),
    sound: flag('sound', raw.sound),
  };
}

/** Local play: the person sits in seat `you`, computers fill the other seats. */
export const localSeats = (players: number, you: Seat) =>
  Array.from({ length: players }, (_, seat) => (seat === you ? ('human' as const) : ('computer' as const)));

/** For tests: forget which warnings were given. */
export const resetWarnings = () => warned.clear();
