/** The game choices the settings dialog and the online lobby offer, and their names in the catalogs. */
import { VARIANT_RULES, type HouseRules, type Variant } from '../../engine/index.js';

export { VARIANT_NAMES } from '../names.js';

export const LEVEL_NAMES = { easy: 'levelEasy', medium: 'levelMedium', hard: 'levelHard' } as const;
export const TEMPO_NAMES = { slow: 'tempoSlow', normal: 'tempoNormal', fast: 'tempoFast', instant: 'tempoInstant' } as const;

/** Sensible targets per variant; the variant's default is among them. */
const TARGETS: Record<Variant, number[]> = {
  draw: [50, 100, 150, 200],
  block: [50, 100, 150, 200],
  fives: [100, 150, 200, 250, 300],
  doubles: [50, 100, 150, 200],
};

/** The target in force (null or absent: the variant's default). */
export const targetOf = (variant: Variant, target: number | null | undefined): number => target ?? VARIANT_RULES[variant].defaultTarget;

/** The targets to offer, the one in force among them. */
export function targetChoices(variant: Variant, target: number | null | undefined): number[] {
  return [...new Set([...TARGETS[variant], targetOf(variant, target)])].sort((a, b) => a - b);
}

/**
 * The house rules that change something in each variant (RULES.md §2–§7): the dialog offers only these.
 * Block draws nothing (no reserve, no draw mode); only All Fives counts a spinner and rounds to fives;
 * Doubles fixes its reserve and its opening, and alone has spinner sides and unlocking. Partnerships'
 * blocked rule is offered with partnerships only (the dialog's choice).
 */
export const VARIANT_HOUSE_RULES: Record<Variant, readonly (keyof HouseRules)[]> = {
  draw: ['boneyardReserve', 'drawMode', 'blockedAward', 'blockedTie', 'partnerBlocked', 'noDoubleOpening', 'laterRoundLead'],
  block: ['blockedAward', 'blockedTie', 'partnerBlocked', 'noDoubleOpening', 'laterRoundLead'],
  fives: [
    'boneyardReserve',
    'drawMode',
    'spinnerCounting',
    'fivesRounding',
    'blockedAward',
    'blockedTie',
    'partnerBlocked',
    'noDoubleOpening',
    'laterRoundLead',
  ],
  doubles: ['drawMode', 'spinnerSideOrder', 'doublesUnlock', 'blockedAward', 'blockedTie', 'partnerBlocked', 'laterRoundLead'],
};
