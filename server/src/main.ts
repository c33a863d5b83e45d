#!/usr/bin/env node
/**
 * `domino-game-server` (`npm run server` in the repository): the room server for online play, with the
 * widget's files beside it.
 *
 *   --port N          PORT, default 8000
 *   --host H          HOST, default localhost
 *   --db FILE         DOMINO_DB, default data/rooms.sqlite; `:memory:` keeps rooms in memory
 *   --redis URL       REDIS_URL: keep rooms in Redis, shared with other server processes (then --db is unused)
 *   --redis-cluster H:P[,H:P...]  REDIS_CLUSTER: keep rooms in a Redis Cluster (Redis 7) reached through
 *                     these seed nodes, instead of one Redis
 *   --origins A,B     DOMINO_ORIGINS: the page origins allowed to connect; default any (said at start)
 *   --grace S         seconds a person may be gone before a computer plays for them, default 60
 *   --ping S          seconds between heartbeat pings of each connection, default 15 (a connection that
 *                     left two in a row unanswered is ended)
 *   --next-round S    seconds after a round ends before the next is dealt, ready or not, default 30
 *   --lobby-ttl S     seconds an unstarted room lives idle, default 3600
 *   --room-ttl S      seconds a room lives after its last person left, default 86400
 *   --static DIR      the folder whose demo/ and dist/ are served over HTTP, default the installed domino-game
 *                     package (its dist/; in the repository also the demo); `none` serves none
 *   --trust-proxy     behind a reverse proxy (nginx, deploy/nginx.conf): the per-address limits count the
 *                     last address of X-Forwarded-For (the one the proxy added), not the proxy's
 *   Per address (an IPv6 address counts by its /64; each process counts its own):
 *   --max-connections-per-address N          default 32
 *   --connections-per-minute-per-address N   default 60 (more get a 429 before the handshake, after 1 s)
 *   --messages-per-second-per-address N      default 20, all the address's connections together
 *   --message-burst-per-address N            default 60
 *   --rooms-per-minute-per-address N         default 10
 *   --threads N       computer player threads, default cores - 1
 *   --clock-scale F   for tests only: what each room's turn clock is multiplied by, default 1
 *                     (0.05 makes a 15 s clock run out in 0.75 s)
 *
 * Once it accepts connections it prints `listening on http://HOST:PORT`; logs are JSON lines (pino)
 * on standard output. SIGINT and SIGTERM close the sockets with 1012 (clients resume) and exit.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { redisCluster, soloCluster, type Cluster } from './cluster.js';
import { computerPool } from './computer-pool.js';
import { DEFAULT_LIMITS } from './limits.js';
import { startServer } from './server.js';
import type { RoomLog } from './storage/log.js';
import { MemoryLog } from './storage/memory.js';
import { RedisLog, type RedisClient } from './storage/redis.js';
import { parseClusterNodes, redisClient, type RedisRole, type RedisTarget } from './storage/redis-client.js';
import { SqliteLog } from './storage/sqlite.js';

/** The widget package this server serves (its dist/, and in the repository its demo/). */
const widgetRoot = dirname(createRequire(import.meta.url).resolve('domino-game/package.json'));

function fail(message: string): never {
  console.error(`domino server: ${message}`);
  process.exit(2);
}

function wholeNumber(name: string, text: string | undefined, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) fail(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  return value;
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      db: { type: 'string' },
      redis: { type: 'string' },
      'redis-cluster': { type: 'string' },
      origins: { type: 'string' },
      grace: { type: 'string' },
      'next-round': { type: 'string' },
      ping: { type: 'string' },
      'lobby-ttl': { type: 'string' },
      'room-ttl': { type: 'string' },
      static: { type: 'string' },
      'trust-proxy': { type: 'boolean' },
      'max-connections-per-address': { type: 'string' },
      'rooms-per-minute-per-address': { type: 'string' },
      'connections-per-minute-per-address': { type: 'string' },
      'messages-per-second-per-address': { type: 'string' },
      'message-burst-per-address': { type: 'string' },
      threads: { type: 'string' },
      'clock-scale': { type: 'string' },
    },
    strict: true,
  }).values;
} catch (error) {
  fail((error as Error).message);
}

const port = wholeNumber('--port (or PORT)', parsed.port ?? process.env.PORT, 8000, 0, 65535);
const host = parsed.host ?? process.env.HOST ?? 'localhost';
const db = parsed.db ?? process.env.DOMINO_DB ?? 'data/rooms.sqlite';
const originsText = parsed.origins ?? process.env.DOMINO_ORIGINS ?? '';
const origins = originsText.trim() ? originsText.split(',').map((o) => o.trim()).filter(Boolean) : null;
for (const origin of origins ?? []) {
  let url: URL | null = null;
  try {
    url = new URL(origin);
  } catch {
    // said below
  }
  if (!url || url.origin !== origin) fail(`--origins: "${origin}" is not an origin like https://example.com`);
}
const log = pino({ level: process.env.LOG_LEVEL ?? 'info', base: { pid: process.pid } });
const redisUrl = parsed.redis ?? process.env.REDIS_URL ?? '';
const redisClusterText = parsed['redis-cluster'] ?? process.env.REDIS_CLUSTER ?? '';
if (redisUrl && redisClusterText) fail('give either --redis (one Redis) or --redis-cluster (a Redis Cluster), not both');
let redisTarget: RedisTarget | null = redisUrl ? { url: redisUrl } : null;
if (redisClusterText) {
  try {
    redisTarget = { cluster: parseClusterNodes(redisClusterText) };
  } catch (error) {
    fail(`--redis-cluster: ${(error as Error).message}`);
  }
}
const redisWhere = !redisTarget ? '' : 'url' in redisTarget ? `Redis at ${redact(redisTarget.url)}` : `the Redis Cluster at ${redisClusterText}`;
let store: RoomLog;
let cluster: Cluster;
if (redisTarget) {
  const target = redisTarget;
  const connect = async (role: RedisRole): Promise<RedisClient> => {
    // Bounded: a move made while Redis is away is refused within a second or two (storage/redis-client.ts).
    const redis = redisClient(target, role);
    let down = false;
    redis.on('error', (error: Error) => {
      if (!down) log.warn({ event: 'redis-error', role, err: error.message }, 'Redis connection problem');
      down = true;
    });
    redis.on('ready', () => {
      if (down) log.info({ event: 'redis-ready', role }, 'Redis is back');
      down = false;
    });
    await redis.connect().catch((error: Error) => fail(`cannot reach ${redisWhere}: ${error.message}`));
    return redis;
  };
  const commands = await connect('commands');
  const subscriber = await connect('subscriber');
  store = new RedisLog(commands);
  cluster = await redisCluster(commands, subscriber, (error) => log.warn({ event: 'cluster-error', err: (error as Error).message }, 'cluster step failed'));
} else {
  store = db === ':memory:' ? new MemoryLog() : new SqliteLog(db);
  cluster = soloCluster();
}

/** A URL as it may be logged: without its password. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return 'the given URL';
  }
}
/** `--clock-scale`: a positive number, at most 1 (turn clocks only ever run faster, for tests). */
function clockScale(text: string | undefined): number {
  if (text === undefined) return 1;
  const scale = Number(text);
  if (!(scale > 0 && scale <= 1)) fail(`--clock-scale must be a number above 0 and at most 1, not ${text}`);
  return scale;
}

const staticRoot = parsed.static === 'none' ? null : (parsed.static ?? widgetRoot);

const server = await startServer({
  port,
  host,
  store,
  cluster,
  pool: computerPool(parsed.threads ? wholeNumber('--threads', parsed.threads, 1, 1, 64) : undefined),
  log,
  origins,
  staticRoot,
  graceMs: wholeNumber('--grace', parsed.grace, 60) * 1000,
  pingMs: wholeNumber('--ping', parsed.ping, 15, 1, 3600) * 1000,
  nextRoundMs: wholeNumber('--next-round', parsed['next-round'], 30, 1) * 1000,
  ttl: { lobbyMs: wholeNumber('--lobby-ttl', parsed['lobby-ttl'], 3600, 1) * 1000, idleMs: wholeNumber('--room-ttl', parsed['room-ttl'], 86400, 1) * 1000 },
  trustProxy: parsed['trust-proxy'] ?? false,
  maxConnectionsPerAddress: wholeNumber('--max-connections-per-address', parsed['max-connections-per-address'], DEFAULT_LIMITS.maxConnectionsPerAddress, 1),
  roomsPerMinutePerAddress: wholeNumber('--rooms-per-minute-per-address', parsed['rooms-per-minute-per-address'], DEFAULT_LIMITS.roomsPerMinutePerAddress, 1),
  connectionsPerMinutePerAddress: wholeNumber('--connections-per-minute-per-address', parsed['connections-per-minute-per-address'], DEFAULT_LIMITS.connectionsPerMinutePerAddress, 1),
  messagesPerSecondPerAddress: wholeNumber('--messages-per-second-per-address', parsed['messages-per-second-per-address'], DEFAULT_LIMITS.messagesPerSecondPerAddress, 1),
  messageBurstPerAddress: wholeNumber('--message-burst-per-address', parsed['message-burst-per-address'], DEFAULT_LIMITS.messageBurstPerAddress, 1),
  clockScale: clockScale(parsed['clock-scale']),
}).catch((error: Error) => fail(`cannot listen on ${host}:${port}: ${error.message}`));

if (!origins) log.warn({ event: 'any-origin' }, 'no --origins given: pages from any origin may connect');
log.info({ event: 'listening', url: server.url, storage: redisTarget ? ('url' in redisTarget ? 'redis' : 'redis-cluster') : db === ':memory:' ? 'memory' : 'sqlite' }, 'listening');
console.log(`listening on ${server.url}`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ event: 'stopping', signal }, 'stopping');
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
