/**
 * The settings a match is played with: the site's attributes, overridden by the player's own saved
 * choices, except where the site locks them (`lock-settings`: all the attributes it sets, or the
 * names it lists).
 */
import { resolveConfig, type HouseRules, type MatchConfig } from '../../engine/index.js';
import { matchConfigOf } from '../../shared/match-config.js';
import type { PlayerSettings } from '../../storage/index.js';
import { parseSettings, type GameSettings, type RawSettings } from './settings.js';

export type SettingName = 'variant' | 'players' | 'target' | 'level' | 'tempo' | 'teams' | 'lang' | 'houseRules' | 'sound';
export const SETTING_NAMES: readonly SettingName[] = ['variant', 'players', 'target', 'level', 'tempo', 'teams', 'lang', 'houseRules', 'sound'];

export interface EffectiveSettings extends GameSettings {
  houseRules: Partial<HouseRules>;
  /** The player's language choice, or null for automatic. */
  lang: string | null;
}

/**
 * The names the site locks: with `lock-settings` empty, every setting it gave (as an attribute or a
 * property); else the names it lists.
 */
export function lockedSettings(lock: string | null, given: ReadonlySet<SettingName>): Set<SettingName> {
  if (lock === null) return new Set();
  const listed = lock.split(/[\s,]+/).filter(Boolean) as SettingName[];
  if (listed.length > 0) return new Set(listed.filter((n) => SETTING_NAMES.includes(n)));
  // House rules have no attribute: a site that locks settings locks them too.
  return new Set(SETTING_NAMES.filter((n) => n === 'houseRules' || given.has(n)));
}

export function effectiveSettings(raw: RawSettings, player: PlayerSettings, locked: ReadonlySet<SettingName>): EffectiveSettings {
  const mine = <K extends keyof PlayerSettings>(name: K) => (locked.has(name) ? undefined : player[name]);
  const merged: RawSettings = {
    variant: mine('variant') ?? raw.variant,
    players: mine('players') ?? raw.players,
    target: mine('target') === undefined ? raw.target : mine('target'),
    level: mine('level') ?? raw.level,
    tempo: mine('tempo') ?? raw.tempo,
    teams: mine('teams') ?? raw.teams,
    seed: raw.seed,
    hints: raw.hints,
    undo: raw.undo,
    sound: mine('sound') ?? raw.sound,
  };
  return { ...parseSettings(merged), houseRules: mine('houseRules') ?? {}, lang: mine('lang') ?? null };
}

/**
 * The match configuration. House rules a player chose for one variant may not suit another (Doubles
 * fixes some): those that the rules refuse are left out rather than stopping the game.
 */
export function configOf(settings: EffectiveSettings): MatchConfig {
  const { houseRules, ...game } = settings;
  const base = matchConfigOf(game);
  const rules: Record<string, unknown> = { ...houseRules };
  for (;;) {
    const config = { ...base, houseRules: rules as Partial<HouseRules> };
    try {
      resolveConfig(config);
      return config;
    } catch {
      const names = Object.keys(rules);
      if (names.length === 0) return base;
      delete rules[names[names.length - 1]!];
    }
  }
}

/** Whether two configurations make the same game (defaults filled in, seeds and deals aside). */
export function sameGame(a: MatchConfig, b: MatchConfig): boolean {
  const plain = (c: MatchConfig) => {
    try {
      return JSON.stringify(resolveConfig({ ...c, seed: undefined, deal: undefined }));
    } catch {
      return 'invalid';
    }
  };
  return plain(a) === plain(b);
}

/**
 * Where a game's settings come from: what the site gave the element (attributes or properties), the
 * person's own saved choices over it, and the site's lock over those.
 */
export class SettingsSource {
  /** The person's own choices (they override what the site gave, unless it locks them). */
  player: PlayerSettings = {};
  /** The settings the site gave (the element's defaults are not given): what an empty `lock-settings` locks. */
  private readonly given = new Set<SettingName>();

  constructor(private readonly element: RawSettings & { lockSettings: string | null }) {}

  /** A property of the element was set (an attribute's too, even to the value it had). */
  noteSet(name: PropertyKey, value: unknown): void {
    if (!SETTING_NAMES.includes(name as SettingName)) return;
    // An empty `teams` is given (a boolean attribute); an empty `lang` is not (the HTML default).
    if (value === null || value === undefined || (name === 'lang' && value === '')) this.given.delete(name as SettingName);
    else this.given.add(name as SettingName);
  }

  locked(): Set<SettingName> {
    return lockedSettings(this.element.lockSettings, this.given);
  }

  now(): EffectiveSettings {
    return effectiveSettings(this.element, this.player, this.locked());
  }
}
