/**
 * What the room's clock does next, derived from the room: a computer's move, the next deal, or a
 * look again (a person's grace period ending), and when. The clock runs only while a person is
 * connected: a room everyone has left waits for them, rather than playing itself out unseen.
 */
import type { Seat } from 'domino-game/engine';
import { anyoneConnected, goneSince, isConnected, type Alive } from './presence.js';
import { matchPhase, type RoomState } from './room.js';

/** The room's timings, configurable per server. */
export interface Timing {
  /** A person without a connection this long is away: the computer plays for them. */
  graceMs: number;
  /** The next round is dealt this long after a round ended, ready or not. */
  nextRoundMs: number;
  /** The least time a computer's turn takes, by the room's tempo. */
  computerMs: number;
}

export type Due = { kind: 'computer'; seat: Seat; at: number } | { kind: 'next-round'; at: number } | { kind: 'recheck'; at: number };

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
  if (holder.kind === 'computer') return { kind: 'computer', seat, at: paced };
  if (isConnected(holder, alive)) return null;
  const awayAt = goneSince(room, holder) + timing.graceMs;
  return awayAt <= now ? { kind: 'computer', seat, at: Math.max(paced, awayAt) } : { kind: 'recheck', at: awayAt };
}

/** Lobby rooms expire after `lobbyMs` idle; others `idleMs` after the last person left. */
export function expiresAt(room: RoomState, alive: Alive, now: number, ttl: { lobbyMs: number; idleMs: number }): number {
  if (room.phase === 'lobby') return now + ttl.lobbyMs;
  return anyoneConnected(room, alive) ? now + ttl.idleMs + ttl.lobbyMs : now + ttl.idleMs;
}
