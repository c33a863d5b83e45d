import { RuleError } from './errors.js';
import { safeJson } from './tiles.js';
import type { HouseRules, MatchConfig, PlayerCount, ResolvedConfig, Variant } from './types.js';

export const VARIANTS: readonly Variant[] = ['draw', 'block', 'fives', 'doubles'];

/** The per-variant parameters of RULES.md §2. */
interface VariantRules {
  /** Tiles dealt to each hand, by player count. */
  handSize: Record<PlayerCount, number>;
  /** Whether a seat without a play may draw at all (Block: never). */
  drawing: boolean;
  /** The match target when the site sets none (§1). */
  defaultTarget: number;
  /** House rules that differ from the product-wide defaults. */
  defaults: Partial<HouseRules>;
}

export const VARIANT_RULES: Record<Variant, VariantRules> = {
  draw: { handSize: { 2: 7, 3: 5, 4: 5 }, drawing: true, defaultTarget: 100, defaults: {} },
  block: { handSize: { 2: 7, 3: 7, 4: 7 }, drawing: false, defaultTarget: 100, defaults: {} },
  fives: { handSize: { 2: 7, 3: 5, 4: 5 }, drawing: true, defaultTarget: 150, defaults: {} },
  doubles: {
    handSize: { 2: 8, 3: 6, 4: 6 },
    drawing: true,
    defaultTarget: 100,
    defaults: { boneyardReserve: 2, drawMode: 'drawOne', noDoubleOpening: 'redeal', laterRoundLead: 'highestDouble' },
  },
};

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
  if (players !== 2 && players !== 3 && players !== 4) fail(`players must be 2, 3 or 4, got ${safeJson(players)}`);
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
  if (variant === 'doubles') {
    if (houseRules.boneyardReserve !== 2) fail('Doubles always keeps 2 tiles in the boneyard (RULES.md §2)');
    if (houseRules.noDoubleOpening !== 'redeal') fail('Doubles must open with a double: noDoubleOpening is redeal');
    if (houseRules.laterRoundLead === 'winnerAnyTile') fail('Doubles must open with a double: laterRoundLead cannot be winnerAnyTile');
  }
  return { variant, players, target, teams, houseRules };
}

/** The index into `scores` that a seat's points go to. */
export const sideOf = (config: ResolvedConfig, seat: number): number => (config.teams ? seat % 2 : seat);
export const sideCount = (config: ResolvedConfig): number => (config.teams ? 2 : config.players);

/** Tiles a seat may still draw: none in Block, none of the reserve. */
export function drawableCount(config: ResolvedConfig, boneyardSize: number): number {
  if (!VARIANT_RULES[config.variant].drawing) return 0;
  return Math.max(0, boneyardSize - config.houseRules.boneyardReserve);
}
