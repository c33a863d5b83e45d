/**
 * The room server, put together: one HTTP server for the WebSocket endpoint (sockets.ts), `/healthz`
 * and the widget's files (http.ts), `/metrics` on a listener of its own or behind a token, the rooms
 * (RoomService), the sweep of expired rooms, and the drain on close. Nothing a client sends can crash
 * the process: every frame is checked against the protocol's schemas first, and a bad message is
 * refused with a code and changes nothing.
 */
import { existsSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { soloCluster, type Cluster } from './cluster.js';
import type { ComputerPool } from './computer-pool.js';
import { httpHandler } from './http.js';
import type { SiteVerifier } from './identity/identity.js';
import { DEFAULT_LIMITS, type Clock } from './limits.js';
import { createMetrics, type Metrics } from './metrics.js';
import { MemoryPlayerStore } from './players/memory.js';
import { PlayerService } from './players/player-service.js';
import type { PlayerStore } from './players/player-store.js';
import { playersHttp } from './players/players-http.js';
import { MemoryPoolStore, type PoolStore } from './matchmaking/pool-store.js';
import { defaultPools, type PoolConfig } from './matchmaking/pools.js';
import { QuickMatch } from './matchmaking/quick-match.js';
import { RoomService } from './rooms/room-service.js';
import { DEFAULT_SECURITY, securityHeaders, type SecurityOptions } from './security-headers.js';
import { acceptSockets } from './sockets.js';
import type { AppendOptions, RoomLog } from './storage/log.js';

export interface ServerOptions {
  port: number;
  host: string;
  store: RoomLog;
  /** Who played and how well (players/player-store.ts); in memory when omitted. The server closes it. */
  players?: PlayerStore;
  /** Checks a host site's member tokens (`identify`); none when omitted: site tokens are refused. */
  site?: SiteVerifier | null;
  /** The bearer token of `POST /admin/ban` and `/admin/unban`; they answer 404 when omitted. */
  adminToken?: string | null;
  /** The other processes sharing the store; alone when omitted. */
  cluster?: Cluster;
  /** Quick match's pools (pools.ts `defaultPools` when omitted) and where their seekers wait (this process's memory when omitted: one process). */
  pools?: readonly PoolConfig[];
  poolStore?: PoolStore;
  pool: ComputerPool;
  log: Logger;
  /** Allowed `Origin`s of WebSocket connections; null allows any. */
  origins: string[] | null;
  /** Folder whose demo/ and dist/ are served over HTTP; null serves none. */
  staticRoot: string | null;
  graceMs: number;
  nextRoundMs?: number;
  ttl?: { lobbyMs: number; idleMs: number };
  /** Behind a reverse proxy: the per-address limits count `X-Forwarded-For`'s last address (SocketOptions.trustProxy). */
  trustProxy?: boolean;
  /** The limits (SocketOptions); each left out is DEFAULT_LIMITS' (limits.ts). */
  maxConnectionsPerAddress?: number;
  connectionsPerMinutePerAddress?: number;
  roomsPerMinutePerAddress?: number;
  messagesPerSecond?: number;
  messageBurst?: number;
  messagesPerSecondPerAddress?: number;
  messageBurstPerAddress?: number;
  /** Tests only: the limits' clock (SocketOptions.now). */
  limitsClock?: Clock;
  /** Tests only: the pause of a 429 and how many may wait at once (SocketOptions; DEFAULT_LIMITS' otherwise). */
  refusalPauseMs?: number;
  mostPausedRefusals?: number;
  pingMs?: number;
  sweepMs?: number;
  /** Tests only: what turn clocks are multiplied by (RoomServiceOptions.clockScale). */
  clockScale?: number;
  /** Tests only: what the computers' tempo pause is multiplied by (RoomServiceOptions.computerPauseScale). */
  computerPauseScale?: number;
  /** Who may frame the pages, and the referrer policy (DEFAULT_SECURITY when omitted). */
  security?: SecurityOptions;
  /** Where `/metrics` is served on a listener of its own; none when omitted. */
  metricsListener?: { port: number; host: string } | null;
  /** The bearer token that opens `/metrics` on the public port; there it answers 404 when omitted. */
  metricsToken?: string | null;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The metrics listener's `/metrics`, or null when there is none. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

const HOUR = 3_600_000;
/** How lately a process must have beaten for quick match to seat its seekers. */
const FRESH_BEAT_MS = 2_000;

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { log } = options;
  const cluster = options.cluster ?? soloCluster();
  let connections = () => 0;
  const metrics = createMetrics({ rooms: () => options.store.count(), connections: () => connections(), ...(cluster.traffic ? { redis: cluster.traffic } : {}) });
  const store = countingErrors(options.store, metrics);
  const playerStore = options.players ?? new MemoryPlayerStore();
  const players = new PlayerService({ store: playerStore, site: options.site ?? null, log });
  const service = new RoomService({
    players,
    playerStore,
    store,
    pool: options.pool,
    log,
    metrics,
    cluster,
    graceMs: options.graceMs,
    nextRoundMs: options.nextRoundMs ?? 30_000,
    ...(options.clockScale !== undefined ? { clockScale: options.clockScale } : {}),
    ...(options.computerPauseScale !== undefined ? { computerPauseScale: options.computerPauseScale } : {}),
    ttl: options.ttl ?? { lobbyMs: HOUR, idleMs: 24 * HOUR },
  });
  const quickMatch = new QuickMatch({
    pools: options.pools ?? defaultPools(),
    store: options.poolStore ?? new MemoryPoolStore(),
    players,
    playerStore,
    processId: cluster.processId,
    alive: (process) => cluster.alive(process),
    // Processes beat every second: one silent for two has likely died (a live one just waits a wave).
    fresh: (process) => cluster.beatWithin(process, FRESH_BEAT_MS),
    makeTable: (pool, people) => service.createTable(pool, people),
    log,
  });
  service.attachQuickMatch(quickMatch);
  quickMatch.start();
  let draining = () => false;
  const answering = {
    store,
    metrics,
    connections: () => connections(),
    draining: () => draining(),
    headers: securityHeaders(options.security ?? DEFAULT_SECURITY),
    log,
  };
  const http: Server = answerWithoutBody(
    httpHandler({
      ...answering,
      staticRoot: options.staticRoot,
      hasDemo: options.staticRoot !== null && existsSync(join(options.staticRoot, 'demo')),
      players: playersHttp({ store: playerStore, adminToken: options.adminToken ?? null, origins: options.origins, log }),
      metricsAccess: options.metricsToken ? { token: options.metricsToken } : null,
    }),
  );
  const metricsServer = options.metricsListener ? answerWithoutBody(httpHandler({ ...answering, staticRoot: null, hasDemo: false, players: null, metricsAccess: 'open' })) : null;
  const sockets = acceptSockets(http, {
    service,
    metrics,
    log,
    origins: options.origins,
    trustProxy: options.trustProxy ?? false,
    maxConnectionsPerAddress: options.maxConnectionsPerAddress ?? DEFAULT_LIMITS.maxConnectionsPerAddress,
    connectionsPerMinutePerAddress: options.connectionsPerMinutePerAddress ?? DEFAULT_LIMITS.connectionsPerMinutePerAddress,
    roomsPerMinutePerAddress: options.roomsPerMinutePerAddress ?? DEFAULT_LIMITS.roomsPerMinutePerAddress,
    messagesPerSecond: options.messagesPerSecond ?? DEFAULT_LIMITS.messagesPerSecond,
    messageBurst: options.messageBurst ?? DEFAULT_LIMITS.messageBurst,
    messagesPerSecondPerAddress: options.messagesPerSecondPerAddress ?? DEFAULT_LIMITS.messagesPerSecondPerAddress,
    messageBurstPerAddress: options.messageBurstPerAddress ?? DEFAULT_LIMITS.messageBurstPerAddress,
    ...(options.limitsClock ? { now: options.limitsClock } : {}),
    refusalPauseMs: options.refusalPauseMs ?? DEFAULT_LIMITS.refusalPauseMs,
    mostPausedRefusals: options.mostPausedRefusals ?? DEFAULT_LIMITS.mostPausedRefusals,
    pingMs: options.pingMs ?? 15_000,
  });
  connections = () => sockets.count;
  draining = () => sockets.draining;
  const sweeper = setInterval(() => {
    service.sweep().catch((error: unknown) => log.error({ err: error }, 'sweep failed'));
  }, options.sweepMs ?? 60_000);
  sweeper.unref();

  const port = await listen(http, options.port, options.host).catch((error: Error) => {
    throw new Error(`cannot listen on ${options.host}:${options.port}: ${error.message}`);
  });
  let metricsUrl: string | null = null;
  if (metricsServer && options.metricsListener) {
    const where = options.metricsListener;
    await listen(metricsServer, where.port, where.host).catch((error: Error) => {
      http.close();
      throw new Error(`cannot listen for metrics on ${where.host}:${where.port}: ${error.message}`);
    });
    metricsUrl = `${urlOf(where.host, metricsServer)}/metrics`;
  }

  return {
    url: urlOf(options.host, http),
    port,
    metricsUrl,
    async close() {
      clearInterval(sweeper);
      // Drain: no new connection, everyone sent away with 1012 (they resume, here when it is back or on
      // another process), and the changes under way stored.
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      await quickMatch.stop();
      await sockets.drain();
      await service.drain();
      service.close();
      http.closeIdleConnections();
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      http.closeAllConnections();
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      sockets.terminate();
      await options.pool.close();
      await cluster.close();
      // The players' store shares the rooms' connection (SQLite, Redis), which the room log closes.
      await playerStore.close();
      await options.store.close();
    },
  };
}

/**
 * An HTTP server for `listener` that never asks for a request's body unbidden: a request sent with
 * `Expect: 100-continue` is answered at once, without the `100 Continue` that would invite the body
 * (only an admin's request, once its token is checked, is invited: players-http.ts).
 */
function answerWithoutBody(listener: RequestListener): Server {
  const server = createServer(listener);
  server.on('checkContinue', listener);
  return server;
}

/** Listens on `host`:`port` (0: a free one); the port bound. */
async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** The base URL of a listening server: a name (localhost) as given, an address as bound (a wildcard as given too). */
function urlOf(requestedHost: string, server: Server): string {
  const address = server.address() as AddressInfo;
  const named = !/^[\d.]+$|:/.test(requestedHost);
  const bound = named ? requestedHost : address.address;
  const host = bound.includes(':') ? `[${bound}]` : bound;
  return `http://${host}:${address.port}`;
}

/** The store, counting its failures for /metrics (and passing them on). */
function countingErrors(store: RoomLog, metrics: Metrics): RoomLog {
  const counted =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await operation(...args);
      } catch (error) {
        metrics.storageErrors.inc();
        throw error;
      }
    };
  return {
    create: counted((id: string, snapshot: string, expiresAt: number) => store.create(id, snapshot, expiresAt)),
    append: counted((id: string, expected: number, entries: string[], snapshot: string | null, expiresAt: number, options?: AppendOptions) =>
      store.append(id, expected, entries, snapshot, expiresAt, options),
    ),
    load: counted((id: string) => store.load(id)),
    since: counted((id: string, version: number) => store.since(id, version)),
    sweep: counted((now: number) => store.sweep(now)),
    count: counted(() => store.count()),
    close: () => store.close(),
  };
}
