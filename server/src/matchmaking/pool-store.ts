/**
 * Where a quick-match pool's seekers wait, and who runs its matcher: behind one interface, in this
 * process's memory (one process, with SQLite or alone) or in Redis (several processes, one Redis or a
 * Redis Cluster), so that seekers connected to different processes meet.
 *
 * Every process may take seeks; one process at a time forms the tables of a pool, the one holding the
 * pool's lease (a key that expires unless renewed, so a process that dies hands the pool on within
 * `LEASE_MS`). It takes the seated seekers out of the pool in one atomic step (none if any was cancelled
 * meanwhile), makes their room, then announces the table on the pool's channel; each process tells its
 * own seekers. No token crosses: a seek carries the hash of the seat token its process made and keeps,
 * and only that process can hand the token to its person.
 */
import type { RedisClient } from '../storage/redis.js';
import type { Seeker } from './matcher.js';

/** A seeker as a pool keeps it: the matcher's view, and where the person waits. */
export interface Seek extends Seeker {
  name: string;
  /** Its rating is still provisional (fewer than ten rated matches in the pool's family). */
  provisional: boolean;
  /** The process holding the seeker's connection. */
  via: string;
  /** The SHA-256 hash of the seat token the seeker's process made for it (the room's seat is given that hash). */
  tokenHash: string;
}

/**
 * A pool's lease asked for: held (taken or renewed), with everyone waiting in the pool; or held by
 * another process, which keeps it at least `retryInMs` more unless it renews it.
 */
export type PoolClaim = { held: true; seekers: Seek[] } | { held: false; retryInMs: number };

/** A table formed: the room made for it and who sits where. */
export interface TableNotice {
  pool: string;
  room: string;
  /** Who sits where, with the hash of the seat token the seek carried (its process holds the token). */
  seats: { id: string; seat: number; tokenHash: string }[];
}

export interface PoolStore {
  /** Adds (or renews) an identity's seek of `pool`. */
  add(pool: string, seek: Seek): Promise<void>;
  /** Takes an identity's seek out; false when it was not there (it was seated, or cancelled already). */
  cancel(pool: string, id: string): Promise<boolean>;
  /** Everyone waiting in `pool`. */
  seekers(pool: string): Promise<Seek[]>;
  /** How many wait in each pool. */
  counts(pools: readonly string[]): Promise<Map<string, number>>;
  /**
   * Takes or keeps the lease to run `pool`'s matcher for `leaseMs` and, when `processId` holds it, reads
   * who waits: one round trip a pool a wave for the holder, as the holder's matcher needs both.
   */
  claim(pool: string, processId: string, leaseMs: number): Promise<PoolClaim>;
  /** Takes `ids` out of the pool at once, and only if every one is still there; true when it did. */
  take(pool: string, ids: readonly string[]): Promise<boolean>;
  /** Tells every process of a table formed (each tells the seekers it holds). */
  announce(notice: TableNotice): Promise<void>;
  onTable(listener: (notice: TableNotice) => void): void;
  close(): Promise<void>;
}

/** One process's pools. */
export class MemoryPoolStore implements PoolStore {
  private readonly pools = new Map<string, Map<string, Seek>>();
  private readonly listeners: ((notice: TableNotice) => void)[] = [];

  private pool(id: string): Map<string, Seek> {
    let pool = this.pools.get(id);
    if (!pool) this.pools.set(id, (pool = new Map()));
    return pool;
  }

  async add(pool: string, seek: Seek): Promise<void> {
    this.pool(pool).set(seek.id, seek);
  }

  async cancel(pool: string, id: string): Promise<boolean> {
    return this.pool(pool).delete(id);
  }

  async seekers(pool: string): Promise<Seek[]> {
    return [...this.pool(pool).values()];
  }

  async counts(pools: readonly string[]): Promise<Map<string, number>> {
    return new Map(pools.map((id) => [id, this.pool(id).size]));
  }

  async claim(pool: string): Promise<PoolClaim> {
    return { held: true, seekers: await this.seekers(pool) };
  }

  async take(pool: string, ids: readonly string[]): Promise<boolean> {
    const seeks = this.pool(pool);
    if (!ids.every((id) => seeks.has(id))) return false;
    for (const id of ids) seeks.delete(id);
    return true;
  }

  async announce(notice: TableNotice): Promise<void> {
    // Heard after the caller's turn, as a notice over Redis would be.
    queueMicrotask(() => {
      for (const listener of this.listeners) listener(notice);
    });
  }

  onTable(listener: (notice: TableNotice) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {}
}

const poolKey = (pool: string, what: 'seekers' | 'lease') => `domino:pool:{${pool}}:${what}`;
export const poolChannel = (pool: string) => `domino:pool-tables:{${pool}}`;
function poolOfChannel(channel: string): string | null {
  return /^domino:pool-tables:\{([^{}]+)\}$/.exec(channel)?.[1] ?? null;
}

/**
 * Takes or renews the lease KEYS[1] for ARGV[1] for ARGV[2] ms unless another holds it: then the
 * seekers (the values of the hash KEYS[2]); else the ms the other's lease has left (PTTL).
 */
const CLAIM = `
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return redis.call('HVALS', KEYS[2])
end
return redis.call('PTTL', KEYS[1])`;

/** The seeks stored in a pool's hash; one that cannot be read is left out. */
function parseSeeks(texts: string[]): Seek[] {
  return texts.flatMap((text) => {
    try {
      return [JSON.parse(text) as Seek];
    } catch {
      return [];
    }
  });
}

/** Deletes every field of ARGV from the hash KEYS[1] if every one is there; 1 when it did. */
const TAKE = `
for i = 1, #ARGV do
  if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 0 then return 0 end
end
redis.call('HDEL', KEYS[1], unpack(ARGV))
return 1`;

interface PoolCommands {
  poolClaim(lease: string, seekers: string, processId: string, leaseMs: number): Promise<string[] | number>;
  poolTake(key: string, ...ids: string[]): Promise<number>;
}

/**
 * The pools in Redis: a pool's seekers are one hash and its lease one key, both under the pool's hash
 * tag (one slot: a take is one atomic script on a cluster too); its tables are announced on a sharded
 * channel every process listens to.
 */
export class RedisPoolStore implements PoolStore {
  private readonly redis: RedisClient & PoolCommands;
  private readonly listeners: ((notice: TableNotice) => void)[] = [];

  constructor(
    commands: RedisClient,
    private readonly subscriber: RedisClient,
    pools: readonly string[],
    onError: (error: unknown) => void,
  ) {
    commands.defineCommand('poolClaim', { numberOfKeys: 2, lua: CLAIM });
    commands.defineCommand('poolTake', { numberOfKeys: 1, lua: TAKE });
    this.redis = commands as RedisClient & PoolCommands;
    subscriber.on('smessage', (channel: string, text: string) => {
      const pool = poolOfChannel(channel);
      if (pool === null) return;
      let notice: TableNotice;
      try {
        notice = JSON.parse(text) as TableNotice;
      } catch {
        return;
      }
      for (const listener of this.listeners) listener(notice);
    });
    for (const pool of pools) subscriber.ssubscribe(poolChannel(pool)).catch(onError);
  }

  async add(pool: string, seek: Seek): Promise<void> {
    await this.redis.hset(poolKey(pool, 'seekers'), seek.id, JSON.stringify(seek));
  }

  async cancel(pool: string, id: string): Promise<boolean> {
    return (await this.redis.hdel(poolKey(pool, 'seekers'), id)) === 1;
  }

  async seekers(pool: string): Promise<Seek[]> {
    return parseSeeks(await this.redis.hvals(poolKey(pool, 'seekers')));
  }

  async counts(pools: readonly string[]): Promise<Map<string, number>> {
    const sizes = await Promise.all(pools.map((pool) => this.redis.hlen(poolKey(pool, 'seekers'))));
    return new Map(pools.map((pool, i) => [pool, sizes[i]!]));
  }

  async claim(pool: string, processId: string, leaseMs: number): Promise<PoolClaim> {
    const answer = await this.redis.poolClaim(poolKey(pool, 'lease'), poolKey(pool, 'seekers'), processId, leaseMs);
    // A lease without expiry (-1) or just gone (-2) is tried again next wave.
    return Array.isArray(answer) ? { held: true, seekers: parseSeeks(answer) } : { held: false, retryInMs: Math.max(0, answer) };
  }

  async take(pool: string, ids: readonly string[]): Promise<boolean> {
    return (await this.redis.poolTake(poolKey(pool, 'seekers'), ...ids)) === 1;
  }

  async announce(notice: TableNotice): Promise<void> {
    await this.redis.spublish(poolChannel(notice.pool), JSON.stringify(notice));
  }

  onTable(listener: (notice: TableNotice) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {}
}
