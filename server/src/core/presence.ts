/**
 * Who is at the table, derived from a room and the processes alive: connected, away, and the room
 * info every seat may know (never a token, never a tile).
 */
import type { RoomInfo, SeatPlayer } from 'domino-game/protocol';
import type { Entry } from './entries.js';
import { DEAL_PROOF_VERSION } from 'domino-game/engine';
import { applyEntries, clockedOut, commitmentOf, matchPhase, type Refused, type RoomState, type SeatState } from './room.js';

/** Whether a process still holds connections (one process: only itself). */
export type Alive = (process: string) => boolean;

export function isConnected(seat: SeatState, alive: Alive): boolean {
  return seat.kind === 'human' && seat.connectedVia !== null && alive(seat.connectedVia);
}

/** Since when a person has been gone; a connection held by a process that died counts from the room's last change. */
export function goneSince(room: RoomState, seat: SeatState): number {
  return seat.goneSince ?? room.updatedAt;
}

/** Gone past the grace period, or the turn clock ran out on their last two turns. */
export function isAway(room: RoomState, seat: SeatState, alive: Alive, now: number, graceMs: number): boolean {
  return seat.kind === 'human' && (clockedOut(seat) || (!isConnected(seat, alive) && now - goneSince(room, seat) >= graceMs));
}

export function anyoneConnected(room: RoomState, alive: Alive): boolean {
  return room.seats.some((s) => isConnected(s, alive));
}

/** After a round: everyone still connected has sent `next-round` (and someone is connected). */
export function everyoneReady(room: RoomState, alive: Alive): boolean {
  const connected = room.seats.filter((s) => isConnected(s, alive));
  return connected.length > 0 && connected.every((s) => s.ready);
}

/** What every seat may know of the room. */
export function roomInfo(room: RoomState, alive: Alive, now: number, graceMs: number): RoomInfo {
  return {
    id: room.id,
    phase: room.phase,
    host: room.host,
    settings: room.settings,
    seats: room.seats.map((s, seat) => ({
      seat,
      name: s.kind === 'human' ? s.name : null,
      kind: s.kind,
      connected: isConnected(s, alive),
      ready: s.kind === 'computer' || s.ready,
      away: isAway(room, s, alive, now, graceMs),
      ...(room.rated?.players[seat] ? { player: seatPlayer(room.rated.players[seat]) } : {}),
    })),
    watchers: watcherCount(room, alive),
    nextDeal: { version: DEAL_PROOF_VERSION, commitment: commitmentOf(room.deals.next) },
    newcomers: room.newcomers,
    ...(room.rated ? { rated: { pool: room.rated.pool, family: room.rated.family, result: room.rated.result } } : {}),
  };
}

/**
 * Whether a process other than `process` holds a connection of the room as stored: a seat connected
 * through it, or spectators it counted. Only then need it hear of the room's changes; with the room's
 * connections on one process (a balancer hashing its id), nobody else does.
 */
export function othersHold(room: RoomState, process: string): boolean {
  return room.seats.some((s) => s.kind === 'human' && s.connectedVia !== null && s.connectedVia !== process) || Object.keys(room.watchers).some((via) => via !== process);
}

/** What every seat may know of a quick-match seat's person: the public id and the rating shown when seated. */
const seatPlayer = ({ id, rating, provisional }: SeatPlayer): SeatPlayer => ({ id, rating, provisional });

/** The spectators of the room on every process alive (each process stores how many it holds). */
export function watcherCount(room: RoomState, alive: Alive): number {
  return Object.entries(room.watchers).reduce((sum, [process, count]) => sum + (alive(process) ? count : 0), 0);
}

/**
 * `entries`, and the next deal after them when they leave the round over with everyone still
 * connected ready (the person the others waited for may just have sent `next-round`, left or gone);
 * after a match, the next match (the same seats and settings) once everyone connected sent
 * `play-again`.
 * `nextSeed`: makes a fresh secret for the deal after the one added (called only when one is added: the
 * secret is 32 random bytes, and most of the entries this is asked about deal nothing).
 */
export function withDealIfAllReady(room: RoomState, entries: Entry[], alive: Alive, at: number, nextSeed: () => string): Entry[] | Refused {
  const applied = applyEntries(room, entries);
  if (!applied.ok) return applied;
  const after = applied.room;
  if (!after.match || !everyoneReady(after, alive)) return entries;
  if (after.phase === 'over') return [...entries, { type: 'new-match', at, seat: after.host, nextSeed: nextSeed() }];
  if (after.phase !== 'playing' || matchPhase(after.match) !== 'roundOver') return entries;
  return [...entries, { type: 'deal', at, seq: after.seq, nextSeed: nextSeed() }];
}
