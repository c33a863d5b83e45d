/**
 * The match statechart: `matchMachine` (XState v5), its types, default seat players, the tempo table
 * and the selectors the UI reads snapshots through.
 *
 *   const actor = createActor(matchMachine, { input: { config, seats, level, tempo } }).start();
 *   actor.on('move', (e) => …);  actor.send({ type: 'PLAY', tile: [6, 6], end: 'lead' });
 *   // later: createActor(matchMachine, { snapshot: saved, input }).start();
 *
 * Without an actor (a server keeping many matches): `initialContext(input)`, then
 * `stepMatch(context, intent)` → the next context and the emitted events, or the rejection.
 */
export { matchMachine, type MatchActor, type MatchMachine, type MatchSnapshot } from './machine.js';
export { computerPlayer, remotePlayer, pause, computerSeed, computerInput, remoteInput } from './players.js';
export { TEMPOS, TEMPO_DELAYS, isTempo, type TempoDelays } from './tempo.js';
export { SEAT_KINDS, matchSeed } from './settings.js';
export { matchConfigOf, type MatchChoices } from '../shared/match-config.js';
export { isLevel } from '../shared/names.js';
export { checkPersistedSnapshot, upgradePersistedSnapshot } from './restore.js';
export { moveEvents, turnEvent } from './domain-events.js';
export { initialContext } from './context.js';
export { firstTurn, stepMatch, type MatchStep } from './step.js';
export { hasPending, legalMovesFor, phaseOf, phaseOfMatch, viewFor, type MatchShown, type Phase } from './selectors.js';
export type * from './types.js';
