/**
 * What the UI reads from a match snapshot. The UI should render a PlayerView (`viewFor`), never
 * `context.game` itself, so that hidden tiles cannot reach the DOM.
 */
import { legalMoves, playerView, type LegalMove, type PlayerView, type Seat } from '../engine/index.js';
import type { MatchSnapshot } from './machine.js';

export type Phase = 'dealing' | 'playing' | 'roundOver' | 'matchOver';

const PHASES: readonly Phase[] = ['dealing', 'roundOver', 'matchOver', 'playing'];

/** The phase, read from the state's tags (each phase's states carry its name as a tag). */
export function phaseOf(snapshot: MatchSnapshot): Phase {
  return PHASES.find((phase) => snapshot.hasTag(phase)) ?? 'playing';
}

/** What `seat` may see: its own hand, the table, counts and scores; every hand once the round is over. */
export function viewFor(snapshot: MatchSnapshot, seat: Seat): PlayerView {
  return playerView(snapshot.context.game, seat);
}

/** The moves `seat` may send now: empty unless it is a local human seat whose turn it is. */
export function legalMovesFor(snapshot: MatchSnapshot, seat: Seat): LegalMove[] {
  if (!snapshot.hasTag('humanTurn') || snapshot.context.game.turn !== seat) return [];
  return legalMoves(viewFor(snapshot, seat));
}

/** Whether settings wait for the next match. */
export function hasPending(snapshot: MatchSnapshot): boolean {
  return Object.keys(snapshot.context.pending).length > 0;
}
