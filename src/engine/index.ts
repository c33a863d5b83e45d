/**
 * The headless domino engine: the rules of docs/RULES.md as pure functions over plain JSON states.
 * No DOM, no dependencies: it runs in the page, in a Worker and in Node.
 */
export { createMatch, legalMoves, applyMove, nextRound, isMatchOver, sideOf } from './match.js';
export { playerView, sharedView, seatView, viewLogEntry, type SharedView, type SeatView } from './view.js';
export { validateMatchState } from './validate.js';
export { RuleError, type RuleErrorCode } from './errors.js';
export { defaultHouseRules, resolveConfig, HOUSE_RULE_OPTIONS, VARIANTS, VARIANT_RULES } from './config.js';
export { ALL_TILES, tileName, pipValue, handPips, isDouble, normalize, sameTile } from './tiles.js';
export { roundToFive } from './scoring.js';
export type * from './types.js';
