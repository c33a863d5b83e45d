/**
 * Rooms in Redis, shared by every server process. One hash per room (`v`: its version, `s`: its state)
 * that expires by PEXPIRE; a save is a compare-and-set on `v` in one Lua script, so of two processes
 * saving on the same version exactly one wins. A sorted set of room ids by expiry answers `count`
 * without scanning the keyspace.
 */
import { Redis } from 'ioredis';
import type { RoomStore, Stored } from './store.js';

const PREFIX = 'domino:';
export const roomKey = (id: string) => `${PREFIX}room:${id}`;
const EXPIRIES = `${PREFIX}room-expiries`;

// KEYS[1] the room, KEYS[2] the expiry index; ARGV: expected version, state, expiresAt (ms), now (ms), id.
const SAVE = `
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current ~= tonumber(ARGV[1]) then return nil end
local version = current + 1
redis.call('HSET', KEYS[1], 'v', version, 's', ARGV[2])
redis.call('PEXPIRE', KEYS[1], math.max(1, tonumber(ARGV[3]) - tonumber(ARGV[4])))
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[5])
return version
`;

interface SavingRedis extends Redis {
  saveRoom(room: string, index: string, expected: number, state: string, expiresAt: number, now: number, id: string): Promise<number | null>;
}

export class RedisStore<T> implements RoomStore<T> {
  private readonly redis: SavingRedis;

  /** `redis`: a connection of its own (a subscribed connection cannot run commands). */
  constructor(redis: Redis, private readonly now: () => number = Date.now) {
    redis.defineCommand('saveRoom', { numberOfKeys: 2, lua: SAVE });
    this.redis = redis as SavingRedis;
  }

  async load(id: string): Promise<Stored<T> | null> {
    const [version, state] = await this.redis.hmget(roomKey(id), 'v', 's');
    if (version === null || state === null) return null;
    return { version: Number(version), value: JSON.parse(state) as T };
  }

  async save(id: string, value: T, expected: number, expiresAt: number): Promise<number | null> {
    const version = await this.redis.saveRoom(roomKey(id), EXPIRIES, expected, JSON.stringify(value), expiresAt, this.now(), id);
    return version === null ? null : Number(version);
  }

  /** Redis expires the rooms itself; this only trims the expiry index. */
  async sweep(now: number): Promise<number> {
    return this.redis.zremrangebyscore(EXPIRIES, '-inf', now);
  }

  async count(): Promise<number> {
    return this.redis.zcount(EXPIRIES, `(${this.now()}`, '+inf');
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
