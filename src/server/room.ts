/**
 * A room as stored, and every change a message or a timer can make to it, as pure functions of
 * (room, input, now). Nothing here touches a socket, a clock or the storage: the room service
 * (room-service.ts) loads, calls one of these, saves with a compare-and-set, then tells the seats.
 */
import type { MatchConfig, Move, Seat } from '../engine/index.js';
import type { MatchEmitted } from '../machine/index.js';
import type { ErrorCode, RoomInfo, RoomPhase, RoomSettings } from '../net/protocol.js';
import { gameOf, matchPhase, remoteMove, startMatch, stepMatch, type PersistedMatch } from './match-runner.js';
import { hashToken, randomId, tokenMatches } from './tokens.js';

export interface SeatRecord {
  /** `computer`: nobody joined it, or its person left after the start; a newcomer may take it over. */
  kind: 'human' | 'computer' | 'open';
  name: string | null;
  tokenHash: string | null;
  /** The process holding the person's live connection, or null when none does. */
  connectedVia: string | null;
  /** Since when the person has had no connection (ms), while they are a person without one. */
  goneSince: number | null;
  /** Sent `next-round` for the round that just ended. */
  ready: boolean;
}

export interface RoomRecord {
  id: string;
  phase: RoomPhase;
  host: Seat;
  settings: RoomSettings;
  seats: SeatRecord[];
  /** Grows by one with every change of the match, across the room's matches. */
  seq: number;
  match: PersistedMatch | null;
  /** The domain events of the change that made `seq`, as everyone may know them. */
  events: MatchEmitted[];
  /** This room's deal seed: secret, it foretells every deal. */
  seed: string;
  /** When the current turn, or the wait after a round, began (ms): paces computers, times the next deal. */
  since: number;
  createdAt: number;
  updatedAt: number;
}

export type Outcome = { ok: true; room: RoomRecord; token?: string; seat?: Seat } | { ok: false; code: ErrorCode; message: string };

const refuse = (code: ErrorCode, message: string): Outcome => ({ ok: false, code, message });

/** The room's timings, configurable per server. */
export interface Timing {
  /** A person without a connection this long is away: the computer plays for them. */
  graceMs: number;
  /** The next round is dealt this long after a round ended, ready or not. */
  nextRoundMs: number;
  /** The least time a computer's turn takes, by the room's tempo. */
  computerMs: number;
}

/** Whether a process still holds connections (one process: only itself). */
export type Alive = (process: string) => boolean;

export function newRoom(name: string, settings: RoomSettings, now: number): { room: RoomRecord; token: string } {
  const token = randomId();
  const seats: SeatRecord[] = Array.from({ length: settings.players }, () => openSeat());
  seats[0] = person(name, token);
  return {
    token,
    room: { id: randomId(), phase: 'lobby', host: 0, settings, seats, seq: 0, match: null, events: [], seed: randomId(), since: now, createdAt: now, updatedAt: now },
  };
}

const openSeat = (): SeatRecord => ({ kind: 'open', name: null, tokenHash: null, connectedVia: null, goneSince: null, ready: false });
const person = (name: string, token: string): SeatRecord => ({ kind: 'human', name, tokenHash: hashToken(token), connectedVia: null, goneSince: null, ready: false });

function withSeat(room: RoomRecord, seat: Seat, change: Partial<SeatRecord>, now: number): RoomRecord {
  return { ...room, seats: room.seats.map((s, i) => (i === seat ? { ...s, ...change } : s)), updatedAt: now };
}

/** The lowest seat a newcomer may take: an open one before the start, one a computer holds after it. */
export function join(room: RoomRecord, name: string, now: number): Outcome {
  const wanted = room.phase === 'lobby' ? 'open' : 'computer';
  const seat = room.seats.findIndex((s) => s.kind === wanted);
  if (seat < 0) return refuse('room-full', room.phase === 'lobby' ? 'every seat is taken' : 'no seat is free for a newcomer');
  const token = randomId();
  return { ok: true, room: withSeat(room, seat, person(name, token), now), token, seat };
}

export function seatOfToken(room: RoomRecord, token: string): Seat | null {
  const seat = room.seats.findIndex((s) => s.kind === 'human' && tokenMatches(token, s.tokenHash));
  return seat < 0 ? null : seat;
}

export function connect(room: RoomRecord, seat: Seat, process: string, now: number): RoomRecord {
  return withSeat(room, seat, { connectedVia: process, goneSince: null }, now);
}

export function disconnect(room: RoomRecord, seat: Seat, now: number): RoomRecord {
  return withSeat(room, seat, { connectedVia: null, goneSince: now }, now);
}

export function isConnected(seat: SeatRecord, alive: Alive): boolean {
  return seat.kind === 'human' && seat.connectedVia !== null && alive(seat.connectedVia);
}

/** Since when a person has been gone; a connection held by a process that died counts from the room's last change. */
function goneSince(room: RoomRecord, seat: SeatRecord): number {
  return seat.goneSince ?? room.updatedAt;
}

export function isAway(room: RoomRecord, seat: SeatRecord, alive: Alive, now: number, graceMs: number): boolean {
  return seat.kind === 'human' && !isConnected(seat, alive) && now - goneSince(room, seat) >= graceMs;
}

export function changeSettings(room: RoomRecord, seat: Seat, settings: RoomSettings, now: number): Outcome {
  if (room.phase !== 'lobby') return refuse('wrong-phase', 'settings can change only before the start');
  if (seat !== room.host) return refuse('not-host', 'only the host may change the settings');
  const seated = room.seats.filter((s) => s.kind === 'human').length;
  const highest = room.seats.reduce((max, s, i) => (s.kind === 'human' ? i : max), 0);
  if (settings.players <= highest) {
    return refuse('bad-message', `settings: ${seated} people hold seats up to seat ${highest}, so players must be at least ${highest + 1}`);
  }
  const seats = Array.from({ length: settings.players }, (_, i) => room.seats[i] ?? openSeat());
  return { ok: true, room: { ...room, settings, seats, updatedAt: now } };
}

export function matchConfigOf(settings: RoomSettings): MatchConfig {
  return {
    variant: settings.variant,
    players: settings.players,
    ...(settings.target !== undefined ? { target: settings.target } : {}),
    ...(settings.teams !== undefined ? { teams: settings.teams } : {}),
    ...(settings.houseRules ? { houseRules: settings.houseRules } : {}),
  };
}

/** Applies a change of the match: `seq` grows by one and the change's events are kept for the seats. */
function matchChanged(room: RoomRecord, match: PersistedMatch, events: MatchEmitted[], now: number): RoomRecord {
  const phase: RoomPhase = gameOf(match).winningSide !== null ? 'over' : 'playing';
  return { ...room, match, events, phase, seq: room.seq + 1, since: now, updatedAt: now, seats: room.seats.map((s) => ({ ...s, ready: false })) };
}

export function start(room: RoomRecord, seat: Seat, now: number): Outcome {
  if (room.phase !== 'lobby') return refuse('wrong-phase', 'the match has already started');
  if (seat !== room.host) return refuse('not-host', 'only the host may start');
  const seats = room.seats.map((s) => (s.kind === 'open' ? { ...s, kind: 'computer' as const } : s));
  const { match, events } = startMatch(matchConfigOf(room.settings), room.settings.players, room.seed);
  return { ok: true, room: matchChanged({ ...room, seats }, match, events, now) };
}

/** The checks of a move in the order the protocol gives: phase, then `seq` (so a replay is stale), then turn, then the rules. */
export function move(room: RoomRecord, seat: Seat, seq: number, wire: Move, now: number): Outcome {
  if (room.phase === 'lobby' || !room.match) return refuse('wrong-phase', 'the match has not started');
  if (seq !== room.seq) return refuse('stale', `seq ${seq} is not the current one (${room.seq})`);
  const phase = matchPhase(room.match);
  if (phase !== 'playing') return refuse('wrong-phase', phase === 'matchOver' ? 'the match is over' : 'no round is being played');
  const turn = gameOf(room.match).turn;
  if (turn !== seat) return refuse('not-your-turn', `it is seat ${String(turn)}'s turn`);
  return applyMove(room, seat, wire, now);
}

/** A computer's move (for a computer seat or an away person), checked by the machine like anyone's. */
export function applyMove(room: RoomRecord, seat: Seat, wire: Move, now: number): Outcome {
  if (!room.match) return refuse('wrong-phase', 'the match has not started');
  const step = stepMatch(room.match, remoteMove(seat, wire));
  if (!step.ok) return refuse('illegal-move', step.rejection.message);
  return { ok: true, room: matchChanged(room, step.result.match, step.result.events, now) };
}

/** `next-round`: marks the seat ready; the round is dealt once every connected person is. */
export function ready(room: RoomRecord, seat: Seat, seq: number, alive: Alive, now: number): Outcome {
  if (room.phase !== 'playing' || !room.match) return refuse('wrong-phase', 'there is no round to follow');
  if (seq !== room.seq) return refuse('stale', `seq ${seq} is not the current one (${room.seq})`);
  if (matchPhase(room.match) !== 'roundOver') return refuse('wrong-phase', 'the round is still being played');
  const marked = withSeat(room, seat, { ready: true }, now);
  const waiting = marked.seats.some((s) => isConnected(s, alive) && !s.ready);
  return waiting ? { ok: true, room: marked } : dealNextRound(marked, now);
}

/**
 * After a person lost their connection or left: if the round is over and everyone still connected
 * has sent `next-round`, the one they were waiting for is gone, so the next round is dealt now.
 */
export function dealIfAllReady(room: RoomRecord, alive: Alive, now: number): RoomRecord {
  if (room.phase !== 'playing' || !room.match || matchPhase(room.match) !== 'roundOver') return room;
  const connected = room.seats.filter((s) => isConnected(s, alive));
  if (connected.length === 0 || connected.some((s) => !s.ready)) return room;
  const dealt = dealNextRound(room, now);
  return dealt.ok ? dealt.room : room;
}

export function dealNextRound(room: RoomRecord, now: number): Outcome {
  if (!room.match || matchPhase(room.match) !== 'roundOver') return refuse('wrong-phase', 'the round is still being played');
  const step = stepMatch(room.match, { type: 'NEXT_ROUND' });
  if (!step.ok) return refuse('wrong-phase', step.rejection.message);
  return { ok: true, room: matchChanged(room, step.result.match, step.result.events, now) };
}

export function newMatch(room: RoomRecord, seat: Seat, now: number): Outcome {
  if (seat !== room.host) return refuse('not-host', 'only the host may start a new match');
  if (room.phase !== 'over' || !room.match) return refuse('wrong-phase', 'the match is not over');
  const step = stepMatch(room.match, { type: 'NEW_MATCH' });
  if (!step.ok) return refuse('wrong-phase', step.rejection.message);
  return { ok: true, room: matchChanged(room, step.result.match, step.result.events, now) };
}

/** `leave`: before the start the seat is freed; after it a computer plays it. The token stops working either way. */
export function leave(room: RoomRecord, seat: Seat, now: number): Outcome {
  const left = withSeat(room, seat, room.phase === 'lobby' ? openSeat() : { ...openSeat(), kind: 'computer' }, now);
  // The host's rights pass to the next person at the table, if any.
  if (seat !== room.host) return { ok: true, room: left };
  const heir = left.seats.findIndex((s) => s.kind === 'human');
  return { ok: true, room: { ...left, host: heir < 0 ? room.host : heir } };
}

/** What an automatic step is due, and when: a computer's move, the next deal, or a look again. */
export type Due = { kind: 'computer'; seat: Seat; at: number } | { kind: 'next-round'; at: number } | { kind: 'recheck'; at: number };

/**
 * The clock runs only while a person is connected: a room everyone has left waits for them, rather
 * than playing itself out unseen.
 */
export function due(room: RoomRecord, alive: Alive, now: number, timing: Timing): Due | null {
  if (room.phase !== 'playing' || !room.match) return null;
  if (!room.seats.some((s) => isConnected(s, alive))) return null;
  const step = nextStep(room, room.match, alive, now, timing);
  // A person gone from a seat that is not to act becomes away with nobody's move: the others are told then.
  const awayAts = room.seats
    .filter((s) => s.kind === 'human' && !isConnected(s, alive))
    .map((s) => goneSince(room, s) + timing.graceMs)
    .filter((at) => at > now);
  const nextAway = awayAts.length > 0 ? Math.min(...awayAts) : null;
  return nextAway !== null && (step === null || nextAway < step.at) ? { kind: 'recheck', at: nextAway } : step;
}

function nextStep(room: RoomRecord, match: PersistedMatch, alive: Alive, now: number, timing: Timing): Due | null {
  const phase = matchPhase(match);
  if (phase === 'roundOver') return { kind: 'next-round', at: room.since + timing.nextRoundMs };
  if (phase !== 'playing') return null;
  const seat = gameOf(match).turn;
  if (seat === null) return null;
  const holder = room.seats[seat]!;
  const paced = room.since + timing.computerMs;
  if (holder.kind === 'computer') return { kind: 'computer', seat, at: paced };
  if (isConnected(holder, alive)) return null;
  const awayAt = goneSince(room, holder) + timing.graceMs;
  return awayAt <= now ? { kind: 'computer', seat, at: Math.max(paced, awayAt) } : { kind: 'recheck', at: awayAt };
}

/** What every seat may know of the room (never a token, never a tile). */
export function roomInfo(room: RoomRecord, alive: Alive, now: number, graceMs: number): RoomInfo {
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
    })),
  };
}

/** Lobby rooms expire after `lobbyMs` idle; others `idleMs` after the last person left. */
export function expiresAt(room: RoomRecord, alive: Alive, now: number, ttl: { lobbyMs: number; idleMs: number }): number {
  if (room.phase === 'lobby') return now + ttl.lobbyMs;
  return room.seats.some((s) => isConnected(s, alive)) ? now + ttl.idleMs + ttl.lobbyMs : now + ttl.idleMs;
}
