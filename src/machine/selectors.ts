/**
 * What the UI reads from a match snapshot. The UI should render a PlayerView (`viewFor`), never
 * `context.game` itself, so that hidden tiles cannot reach the DOM.
 */
import { isMatchOver, legalMoves, playerView, type LegalMove, type PlayerView, type PublicMatchState, type Seat } from '../engine/index.js';
import type { MatchSnapshot } from './machine.js';

/**
 * What the selectors read of a snapshot: its context and its state's tags. A snapshot is one; so is a
 * match's opening shown before an actor runs (opening.ts), which is why they ask no more.
 */
export type MatchShown = Pick<MatchSnapshot, 'context' | 'hasTag'>;

export type Phase = 'dealing' | 'playing' | 'roundOver' | 'matchOver';

/**
 * The phase of a match state, the engine's or a seat's view of it (online, the page has only the
 * view): won, between rounds, else being played, or being dealt when the caller knows the tiles are
 * still going round (only the machine does). The one place that says it: the machine's states, a
 * room's stored match and an online seat's view all read their phase here.
 */
export function phaseOfMatch(state: Pick<PublicMatchState, 'winningSide' | 'round'>, dealing = false): Phase {
  if (isMatchOver(state)) return 'matchOver';
  if (state.round.result !== null) return 'roundOver';
  return dealing ? 'dealing' : 'playing';
}

/** The phase of a snapshot: its match state's, and dealing while the machine is in its `dealing` state. */
export function phaseOf(snapshot: MatchShown): Phase {
  return phaseOfMatch(snapshot.context.game, snapshot.hasTag('dealing'));
}

/** What `seat` may see: its own hand, the table, counts and scores; every hand once the round is over. */
export function viewFor(snapshot: MatchShown, seat: Seat): PlayerView {
  return playerView(snapshot.context.game, seat);
}

/** The moves `seat` may send now: empty unless it is a local human seat whose turn it is. */
export function legalMovesFor(snapshot: MatchShown, seat: Seat): LegalMove[] {
  if (!snapshot.hasTag('humanTurn') || snapshot.context.game.turn !== seat) return [];
  return legalMoves(viewFor(snapshot, seat));
}

/** Whether settings wait for the next match. */
export function hasPending(snapshot: MatchShown): boolean {
  return Object.keys(snapshot.context.pending).length > 0;
}
