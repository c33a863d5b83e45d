/**
 * Everything that happens to rooms. A room this process holds connections for is hot in memory
 * (LiveRoom); a message or a timer becomes an entry, is applied to the room by the pure core
 * (`applyEntry`), appended to the room's log with a compare-and-set on its version, and only then
 * does the room take the new state and tell its seats: a crash never shows a move that is then lost.
 * Another process's change comes as a version notice; the room reads just the entries it lacks and
 * applies them the same way, so every seat here hears every change's events.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { legalMoves, playerView, type LegalMove, type Move, type Seat } from 'domino-game/engine';
import { computerSeed } from 'domino-game/machine';
import { PHRASES, type ClientMessage, type ClientMessageType, type ErrorCode, type PhraseId, type RoomSettings } from 'domino-game/protocol';
import type { Cluster } from '../cluster.js';
import type { ComputerPool } from '../computer-pool.js';
import { due as dueOf, expiresAt, turnClock, type Due, type Timing } from '../core/due.js';
import { decodeEntry, encodeEntry, type Entry } from '../core/entries.js';
import { phraseRefusal, roomTiming, watchRefusal } from '../core/policies.js';
import { isConnected, roomInfo, withDealIfAllReady, type Alive } from '../core/presence.js';
import { applyEntry, commitmentOf, dealProofOf, newRoom, seatOfToken, type Refused, type RoomState } from '../core/room.js';
import { ViewFrames } from '../core/views.js';
import type { Metrics } from '../metrics.js';
import type { RoomLog } from '../storage/log.js';
import { hashToken, randomId } from '../tokens.js';
import { LiveRoom, replay, restore, type Client, type Replayed } from './live-room.js';
import { Scheduler } from './scheduler.js';

export type { Client } from './live-room.js';

export interface RoomServiceOptions {
  store: RoomLog;
  pool: ComputerPool;
  log: Logger;
  metrics?: Metrics;
  /** The other server processes (none when alone): who is alive, and version notices of changed rooms. */
  cluster: Cluster;
  graceMs: number;
  nextRoundMs: number;
  ttl: { lobbyMs: number; idleMs: number };
  now?: () => number;
  /**
   * What a room's turn clock is multiplied by (1 when left out): tests give a second's clock in a
   * fraction of it (`--clock-scale`); never set for people.
   */
  clockScale?: number;
}

/** How often a change that lost a compare-and-set is made again on the caught-up room before giving up. */
const MAX_ATTEMPTS = 5;
/** A snapshot at least this often (changes), besides every deal, so a load replays little. */
const SNAPSHOT_EVERY = 50;
/**
 * With several processes, the one holding the room's first connected seat acts on the room's clock;
 * the others only this much later, should it not have (a notice of its change cancels theirs).
 */
const FOLLOWER_DELAY_MS = 1500;
/** A timed step that failed (not refused) is tried again after this long. */
const RETRY_MS = 1000;
/** A catch-up on another process's change that failed is tried again after this long, doubling up to the most. */
const FOLLOW_RETRY_MS = 250;
const FOLLOW_RETRY_MAX_MS = 4000;

export class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const refusal = (refused: Refused): Refusal => new Refusal(refused.code, refused.message);
const noSuchRoom = () => new Refusal('no-such-room', 'there is no such room (it may have expired)');
/** A fresh secret for a deal (docs/PROTOCOL.md "Provable deals"): 32 random bytes, hex. */
const freshSeed = (): string => randomBytes(32).toString('hex');
/** A connection watching a room: bound to it, without a seat. */
const isSpectator = (client: Client): boolean => client.room !== null && client.seat === null;

/** What a change makes of the room it is made on: its entries, or why it is refused. */
type Build = (room: RoomState, now: number) => Entry[] | Refused;

interface Committed {
  room: RoomState;
  /** For `join`: the seat taken. */
  seat?: Seat;
}

type Handler<T extends ClientMessageType> = (client: Client, message: Extract<ClientMessage, { type: T }>) => Promise<void>;

export class RoomService {
  private readonly rooms = new Map<string, LiveRoom>();
  private readonly loading = new Map<string, Promise<LiveRoom | null>>();
  private readonly scheduler: Scheduler;
  private readonly now: () => number;
  private readonly alive: Alive;
  private readonly processId: string;
  private stopped = false;
  /** Debug lines name every append and catch-up: built only when they are written. */
  private readonly debug: boolean;

  /** Each message type's handler: the message has passed the protocol's schema for its type. */
  private readonly handlers: { [T in ClientMessageType]: Handler<T> } = {
    create: (client, message) => this.create(client, message.name, message.settings, message.room),
    peek: (client, message) => this.peek(client, message.room),
    join: (client, message) => this.join(client, message.room, message.name),
    resume: (client, message) => this.resume(client, message.room, message.token, message.seq),
    leave: (client) => this.leave(client),
    settings: (client, message) => this.seatChange(client, (seat, at) => [{ type: 'settings', at, seat, settings: message.settings }]),
    start: (client) => this.seatChange(client, (seat, at) => [{ type: 'start', at, seat, nextSeed: freshSeed() }]),
    move: (client, message) => this.seatChange(client, (seat, at) => [{ type: 'move', at, seat, seq: message.seq, by: 'person', move: message.move }]),
    // The seat is ready; once every connected person is, the next round is dealt in the same change.
    'next-round': (client, message) => this.seatChange(client, (seat, at, room) => withDealIfAllReady(room, [{ type: 'ready', at, seat, seq: message.seq }], this.alive, at, freshSeed)),
    'new-match': (client) => this.seatChange(client, (seat, at) => [{ type: 'new-match', at, seat, nextSeed: freshSeed() }]),
    // ---- Rooms people come back to
    phrase: (client, message) => this.phrase(client, message.phrase),
    // The seat wants another match; once every connected person does, it starts in the same change.
    'play-again': (client) => this.seatChange(client, (seat, at, room) => withDealIfAllReady(room, [{ type: 'again', at, seat }], this.alive, at, freshSeed)),
    back: (client) => this.seatChange(client, (seat, at) => [{ type: 'back', at, seat }]),
    // ---- Spectators and provable deals
    watch: (client, message) => this.watch(client, message.room),
    'deal-seed': (client, message) =>
      this.seatChange(client, (seat, at, room) =>
        commitmentOf(room.deals.next) === message.commitment
          ? [{ type: 'deal-seed', at, seat, seed: message.seed }]
          : { ok: false, code: 'stale', message: 'this commitment is not the next deal’s (it was dealt meanwhile)' },
      ),
  };

  constructor(private readonly options: RoomServiceOptions) {
    this.now = options.now ?? Date.now;
    this.scheduler = new Scheduler(this.now);
    this.alive = (process) => options.cluster.alive(process);
    this.processId = options.cluster.processId;
    this.debug = options.log.isLevelEnabled('debug');
    // Another process changed a room this one holds seats of: read what it lacks, tell its seats.
    options.cluster.onChange((id, version) => {
      const room = this.rooms.get(id);
      if (room && version > room.version) this.follow(room);
    });
    // A process was seen to die (or came back): the seats it held are gone (or back), which changes what
    // the room info shows and what is due (a grace period starts, the clock passes to a process alive).
    options.cluster.onAliveChange(() => {
      for (const room of this.rooms.values()) void room.queued(async () => this.after(room, [], true)).catch(() => undefined);
    });
    // A phrase said on another process reaches the room's connections here too; one said here
    // (its seat's connection is held here) comes back on the bus too, and was relayed already.
    options.cluster.onSaid((id, seat, phrase) => {
      const room = this.rooms.get(id);
      const held = room?.state.seats[seat];
      if (!room || held?.kind !== 'human' || held.connectedVia === this.processId || !PHRASES.includes(phrase as PhraseId)) return;
      this.relayPhrase(room, seat, phrase as PhraseId);
    });
  }

  /** Rooms held in this process's memory (those it holds connections for). */
  get liveRooms(): number {
    return this.rooms.size;
  }

  // ---- Messages ------------------------------------------------------------------------------

  async handle(client: Client, message: ClientMessage): Promise<void> {
    if (isSpectator(client) && message.type !== 'leave') {
      this.refuse(client, 'spectator', 'a spectator may only leave', message.type);
      return;
    }
    try {
      await (this.handlers[message.type] as Handler<typeof message.type>)(client, message as never);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      this.refuse(client, error.code, error.message, message.type);
    }
  }

  refuse(client: Client, code: ErrorCode, message: string, ref?: ClientMessageType): void {
    this.options.log.info({ event: 'refused', code, ref, client: client.id }, 'refused');
    this.options.metrics?.refusals.inc({ code });
    client.send({ type: 'error', code, message, ...(ref ? { ref } : {}) });
  }

  /**
   * `proposed`: the id the client made for the room (and put in its WebSocket URL, for the load
   * balancer); one that is a room's already is refused, nothing created.
   */
  private async create(client: Client, name: string, settings: RoomSettings, proposed: string | undefined): Promise<void> {
    const now = this.now();
    const token = randomId();
    const created = newRoom({ id: proposed ?? randomId(), serverSeed: freshSeed(), name, tokenHash: hashToken(token), settings, at: now });
    const connected = applyEntry(created, { type: 'connect', at: now, seat: 0, via: this.processId });
    if (!connected.ok) throw refusal(connected);
    const state = connected.room;
    if (!(await this.options.store.create(state.id, JSON.stringify(state), this.expiry(state, now)))) {
      if (proposed !== undefined) throw new Refusal('room-taken', 'a room with this id exists already: create it under a fresh id');
      throw new Refusal('unavailable', 'the room could not be created; try again');
    }
    this.options.log.info({ event: 'room-created', room: state.id, variant: settings.variant, players: settings.players }, 'room created');
    const room = new LiveRoom(state, 1, 1, []);
    this.rooms.set(state.id, room);
    this.options.cluster.watch(state.id);
    this.bind(client, room, 0, -1);
    client.send({ type: 'welcome', room: state.id, seat: 0, token });
    this.tell(room);
  }

  private async peek(client: Client, id: string): Promise<void> {
    const room = this.rooms.get(id) ?? (await this.loadOnce(id));
    if (!room) throw noSuchRoom();
    client.send({ type: 'room', room: roomInfo(room.state, this.alive, this.now(), this.options.graceMs) });
  }

  private async join(client: Client, id: string, name: string): Promise<void> {
    const room = await this.hot(id);
    const token = randomId();
    const tokenHash = hashToken(token);
    const { seat } = await this.keepingOnlyIfSeated(room, this.change(
      room,
      (state, at) => {
        const joined = applyEntry(state, { type: 'join', at, name, tokenHash });
        if (!joined.ok) return joined;
        return [{ type: 'join', at, name, tokenHash }, { type: 'connect', at, seat: joined.seat!, via: this.processId }];
      },
      ({ seat: taken }) => {
        this.bind(client, room, taken!, -1);
        client.send({ type: 'welcome', room: id, seat: taken!, token });
      },
    ));
    this.options.log.info({ event: 'joined', room: id, seat }, 'joined');
  }

  private async resume(client: Client, id: string, token: string, lastSeq: number | undefined): Promise<void> {
    const room = await this.hot(id);
    const seatOf = (state: RoomState) => seatOfToken(state, token) ?? -1;
    if (seatOf(room.state) < 0) {
      this.release(room);
      throw new Refusal('bad-token', 'this token holds no seat in this room');
    }
    await this.keepingOnlyIfSeated(room, this.change(
      room,
      (state, at) => {
        // The token is checked again on the state the change is made on: a `leave` may have won the race.
        const seat = seatOf(state);
        if (seat < 0) return { ok: false, code: 'bad-token', message: 'this token holds no seat in this room' };
        return [{ type: 'connect', at, seat, via: this.processId }];
      },
      ({ room: state }) => {
        const seat = seatOf(state);
        this.bind(client, room, seat, lastSeq ?? -1);
        client.send({ type: 'welcome', room: id, seat });
      },
    ));
  }

  /** A room loaded for a join or a resume that was refused leaves memory again (unless others hold it). */
  private async keepingOnlyIfSeated<T>(room: LiveRoom, change: Promise<T>): Promise<T> {
    try {
      return await change;
    } finally {
      this.release(room);
    }
  }

  private async leave(client: Client): Promise<void> {
    if (isSpectator(client)) return this.stopWatching(client);
    const { room, seat } = this.seated(client);
    const { room: after } = await this.change(
      room,
      (state, at) => withDealIfAllReady(state, [{ type: 'leave', at, seat }], this.alive, at, freshSeed),
      () => this.unbind(client),
    );
    client.send({ type: 'room', room: roomInfo(after, this.alive, this.now(), this.options.graceMs) });
  }

  // ---- Spectators ----------------------------------------------------------------------------

  /** Opens the room's table read only (unless its host turned watching off): the room info, then each change's `table`. */
  private async watch(client: Client, id: string): Promise<void> {
    const room = await this.hot(id);
    const refused = watchRefusal(room.state);
    if (refused) {
      this.release(room);
      throw refusal(refused);
    }
    const previous = client.room !== null && client.seat !== null ? { room: client.room, seat: client.seat } : null;
    this.unbind(client);
    if (previous) void this.disconnect(previous.room, previous.seat);
    room.clients.add(client);
    room.newcomers.add(client);
    client.room = room.id;
    client.seq = -1;
    // Watching from before the start, the first table carries every event since (as a seat's view does).
    if (!room.state.match) room.resumedFrom.set(client, room.state.seq);
    await this.countWatchers(room);
    this.options.log.info({ event: 'watching', room: id, client: client.id }, 'watching');
  }

  private async stopWatching(client: Client): Promise<void> {
    const room = client.room === null ? undefined : this.rooms.get(client.room);
    const after = room?.state;
    this.unbind(client);
    if (room) await this.countWatchers(room);
    if (after) client.send({ type: 'room', room: roomInfo(after, this.alive, this.now(), this.options.graceMs) });
  }

  /** Stores how many spectators this process holds for the room (the room info shows the sum over processes). */
  private async countWatchers(room: LiveRoom): Promise<void> {
    const here = () => [...room.clients].filter(isSpectator).length;
    try {
      await this.change(room, (state, at) => ((state.watchers[this.processId] ?? 0) === here() ? [] : [{ type: 'watchers', at, via: this.processId, count: here() }]));
    } catch (error) {
      if (!(error instanceof Refusal)) this.options.log.warn({ err: error, room: room.id }, 'could not count the watchers');
    } finally {
      this.release(room);
    }
  }

  /** A change a seated client asks for, on its own seat. */
  private async seatChange(client: Client, entries: (seat: Seat, at: number, room: RoomState) => Entry[] | Refused): Promise<void> {
    const { room, seat } = this.seated(client);
    const before = room.state.phase;
    const { room: after } = await this.change(room, (state, at) => entries(seat, at, state));
    if (after.phase === 'playing' && before === 'lobby') this.options.log.info({ event: 'match-started', room: room.id }, 'match started');
  }

  private seated(client: Client): { room: LiveRoom; seat: Seat } {
    const room = client.room === null ? undefined : this.rooms.get(client.room);
    if (!room || client.seat === null) throw new Refusal('not-seated', 'join or resume a room first');
    return { room, seat: client.seat };
  }

  // ---- Quick phrases -------------------------------------------------------------------

  /** A seat's quick phrase: to everyone in the room, here and on the other processes; never stored. */
  private async phrase(client: Client, phrase: PhraseId): Promise<void> {
    const { room, seat } = this.seated(client);
    const refused = phraseRefusal(room.state);
    if (refused) throw refusal(refused);
    if (!room.phrases.allow(seat, this.now())) throw new Refusal('rate-limited', 'one quick phrase every 2 seconds, 10 a minute');
    this.relayPhrase(room, seat, phrase);
    this.options.cluster.say(room.id, seat, phrase);
  }

  private relayPhrase(room: LiveRoom, seat: Seat, phrase: PhraseId): void {
    this.toEveryone(room, JSON.stringify({ type: 'phrase', seat, phrase }));
  }

  /** A frame for everyone in the room this process holds a connection of: every seat (and whoever else comes to watch). */
  private toEveryone(room: LiveRoom, text: string): void {
    for (const client of room.clients) client.sendText(text);
  }

  // ---- Changing a room -----------------------------------------------------------------------

  /**
   * Makes one change to a hot room, after the changes queued before it: builds its entries on the
   * room as committed, applies them, appends them (with a snapshot now and then), and only once they
   * are stored takes the new state, runs `committed` (to welcome the client the change seated) and
   * tells the seats. A compare-and-set lost to another process catches up and builds again.
   */
  private change(room: LiveRoom, build: Build, committed?: (result: Committed) => void): Promise<Committed> {
    return room.queued(async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const now = this.now();
        const built = build(room.state, now);
        if (!Array.isArray(built)) throw refusal(built);
        const replayed = replay(room.state, built, [], refusal);
        const state = replayed.state;
        const changes = replayed.changes;
        const seat = replayed.seat;
        const snapshot = this.wantsSnapshot(room, built) ? room.snapshotOf(state, changes) : null;
        const appended = await this.options.store.append(room.id, room.version, built.map(encodeEntry), snapshot, this.expiry(state, now));
        if (this.debug) this.options.log.debug({ event: 'append', room: room.id, version: room.version, entries: built.map((e) => e.type), appended }, 'append');
        if (appended) {
          room.advance(state, room.version + built.length, changes, snapshot !== null);
          const result = { room: state, ...(seat !== undefined ? { seat } : {}) };
          committed?.(result);
          this.after(room, changes);
          return result;
        }
        // Another process changed the room first: take its changes, then build this one again.
        await this.catchUp(room);
      }
      throw new Refusal('unavailable', 'the room is changing too fast; try again');
    });
  }

  /** A snapshot with every deal (the log of a round starts empty, so it is small then) and every SNAPSHOT_EVERY changes. */
  private wantsSnapshot(room: LiveRoom, entries: Entry[]): boolean {
    return room.sinceSnapshot + entries.length >= SNAPSHOT_EVERY || entries.some((e) => e.type === 'deal' || e.type === 'start' || e.type === 'new-match');
  }

  /**
   * Catches up on a change another process announced. The notice may come before storage answers again
   * (after Redis comes back, the channel's connection may be ready before the commands' one): a read
   * that fails is tried again, less and less often, while this process still holds the room, so that
   * its seats never stay behind.
   */
  private follow(room: LiveRoom, attempt = 0): void {
    void room.queued(() => this.catchUp(room)).catch((error: unknown) => {
      if (error instanceof Refusal || this.rooms.get(room.id) !== room) return;
      this.options.log.warn({ err: error, room: room.id, attempt }, 'could not follow a change from another process; trying again');
      setTimeout(() => this.follow(room, attempt + 1), Math.min(FOLLOW_RETRY_MS * 2 ** attempt, FOLLOW_RETRY_MAX_MS)).unref();
    });
  }

  /** Reads the entries this process lacks and applies them; throws no-such-room when the room is gone. */
  private async catchUp(room: LiveRoom): Promise<void> {
    const stored = await this.options.store.since(room.id, room.version);
    if (this.debug) this.options.log.debug({ event: 'catch-up', room: room.id, version: room.version, stored: stored && { version: stored.version, snapshot: stored.snapshot !== null, entries: stored.entries.length } }, 'catch up');
    if (!stored) {
      this.drop(room, 'the room expired');
      throw noSuchRoom();
    }
    if (stored.version <= room.version) return;
    if (stored.snapshot !== null) {
      // Our version is older than the log keeps: start again from its snapshot.
      // The snapshot keeps its last changes' events: a seat here behind by a few still hears them.
      room.reset(restore(stored), stored.version, stored.snapshotVersion);
    } else {
      const replayed = replay(room.state, stored.entries.map(decodeEntry));
      room.advance(replayed.state, stored.version, replayed.changes, false);
    }
    this.after(room, []);
  }

  private expiry(room: RoomState, now: number): number {
    return expiresAt(room, this.alive, now, this.options.ttl);
  }

  /** After a change (or a look again, `force`: the clock changed what the room info shows): tell, then schedule. */
  private after(room: LiveRoom, changes: Replayed['changes'], force = false): void {
    if (changes.some((c) => c.events.some((e) => e.type === 'matchEnd'))) this.options.log.info({ event: 'match-ended', room: room.id }, 'match ended');
    this.tell(room, force);
    this.schedule(room);
  }

  // ---- Loading -------------------------------------------------------------------------------

  /** The room, hot: from memory, or loaded (and kept while this process holds connections for it). */
  private async hot(id: string): Promise<LiveRoom> {
    const kept = this.rooms.get(id);
    if (kept) return kept;
    const loaded = await this.loadOnce(id);
    if (!loaded) throw noSuchRoom();
    // Two loads of one room at once give one room.
    const existing = this.rooms.get(id);
    if (existing) return existing;
    this.rooms.set(id, loaded);
    this.options.cluster.watch(id);
    return loaded;
  }

  private loadOnce(id: string): Promise<LiveRoom | null> {
    let loading = this.loading.get(id);
    if (!loading) {
      loading = this.options.store
        .load(id)
        .then((stored) => {
          if (!stored) return null;
          const { state, changes, before } = restore(stored);
          return new LiveRoom(state, stored.version, stored.snapshotVersion, changes, before);
        })
        .finally(() => this.loading.delete(id));
      this.loading.set(id, loading);
    }
    return loading;
  }

  /** Lets go of a room nobody here is connected to any more, once nothing is queued for it. */
  private release(room: LiveRoom): void {
    if (!room.idle || this.rooms.get(room.id) !== room) return;
    this.rooms.delete(room.id);
    this.scheduler.cancel(room.id);
    this.options.cluster.unwatch(room.id);
  }

  private drop(room: LiveRoom, reason: string): void {
    for (const client of room.clients) {
      client.room = null;
      client.seat = null;
      client.close(4001, reason);
    }
    room.clients.clear();
    this.rooms.delete(room.id);
    this.scheduler.cancel(room.id);
    this.options.cluster.unwatch(room.id);
  }

  // ---- Telling the seats ---------------------------------------------------------------------

  /** Sends this process's clients of the room what changed: the room info when it did, and each seat's view. */
  private tell(room: LiveRoom, force = false): void {
    if (room.clients.size === 0) return;
    const state = room.state;
    // The room info is made again only when what it shows may have changed: the seats (presence and
    // ready included), the phase, the host, the settings, which processes are alive, or the clock (a
    // grace period ending: `force`).
    const infoKey = room.infoKey;
    const alive = this.options.cluster.aliveGeneration;
    const infoStale =
      force || !infoKey || infoKey.seats !== state.seats || infoKey.phase !== state.phase || infoKey.host !== state.host || infoKey.settings !== state.settings || infoKey.alive !== alive ||
      infoKey.watchers !== state.watchers || infoKey.next !== state.deals.next;
    let infoChanged = false;
    if (infoStale) {
      const infoText = JSON.stringify({ type: 'room', room: roomInfo(state, this.alive, this.now(), this.options.graceMs) });
      infoChanged = room.lastInfo !== infoText;
      room.lastInfo = infoText;
      room.infoKey = { seats: state.seats, phase: state.phase, host: state.host, settings: state.settings, alive, watchers: state.watchers, next: state.deals.next };
    }
    const infoText = room.lastInfo!;
    const frames = state.match ? new ViewFrames(state.match.game, state.seq, dealProofOf(state)) : null;
    const clock = frames && turnClock(state, this.alive, this.now(), this.timing(state));
    const clockJson = clock ? `,"clock":${JSON.stringify(clock)}` : '';
    const eventsJson = new Map<number, string>();
    for (const client of [...room.clients]) {
      const holder = client.seat === null ? undefined : state.seats[client.seat];
      if (holder?.kind === 'human' && holder.connectedVia !== null && holder.connectedVia !== this.processId && this.alive(holder.connectedVia)) {
        // A newer connection for this seat came in on another process.
        this.unbind(client);
        client.close(4000, 'replaced by a newer connection');
        continue;
      }
      if (infoChanged || room.newcomers.has(client)) client.sendText(infoText);
      room.newcomers.delete(client);
      if (!frames || client.seq === state.seq) continue;
      // The events since the seat's previous view (or since the view it said it held, resuming).
      const from = client.seq >= 0 ? client.seq : (room.resumedFrom.get(client) ?? -1);
      room.resumedFrom.delete(client);
      let events = eventsJson.get(from);
      if (events === undefined) {
        events = from < 0 ? '[]' : (room.eventsSince(from) ?? '[]');
        eventsJson.set(from, events);
      }
      client.seq = state.seq;
      client.sendText(client.seat === null ? frames.spectatorFrame(events, clockJson) : frames.frame(client.seat, events, clockJson));
    }
  }

  private bind(client: Client, room: LiveRoom, seat: Seat, lastSeq: number): void {
    // A connection plays one seat: taking another lets go of the one it held.
    const previous = client.room !== null && client.seat !== null && (client.room !== room.id || client.seat !== seat) ? { room: client.room, seat: client.seat } : null;
    this.unbind(client);
    if (previous) void this.disconnect(previous.room, previous.seat);
    // A newer connection for a seat replaces the older one.
    for (const other of room.clients) {
      if (other.seat === seat) {
        room.clients.delete(other);
        other.room = null;
        other.seat = null;
        other.close(4000, 'replaced by a newer connection');
      }
    }
    room.clients.add(client);
    room.newcomers.add(client);
    client.room = room.id;
    client.seat = seat;
    client.seq = -1;
    // A seat taken before the start has seen the room from seq 0: its first view carries every event
    // since (a start and a computer's lead may come to it as one view). A resumed seat that says which
    // view it holds hears the events since that one, when the room still has them.
    const heardUpTo = room.state.match ? lastSeq : room.state.seq;
    if (heardUpTo >= 0) room.resumedFrom.set(client, heardUpTo);
  }

  private unbind(client: Client): void {
    if (client.room === null) return;
    const room = this.rooms.get(client.room);
    client.room = null;
    client.seat = null;
    client.seq = -1;
    if (!room) return;
    room.clients.delete(client);
    room.newcomers.delete(client);
    room.resumedFrom.delete(client);
    if (room.clients.size === 0) void room.settled().then(() => this.release(room));
  }

  /** A connection closed: its seat is without a connection from now (the grace period starts). */
  async closed(client: Client): Promise<void> {
    if (isSpectator(client)) return this.stopWatching(client);
    const { room, seat } = client;
    this.unbind(client);
    if (room === null || seat === null) return;
    await this.disconnect(room, seat);
  }

  /** A seat this process held has no connection from now. */
  private async disconnect(id: string, seat: Seat): Promise<void> {
    if (this.stopped) return;
    let room: LiveRoom;
    try {
      room = await this.hot(id);
    } catch {
      return;
    }
    try {
      await this.change(room, (state, at) => {
        const held = state.seats[seat];
        if (!held || held.kind !== 'human' || held.connectedVia !== this.processId) return { ok: false, code: 'wrong-phase', message: 'not held here' };
        return withDealIfAllReady(state, [{ type: 'disconnect', at, seat }], this.alive, at, freshSeed);
      });
    } catch (error) {
      if (!(error instanceof Refusal)) this.options.log.error({ err: error, room: id }, 'presence update failed');
    } finally {
      this.release(room);
    }
  }

  // ---- The clock: computers, away players, the next deal -------------------------------------

  private timing(room: RoomState): Timing {
    return roomTiming(room.settings, this.options);
  }

  private schedule(room: LiveRoom): void {
    if (this.stopped) return;
    // Spectators are no seats: a process that holds only spectators of a room leaves its clock to the seats' processes.
    if (![...room.clients].some((client) => client.seat !== null)) {
      room.dueKey = '';
      this.scheduler.cancel(room.id);
      return;
    }
    const state = room.state;
    const now = this.now();
    const due = dueOf(state, this.alive, now, this.timing(state));
    const key = due ? `${state.seq}:${due.kind}:${due.kind === 'computer' || due.kind === 'clock' ? due.seat : ''}:${due.at}` : '';
    if (key === room.dueKey) return;
    room.dueKey = key;
    if (!due) {
      this.scheduler.cancel(room.id);
      return;
    }
    if (due.kind === 'computer' && room.thinking?.key !== key) {
      // Thinking starts now and runs beside the tempo pause.
      room.thinking = { key, move: this.think(state, due.seat) };
      room.thinking.move.catch(() => undefined);
    }
    const at = this.leads(state) ? due.at : due.at + FOLLOWER_DELAY_MS;
    this.scheduler.set(room.id, at, () => void this.fire(room, due, key));
  }

  /** Whether this process holds the room's first connected seat (so it acts on the room's clock on time). */
  private leads(state: RoomState): boolean {
    const first = state.seats.find((s) => isConnected(s, this.alive));
    return !first || first.connectedVia === this.processId;
  }

  private async fire(room: LiveRoom, due: Due, key: string): Promise<void> {
    if (room.dueKey !== key || this.rooms.get(room.id) !== room) return;
    const thinking = room.thinking?.key === key ? room.thinking : null;
    // Whatever this step leads to is scheduled afresh.
    room.dueKey = '';
    const seq = room.state.seq;
    try {
      if (due.kind === 'computer' || due.kind === 'clock') {
        // A person's clock running out is played like a computer's turn (thought of only then: most turns never run out).
        const move = await (thinking?.move ?? this.think(room.state, due.seat));
        if (room.thinking === thinking) room.thinking = null;
        await this.change(room, (state, at) => {
          const still = dueOf(state, this.alive, at, this.timing(state));
          if (state.seq !== seq || still?.kind !== due.kind || still.seat !== due.seat || (due.kind === 'clock' && still.at > at)) return { ok: false, code: 'stale', message: 'the turn moved on' };
          return [{ type: 'move', at, seat: due.seat, seq, by: due.kind === 'clock' ? 'clock' : 'computer', move }];
        });
      } else if (due.kind === 'next-round') {
        await this.change(room, (state, at) => (state.seq === seq ? [{ type: 'deal', at, seq, nextSeed: freshSeed() }] : { ok: false, code: 'stale', message: 'already dealt' }));
      } else {
        // A grace period ended: nothing to store, but the others see the person away now.
        await room.queued(async () => this.after(room, [], true));
      }
    } catch (error) {
      // Refused: the room moved on meanwhile, and what is due now is scheduled. Failed (the storage is
      // away): tried again a little later, so the room's clock never stops for good.
      const failed = !(error instanceof Refusal);
      if (failed) this.options.log.error({ err: error, room: room.id }, 'a timed step failed');
      const again = () => void room.queued(async () => this.schedule(room)).catch(() => undefined);
      if (failed) setTimeout(again, RETRY_MS).unref();
      else again();
    }
  }

  /**
   * The computer's move for `seat`, chosen in the pool from that seat's view alone. A player that fails
   * or picks an illegal move gets the first legal one instead, as the match machine does: a stalled
   * room is worse than a weak move.
   */
  private async think(state: RoomState, seat: Seat): Promise<Move> {
    const match = state.match!;
    const view = playerView(match.game, seat);
    const legal = legalMoves(view);
    let move: LegalMove | undefined;
    try {
      const chosen = await this.options.pool.choose(view, { level: state.settings.level, seed: computerSeed(match) });
      move = legal.find((m) => JSON.stringify(wire(m)) === JSON.stringify(wire(chosen)));
      if (!move) this.options.log.warn({ event: 'computer-illegal', room: state.id }, 'the computer player chose no legal move');
    } catch (error) {
      this.options.log.warn({ err: error, room: state.id }, 'the computer player failed');
    }
    return wire(move ?? legal[0]!);
  }

  // ---- Upkeep --------------------------------------------------------------------------------

  async sweep(): Promise<number> {
    const removed = await this.options.store.sweep(this.now());
    if (removed > 0) this.options.log.info({ event: 'rooms-expired', count: removed }, 'rooms expired');
    return removed;
  }

  /** Waits for the changes under way in this process to be stored. */
  async drain(): Promise<void> {
    await Promise.all([...this.rooms.values()].map((room) => room.settled()));
  }

  close(): void {
    this.stopped = true;
    this.scheduler.stop();
  }
}

/** A move as the wire and the log carry it (no `pip` or `points`). */
function wire(move: LegalMove): Move {
  return move.type === 'play' ? { type: 'play', tile: [move.tile[0], move.tile[1]], end: move.end } : { type: move.type };
}
