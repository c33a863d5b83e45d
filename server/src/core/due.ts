/**
 * What the room's clock does next, derived from the room: a computer's move, the next deal, or a
 * look again (a person's grace period ending), and when. The clock runs only while a person is
 * connected: a room everyone has left waits for them, rather than playing itself out unseen.
 */
import type { Seat } from 'domino-game/engine';
import type { TurnClockView } from 'domino-game/protocol';
import { anyoneConnected, goneSince, isConnected, type Alive } from './presence.js';
import { clockedOut, matchPhase, type RoomState } from './room.js';

/** The room's timings, configurable per server. */
export interface Timing {
  /** A person without a connection this long is away: the computer plays for them. */
  graceMs: number;
  /** The next round is dealt this long after a round ended, ready or not. */
  nextRoundMs: number;
  /** The least time a computer's turn takes, by the room's tempo. */
  computerMs: number;
  /** A person's time for a turn, by the room's turn clock (0 or absent: no clock); its deadline is the turn's `since` plus this. */
  turnMs?: number;
}

/** `clock`: a person's turn clock ran out, and the computer plays that turn for them. */
export type Due =
  | { kind: 'computer'; seat: Seat; at: number }
  | { kind: 'next-round'; at: number }
  | { kind: 'recheck'; at: number }
  | { kind: 'clock'; seat: Seat; at: number };

export function due(room: RoomState, alive: Alive, now: number, timing: Timing): Due | null {
  if (room.phase !== 'playing' || !room.match) return null;
  if (!anyoneConnected(room, alive)) return null;
  const step = nextStep(room, alive, now, timing);
  // A person gone from a seat that is not to act becomes away with nobody's move: the others are told then.
  let nextAway: number | null = null;
  for (const seat of room.seats) {
    if (seat.kind !== 'human' || isConnected(seat, alive)) continue;
    const at = goneSince(room, seat) + timing.graceMs;
    if (at > now && (nextAway === null || at < nextAway)) nextAway = at;
  }
  return nextAway !== null && (step === null || nextAway < step.at) ? { kind: 'recheck', at: nextAway } : step;
}

function nextStep(room: RoomState, alive: Alive, now: number, timing: Timing): Due | null {
  const match = room.match!;
  const phase = matchPhase(match);
  if (phase === 'roundOver') return { kind: 'next-round', at: room.since + timing.nextRoundMs };
  if (phase !== 'playing') return null;
  const seat = match.game.turn;
  if (seat === null) return null;
  const holder = room.seats[seat]!;
  const paced = room.since + timing.computerMs;
  if (holder.kind === 'computer' || clockedOut(holder)) return { kind: 'computer', seat, at: paced };
  // The turn's deadline lives in the room (its `since`), not in a timer: any process, any reload, finds it.
  const turnMs = timing.turnMs ?? 0;
  const clock: Due | null = turnMs > 0 ? { kind: 'clock', seat, at: room.since + turnMs } : null;
  if (isConnected(holder, alive)) return clock;
  const awayAt = goneSince(room, holder) + timing.graceMs;
  if (awayAt <= now) return { kind: 'computer', seat, at: Math.max(paced, awayAt) };
  return clock && clock.at < awayAt ? clock : { kind: 'recheck', at: awayAt };
}

/** The clock of the person to act, as a view carries it; null when no clock runs for anyone. */
export function turnClock(room: RoomState, alive: Alive, now: number, timing: Timing): TurnClockView | null {
  if (!timing.turnMs || room.phase !== 'playing' || !room.match || !anyoneConnected(room, alive)) return null;
  const step = nextStep(room, alive, now, timing);
  return step?.kind === 'clock' ? { seat: step.seat, msLeft: Math.max(0, step.at - now) } : null;
}

/** Lobby rooms expire after `lobbyMs` idle; others `idleMs` after the last person left. */
export function expiresAt(room: RoomState, alive: Alive, now: number, ttl: { lobbyMs: number; idleMs: number }): number {
  if (room.phase === 'lobby') return now + ttl.lobbyMs;
  return anyoneConnected(room, alive) ? now + ttl.idleMs + ttl.lobbyMs : now + ttl.idleMs;
}
