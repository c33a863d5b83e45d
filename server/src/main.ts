#!/usr/bin/env node
/**
 * `domino-game-server` (`npm run server` in the repository): the room server for online play, with the
 * widget's files beside it. `--help` lists the flags (their table: flags.ts). Once it accepts
 * connections it prints `listening on http://HOST:PORT`; logs are JSON lines (pino) on standard output.
 * SIGINT and SIGTERM drain (sockets closed with 1012: clients resume) and exit. `ban ID` and `unban ID`
 * (admin-command.ts) ban a player in the storage the flags name, and exit.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pino } from 'pino';
import { isAdminCommand, runAdminCommand } from './admin-command.js';
import { redisCluster, soloCluster, type Cluster } from './cluster.js';
import { computerPool } from './computer-pool.js';
import { FlagError, helpText, readFlags, redisTargetOf, type Settings } from './flags.js';
import { siteVerifier } from './identity/identity.js';
import { MemoryPoolStore, RedisPoolStore, type PoolStore } from './matchmaking/pool-store.js';
import { defaultPools, readPoolsFile, type PoolConfig } from './matchmaking/pools.js';
import { MemoryPlayerStore } from './players/memory.js';
import type { PlayerStore } from './players/player-store.js';
import { RedisPlayerStore } from './players/redis.js';
import { SqlitePlayerStore } from './players/sqlite.js';
import { startServer } from './server.js';
import type { RoomLog } from './storage/log.js';
import { MemoryLog } from './storage/memory.js';
import { RedisLog, type RedisClient } from './storage/redis.js';
import { redisClient, type RedisRole } from './storage/redis-client.js';
import { SqliteLog } from './storage/sqlite.js';

/** The widget package this server serves (its dist/, and in the repository its demo/). */
const widgetRoot = dirname(createRequire(import.meta.url).resolve('domino-game/package.json'));

function fail(message: string): never {
  console.error(`domino server: ${message}`);
  process.exit(2);
}

const [command, ...commandArgs] = process.argv.slice(2);
if (isAdminCommand(command)) process.exit(await runAdminCommand(command, commandArgs));

let flags: Settings;
try {
  flags = readFlags(process.argv.slice(2));
} catch (error) {
  if (error instanceof FlagError) fail(error.message);
  throw error;
}
if (flags.help) {
  process.stdout.write(helpText());
  process.exit(0);
}
const { port, host, db, origins } = flags;
const log = pino({ level: process.env.LOG_LEVEL ?? 'info', base: { pid: process.pid } });
const clusterSeeds = flags['redis-cluster'];
const redisTarget = redisTargetOf(flags);
const redisWhere = !redisTarget ? '' : 'url' in redisTarget ? `Redis at ${redact(redisTarget.url)}` : `the Redis Cluster at ${clusterSeeds?.text}`;
let store: RoomLog;
let players: PlayerStore;
let poolStore: PoolStore;
let pools: PoolConfig[];
try {
  pools = flags.pools ? readPoolsFile(flags.pools, flags['computer-fill-after'] * 1000) : defaultPools(flags['computer-fill-after'] * 1000);
} catch (error) {
  fail((error as Error).message);
}
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
  players = new RedisPlayerStore(commands);
  poolStore = new RedisPoolStore(commands, subscriber, pools.map((pool) => pool.id), (error) => log.warn({ event: 'pool-error', err: (error as Error).message }, 'a pool notice failed'));
  cluster = await redisCluster(commands, subscriber, (error) => log.warn({ event: 'cluster-error', err: (error as Error).message }, 'cluster step failed'));
} else {
  if (db === ':memory:') {
    store = new MemoryLog();
    players = new MemoryPlayerStore();
  } else {
    const rooms = new SqliteLog(db);
    store = rooms;
    players = new SqlitePlayerStore(rooms.database);
  }
  poolStore = new MemoryPoolStore();
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
const staticRoot = flags.static === undefined ? widgetRoot : flags.static;

const siteKey = flags['identity-key'] ? { hs256: flags['identity-key'] } : flags['identity-jwks'] ? { jwks: flags['identity-jwks'] } : null;

const server = await startServer({
  port,
  host,
  store,
  players,
  pools,
  poolStore,
  site: siteKey ? siteVerifier(siteKey) : null,
  adminToken: flags['admin-token'],
  cluster,
  pool: computerPool(flags.threads),
  log,
  origins,
  staticRoot,
  graceMs: flags.grace * 1000,
  pingMs: flags.ping * 1000,
  nextRoundMs: flags['next-round'] * 1000,
  ttl: { lobbyMs: flags['lobby-ttl'] * 1000, idleMs: flags['room-ttl'] * 1000 },
  trustProxy: flags['trust-proxy'],
  maxConnectionsPerAddress: flags['max-connections-per-address'],
  roomsPerMinutePerAddress: flags['rooms-per-minute-per-address'],
  connectionsPerMinutePerAddress: flags['connections-per-minute-per-address'],
  messagesPerSecondPerAddress: flags['messages-per-second-per-address'],
  messageBurstPerAddress: flags['message-burst-per-address'],
  clockScale: flags['clock-scale'],
  computerPauseScale: flags['computer-pause-scale'],
  security: { frameAncestors: flags['frame-ancestors'], referrerPolicy: flags['referrer-policy'] },
  metricsListener: flags['metrics-port'] === undefined ? null : { port: flags['metrics-port'], host: flags['metrics-host'] },
  metricsToken: flags['metrics-token'],
}).catch((error: Error) => fail(error.message));

if (!origins) log.warn({ event: 'any-origin' }, 'no --origins given: pages from any origin may connect');
log.info({ event: 'listening', url: server.url, storage: redisTarget ? ('url' in redisTarget ? 'redis' : 'redis-cluster') : db === ':memory:' ? 'memory' : 'sqlite' }, 'listening');
// The metrics line first: whoever waits for the listening line knows both then.
if (server.metricsUrl) console.log(`metrics on ${server.metricsUrl}`);
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
