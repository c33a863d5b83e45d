import { RuleError } from './errors.js';
import { safeJson } from './tiles.js';
import type { HouseRules, MatchConfig, PlayerCount, ResolvedConfig, Variant } from './types.js';

/**
 * What a variant does (RULES.md §2–§5), as data: the engine, the fast playout, the computer, the view, the
 * widget and the protocol read these fields and never compare a variant's name. A fifth variant is one
 * more row of VARIANT_RULES (docs/ARCHITECTURE.md, "How to add a variant").
 */
export interface VariantRules {
  /** Tiles dealt to each hand, by player count. */
  handSize: Record<PlayerCount, number>;
  /**
   * The tiles not dealt: a seat without a play draws from them ('draw'), or they are set aside out of
   * play and shown when the round is over ('aside', Block).
   */
  stock: 'draw' | 'aside';
  /** Which doubles spin (take tiles on their short sides too): none, the first laid (All Fives), every one (Doubles). */
  spinners: 'none' | 'first' | 'every';
  /**
   * Whether the open ends are counted and a count that is a multiple of five scores, and round awards are
   * rounded to fives (All Fives, §4, §6).
   */
  scoresFives: boolean;
  /**
   * Whether a number takes nothing but its double until that double is on the table, and a spinner's
   * short sides follow the spinnerSideOrder house rule (Doubles, §5). Without it a spinner's short sides
   * open once both long sides hold a tile.
   */
  locksNumbers: boolean;
  /** The match target when the site sets none (§1). */
  defaultTarget: number;
  /** House rules that differ from the product-wide defaults. */
  defaults: Partial<HouseRules>;
  /** House-rule values the variant refuses, each with the reason the refusal gives. */
  refuses: readonly RefusedHouseRule[];
}

/** A house-rule value a variant does not allow. */
export interface RefusedHouseRule {
  rule: keyof HouseRules;
  /** The values of `rule` the variant refuses. */
  values: readonly (string | number)[];
  /** The refusal's message (resolveConfig's `invalid-config` error). */
  reason: string;
}

export const VARIANT_RULES: Record<Variant, VariantRules> = {
  draw: {
    handSize: { 2: 7, 3: 5, 4: 5 }, stock: 'draw', spinners: 'none', scoresFives: false, locksNumbers: false,
    defaultTarget: 100, defaults: {}, refuses: [],
  },
  block: {
    handSize: { 2: 7, 3: 7, 4: 7 }, stock: 'aside', spinners: 'none', scoresFives: false, locksNumbers: false,
    defaultTarget: 100, defaults: {}, refuses: [],
  },
  fives: {
    handSize: { 2: 7, 3: 5, 4: 5 }, stock: 'draw', spinners: 'first', scoresFives: true, locksNumbers: false,
    defaultTarget: 150, defaults: {}, refuses: [],
  },
  doubles: {
    handSize: { 2: 8, 3: 6, 4: 6 }, stock: 'draw', spinners: 'every', scoresFives: false, locksNumbers: true,
    defaultTarget: 100,
    defaults: { boneyardReserve: 2, drawMode: 'drawOne', noDoubleOpening: 'redeal', laterRoundLead: 'highestDouble' },
    refuses: [
      { rule: 'boneyardReserve', values: [0], reason: 'Doubles always keeps 2 tiles in the boneyard (RULES.md §2)' },
      { rule: 'noDoubleOpening', values: ['heaviest'], reason: 'Doubles must open with a double: noDoubleOpening is redeal' },
      { rule: 'laterRoundLead', values: ['winnerAnyTile'], reason: 'Doubles must open with a double: laterRoundLead cannot be winnerAnyTile' },
    ],
  },
};

/** Every variant, in the order of VARIANT_RULES (the order menus list them in). */
export const VARIANTS: readonly Variant[] = Object.keys(VARIANT_RULES) as Variant[];

/** The numbers of players a match may have. */
export const PLAYER_COUNTS: readonly PlayerCount[] = [2, 3, 4];

/** What the variant of `config` does. */
export const variantRules = (config: { variant: Variant }): VariantRules => VARIANT_RULES[config.variant];

/** Every option with its allowed values; the first value is the product-wide default. */
export const HOUSE_RULE_OPTIONS: { readonly [K in keyof HouseRules]: readonly HouseRules[K][] } = {
  boneyardReserve: [0, 2],
  drawMode: ['untilPlayable', 'drawOne'],
  spinnerCounting: ['stopWhenLongSidesFilled', 'sniff'],
  spinnerSideOrder: ['anySide', 'longSidesFirst'],
  doublesUnlock: ['perNumber', 'spinnerOnly'],
  blockedAward: ['othersMinusOwn', 'othersOnly'],
  blockedTie: ['noScoreNextOpens', 'fewerTilesWins'],
  fivesRounding: ['perOpponent', 'roundAward'],
  partnerBlocked: ['teamTotals', 'lowestHand'],
  noDoubleOpening: ['heaviest', 'redeal'],
  laterRoundLead: ['winnerAnyTile', 'highestDouble', 'previousWinnerMustLeadDouble'],
};

const OPTION_NAMES = Object.keys(HOUSE_RULE_OPTIONS) as (keyof HouseRules)[];

export const MAX_TARGET = 10_000;

/** The house rules in force for a variant when the site sets none. */
export function defaultHouseRules(variant: Variant): HouseRules {
  const rules = {} as Record<keyof HouseRules, unknown>;
  for (const name of OPTION_NAMES) rules[name] = HOUSE_RULE_OPTIONS[name][0];
  return { ...(rules as HouseRules), ...VARIANT_RULES[variant].defaults };
}

function fail(message: string): never {
  throw new RuleError('invalid-config', message);
}

/** Validates a match configuration from any source and fills in every default. */
export function resolveConfig(config: MatchConfig): ResolvedConfig {
  if (typeof config !== 'object' || config === null) fail('config must be an object');
  const { variant, players } = config;
  if (!VARIANTS.includes(variant)) fail(`variant must be one of ${VARIANTS.join(', ')}, got ${safeJson(variant)}`);
  if (!PLAYER_COUNTS.includes(players)) fail(`players must be 2, 3 or 4, got ${safeJson(players)}`);
  const rules = VARIANT_RULES[variant];

  const target = config.target ?? rules.defaultTarget;
  if (!Number.isInteger(target) || target < 1 || target > MAX_TARGET) {
    fail(`target must be a whole number from 1 to ${MAX_TARGET}, got ${safeJson(config.target)}`);
  }
  const teams = config.teams ?? false;
  if (typeof teams !== 'boolean') fail(`teams must be true or false, got ${safeJson(teams)}`);
  if (teams && players !== 4) fail('partnerships need 4 players');

  const given = config.houseRules ?? {};
  if (typeof given !== 'object' || given === null) fail('houseRules must be an object');
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue;
    // Own keys only: a name like "constructor" from a hostile saved game must not find Object's members.
    const allowed = Object.hasOwn(HOUSE_RULE_OPTIONS, name)
      ? (HOUSE_RULE_OPTIONS as Record<string, readonly unknown[]>)[name]
      : undefined;
    if (!allowed) fail(`unknown house rule ${safeJson(name)}; known: ${OPTION_NAMES.join(', ')}`);
    if (!allowed.includes(value)) {
      fail(`house rule ${name} must be one of ${allowed.join(', ')}, got ${safeJson(value)}`);
    }
  }
  const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  const houseRules: HouseRules = { ...defaultHouseRules(variant), ...defined };

  // §7: lowestHand can make "others minus own" negative, so it goes with othersOnly unless told otherwise.
  if (given.partnerBlocked === 'lowestHand' && given.blockedAward === undefined) houseRules.blockedAward = 'othersOnly';
  if (teams && houseRules.partnerBlocked === 'lowestHand' && houseRules.blockedAward === 'othersMinusOwn') {
    fail('partnerBlocked lowestHand needs blockedAward othersOnly (RULES.md §7)');
  }
  for (const { rule: name, values, reason } of rules.refuses) {
    if (values.includes(houseRules[name])) fail(reason);
  }
  return { variant, players, target, teams, houseRules };
}

/** The index into `scores` that a seat's points go to. */
export const sideOf = (config: ResolvedConfig, seat: number): number => (config.teams ? seat % 2 : seat);
export const sideCount = (config: ResolvedConfig): number => (config.teams ? 2 : config.players);

/** Tiles a seat may still draw: none when the stock is set aside (Block), none of the reserve. */
export function drawableCount(config: ResolvedConfig, boneyardSize: number): number {
  if (variantRules(config).stock !== 'draw') return 0;
  return Math.max(0, boneyardSize - config.houseRules.boneyardReserve);
}
