/**
 * The one entry point for everything that happens to rooms: the message table. A room this process
 * holds connections for is hot in memory (LiveRoom, taken through RoomRegistry's `withRoom`); a
 * message becomes a change the room commits (room-commit.ts: save before send, compare-and-set on
 * its log), its clock makes the timed ones (room-clock.ts), and its connections hear of each
 * (room-clients.ts). What a room's settings allow is decided by the pure core (core/policies.ts).
 */
import type { Logger } from 'pino';
import type { Seat } from 'domino-game/engine';
import { PHRASES, type ClientMessage, type ClientMessageType, type ErrorCode, type PhraseId, type RatedResult, type RatingChange, type RatingFamily, type RoomKeys, type RoomSettings } from 'domino-game/protocol';
import type { Cluster } from '../cluster.js';
import type { ComputerPool } from '../computer-pool.js';
import { expiresAt } from '../core/due.js';
import type { Entry } from '../core/entries.js';
import { accessRefusal, phraseRefusal, roomTiming } from '../core/policies.js';
import { othersHold, roomInfo, withDealIfAllReady } from '../core/presence.js';
import { ratedMatchOf } from '../core/rated-table.js';
import { applyEntry, commitmentOf, newRoom, newTable, seatOfToken, type Refused, type RoomState } from '../core/room.js';
import type { Seek } from '../matchmaking/pool-store.js';
import type { PoolConfig } from '../matchmaking/pools.js';
import type { QuickMatch } from '../matchmaking/quick-match.js';
import type { PlayerStore } from '../players/player-store.js';
import { recordAndReport } from '../players/rated-match.js';
import { isProvisional, shownRating } from '../ratings/rating-core.js';
import type { Metrics } from '../metrics.js';
import { MemoryPlayerStore } from '../players/memory.js';
import { PlayerService } from '../players/player-service.js';
import type { RoomLog } from '../storage/log.js';
import { freshSeed, hashToken, randomId } from '../tokens.js';
import type { LiveRoom } from './live-room.js';
import { storageRetryMs } from './room-commit.js';
import { noSuchRoom, Refusal, refusal } from './refusal.js';
import { isSpectator, unbound, type Client } from './room-clients.js';
import type { RoomEnv } from './room-env.js';
import { RoomRegistry } from './room-registry.js';
import { Scheduler } from './scheduler.js';

export type { Client } from './room-clients.js';

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
  /** Who is playing (`identify`, `avoid`); players in memory, without site tokens, when left out (tests of rooms alone). */
  players?: PlayerService;
  /** What the computers' pause before a move is multiplied by (1 when left out; tests only: `--computer-pause-scale`). */
  computerPauseScale?: number;
  /** Where rated matches are recorded (the players' store); quick-match tables' matches are not rated without it. */
  playerStore?: PlayerStore;
}

/** The room's keys as a seat's `welcome` carries them (never anyone else). */
const keysOf = (state: RoomState): RoomKeys => ({ invite: state.secrets.invite, watch: state.secrets.watch });

type Handler<T extends ClientMessageType> = (client: Client, message: Extract<ClientMessage, { type: T }>) => Promise<void>;

export class RoomService {
  private readonly rooms: RoomRegistry;
  private readonly scheduler: Scheduler;
  private readonly env: RoomEnv;
  private readonly players: PlayerService;
  /** Quick match (`pools`, `seek`, `cancel-seek`), once the server attached it. */
  private quickMatch: QuickMatch | null = null;
  /** Quick-match rooms whose finished match this process is rating now. */
  private readonly rating = new Set<string>();
  private stopped = false;

  /** Each message type's handler: the message has passed the protocol's schema for its type. */
  private readonly handlers: { [T in ClientMessageType]: Handler<T> } = {
    create: (client, message) => this.create(client, message.name, message.settings, message.room),
    peek: (client, message) => this.peek(client, message.room, message.key),
    join: (client, message) => this.join(client, message.room, message.name, message.key),
    resume: (client, message) => this.resume(client, message.room, message.token, message.seq),
    leave: (client) => this.leave(client),
    settings: (client, message) => this.seatChange(client, (seat, at) => [{ type: 'settings', at, seat, settings: message.settings }]),
    start: (client) => this.seatChange(client, (seat, at) => [{ type: 'start', at, seat, nextSeed: freshSeed() }]),
    move: (client, message) => this.seatChange(client, (seat, at) => [{ type: 'move', at, seat, seq: message.seq, by: 'person', move: message.move }]),
    // The seat is ready; once every connected person is, the next round is dealt in the same change.
    'next-round': (client, message) => this.seatChange(client, (seat, at, room) => withDealIfAllReady(room, [{ type: 'ready', at, seat, seq: message.seq }], this.env.alive, at, freshSeed)),
    'new-match': (client) => this.seatChange(client, (seat, at) => [{ type: 'new-match', at, seat, nextSeed: freshSeed() }]),
    // ---- Rooms people come back to
    phrase: (client, message) => this.phrase(client, message.phrase),
    // The seat wants another match; once every connected person does, it starts in the same change.
    'play-again': (client) => this.seatChange(client, (seat, at, room) => withDealIfAllReady(room, [{ type: 'again', at, seat }], this.env.alive, at, freshSeed)),
    back: (client) => this.seatChange(client, (seat, at) => [{ type: 'back', at, seat }]),
    // ---- Spectators and provable deals
    watch: (client, message) => this.watch(client, message.room, message.key),
    'deal-seed': (client, message) =>
      this.seatChange(client, (seat, at, room) =>
        commitmentOf(room.deals.next) === message.commitment
          ? [{ type: 'deal-seed', at, seat, seed: message.seed }]
          : { ok: false, code: 'stale', message: 'this commitment is not the next deal’s (it was dealt meanwhile)' },
      ),
    // ---- Access
    newcomers: (client, message) => this.seatChange(client, (seat, at) => [{ type: 'newcomers', at, seat, allowed: message.allowed }]),
    // ---- Players: the connection's, not a room's
    identify: (client, message) => this.players.identify(client, message),
    avoid: (client, message) => this.players.avoid(client, message.player, message.avoid),
    // ---- Quick match: the connection's too
    pools: (client) => this.quick().pools(client),
    seek: (client, message) => this.quick().seek(client, message.pool, message.computers ?? false),
    'cancel-seek': (client) => this.quick().cancel(client),
  };

  constructor(private readonly options: RoomServiceOptions) {
    const now = options.now ?? Date.now;
    const { cluster, log } = options;
    this.players = options.players ?? new PlayerService({ store: new MemoryPlayerStore(), site: null, log, now });
    const alive = (process: string) => cluster.alive(process);
    this.scheduler = new Scheduler(now);
    this.env = {
      store: options.store,
      pool: options.pool,
      log,
      cluster,
      scheduler: this.scheduler,
      processId: cluster.processId,
      alive,
      now,
      graceMs: options.graceMs,
      debug: log.isLevelEnabled('debug'),
      stopped: () => this.stopped,
      timing: (state) => roomTiming(state.settings, options),
      expiry: (state, at) => expiresAt(state, alive, at, options.ttl),
      matchOver: (room) => this.rateTable(room),
    };
    this.rooms = new RoomRegistry(this.env);
    // Another process changed a room this one holds seats of: read what it lacks, and its connections here hear of it.
    cluster.onChange((id, version) => {
      const room = this.rooms.live(id);
      if (room && version > room.version) room.follow(version);
    });
    // A process was seen to die (or came back): the seats it held are gone (or back), which changes what
    // the room info shows and what is due (a grace period starts, the clock passes to a process alive).
    cluster.onAliveChange(() => {
      for (const room of this.rooms.all()) void room.lookAgain().catch(() => undefined);
    });
    // A phrase said on another process reaches the room's connections here too; one said here
    // (its seat's connection is held here) comes back on the bus too, and was broadcast already.
    cluster.onPhraseAnnounced((id, seat, phrase) => {
      const room = this.rooms.live(id);
      const held = room?.state.seats[seat];
      if (!room || held?.kind !== 'human' || held.connectedVia === this.env.processId || !PHRASES.includes(phrase as PhraseId)) return;
      room.broadcastPhrase(seat, phrase as PhraseId);
    });
  }

  /** Rooms held in this process's memory (those it holds connections for). */
  get liveRooms(): number {
    return this.rooms.size;
  }

  /** Connections' seeks go to `quickMatch` from now on. */
  attachQuickMatch(quickMatch: QuickMatch): void {
    this.quickMatch = quickMatch;
  }

  private quick(): QuickMatch {
    if (!this.quickMatch) throw new Refusal('unavailable', 'this server offers no quick match');
    return this.quickMatch;
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

  /** Sends a client the room's info as the room is in `state`. */
  private sendRoomInfo(client: Client, state: RoomState): void {
    client.send({ type: 'room', room: roomInfo(state, this.env.alive, this.env.now(), this.options.graceMs) });
  }

  /**
   * `proposed`: the id the client made for the room (and put in its WebSocket URL, for the load
   * balancer); one that is a room's already is refused, nothing created.
   */
  private async create(client: Client, name: string, settings: RoomSettings, proposed: string | undefined): Promise<void> {
    const now = this.env.now();
    const token = randomId();
    const secrets = { invite: randomId(), watch: randomId() };
    const created = newRoom({ id: proposed ?? randomId(), serverSeed: freshSeed(), name, tokenHash: hashToken(token), settings, secrets, at: now });
    const connected = applyEntry(created, { type: 'connect', at: now, seat: 0, via: this.env.processId });
    if (!connected.ok) throw refusal(connected);
    const state = connected.room;
    if (!(await this.options.store.create(state.id, JSON.stringify(state), this.env.expiry(state, now)))) {
      if (proposed !== undefined) throw new Refusal('room-taken', 'a room with this id exists already: create it under a fresh id');
      throw new Refusal('unavailable', 'the room could not be created; try again');
    }
    this.options.log.info({ event: 'room-created', room: state.id, variant: settings.variant, players: settings.players }, 'room created');
    const room = this.rooms.adopt(state);
    this.attach(client, room, 0);
    client.send({ type: 'welcome', room: state.id, seat: 0, token, keys: keysOf(state) });
    room.broadcastChange();
  }

  private async peek(client: Client, id: string, key: string | undefined): Promise<void> {
    const state = await this.rooms.peek(id);
    if (!state) throw noSuchRoom();
    const refused = accessRefusal(state, 'peek', key);
    if (refused) throw refusal(refused);
    this.sendRoomInfo(client, state);
  }

  private async join(client: Client, id: string, name: string, key: string | undefined): Promise<void> {
    const token = randomId();
    const tokenHash = hashToken(token);
    const { seat } = await this.rooms.withRoom(id, (room) =>
      room.change(
        (state, at) => {
          const refused = accessRefusal(state, 'join', key);
          if (refused) return refused;
          const joined = applyEntry(state, { type: 'join', at, name, tokenHash });
          if (!joined.ok) return joined;
          return [{ type: 'join', at, name, tokenHash }, { type: 'connect', at, seat: joined.seat!, via: this.env.processId }, ...this.keysMinted(state, at)];
        },
        ({ room: state, seat: taken }) => {
          this.attach(client, room, taken!);
          client.send({ type: 'welcome', room: id, seat: taken!, token, keys: keysOf(state) });
        },
      ),
    );
    this.options.log.info({ event: 'joined', room: id, seat }, 'joined');
  }

  /** A room made before keys gets its watch key as one of its seats comes (in the same change): its seats can then hand out a watch link. */
  private keysMinted(state: RoomState, at: number): Entry[] {
    return state.secrets.watch === null ? [{ type: 'watch-key', at, key: randomId() }] : [];
  }

  private async resume(client: Client, id: string, token: string, lastSeq: number | undefined): Promise<void> {
    const seatOf = (state: RoomState) => seatOfToken(state, token) ?? -1;
    await this.rooms.withRoom(id, async (room) => {
      if (seatOf(room.state) < 0) throw new Refusal('bad-token', 'this token holds no seat in this room');
      await room.change(
        (state, at) => {
          // The token is checked again on the state the change is made on: a `leave` may have won the race.
          const seat = seatOf(state);
          if (seat < 0) return { ok: false, code: 'bad-token', message: 'this token holds no seat in this room' };
          return [{ type: 'connect', at, seat, via: this.env.processId }, ...this.keysMinted(state, at)];
        },
        ({ room: state }) => {
          const seat = seatOf(state);
          this.attach(client, room, seat, lastSeq ?? -1);
          client.send({ type: 'welcome', room: id, seat, keys: keysOf(state) });
        },
      );
    });
  }

  private async leave(client: Client): Promise<void> {
    if (isSpectator(client)) return this.stopWatching(client);
    const { room, seat } = this.seated(client);
    const { room: after } = await room.change(
      (state, at) => withDealIfAllReady(state, [{ type: 'leave', at, seat }], this.env.alive, at, freshSeed),
      () => this.detach(client),
    );
    this.sendRoomInfo(client, after);
  }

  // ---- Binding a connection ------------------------------------------------------------------

  /**
   * Binds a connection to a room, on a seat or watching (null): the one way for both. A connection is
   * in one room on one seat at a time: taking another lets go of the one it held, whose seat is then
   * without a connection.
   */
  private attach(client: Client, room: LiveRoom, seat: Seat | null, lastSeq = -1): void {
    const previous = client.room !== null && client.seat !== null && (client.room !== room.id || client.seat !== seat) ? { room: client.room, seat: client.seat } : null;
    this.detach(client);
    if (previous) void this.disconnect(previous.room, previous.seat);
    room.attach(client, seat, lastSeq);
  }

  private detach(client: Client): void {
    const room = this.rooms.live(client.room);
    if (room) room.detach(client);
    else unbound(client);
  }

  /** A connection closed: its seat is without a connection from now (the grace period starts), its seek ends. */
  async closed(client: Client): Promise<void> {
    await this.quickMatch?.closed(client).catch((error: unknown) => this.options.log.warn({ err: error }, 'a closed connection’s seek could not be cancelled'));
    if (isSpectator(client)) return this.stopWatching(client);
    const { room, seat } = client;
    this.detach(client);
    if (room === null || seat === null) return;
    await this.disconnect(room, seat);
  }

  /** A seat this process held has no connection from now. */
  private async disconnect(id: string, seat: Seat): Promise<void> {
    if (this.stopped) return;
    const change = (room: LiveRoom) =>
      room.change((state, at) => {
        const held = state.seats[seat];
        if (!held || held.kind !== 'human' || held.connectedVia !== this.env.processId) return { ok: false, code: 'wrong-phase', message: 'not held here' };
        return withDealIfAllReady(state, [{ type: 'disconnect', at, seat }], this.env.alive, at, freshSeed);
      });
    try {
      await this.rooms.withRoom(id, async (room) => {
        try {
          await change(room);
        } catch (error) {
          if (!(error instanceof Refusal)) this.options.log.error({ err: error, room: id }, 'presence update failed');
        }
      });
    } catch {
      // The room is in no storage any more (or could not be read): no presence to store.
    }
  }

  // ---- Spectators ----------------------------------------------------------------------------

  /** Opens the room's table read only (with its watch key or invite, unless its host turned watching off): the room info, then each change's `table`. */
  private async watch(client: Client, id: string, key: string | undefined): Promise<void> {
    await this.rooms.withRoom(id, async (room) => {
      const refused = accessRefusal(room.state, 'watch', key);
      if (refused) throw refusal(refused);
      this.attach(client, room, null);
      await this.countWatchers(room);
    });
    this.options.log.info({ event: 'watching', room: id, client: client.id }, 'watching');
  }

  private async stopWatching(client: Client): Promise<void> {
    const room = this.rooms.live(client.room);
    if (!room) return unbound(client);
    const after = room.state;
    await room.hold(async () => {
      room.detach(client);
      await this.countWatchers(room);
    });
    this.sendRoomInfo(client, after);
  }

  /**
   * Stores how many spectators this process holds for the room (the room info shows the sum over
   * processes). Storage failing, it is tried again while the room is here: until it is stored, a
   * process appending the room's changes does not know that a spectator here waits for their notices.
   */
  private async countWatchers(room: LiveRoom, attempt = 0): Promise<void> {
    const { processId } = this.env;
    try {
      await room.change((state, at) => ((state.watchers[processId] ?? 0) === room.spectatorsHere ? [] : [{ type: 'watchers', at, via: processId, count: room.spectatorsHere }]));
    } catch (error) {
      // Refused for good (the room expired), or the room left: nobody here to count.
      if ((error instanceof Refusal && error.code !== 'unavailable') || room.released) return;
      this.options.log.warn({ err: error, room: room.id, attempt }, 'could not count the watchers; trying again');
      setTimeout(() => {
        if (!room.released) void room.hold(() => this.countWatchers(room, attempt + 1));
      }, storageRetryMs(attempt)).unref();
    }
  }

  // ---- Seats' changes ------------------------------------------------------------------------

  /** A change a seated client asks for, on its own seat. */
  private async seatChange(client: Client, entries: (seat: Seat, at: number, room: RoomState) => Entry[] | Refused): Promise<void> {
    const { room, seat } = this.seated(client);
    const before = room.state.phase;
    const { room: after } = await room.change((state, at) => entries(seat, at, state));
    if (after.phase === 'playing' && before === 'lobby') this.options.log.info({ event: 'match-started', room: room.id }, 'match started');
  }

  private seated(client: Client): { room: LiveRoom; seat: Seat } {
    const room = this.rooms.live(client.room);
    if (!room || client.seat === null) throw new Refusal('not-seated', 'join or resume a room first');
    return { room, seat: client.seat };
  }

  /** A seat's quick phrase: to everyone in the room, here and on the other processes; never stored. */
  private async phrase(client: Client, phrase: PhraseId): Promise<void> {
    const { room, seat } = this.seated(client);
    const refused = phraseRefusal(room.state);
    if (refused) throw refusal(refused);
    if (!room.phrases.allow(seat, this.env.now())) throw new Refusal('rate-limited', 'one quick phrase every 2 seconds, 10 a minute');
    room.broadcastPhrase(seat, phrase);
    if (othersHold(room.state, this.env.processId)) this.options.cluster.announcePhrase(room.id, seat, phrase);
  }

  // ---- Quick-match tables --------------------------------------------------------------------

  /**
   * Makes a quick-match table's room: the pool's match, its people in seat order (each seat's token known
   * only by its seeker's process, by its hash), computers in the rest, started; its id. Nobody is
   * connected: each seeker resumes its seat on the room's own URL.
   */
  async createTable(pool: PoolConfig, people: readonly Seek[]): Promise<string> {
    const at = this.env.now();
    const state = newTable({
      id: randomId(),
      serverSeed: freshSeed(),
      nextSeed: freshSeed(),
      settings: pool.settings,
      watchKey: randomId(),
      pool: pool.id,
      family: pool.family,
      people: people.map((seek) => ({ player: { id: seek.id, name: seek.name, rating: seek.rating, provisional: seek.provisional }, tokenHash: seek.tokenHash })),
      at,
    });
    if (!(await this.options.store.create(state.id, JSON.stringify(state), this.env.expiry(state, at)))) throw new Error('a quick-match table’s room could not be stored');
    this.options.log.info({ event: 'table-created', room: state.id, pool: pool.id, people: people.length }, 'quick-match table created');
    return state.id;
  }

  /**
   * A quick-match table's match is over (seen on the process that committed it, or caught up on it): rate
   * it once and put the outcome in the room (the `rated` entry), which every seat and spectator sees in
   * the next `room`. The players' store records it exactly once whoever tries; a process that died
   * between recording it and the entry leaves the entry to the next one that holds the room.
   */
  private rateTable(room: LiveRoom): void {
    const state = room.state;
    if (!state.rated || state.rated.result !== null || state.phase !== 'over' || this.rating.has(room.id) || !this.options.playerStore) return;
    this.rating.add(room.id);
    void this.rateNow(room, this.options.playerStore)
      .catch((error: unknown) => this.options.log.error({ err: error, room: room.id }, 'a rated match could not be recorded'))
      .finally(() => this.rating.delete(room.id));
  }

  private async rateNow(room: LiveRoom, store: PlayerStore): Promise<void> {
    const state = room.state;
    const table = state.rated!;
    const rated = ratedMatchOf(state, this.env.alive, this.env.now(), this.options.graceMs);
    if (!rated || !state.match) return;
    // The match's end is when its last move was made: the same for whoever records it, and the key of its history entries.
    const at = state.since;
    const names = new Map(table.players.flatMap((p) => (p ? [[p.id, p.name] as const] : [])));
    const { outcome, changes } = await recordAndReport(store, { room: state.id, match: state.match.matchNumber, at, rated, names });
    const seatOf = new Map(table.players.flatMap((p, seat) => (p ? [[p.id, seat] as const] : [])));
    const forfeit = new Map(rated.seats.map((s) => [s.id, s.forfeit]));
    let result: RatedResult;
    if (outcome === 'recorded') {
      result = {
        outcome: 'rated',
        changes: changes.map((c) => ({ seat: seatOf.get(c.id)!, id: c.id, before: shownRating(c.before), after: shownRating(c.after), provisional: isProvisional(c.after), forfeit: forfeit.get(c.id) ?? false })),
      };
    } else if (outcome === 'already-recorded') {
      result = { outcome: 'rated', changes: await this.recordedChanges(store, rated.family, at, seatOf, forfeit) };
    } else if (outcome === 'over-pair-cap') {
      result = { outcome: 'over-pair-cap', changes: [] };
    } else {
      this.options.log.warn({ event: 'not-rated', room: state.id, outcome }, 'a quick-match table’s match was not rated');
      return;
    }
    await room.change((current, now) => (current.rated?.result === null ? [{ type: 'rated', at: now, result }] : []));
    this.options.log.info({ event: 'match-rated', room: state.id, outcome: result.outcome, changes: result.changes.map((c) => `${c.id}:${c.before}->${c.after}${c.forfeit ? ' forfeit' : ''}`) }, 'match rated');
  }

  /** The changes a match recorded before (by a process that died before saying so): each player's history entry of that moment. */
  private async recordedChanges(store: PlayerStore, family: RatingFamily, at: number, seatOf: ReadonlyMap<string, number>, forfeit: ReadonlyMap<string, boolean>): Promise<RatingChange[]> {
    const changes: RatingChange[] = [];
    for (const [id, seat] of seatOf) {
      const [history, skills] = await Promise.all([store.history(id, family), store.skills(family, [id])]);
      const entry = history.find((h) => h.at === at);
      const skill = skills.get(id);
      if (!entry || !skill) continue;
      changes.push({ seat, id, before: entry.before, after: entry.after, provisional: isProvisional(skill), forfeit: forfeit.get(id) ?? false });
    }
    return changes;
  }

  // ---- Upkeep --------------------------------------------------------------------------------

  async sweep(): Promise<number> {
    const removed = await this.options.store.sweep(this.env.now());
    if (removed > 0) this.options.log.info({ event: 'rooms-expired', count: removed }, 'rooms expired');
    return removed;
  }

  /** Waits for the changes under way in this process to be stored. */
  async drain(): Promise<void> {
    await Promise.all([...this.rooms.all()].map((room) => room.drained()));
  }

  close(): void {
    this.stopped = true;
    this.scheduler.stop();
  }
}
