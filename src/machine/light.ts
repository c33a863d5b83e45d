/**
 * The machine's door without xstate: what reads a match (the selectors, the domain events of a move,
 * a match's deal seed) and what opens a new one before its actor runs (opening.ts). The widget's first
 * screen, its online session and its replay come in here, so that xstate and the statechart load only
 * where a match runs: machine/index.ts names the statechart, and rollup takes every module a door
 * names for a dependency of whatever imports that door, used or not.
 */
export { hasPending, legalMovesFor, phaseOf, phaseOfMatch, viewFor, type MatchShown, type Phase } from './selectors.js';
export { moveEvents } from './domain-events.js';
export { matchSeed } from './settings.js';
export {
  dealPauseOf,
  dealtOpening,
  forcedOpeningLead,
  isOpening,
  movePauseOf,
  openingLeadLaid,
  openingTurn,
  openMatch,
  stepOpening,
  type MatchOpening,
  type OpeningStep,
} from './opening.js';
