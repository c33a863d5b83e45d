/**
 * The headless domino engine: the rules of docs/RULES.md as pure functions over plain JSON states.
 * No DOM, no dependencies: it runs in the page, in a Worker and in Node.
 */
export { createMatch, legalMoves, applyMove, nextRound, isMatchOver, sideOf } from './match.js';
export { configView, placementView, playerView, sharedStatus, sharedView, seatView, spectatorView, viewLogEntry, type SharedStatus, type SharedView, type SeatView } from './view.js';
export { DEAL_PROOF_VERSION, SEED_PATTERN, dealSeedMessage, dealSeedOf, seededDeal, sha256Hex, verifyDeal, withDealSeed, type DealCheck, type DealProof } from './proof.js';
export { validateMatchState } from './validate.js';
export { matchRecordOf, roundRecordOf, parseMatchRecord, replayMatch, replaySteps, MATCH_RECORD_VERSION, type MatchRecord, type RoundRecord } from './record.js';
export { RuleError, type RuleErrorCode } from './errors.js';
export { defaultHouseRules, resolveConfig, HOUSE_RULE_OPTIONS, PLAYER_COUNTS, VARIANTS, VARIANT_RULES, type RefusedHouseRule, type VariantRules } from './config.js';
export { ALL_TILES, tileName, pipValue, handPips, isDouble, normalize, sameTile } from './tiles.js';
export { roundToFive } from './scoring.js';
export type * from './types.js';
