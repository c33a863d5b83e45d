/**
 * Everything that happens to rooms: a message or a timer loads the room, makes one change (room.ts),
 * saves it with a compare-and-set, and only then tells the seats: a crash never shows a move that is
 * then lost. Changes to one room are queued in this process; another process's change is caught by
 * the compare-and-set, and the work is done again on the fresh state.
 */
import type { Logger } from 'pino';
import type { Seat } from '../engine/index.js';
import type { ClientMessage, ErrorCode, ServerMessage } from '../net/protocol.js';
import { hash31 } from '../machine/players.js';
import { TEMPO_DELAYS } from '../machine/tempo.js';
import type { Cluster } from './cluster.js';
import type { ComputerPool } from './computer-pool.js';
import type { Metrics } from './metrics.js';
import { viewOf } from './match-runner.js';
import * as rooms from './room.js';
import type { Alive, Outcome, RoomRecord, Timing } from './room.js';
import type { RoomStore, Stored } from './storage/store.js';

/** One connection, as the room service sees it. */
export interface Client {
  readonly id: number;
  readonly address: string;
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
  /** The room and seat this connection plays, once welcomed. */
  room: string | null;
  seat: Seat | null;
  /** The `seq` of the last view this connection was sent (-1: none yet). */
  seq: number;
}

export interface RoomServiceOptions {
  store: RoomStore<RoomRecord>;
  pool: ComputerPool;
  log: Logger;
  metrics?: Metrics;
  /** The other server processes (none when alone): who is alive, and version notices of changed rooms. */
  cluster: Cluster;
  graceMs: number;
  nextRoundMs: number;
  ttl: { lobbyMs: number; idleMs: number };
  now?: () => number;
}

/** How often a change that lost a compare-and-set is made again on the fresh state before giving up. */
const MAX_ATTEMPTS = 5;

type Change = (room: RoomRecord, now: number) => Outcome;

class Refusal extends Error {
  constructor(readonly code: ErrorCode, message: string) {
    super(message);
  }
}

interface Job {
  key: string;
  timer: ReturnType<typeof setTimeout>;
  cancelled: boolean;
}

export class RoomService {
  private readonly clients = new Map<string, Set<Client>>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly jobs = new Map<string, Job>();
  /**
   * The rooms this process holds seats of, as it last saved or loaded them: a move needs no load. Only
   * a cache: the compare-and-set of every save still decides.
   */
  private readonly kept = new Map<string, Stored<RoomRecord>>();
  /** The room info last sent to this process's clients of a room, to send it only when it changed. */
  private readonly lastInfo = new Map<string, string>();
  private readonly now: () => number;
  private readonly alive: Alive;
  private readonly processId: string;
  private stopped = false;

  constructor(private readonly options: RoomServiceOptions) {
    this.now = options.now ?? Date.now;
    this.alive = (process) => options.cluster.alive(process);
    this.processId = options.cluster.processId;
    // Another process saved a room this one has seats of: load it and tell them.
    options.cluster.onChange((room) => {
      if (!this.clients.has(room)) return;
      void this.queued(room, async () => {
        const fresh = await this.options.store.load(room);
        if (fresh && this.clients.has(room)) this.kept.set(room, fresh);
        if (fresh) {
          this.tell(fresh.value);
          this.schedule(fresh.value);
        }
      }).catch((error: unknown) => this.options.log.warn({ err: error, room }, 'could not follow a change from another process'));
    });
  }

  get connectedRooms(): number {
    return this.clients.size;
  }

  // ---- Messages ------------------------------------------------------------------------------

  async handle(client: Client, message: ClientMessage): Promise<void> {
    try {
      await this.dispatch(client, message);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      this.refuse(client, error.code, error.message, message.type);
    }
  }

  refuse(client: Client, code: ErrorCode, message: string, ref?: ClientMessage['type']): void {
    this.options.log.info({ event: 'refused', code, ref, client: client.id }, 'refused');
    this.options.metrics?.refusals.inc({ code });
    client.send({ type: 'error', code, message, ...(ref ? { ref } : {}) });
  }

  private async dispatch(client: Client, message: ClientMessage): Promise<void> {
    switch (message.type) {
      case 'create': {
        const now = this.now();
        const created = rooms.newRoom(message.name, message.settings, now);
        const room = rooms.connect(created.room, 0, this.processId, now);
        const version = await this.options.store.save(room.id, room, 0, this.expiry(room, now));
        if (version === null) throw new Refusal('unavailable', 'the room could not be created; try again');
        this.options.cluster.publish(room.id, version);
        this.options.log.info({ event: 'room-created', room: room.id, variant: room.settings.variant, players: room.settings.players }, 'room created');
        this.bind(client, room.id, 0);
        client.send({ type: 'welcome', room: room.id, seat: 0, token: created.token });
        this.tell(room);
        return;
      }
      case 'peek': {
        const stored = await this.options.store.load(message.room);
        if (!stored) throw new Refusal('no-such-room', 'there is no such room (it may have expired)');
        client.send({ type: 'room', room: rooms.roomInfo(stored.value, this.alive, this.now(), this.options.graceMs) });
        return;
      }
      case 'join': {
        let seat: Seat = -1;
        let token = '';
        const room = await this.change(message.room, (r, now) => {
          const joined = rooms.join(r, message.name, now);
          if (!joined.ok) return joined;
          seat = joined.seat!;
          token = joined.token!;
          return { ok: true, room: rooms.connect(joined.room, seat, this.processId, now) };
        }, () => {
          this.bind(client, message.room, seat);
          client.send({ type: 'welcome', room: message.room, seat, token });
        });
        this.options.log.info({ event: 'joined', room: room.id, seat }, 'joined');
        return;
      }
      case 'resume': {
        const stored = await this.options.store.load(message.room);
        if (!stored) throw new Refusal('no-such-room', 'there is no such room (it may have expired)');
        const seat = rooms.seatOfToken(stored.value, message.token);
        if (seat === null) throw new Refusal('bad-token', 'this token holds no seat in this room');
        await this.change(message.room, (r, now) => {
          // The token is checked again on the state the change is made on: a `leave` may have won the race.
          if (rooms.seatOfToken(r, message.token) !== seat) return { ok: false, code: 'bad-token', message: 'this token holds no seat in this room' };
          return { ok: true, room: rooms.connect(r, seat, this.processId, now) };
        }, () => {
          this.bind(client, message.room, seat);
          client.send({ type: 'welcome', room: message.room, seat });
        });
        return;
      }
      case 'leave': {
        const { room, seat } = this.seated(client);
        await this.change(room, (r, now) => {
          const left = rooms.leave(r, seat, now);
          return left.ok ? { ok: true, room: rooms.dealIfAllReady(left.room, this.alive, now) } : left;
        }, () => {
          this.unbind(client);
          client.seq = -1;
        });
        const after = await this.options.store.load(room);
        if (after) client.send({ type: 'room', room: rooms.roomInfo(after.value, this.alive, this.now(), this.options.graceMs) });
        return;
      }
      case 'settings': {
        const { room, seat } = this.seated(client);
        await this.change(room, (r, now) => rooms.changeSettings(r, seat, message.settings, now));
        return;
      }
      case 'start': {
        const { room, seat } = this.seated(client);
        const started = await this.change(room, (r, now) => rooms.start(r, seat, now));
        this.options.log.info({ event: 'match-started', room: started.id }, 'match started');
        return;
      }
      case 'move': {
        const { room, seat } = this.seated(client);
        await this.change(room, (r, now) => rooms.move(r, seat, message.seq, message.move, now));
        return;
      }
      case 'next-round': {
        const { room, seat } = this.seated(client);
        await this.change(room, (r, now) => rooms.ready(r, seat, message.seq, this.alive, now));
        return;
      }
      case 'new-match': {
        const { room, seat } = this.seated(client);
        await this.change(room, (r, now) => rooms.newMatch(r, seat, now));
        return;
      }
    }
  }

  private seated(client: Client): { room: string; seat: Seat } {
    if (client.room === null || client.seat === null) throw new Refusal('not-seated', 'join or resume a room first');
    return { room: client.room, seat: client.seat };
  }

  /**
   * Makes one change to a room: load, change, compare-and-set save, then (saved) tell the seats.
   * `bound` runs after the save and before the seats are told, to welcome the client the change seated.
   * A refused change changes nothing and throws a Refusal with its code.
   */
  private change(id: string, change: Change, bound?: () => void): Promise<RoomRecord> {
    return this.queued(id, async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        // The room as this process last saved it, if it has seats here: a change made by another
        // process since then makes the compare-and-set fail, and the next attempt loads it afresh.
        const kept = attempt === 0 ? this.kept.get(id) : undefined;
        const stored = kept ?? (await this.options.store.load(id));
        if (!stored) throw new Refusal('no-such-room', 'there is no such room (it may have expired)');
        const now = this.now();
        const outcome = change(stored.value, now);
        if (!outcome.ok) throw new Refusal(outcome.code, outcome.message);
        if (await this.save(stored, outcome.room, now)) {
          bound?.();
          this.after(outcome.room, stored.value);
          return outcome.room;
        }
      }
      throw new Refusal('unavailable', 'the room is changing too fast; try again');
    });
  }

  private async save(stored: Stored<RoomRecord>, room: RoomRecord, now: number): Promise<boolean> {
    let version: number | null;
    try {
      version = await this.options.store.save(room.id, room, stored.version, this.expiry(room, now));
    } catch (error) {
      this.kept.delete(room.id);
      throw error;
    }
    if (version === null) {
      this.kept.delete(room.id);
      return false;
    }
    if (this.clients.has(room.id)) this.kept.set(room.id, { version, value: room });
    this.options.cluster.publish(room.id, version);
    return true;
  }

  private expiry(room: RoomRecord, now: number): number {
    return rooms.expiresAt(room, this.alive, now, this.options.ttl);
  }

  /** Changes to one room run one after another in this process. */
  private queued<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(id, settled);
    void settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return next;
  }

  private after(room: RoomRecord, before: RoomRecord): void {
    if (room.phase === 'over' && before.phase !== 'over') this.options.log.info({ event: 'match-ended', room: room.id }, 'match ended');
    this.tell(room);
    this.schedule(room);
  }

  // ---- Telling the seats ---------------------------------------------------------------------

  /** Sends this process's clients of the room what changed: the room info, and each seat's view. */
  private tell(room: RoomRecord): void {
    const clients = this.clients.get(room.id);
    if (!clients) return;
    const info = rooms.roomInfo(room, this.alive, this.now(), this.options.graceMs);
    const infoText = JSON.stringify(info);
    const infoChanged = this.lastInfo.get(room.id) !== infoText;
    this.lastInfo.set(room.id, infoText);
    for (const client of clients) {
      const holder = client.seat === null ? undefined : room.seats[client.seat];
      if (holder?.kind === 'human' && holder.connectedVia !== null && holder.connectedVia !== this.processId && this.alive(holder.connectedVia)) {
        // A newer connection for this seat came in on another process.
        this.unbind(client);
        client.close(4000, 'replaced by a newer connection');
        continue;
      }
      if (infoChanged || client.seq < 0) client.send({ type: 'room', room: info });
      this.sendView(client, room);
    }
  }

  private sendView(client: Client, room: RoomRecord): void {
    if (!room.match || client.seat === null || client.seq === room.seq) return;
    const events = client.seq === room.seq - 1 ? room.events : [];
    client.seq = room.seq;
    const view = viewOf(room.match, client.seat);
    // The old name of winningSide too, for pages loaded before it was renamed (protocol.ts WireView).
    const wireEvents = events.map((event) => (event.type === 'matchEnd' ? { ...event, winner: event.winningSide } : event));
    client.send({ type: 'view', seq: room.seq, view: { ...view, winner: view.winningSide }, events: wireEvents });
  }

  private bind(client: Client, room: string, seat: Seat): void {
    // A connection plays one seat: taking another lets go of the one it held.
    const previous = client.room !== null && client.seat !== null && (client.room !== room || client.seat !== seat) ? { room: client.room, seat: client.seat } : null;
    this.unbind(client);
    if (previous) void this.release(previous.room, previous.seat);
    const clients = this.clients.get(room) ?? new Set<Client>();
    // A newer connection for a seat replaces the older one.
    for (const other of clients) {
      if (other.seat === seat) {
        clients.delete(other);
        other.room = null;
        other.seat = null;
        other.close(4000, 'replaced by a newer connection');
      }
    }
    clients.add(client);
    if (!this.clients.has(room)) this.options.cluster.watch(room);
    this.clients.set(room, clients);
    client.room = room;
    client.seat = seat;
    client.seq = -1;
  }

  private unbind(client: Client): void {
    if (client.room === null) return;
    const clients = this.clients.get(client.room);
    clients?.delete(client);
    if (clients && clients.size === 0) {
      this.clients.delete(client.room);
      this.kept.delete(client.room);
      this.options.cluster.unwatch(client.room);
      this.lastInfo.delete(client.room);
    }
    client.room = null;
    client.seat = null;
  }

  /** A connection closed: its seat is without a connection from now (the grace period starts). */
  async closed(client: Client): Promise<void> {
    const { room, seat } = client;
    this.unbind(client);
    if (room === null || seat === null) return;
    await this.release(room, seat);
  }

  /** A seat this process held has no connection from now (the grace period starts). */
  private async release(room: string, seat: Seat): Promise<void> {
    if (this.stopped) return;
    try {
      await this.change(room, (r, now) => {
        const held = r.seats[seat];
        if (!held || held.kind !== 'human' || held.connectedVia !== this.processId) return { ok: false, code: 'wrong-phase', message: 'not held here' };
        return { ok: true, room: rooms.dealIfAllReady(rooms.disconnect(r, seat, now), this.alive, now) };
      });
    } catch (error) {
      if (!(error instanceof Refusal)) this.options.log.error({ err: error, room }, 'presence update failed');
    }
  }

  // ---- Timers: computers, away players, the next deal ----------------------------------------

  private schedule(room: RoomRecord): void {
    if (this.stopped) return;
    const tempo = room.settings.tempo ?? 'normal';
    const timing: Timing = { graceMs: this.options.graceMs, nextRoundMs: this.options.nextRoundMs, computerMs: TEMPO_DELAYS[tempo].move };
    const now = this.now();
    const due = rooms.due(room, this.alive, now, timing);
    const key = due ? `${room.seq}:${due.kind}:${due.kind === 'computer' ? due.seat : ''}:${due.at}` : '';
    const existing = this.jobs.get(room.id);
    if (existing && existing.key === key) return;
    if (existing) {
      existing.cancelled = true;
      clearTimeout(existing.timer);
      this.jobs.delete(room.id);
    }
    if (!due) return;
    const job: Job = { key, cancelled: false, timer: undefined as unknown as ReturnType<typeof setTimeout> };
    const wait = (ms: number) => new Promise<void>((resolve) => (job.timer = setTimeout(resolve, Math.max(0, ms))));
    this.jobs.set(room.id, job);
    void (async () => {
      try {
        if (due.kind === 'computer') {
          // Thinking and the tempo pause run side by side.
          const [decision] = await Promise.all([this.think(room, due.seat), wait(due.at - now)]);
          if (job.cancelled) return;
          this.jobs.delete(room.id);
          await this.change(room.id, (r, at) => {
            const still = rooms.due(r, this.alive, at, timing);
            if (r.seq !== room.seq || still?.kind !== 'computer' || still.seat !== due.seat) return { ok: false, code: 'stale', message: 'the turn moved on' };
            return rooms.applyMove(r, due.seat, decision, at);
          });
        } else {
          await wait(due.at - now);
          if (job.cancelled) return;
          this.jobs.delete(room.id);
          if (due.kind === 'next-round') {
            await this.change(room.id, (r, at) => (r.seq === room.seq ? rooms.dealNextRound(r, at) : { ok: false, code: 'stale', message: 'already dealt' }));
          } else {
            const fresh = await this.options.store.load(room.id);
            if (fresh) {
              this.tell(fresh.value);
              this.schedule(fresh.value);
            }
          }
        }
      } catch (error) {
        if (!(error instanceof Refusal)) this.options.log.error({ err: error, room: room.id }, 'a timed step failed');
      }
    })();
  }

  private async think(room: RoomRecord, seat: Seat) {
    const view = viewOf(room.match!, seat);
    const move = await this.options.pool.choose(view, { level: room.settings.level, seed: seedOf(room) });
    return move.type === 'play' ? { type: 'play' as const, tile: move.tile, end: move.end } : { type: move.type };
  }

  // ---- Upkeep --------------------------------------------------------------------------------

  async sweep(): Promise<number> {
    const removed = await this.options.store.sweep(this.now());
    if (removed > 0) this.options.log.info({ event: 'rooms-expired', count: removed }, 'rooms expired');
    return removed;
  }

  /** Waits for the changes under way in this process to be saved. */
  async drain(): Promise<void> {
    while (this.queues.size > 0) await Promise.allSettled([...this.queues.values()]);
  }

  close(): void {
    this.stopped = true;
    for (const job of this.jobs.values()) {
      job.cancelled = true;
      clearTimeout(job.timer);
    }
    this.jobs.clear();
  }
}

/** The computer's seed for this position: reproducible, and telling nothing of the room's deal seed. */
const seedOf = (room: RoomRecord): number => hash31(`${room.seed}|${room.seq}`);
