/**
 * Quick match on the wire: `pools`, `seek` and `cancel-seek`, and telling each seeker of its table.
 *
 * Every process takes seeks (a seeker's connection needs no room: nginx spreads it like any other) and
 * puts them in the pool store (memory alone, Redis when several processes share it); whichever process
 * holds a pool's lease forms its tables (pool-runner.ts) and makes each table's room (`makeTable`); the
 * table is announced to every process, and the one holding a seeker's connection sends it `matched` with
 * the seat's token, which only that process ever had (the pool keeps its hash). The seeker then opens the
 * room's own connection and resumes the seat, so nginx's hash puts the whole table on the room's process.
 *
 * An identity waits in one pool at a time: a seek in another pool (from any of its windows on this
 * process) takes it out of the first. A connection that closes stops its seek; a process that dies
 * leaves its seeks to the lease holder, which drops them (their widgets seek again on reconnecting).
 */
import type { Logger } from 'pino';
import type { Seat } from 'domino-game/engine';
import type { ServerMessage } from 'domino-game/protocol';
import { hashToken, randomId } from '../tokens.js';
import { newSkill, shownRating, isProvisional } from '../ratings/rating-core.js';
import type { PlayerService } from '../players/player-service.js';
import type { PlayerStore } from '../players/player-store.js';
import { Refusal } from '../rooms/refusal.js';
import type { Client } from '../rooms/room-clients.js';
import { PoolRunner, WAVE_MS } from './pool-runner.js';
import type { PoolStore, Seek, TableNotice } from './pool-store.js';
import { poolInfo, type PoolConfig } from './pools.js';

/** A seek this process holds: the connection that waits and the token its seat will have. */
interface LocalSeek {
  client: Client;
  pool: string;
  identity: string;
  token: string;
  /** The number waiting in its pool last told to it. */
  told: number;
  /** Its `seeking` answer is sent: until then what a table has to say waits in `held`, to come after it. */
  answered: boolean;
  held: ServerMessage[];
}

export interface QuickMatchOptions {
  pools: readonly PoolConfig[];
  store: PoolStore;
  players: PlayerService;
  playerStore: PlayerStore;
  processId: string;
  alive(process: string): boolean;
  fresh(process: string): boolean;
  /** Makes a table's room: the people in seat order, computers after; its id. */
  makeTable(pool: PoolConfig, people: readonly Seek[]): Promise<string>;
  log: Logger;
  now?: () => number;
}

export class QuickMatch {
  private readonly seeks = new Map<Client, LocalSeek>();
  private readonly runner: PoolRunner;
  private readonly byId: Map<string, PoolConfig>;
  private readonly now: () => number;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: QuickMatchOptions) {
    this.now = options.now ?? Date.now;
    this.byId = new Map(options.pools.map((pool) => [pool.id, pool]));
    const onError = (error: unknown) => options.log.warn({ event: 'quick-match-error', err: (error as Error).message }, 'quick match step failed');
    this.runner = new PoolRunner({
      store: options.store,
      pools: options.pools.map((pool) => ({ id: pool.id, rules: pool.rules })),
      processId: options.processId,
      alive: options.alive,
      fresh: options.fresh,
      makeRoom: (pool, seekers) => options.makeTable(this.byId.get(pool)!, seekers),
      now: this.now,
      onError,
    });
    options.store.onTable((notice) => this.seated(notice));
  }

  start(): void {
    this.runner.start();
    // Tells each seeker here how many wait in its pool when that changed (one read a wave, only while someone here waits).
    this.timer = setInterval(() => void this.tellCounts().catch(() => undefined), WAVE_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.runner.stop();
    for (const seek of [...this.seeks.values()]) await this.options.store.cancel(seek.pool, seek.identity).catch(() => undefined);
    this.seeks.clear();
  }

  /** `pools`: every pool and how many wait in it. */
  async pools(client: Client): Promise<void> {
    const { pools, store } = this.options;
    const counts = await store.counts(pools.map((pool) => pool.id));
    client.send({ type: 'pools', pools: pools.map((pool) => poolInfo(pool, counts.get(pool.id) ?? 0)) });
  }

  async seek(client: Client, poolId: string, computers: boolean): Promise<void> {
    const pool = this.byId.get(poolId);
    if (!pool) throw new Refusal('no-such-pool', `this server has no pool "${poolId}" (pools lists them)`);
    const identity = this.options.players.identityOf(client);
    if (!identity) throw new Refusal('not-identified', 'identify first: quick match seats identities');
    const { playerStore, store } = this.options;
    const [skills, avoids, history] = await Promise.all([playerStore.skills(pool.family, [identity.id]), playerStore.avoids(identity.id), playerStore.history(identity.id, pool.family)]);
    const skill = skills.get(identity.id) ?? newSkill();
    // The identity's other seeks here (another pool, another window) end: one wait at a time, and the
    // pool keeps one seek an identity, whose seat token is this one's.
    for (const other of [...this.seeks.values()]) {
      if (other.identity === identity.id) await this.end(other, other.client !== client);
    }
    for (const other of this.options.pools) if (other.id !== poolId) await store.cancel(other.id, identity.id);
    const token = randomId();
    const seek: Seek = {
      id: identity.id,
      name: identity.name,
      rating: shownRating(skill),
      provisional: isProvisional(skill),
      since: this.now(),
      computers,
      avoid: [...avoids.avoiding, ...avoids.avoidedBy],
      lastOpponents: history[0]?.opponents.map((o) => o.id) ?? [],
      via: this.options.processId,
      tokenHash: hashToken(token),
    };
    const local: LocalSeek = { client, pool: poolId, identity: identity.id, token, told: 0, answered: false, held: [] };
    // Held here before the pool has it: the lease holder (another process) may seat it as soon as it is
    // there, while this one still waits for Redis' answers, and its table's notice must find it.
    this.seeks.set(client, local);
    try {
      await store.add(poolId, seek);
    } catch (error) {
      if (this.seeks.get(client) === local) this.seeks.delete(client);
      throw error;
    }
    const waiting = (await store.counts([poolId])).get(poolId) ?? 1;
    local.told = waiting;
    local.answered = true;
    this.options.log.info({ event: 'seeking', pool: poolId, player: identity.id, rating: seek.rating, provisional: seek.provisional }, 'seeking');
    client.send({ type: 'seeking', pool: poolId, waiting });
    for (const message of local.held.splice(0)) client.send(message);
  }

  /** Sends `message` to the seeker, after its `seeking` answer. */
  private tell(seek: LocalSeek, message: ServerMessage): void {
    if (seek.answered) seek.client.send(message);
    else seek.held.push(message);
  }

  async cancel(client: Client): Promise<void> {
    const seek = this.seeks.get(client);
    if (!seek) {
      client.send({ type: 'seek-cancelled', pool: null });
      return;
    }
    await this.end(seek, true);
  }

  /** The connection closed: its seek (if any) ends with it. */
  async closed(client: Client): Promise<void> {
    const seek = this.seeks.get(client);
    if (seek) await this.end(seek, false);
  }

  private async end(seek: LocalSeek, tell: boolean): Promise<void> {
    this.seeks.delete(seek.client);
    await this.options.store.cancel(seek.pool, seek.identity);
    if (tell) this.tell(seek, { type: 'seek-cancelled', pool: seek.pool });
  }

  /** A table was formed (here or on another process): the seekers held here get their seats. */
  private seated(notice: TableNotice): void {
    for (const { id, seat, tokenHash } of notice.seats) {
      for (const seek of [...this.seeks.values()]) {
        if (seek.identity !== id) continue;
        this.seeks.delete(seek.client);
        // Seated with another window's seek (on another process, whose token the seat has): this wait is over.
        if (seek.pool !== notice.pool || hashToken(seek.token) !== tokenHash) {
          this.tell(seek, { type: 'seek-cancelled', pool: seek.pool });
          continue;
        }
        const message: ServerMessage = { type: 'matched', pool: notice.pool, room: notice.room, seat: seat as Seat, token: seek.token };
        this.tell(seek, message);
        this.options.log.info({ event: 'matched', pool: notice.pool, room: notice.room, player: id, seat }, 'matched');
      }
    }
  }

  private async tellCounts(): Promise<void> {
    if (this.seeks.size === 0) return;
    const pools = [...new Set([...this.seeks.values()].map((s) => s.pool))];
    const counts = await this.options.store.counts(pools);
    for (const seek of this.seeks.values()) {
      const waiting = counts.get(seek.pool) ?? 0;
      if (!seek.answered || waiting === seek.told) continue;
      seek.told = waiting;
      seek.client.send({ type: 'seeking', pool: seek.pool, waiting });
    }
  }
}
