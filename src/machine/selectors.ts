/**
 * What the UI reads from a match snapshot. The UI should render a PlayerView (`viewFor`), never
 * `context.game` itself, so that hidden tiles cannot reach the DOM.
 */
import { legalMoves, playerView, type LegalMove, type PlayerView, type Seat } from '../engine/index.js';
import type { MatchSnapshot } from './machine.js';
import type { Pending, Rejection, SeatKind } from './types.js';

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

/** The seat the match waits for, once play has begun (null while dealing or after a round). */
export function actingSeat(snapshot: MatchSnapshot): Seat | null {
  return snapshot.hasTag('playing') ? snapshot.context.game.turn : null;
}

export function seatKind(snapshot: MatchSnapshot, seat: Seat): SeatKind | undefined {
  return snapshot.context.seats[seat];
}

/** The match waits for a local person to move (PLAY / DRAW / PASS are accepted now). */
export function isHumanTurn(snapshot: MatchSnapshot): boolean {
  return snapshot.hasTag('humanTurn');
}

/** A computer is choosing its move (or its tempo pause is running). */
export function isComputerTurn(snapshot: MatchSnapshot): boolean {
  return snapshot.hasTag('computerTurn');
}

export function isRemoteTurn(snapshot: MatchSnapshot): boolean {
  return snapshot.hasTag('remoteTurn');
}

/** The moves `seat` may send now: empty unless it is a local human seat whose turn it is. */
export function legalMovesFor(snapshot: MatchSnapshot, seat: Seat): LegalMove[] {
  if (!isHumanTurn(snapshot) || snapshot.context.game.turn !== seat) return [];
  return legalMoves(viewFor(snapshot, seat));
}

/** The local human seats. */
export function humanSeats(snapshot: MatchSnapshot): Seat[] {
  return snapshot.context.seats.flatMap((kind, seat) => (kind === 'human' ? [seat] : []));
}

/**
 * The seat whose eyes the local screen shows: the human to act (hot-seat play follows the turn),
 * else the first human seat; null when no local person plays (a spectator screen).
 */
export function humanSeat(snapshot: MatchSnapshot): Seat | null {
  const turn = snapshot.context.game.turn;
  if (turn !== null && snapshot.context.seats[turn] === 'human') return turn;
  return humanSeats(snapshot)[0] ?? null;
}

/** Settings that will apply from the next match (empty when nothing is pending). */
export function pendingOf(snapshot: MatchSnapshot): Pending {
  return snapshot.context.pending;
}

export function hasPending(snapshot: MatchSnapshot): boolean {
  return Object.keys(snapshot.context.pending).length > 0;
}

export function rejectionOf(snapshot: MatchSnapshot): Rejection | null {
  return snapshot.context.rejection;
}
