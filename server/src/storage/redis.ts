/**
 * Rooms in Redis (one server or a Redis Cluster), shared by every server process. A room is a hash
 * (`v`: its version, `s`: its last snapshot, `sv`: the snapshot's version, `x`: the expiry last written
 * to the expiry index) and a list of its changes (the last ones before the snapshot and every one after
 * it), both expiring by PEXPIRE. Every key of a room, and the channel its versions are announced on,
 * carry the room id as their hash tag (`{id}`): they sit in one hash slot, so in a cluster one node
 * holds them all and a room's Lua script touches only keys of that node.
 *
 * An append is a compare-and-set on `v`, the push of its entries and the notice of the new version on
 * the room's sharded channel (SPUBLISH: in a cluster the notice stays on the room's shard) in one Lua
 * script, so of two processes appending on the same version exactly one lands, and a change that
 * landed is always announced (no process can stop between the two; one command a change, not two);
 * the notice is left out when the caller says no other process holds a connection of the room (the
 * usual case behind a balancer that hashes the room's id: AppendOptions.announce). A read is one
 * script too, so it never sees half an append. Many rooms' appends are in flight at once on the one
 * connection (one per node): none waits for another's answer.
 *
 * A sorted set of room ids by expiry answers `count` without scanning the keyspace. It is one key,
 * in a slot of its own, so no room's script can write it: a room's script says when the index lags
 * the room's expiry by INDEX_SLACK_MS or more and the caller writes it then (once a minute at most
 * for a busy room, not once a move). `count` may so miss a room in its last minute; nothing else
 * reads the index.
 */
import type { Cluster, Redis } from 'ioredis';
import { KEPT_BEFORE_SNAPSHOT, type AppendOptions, type RoomLog, type StoredRoom } from './log.js';

const PREFIX = 'domino:';
export const roomKey = (id: string) => `${PREFIX}room:{${id}}`;
export const logKey = (id: string) => `${PREFIX}room-log:{${id}}`;
const EXPIRIES = `${PREFIX}room-expiries`;
/**
 * The sharded channel on which a room's new versions are announced (cluster.ts listens): the notice is
 * the version alone, never a state, a view, a tile or a token.
 */
export const roomChannel = (id: string) => `${PREFIX}room-version:{${id}}`;
/** The room a channel of `roomChannel` is for; null for any other channel. */
export function roomOfChannel(channel: string): string | null {
  const found = /^domino:room-version:\{([^{}]+)\}$/.exec(channel);
  return found ? found[1]! : null;
}
/** How far the expiry index may lag a room's expiry before an append has it written again. */
export const INDEX_SLACK_MS = 60_000;
/**
 * How long a room's script may take before it counts as failed. ioredis bounds each try (see
 * redis-client.ts), but a cluster node going away costs a few redirections, refreshes of the slots and
 * new connections on a busy process: this is the bound the player feels (`unavailable`, try again).
 * A script that lands later anyway was a compare-and-set: the retry finds the room moved on and the
 * notice brings the change, so nothing is applied twice.
 */
export const STORAGE_DEADLINE_MS = 2_000;

/** `work`, or a failure once `ms` passed (`work` may still settle later: its outcome is then dropped). */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

// Every script's keys are the room's own (one slot). Its answer: 0 refused, 1 done, 2 done and the
// expiry index is due.

// KEYS: room hash, log list. ARGV: snapshot, expiresAt, now. Nothing is announced: no process holds
// a connection of a room before it exists, its creator's excepted.
const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'v', 1, 's', ARGV[1], 'sv', 1, 'x', ARGV[2])
redis.call('PEXPIRE', KEYS[1], math.max(1, tonumber(ARGV[2]) - tonumber(ARGV[3])))
return 2
`;

// KEYS: room hash, log list, the room's channel. ARGV: expected version, expiresAt, now, snapshot or
// '', kept (entries kept from before a snapshot), index slack, announce ('1' or '0'), then the entries.
const APPEND = `
local fields = redis.call('HMGET', KEYS[1], 'v', 'x')
local current = tonumber(fields[1] or '0')
if current == 0 or current ~= tonumber(ARGV[1]) then return 0 end
local version = current + #ARGV - 7
if #ARGV > 7 then redis.call('RPUSH', KEYS[2], unpack(ARGV, 8)) end
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[1], 'v', version, 's', ARGV[4], 'sv', version)
  redis.call('LTRIM', KEYS[2], -tonumber(ARGV[5]), -1)
else
  redis.call('HSET', KEYS[1], 'v', version)
end
local expiresAt = tonumber(ARGV[2])
local ttl = math.max(1, expiresAt - tonumber(ARGV[3]))
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('PEXPIRE', KEYS[2], ttl)
if ARGV[7] == '1' then redis.call('SPUBLISH', KEYS[3], version) end
if math.abs(expiresAt - tonumber(fields[2] or '0')) >= tonumber(ARGV[6]) then
  redis.call('HSET', KEYS[1], 'x', ARGV[2])
  return 2
end
return 1
`;

// KEYS: room hash, log list. ARGV: the reader's version (-1: load from the snapshot). Returns
// { version, snapshot version, snapshot or false, entries... }.
const READ = `
local fields = redis.call('HMGET', KEYS[1], 'v', 's', 'sv')
if not fields[1] then return false end
local version = tonumber(fields[1])
local sv = tonumber(fields[3])
local length = redis.call('LLEN', KEYS[2])
local first = version - length + 1
local reader = tonumber(ARGV[1])
local from = sv
local snapshot = fields[2]
if reader >= 0 and reader + 1 >= first then
  from = reader
  snapshot = false
end
local result = { version, sv, snapshot }
if from < version then
  local entries = redis.call('LRANGE', KEYS[2], from + 1 - first, -1)
  for i = 1, #entries do result[#result + 1] = entries[i] end
end
return result
`;

/** One Redis or a Redis Cluster: the commands this log runs exist on both. */
export type RedisClient = Redis | Cluster;

interface LogCommands {
  createRoom(room: string, log: string, snapshot: string, expiresAt: number, now: number): Promise<number>;
  appendRoom(room: string, log: string, channel: string, ...args: (string | number)[]): Promise<number>;
  readRoom(room: string, log: string, reader: number): Promise<[number, number, string, ...string[]] | null>;
}

const INDEX_DUE = 2;

export class RedisLog implements RoomLog {
  private readonly redis: RedisClient & LogCommands;

  /** `redis`: a connection of its own (a subscribed connection cannot run commands). */
  constructor(redis: RedisClient, private readonly now: () => number = Date.now) {
    redis.defineCommand('createRoom', { numberOfKeys: 2, lua: CREATE });
    redis.defineCommand('appendRoom', { numberOfKeys: 3, lua: APPEND });
    redis.defineCommand('readRoom', { numberOfKeys: 2, lua: READ });
    this.redis = redis as RedisClient & LogCommands;
  }

  async create(id: string, snapshot: string, expiresAt: number): Promise<boolean> {
    const created = await within(this.redis.createRoom(roomKey(id), logKey(id), snapshot, expiresAt, this.now()), STORAGE_DEADLINE_MS);
    if (created === INDEX_DUE) await this.index(id, expiresAt);
    return created !== 0;
  }

  async append(id: string, expected: number, entries: string[], snapshot: string | null, expiresAt: number, { announce = true }: AppendOptions = {}): Promise<boolean> {
    const args = [expected, expiresAt, this.now(), snapshot ?? '', KEPT_BEFORE_SNAPSHOT, INDEX_SLACK_MS, announce ? '1' : '0'];
    const appended = await within(this.redis.appendRoom(roomKey(id), logKey(id), roomChannel(id), ...args, ...entries), STORAGE_DEADLINE_MS);
    if (appended === INDEX_DUE) await this.index(id, expiresAt);
    return appended !== 0;
  }

  /**
   * Writes a room's expiry to the index. The change it follows is stored whatever happens here: a
   * failure only leaves the index behind (the room's next append past the slack tries again).
   */
  private async index(id: string, expiresAt: number): Promise<void> {
    await within(this.redis.zadd(EXPIRIES, expiresAt, id), STORAGE_DEADLINE_MS).catch(() => undefined);
  }

  load(id: string): Promise<StoredRoom | null> {
    return this.read(id, -1);
  }

  since(id: string, version: number): Promise<StoredRoom | null> {
    return this.read(id, version);
  }

  private async read(id: string, reader: number): Promise<StoredRoom | null> {
    const result = await within(this.redis.readRoom(roomKey(id), logKey(id), reader), STORAGE_DEADLINE_MS);
    if (!result) return null;
    const [version, snapshotVersion, snapshot, ...entries] = result;
    return { version: Number(version), snapshotVersion: Number(snapshotVersion), snapshot: snapshot || null, entries };
  }

  /** Redis expires the rooms itself; this only trims the expiry index. */
  async sweep(now: number): Promise<number> {
    return within(this.redis.zremrangebyscore(EXPIRIES, '-inf', now), STORAGE_DEADLINE_MS);
  }

  async count(): Promise<number> {
    return within(this.redis.zcount(EXPIRIES, `(${this.now()}`, '+inf'), STORAGE_DEADLINE_MS);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
