/**
 * The room core: a room's state, and every change to it as one pure function, `applyEntry(room,
 * entry)` → the new room and the match's domain events (as everyone may know them), or the refusal
 * with its protocol code. The room service turns a message or a timer into an entry, applies it, and
 * (accepted) appends the entry to the room's log; loading a room replays its log through the same
 * function. Nothing here touches a socket, a clock, randomness or the storage.
 *
 * The match inside is the match machine's context (`domino-game/machine`), advanced by `stepMatch`:
 * every seat is a `remote` seat and the tempo `instant`, so the room (not the match) decides who
 * supplies a seat's move (the person, or a computer for a computer seat or an away person), a seat
 * changes hands without the match noticing, and a computer's move passes the same checks as a
 * person's.
 */
import { createHash, createHmac } from 'node:crypto';
import { createMatch, dealSeedMessage, DEAL_PROOF_VERSION, isMatchOver, withDealSeed, type DealProof, type Move, type Seat } from 'domino-game/engine';
import { initialContext, matchConfigOf, phaseOfMatch, stepMatch, type MatchContext, type MatchEmitted, type Phase } from 'domino-game/machine';
import type { ErrorCode, RatedResult, RatingFamily, RoomPhase, RoomSettings } from 'domino-game/protocol';
import type { Entry, MoveBy } from './entries.js';
import { countedMove, type RatedTable, type TablePlayer } from './rated-table.js';
import { tokenMatches } from '../tokens.js';

export interface SeatState {
  /** `computer`: nobody joined it, or its person left after the start; a newcomer may take it over. */
  kind: 'human' | 'computer' | 'open';
  name: string | null;
  tokenHash: string | null;
  /** The process holding the person's live connection, or null when none does. */
  connectedVia: string | null;
  /** Since when the person has had no connection (ms), while they are a person without one. */
  goneSince: number | null;
  /** Sent `next-round` for the round that just ended, or `play-again` after the match. */
  ready: boolean;
  /**
   * How many of the person's turns in a row the clock ran out on; two or more: away, the
   * computer plays their turns until they act again. Absent in rooms stored before turn clocks: 0.
   */
  timeouts?: number;
}

/**
 * The format of a stored room: 4 since a room has keys (`secrets`: the invite and the watch key; in 3 the
 * room's id was its invite), 3 since every deal is provable (a server seed per deal, `deals`; 2 had one
 * secret `seed` for the room), 2 since rooms are logs (1 was the whole room rewritten per change).
 */
export const ROOM_FORMAT = 4;

/**
 * The room's secret part: what must never be sent to anyone but those it belongs to, checked by the
 * core's policies (policies.ts). The keys are kept as they are, not hashed: every seat's `welcome` says
 * them again (after a reload, to a new host, in a room made before keys), so the server must be able to.
 * A later secret that is only ever checked, never said (a room's password), belongs here hashed.
 */
export interface RoomSecrets {
  /** Joins a free seat (and peeks, and watches); null: nobody may be invited. */
  invite: string | null;
  /** Opens the table read only, nothing else; null only in a room made before keys, until a seat mints one. */
  watch: string | null;
}

/** One deal's secret and the people's seeds for it (docs/PROTOCOL.md "Provable deals"). */
export interface DealSecret {
  /** 32 random bytes, hex: secret until the round it deals is over (its SHA-256 is published before). */
  serverSeed: string;
  /** By seat: the seed its person sent for this deal, or null (a computer, or none came in time). */
  clientSeeds: (string | null)[];
}

export interface RoomState {
  format: typeof ROOM_FORMAT;
  id: string;
  phase: RoomPhase;
  host: Seat;
  settings: RoomSettings;
  seats: SeatState[];
  /** Grows by one with every change of the match, across the room's matches. */
  seq: number;
  /** The match machine's context (every seat remote), or null before the start. */
  match: MatchContext | null;
  /** The next deal's secret (its commitment is public), and the current round's (revealed once it is over). */
  deals: { next: DealSecret; current: (DealSecret & { match: number; round: number }) | null };
  /** How many spectators each process holds (a process that died counts none). */
  watchers: Record<string, number>;
  /** Whether a newcomer may take a free seat through the invite: the host may close the room (any time). */
  newcomers: boolean;
  /** Never sent: see RoomSecrets. */
  secrets: RoomSecrets;
  /** A quick-match table's seats, moves and rating (rated-table.ts); absent in a friends' room. */
  rated?: RatedTable;
  /** When the current turn, or the wait after a round, began (ms): paces computers, times the next deal. */
  since: number;
  createdAt: number;
  updatedAt: number;
}

export type Applied = {
  ok: true;
  room: RoomState;
  /** The match's domain events of this change, as everyone may know them (`turn.yours` is false). */
  events: MatchEmitted[];
  /** For `join`: the seat taken. */
  seat?: Seat;
};
export type Refused = { ok: false; code: ErrorCode; message: string };
export type Outcome = Applied | Refused;

const refuse = (code: ErrorCode, message: string): Refused => ({ ok: false, code, message });
const NO_EVENTS: MatchEmitted[] = [];

const openSeat = (): SeatState => ({ kind: 'open', name: null, tokenHash: null, connectedVia: null, goneSince: null, ready: false });
const person = (name: string, tokenHash: string): SeatState => ({ kind: 'human', name, tokenHash, connectedVia: null, goneSince: null, ready: false });

/** A new room with its creator at seat 0 as the host (not yet connected: a `connect` entry says so). */
export function newRoom(options: { id: string; serverSeed: string; name: string; tokenHash: string; settings: RoomSettings; secrets: RoomSecrets; at: number }): RoomState {
  const { id, serverSeed, name, tokenHash, settings, secrets, at } = options;
  const seats = Array.from({ length: settings.players }, (_, seat) => (seat === 0 ? person(name, tokenHash) : openSeat()));
  const deals = { next: { serverSeed, clientSeeds: [] }, current: null };
  return { format: ROOM_FORMAT, id, phase: 'lobby', host: 0, settings, seats, seq: 0, match: null, deals, watchers: {}, newcomers: true, secrets, since: at, createdAt: at, updatedAt: at };
}

/**
 * A quick-match table's room: each person the pool seated (in seat order, with the hash of the seat token
 * their process made), computers in the seats left, nobody to invite (no invite key, closed to
 * newcomers), and the match started; nobody connected yet (each comes with `resume`).
 */
export function newTable(options: {
  id: string;
  serverSeed: string;
  nextSeed: string;
  settings: RoomSettings;
  watchKey: string;
  pool: string;
  family: RatingFamily;
  people: { player: TablePlayer; tokenHash: string }[];
  at: number;
}): RoomState {
  const { people, settings, at } = options;
  const seats = Array.from({ length: settings.players }, (_, seat) => (seat < people.length ? person(people[seat]!.player.name, people[seat]!.tokenHash) : openSeat()));
  const players = seats.map((_, seat) => people[seat]?.player ?? null);
  const base: RoomState = {
    ...newRoom({ id: options.id, serverSeed: options.serverSeed, name: people[0]!.player.name, tokenHash: people[0]!.tokenHash, settings, secrets: { invite: null, watch: options.watchKey }, at }),
    seats,
    newcomers: false,
    rated: { pool: options.pool, family: options.family, players, moves: players.map(() => ({ own: 0, forThem: 0 })), result: null },
  };
  const started = start(base, 0, options.nextSeed, at);
  if (!started.ok) throw new Error(`a quick-match table could not start: ${started.message}`);
  return started.room;
}

// ---- Provable deals ---------------------------------------------------------------------------

/**
 * SHA-256 of a hex value's bytes, hex: a server seed's commitment. The engine's `sha256Hex` computes the
 * same with Web Crypto, which is asynchronous only; the core applies entries synchronously, so it hashes
 * with node:crypto. The widget checks what this commits to with the engine's (watch-and-proof.test).
 */
export const sha256Hex = (valueHex: string): string => createHash('sha256').update(Buffer.from(valueHex, 'hex')).digest('hex');

/** A next seed an entry of an older log lacks: derived from the one before, so every replay gives the same. */
const derivedSeed = (previous: string): string => sha256Hex(previous);

/** The deal seed of the next deal (the same HMAC the engine's `dealSeedOf` takes, synchronously). */
function nextDealSeed(room: RoomState, match: number, round: number): { seed: string; current: NonNullable<RoomState['deals']['current']> } {
  const { serverSeed } = room.deals.next;
  const clientSeeds = Array.from({ length: room.settings.players }, (_, seat) => room.deals.next.clientSeeds[seat] ?? null);
  const seed = createHmac('sha256', Buffer.from(serverSeed, 'hex')).update(dealSeedMessage({ match, round, clientSeeds })).digest('hex');
  return { seed, current: { serverSeed, clientSeeds, match, round } };
}

/** The room's deals after one: the secret used becomes the current round's; `nextSeed` (fresh, from the entry) the next one's. */
function dealt(room: RoomState, current: NonNullable<RoomState['deals']['current']>, nextSeed: string | undefined): RoomState['deals'] {
  return { next: { serverSeed: nextSeed ?? derivedSeed(room.deals.next.serverSeed), clientSeeds: [] }, current };
}

const commitments = new WeakMap<DealSecret, string>();
/** The commitment to a deal's secret, made once per secret. */
export function commitmentOf(secret: DealSecret): string {
  let commitment = commitments.get(secret);
  if (commitment === undefined) {
    commitment = sha256Hex(secret.serverSeed);
    commitments.set(secret, commitment);
  }
  return commitment;
}

/** What proves the current round's deal, once that round is over (else null: its secret stays secret). */
export function dealProofOf(room: RoomState): DealProof | null {
  const current = room.deals.current;
  if (!room.match || !current || matchPhase(room.match) === 'playing' || current.round !== room.match.game.round.number) return null;
  return { version: DEAL_PROOF_VERSION, match: current.match, round: current.round, commitment: commitmentOf(current), serverSeed: current.serverSeed, clientSeeds: current.clientSeeds };
}

function withSeat(room: RoomState, seat: Seat, change: Partial<SeatState>, at: number): RoomState {
  return { ...room, seats: room.seats.map((s, i) => (i === seat ? { ...s, ...change } : s)), updatedAt: at };
}

/** The lowest seat a newcomer may take: an open one before the start, one a computer holds after it. */
export function seatForNewcomer(room: RoomState): Seat | null {
  const wanted = room.phase === 'lobby' ? 'open' : 'computer';
  const seat = room.seats.findIndex((s) => s.kind === wanted);
  return seat < 0 ? null : seat;
}

/** Where the room's match stands (a server's match never waits in `dealing`: its tempo is instant). */
export const matchPhase = (match: MatchContext): Phase => phaseOfMatch(match.game);

/** Applies one change; a refused change leaves `room` as it was (it is never mutated). */
export function applyEntry(room: RoomState, entry: Entry): Outcome {
  switch (entry.type) {
    case 'join': {
      if (!room.newcomers) return refuse('room-closed', 'the host has closed this room to newcomers');
      const seat = seatForNewcomer(room);
      if (seat === null) return refuse('room-full', room.phase === 'lobby' ? 'every seat is taken' : 'no seat is free for a newcomer');
      return { ok: true, room: withSeat(room, seat, person(entry.name, entry.tokenHash), entry.at), events: NO_EVENTS, seat };
    }
    case 'connect': {
      if (room.seats[entry.seat]?.kind !== 'human') return refuse('bad-token', 'nobody holds this seat');
      const connected = withSeat(room, entry.seat, { connectedVia: entry.via, goneSince: null }, entry.at);
      // A room everyone had left waited for them: its turn clock starts over for the first one back.
      const empty = room.seats.every((s) => s.connectedVia === null);
      return { ok: true, room: empty && room.phase === 'playing' ? { ...connected, since: entry.at } : connected, events: NO_EVENTS };
    }
    case 'disconnect':
      if (room.seats[entry.seat]?.kind !== 'human') return refuse('bad-token', 'nobody holds this seat');
      return { ok: true, room: withSeat(room, entry.seat, { connectedVia: null, goneSince: entry.at }, entry.at), events: NO_EVENTS };
    case 'leave':
      return leave(room, entry.seat, entry.at);
    case 'settings':
      return changeSettings(room, entry.seat, entry.settings, entry.at);
    case 'start':
      return start(room, entry.seat, entry.nextSeed, entry.at);
    case 'move':
      return move(room, entry.seat, entry.seq, entry.by, entry.move, entry.at);
    case 'ready':
      return ready(room, entry.seat, entry.seq, entry.at);
    case 'deal':
      return deal(room, entry.seq, entry.nextSeed, entry.at);
    case 'new-match':
      return newMatch(room, entry.seat, entry.nextSeed, entry.at);
    case 'again':
      return playAgain(room, entry.seat, entry.at);
    case 'back':
      return back(room, entry.seat, entry.at);
    case 'deal-seed':
      return dealSeed(room, entry.seat, entry.seed, entry.at);
    case 'watchers':
      return watchers(room, entry.via, entry.count);
    case 'newcomers':
      return newcomers(room, entry.seat, entry.allowed, entry.at);
    case 'watch-key':
      return watchKey(room, entry.key, entry.at);
    case 'rated':
      return rated(room, entry.result, entry.at);
  }
}

// ---- Quick match ----------------------------------------------------------------------------

/** A quick-match table's match was rated (once: a second result is refused, so every process keeps the first). */
function rated(room: RoomState, result: RatedResult, at: number): Outcome {
  if (!room.rated) return refuse('wrong-phase', 'this room is not a quick-match table');
  if (room.phase !== 'over') return refuse('wrong-phase', 'the match is not over');
  if (room.rated.result !== null) return refuse('wrong-phase', 'the match is rated already');
  return { ok: true, room: { ...room, rated: { ...room.rated, result }, updatedAt: at }, events: NO_EVENTS };
}

const ONE_MATCH = 'a quick-match table plays one match: seek again for another';

// ---- Access ---------------------------------------------------------------------------------

/** The host opens the room to newcomers, or closes it: any time (the invite's holders are the host's to choose). */
function newcomers(room: RoomState, seat: Seat, allowed: boolean, at: number): Outcome {
  if (seat !== room.host) return refuse('not-host', 'only the host may open or close the room to newcomers');
  return { ok: true, room: { ...room, newcomers: allowed, updatedAt: at }, events: NO_EVENTS };
}

/** A room made before keys gets its watch key (made once: a second is refused, so every process keeps the first). */
function watchKey(room: RoomState, key: string, at: number): Outcome {
  if (room.secrets.watch !== null) return refuse('wrong-phase', 'the room has its watch key already');
  return { ok: true, room: { ...room, secrets: { ...room.secrets, watch: key }, updatedAt: at }, events: NO_EVENTS };
}

// ---- Rooms people come back to ----------------------------------------------------------

/** Whether the turn clock ran out on the person's last two turns: the computer plays theirs until they act. */
export const clockedOut = (seat: SeatState): boolean => (seat.timeouts ?? 0) >= 2;

/** `play-again` after the match: the seat is ready for another (the service starts it once every connected person is). */
function playAgain(room: RoomState, seat: Seat, at: number): Outcome {
  if (room.seats[seat]?.kind !== 'human') return refuse('bad-token', 'nobody holds this seat');
  if (room.phase !== 'over') return refuse('wrong-phase', 'the match is not over');
  if (room.rated) return refuse('wrong-phase', ONE_MATCH);
  return { ok: true, room: withSeat(room, seat, { ready: true, timeouts: 0 }, at), events: NO_EVENTS };
}

/**
 * `back`: the person whose clock ran out twice takes their turns back. Only then: one expiry is not
 * away, and `back` must not quietly forgive it (the count is the person's own moves' to reset).
 * Back on their own turn (the computer's pause not over yet), the turn is theirs with a full clock:
 * its deadline is `since` plus the clock, and the old `since` may be nearly a clock ago already.
 */
function back(room: RoomState, seat: Seat, at: number): Outcome {
  const held = room.seats[seat];
  if (held?.kind !== 'human') return refuse('bad-token', 'nobody holds this seat');
  if (!clockedOut(held)) return refuse('wrong-phase', 'the computer is not playing for this seat');
  const returned = withSeat(room, seat, { timeouts: 0 }, at);
  return { ok: true, room: isOwnTurn(room, seat) ? { ...returned, since: at } : returned, events: NO_EVENTS };
}

/** Whether a round is being played and `seat` is to act in it. */
const isOwnTurn = (room: RoomState, seat: Seat): boolean => room.match !== null && matchPhase(room.match) === 'playing' && room.match.game.turn === seat;

/** A move's count of the clock running out: one more when the clock played it, none once the person moves. */
function withTimeouts(room: RoomState, seat: Seat, by: MoveBy): RoomState {
  const held = room.seats[seat];
  if (!held || held.kind !== 'human' || by === 'computer') return room;
  const timeouts = by === 'clock' ? (held.timeouts ?? 0) + 1 : 0;
  return timeouts === (held.timeouts ?? 0) ? room : { ...room, seats: room.seats.map((s, i) => (i === seat ? { ...s, timeouts } : s)) };
}

function changeSettings(room: RoomState, seat: Seat, settings: RoomSettings, at: number): Outcome {
  if (room.phase !== 'lobby') return refuse('wrong-phase', 'settings can change only before the start');
  if (seat !== room.host) return refuse('not-host', 'only the host may change the settings');
  const seated = room.seats.filter((s) => s.kind === 'human').length;
  const highest = room.seats.reduce((max, s, i) => (s.kind === 'human' ? i : max), 0);
  if (settings.players <= highest) {
    return refuse('bad-message', `settings: ${seated} people hold seats up to seat ${highest}, so players must be at least ${highest + 1}`);
  }
  const seats = Array.from({ length: settings.players }, (_, i) => room.seats[i] ?? openSeat());
  return { ok: true, room: { ...room, settings, seats, updatedAt: at }, events: NO_EVENTS };
}

/** A change of the match: `seq` grows by one, the clock of the turn restarts, nobody is ready any more. */
function matchChanged(room: RoomState, match: MatchContext, events: MatchEmitted[], at: number): Applied {
  const phase: RoomPhase = isMatchOver(match.game) ? 'over' : 'playing';
  // The seats are kept as they are when nobody was ready: most changes are moves, which change no seat.
  const seats = room.seats.some((s) => s.ready) ? room.seats.map((s) => (s.ready ? { ...s, ready: false } : s)) : room.seats;
  return { ok: true, room: { ...room, match, phase, seats, seq: room.seq + 1, since: at, updatedAt: at }, events };
}

function start(room: RoomState, seat: Seat, nextSeed: string | undefined, at: number): Outcome {
  if (room.phase !== 'lobby') return refuse('wrong-phase', 'the match has already started');
  if (seat !== room.host) return refuse('not-host', 'only the host may start');
  const seats = room.seats.map((s) => (s.kind === 'open' ? { ...s, kind: 'computer' as const } : s));
  const { seed, current } = nextDealSeed(room, 1, 1);
  // The match's first round is the deal seed's deal; the seed is not kept in the match (later deals have their own).
  const match = {
    ...initialContext({ config: matchConfigOf(room.settings), seats: seats.map(() => 'remote' as const), level: room.settings.level, tempo: 'instant', seed }),
    seed: null,
  };
  return matchChanged({ ...room, seats, deals: dealt(room, current, nextSeed) }, match, firstTurnOf(match), at);
}

function firstTurnOf(match: MatchContext): MatchEmitted[] {
  const seat = match.game.turn;
  return seat === null ? NO_EVENTS : [{ type: 'turn', seat, yours: false }];
}

/**
 * A move, checked in the order the protocol gives: phase, then `seq` (so a replay is stale), then the
 * turn, then the rules. A computer's move (for a computer seat or an away person: the room service
 * decides whose turn a computer plays) passes the same checks but the turn's, which the match's own
 * check makes anyway.
 */
function move(room: RoomState, seat: Seat, seq: number, by: MoveBy, wire: Move, at: number): Outcome {
  if (room.phase === 'lobby' || !room.match) return refuse('wrong-phase', 'the match has not started');
  if (seq !== room.seq) return refuse('stale', `seq ${seq} is not the current one (${room.seq})`);
  const phase = matchPhase(room.match);
  if (phase !== 'playing') return refuse('wrong-phase', phase === 'matchOver' ? 'the match is over' : 'no round is being played');
  const turn = room.match.game.turn;
  if (by === 'person' && turn !== seat) return refuse('not-your-turn', `it is seat ${String(turn)}'s turn`);
  const step = stepMatch(room.match, { type: 'REMOTE_MOVE', seat, move: wire });
  if (!step.ok) return refuse('illegal-move', step.rejection.message);
  const changed = matchChanged(room, step.context, publicEvents(step.emitted), at);
  const counted = changed.room.rated ? { ...changed.room, rated: countedMove(changed.room.rated, seat, by) } : changed.room;
  return { ...changed, room: withTimeouts(counted, seat, by) };
}

/** `next-round`: marks the seat ready (the service deals once every connected person is). */
function ready(room: RoomState, seat: Seat, seq: number, at: number): Outcome {
  if (room.phase !== 'playing' || !room.match) return refuse('wrong-phase', 'there is no round to follow');
  if (seq !== room.seq) return refuse('stale', `seq ${seq} is not the current one (${room.seq})`);
  if (matchPhase(room.match) !== 'roundOver') return refuse('wrong-phase', 'the round is still being played');
  return { ok: true, room: withSeat(room, seat, { ready: true }, at), events: NO_EVENTS };
}

function deal(room: RoomState, seq: number, nextSeed: string | undefined, at: number): Outcome {
  if (!room.match || matchPhase(room.match) !== 'roundOver') return refuse('wrong-phase', 'the round is still being played');
  if (seq !== room.seq) return refuse('stale', 'already dealt');
  const { seed, current } = nextDealSeed(room, room.match.matchNumber, room.match.game.round.number + 1);
  const step = stepMatch({ ...room.match, game: withDealSeed(room.match.game, seed) }, { type: 'NEXT_ROUND' });
  if (!step.ok) return refuse('wrong-phase', step.rejection.message);
  return matchChanged({ ...room, deals: dealt(room, current, nextSeed) }, step.context, publicEvents(step.emitted), at);
}

function newMatch(room: RoomState, seat: Seat, nextSeed: string | undefined, at: number): Outcome {
  if (seat !== room.host) return refuse('not-host', 'only the host may start a new match');
  if (room.phase !== 'over' || !room.match) return refuse('wrong-phase', 'the match is not over');
  if (room.rated) return refuse('wrong-phase', ONE_MATCH);
  const step = stepMatch(room.match, { type: 'NEW_MATCH' });
  if (!step.ok) return refuse('wrong-phase', step.rejection.message);
  const { seed, current } = nextDealSeed(room, step.context.matchNumber, 1);
  // The new match's first round is the deal seed's deal, as a match started with it would deal.
  const match = { ...step.context, game: createMatch({ ...step.context.config, seed }), seed: null };
  return matchChanged({ ...room, deals: dealt(room, current, nextSeed) }, match, publicEvents(step.emitted), at);
}

/** A person's seed for the next deal: one per seat and deal (the service checks it answers the commitment published). */
function dealSeed(room: RoomState, seat: Seat, seed: string, at: number): Outcome {
  if (room.seats[seat]?.kind !== 'human') return refuse('bad-token', 'nobody holds this seat');
  if (room.deals.next.clientSeeds[seat]) return refuse('wrong-phase', 'this seat has already sent its seed for the next deal');
  const clientSeeds = Array.from({ length: Math.max(room.deals.next.clientSeeds.length, seat + 1) }, (_, s) => (s === seat ? seed : (room.deals.next.clientSeeds[s] ?? null)));
  return { ok: true, room: { ...room, deals: { ...room.deals, next: { ...room.deals.next, clientSeeds } }, updatedAt: at }, events: NO_EVENTS };
}

/** How many spectators a process holds now: not a seat, no change of the match, and no clock of the room's. */
function watchers(room: RoomState, via: string, count: number): Outcome {
  const { [via]: _was, ...others } = room.watchers;
  return { ok: true, room: { ...room, watchers: count > 0 ? { ...others, [via]: count } : others }, events: NO_EVENTS };
}

/** `leave`: before the start the seat is freed; after it a computer plays it. The token stops working either way. */
function leave(room: RoomState, seat: Seat, at: number): Outcome {
  if (room.seats[seat]?.kind !== 'human') return refuse('bad-token', 'nobody holds this seat');
  const left = withSeat(room, seat, room.phase === 'lobby' ? openSeat() : { ...openSeat(), kind: 'computer' }, at);
  // The host's rights pass to the next person at the table, if any.
  if (seat !== room.host) return { ok: true, room: left, events: NO_EVENTS };
  const heir = left.seats.findIndex((s) => s.kind === 'human');
  return { ok: true, room: { ...left, host: heir < 0 ? room.host : heir }, events: NO_EVENTS };
}

/** The room after `entries` in order, with their events, or the first refusal (the room unchanged). */
export function applyEntries(room: RoomState, entries: readonly Entry[]): Outcome {
  let state = room;
  const events: MatchEmitted[] = [];
  let seat: Seat | undefined;
  for (const entry of entries) {
    const applied = applyEntry(state, entry);
    if (!applied.ok) return applied;
    events.push(...applied.events);
    if (applied.seat !== undefined) seat = applied.seat;
    state = applied.room;
  }
  return { ok: true, room: state, events, ...(seat !== undefined ? { seat } : {}) };
}

/** The seat a token holds (only its hash is kept), or null. */
export function seatOfToken(room: RoomState, token: string): Seat | null {
  const seat = room.seats.findIndex((s) => s.kind === 'human' && tokenMatches(token, s.tokenHash));
  return seat < 0 ? null : seat;
}

/** Every seat is remote on the server, so no `turn` is anybody's own: `yours` is false for all. */
function publicEvents(emitted: MatchEmitted[]): MatchEmitted[] {
  return emitted.map((event) => (event.type === 'turn' && event.yours ? { ...event, yours: false } : event));
}

