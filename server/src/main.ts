#!/usr/bin/env node
/**
 * `domino-game-server` (`npm run server` in the repository): the room server for online play, with the
 * widget's files beside it. `--help` lists the flags (their table: flags.ts). Once it accepts
 * connections it prints `listening on http://HOST:PORT`; logs are JSON lines (pino) on standard output.
 * SIGINT and SIGTERM drain (sockets closed with 1012: clients resume) and exit.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pino } from 'pino';
import { redisCluster, soloCluster, type Cluster } from './cluster.js';
import { computerPool } from './computer-pool.js';
import { FlagError, helpText, readFlags, type Settings } from './flags.js';
import { startServer } from './server.js';
import type { RoomLog } from './storage/log.js';
import { MemoryLog } from './storage/memory.js';
import { RedisLog, type RedisClient } from './storage/redis.js';
import { redisClient, type RedisRole, type RedisTarget } from './storage/redis-client.js';
import { SqliteLog } from './storage/sqlite.js';

/** The widget package this server serves (its dist/, and in the repository its demo/). */
const widgetRoot = dirname(createRequire(import.meta.url).resolve('domino-game/package.json'));

function fail(message: string): never {
  console.error(`domino server: ${message}`);
  process.exit(2);
}

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
const redisTarget: RedisTarget | null = flags.redis ? { url: flags.redis } : clusterSeeds ? { cluster: clusterSeeds.nodes } : null;
const redisWhere = !redisTarget ? '' : 'url' in redisTarget ? `Redis at ${redact(redisTarget.url)}` : `the Redis Cluster at ${clusterSeeds?.text}`;
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
const staticRoot = flags.static === undefined ? widgetRoot : flags.static;

const server = await startServer({
  port,
  host,
  store,
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
