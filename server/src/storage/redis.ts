/**
 * Rooms in Redis, shared by every server process. A room is a hash (`v`: its version, `s`: its last
 * snapshot, `sv`: the snapshot's version) and a list of its changes (the last ones before the
 * snapshot and every one after it), both expiring by PEXPIRE. An append is a compare-and-set on `v`,
 * the push of its entries and the notice of the new version on the room's channel in one Lua script,
 * so of two processes appending on the same version exactly one lands, and a change that landed is
 * always announced (no process can stop between the two; one command a change, not two); a read is
 * one script too, so it never sees half an append. ioredis pipelines the
 * commands of one turn of the event loop (autopipelining): many rooms' appends share a round trip.
 * A sorted set of room ids by expiry answers `count` without scanning the keyspace.
 */
import type { Redis } from 'ioredis';
import { KEPT_BEFORE_SNAPSHOT, type RoomLog, type StoredRoom } from './log.js';

const PREFIX = 'domino:';
export const roomKey = (id: string) => `${PREFIX}room:${id}`;
export const logKey = (id: string) => `${PREFIX}room-log:${id}`;
const EXPIRIES = `${PREFIX}room-expiries`;
/**
 * The channel on which a room's new versions are announced (cluster.ts listens): the notice is the
 * version alone, never a state, a view, a tile or a token.
 */
export const roomChannel = (id: string) => `${PREFIX}room-version:${id}`;

// KEYS: room hash, log list, expiry index. ARGV: snapshot, expiresAt, now, id, the room's channel.
const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'v', 1, 's', ARGV[1], 'sv', 1)
redis.call('PEXPIRE', KEYS[1], math.max(1, tonumber(ARGV[2]) - tonumber(ARGV[3])))
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[4])
redis.call('PUBLISH', ARGV[5], 1)
return 1
`;

// KEYS: room hash, log list, expiry index. ARGV: expected version, expiresAt, now, id, snapshot or '',
// kept (entries kept from before a snapshot), the room's channel, then the entries.
const APPEND = `
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current == 0 or current ~= tonumber(ARGV[1]) then return 0 end
local version = current + #ARGV - 7
if #ARGV > 7 then redis.call('RPUSH', KEYS[2], unpack(ARGV, 8)) end
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[1], 'v', version, 's', ARGV[5], 'sv', version)
  redis.call('LTRIM', KEYS[2], -tonumber(ARGV[6]), -1)
else
  redis.call('HSET', KEYS[1], 'v', version)
end
local ttl = math.max(1, tonumber(ARGV[2]) - tonumber(ARGV[3]))
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[4])
redis.call('PUBLISH', ARGV[7], version)
return 1
`;

// KEYS: room hash, log list. ARGV: the reader's version (-1: load from the snapshot). Returns
// { version, snapshot version, snapshot or false, entries... }. A room stored before rooms were logs has
// no 'sv' and no list: its snapshot is taken as of its version, once.
const READ = `
local fields = redis.call('HMGET', KEYS[1], 'v', 's', 'sv')
if not fields[1] then return false end
local version = tonumber(fields[1])
local sv = tonumber(fields[3] or '0')
if not fields[3] then
  sv = version
  redis.call('HSET', KEYS[1], 'sv', sv)
end
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

interface LogRedis extends Redis {
  createRoom(room: string, log: string, index: string, snapshot: string, expiresAt: number, now: number, id: string, channel: string): Promise<number>;
  appendRoom(room: string, log: string, index: string, ...args: (string | number)[]): Promise<number>;
  readRoom(room: string, log: string, reader: number): Promise<[number, number, string | null, ...string[]] | null>;
}

export class RedisLog implements RoomLog {
  private readonly redis: LogRedis;

  /** `redis`: a connection of its own (a subscribed connection cannot run commands), with autopipelining. */
  constructor(redis: Redis, private readonly now: () => number = Date.now) {
    redis.defineCommand('createRoom', { numberOfKeys: 3, lua: CREATE });
    redis.defineCommand('appendRoom', { numberOfKeys: 3, lua: APPEND });
    redis.defineCommand('readRoom', { numberOfKeys: 2, lua: READ });
    this.redis = redis as LogRedis;
  }

  async create(id: string, snapshot: string, expiresAt: number): Promise<boolean> {
    return (await this.redis.createRoom(roomKey(id), logKey(id), EXPIRIES, snapshot, expiresAt, this.now(), id, roomChannel(id))) === 1;
  }

  async append(id: string, expected: number, entries: string[], snapshot: string | null, expiresAt: number): Promise<boolean> {
    const appended = await this.redis.appendRoom(roomKey(id), logKey(id), EXPIRIES, expected, expiresAt, this.now(), id, snapshot ?? '', KEPT_BEFORE_SNAPSHOT, roomChannel(id), ...entries);
    return appended === 1;
  }

  load(id: string): Promise<StoredRoom | null> {
    return this.read(id, -1);
  }

  since(id: string, version: number): Promise<StoredRoom | null> {
    return this.read(id, version);
  }

  private async read(id: string, reader: number): Promise<StoredRoom | null> {
    const result = await this.redis.readRoom(roomKey(id), logKey(id), reader);
    if (!result) return null;
    const [version, snapshotVersion, snapshot, ...entries] = result;
    return { version: Number(version), snapshotVersion: Number(snapshotVersion), snapshot: snapshot || null, entries };
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
