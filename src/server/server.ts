/**
 * The room server: one HTTP server for the WebSocket endpoint (`/ws`), `GET /healthz` and the demo's
 * files. Every frame is checked against the protocol's schemas before anything else sees it; a bad
 * message is refused with a code and changes nothing, and nothing a client sends can crash the process.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { MAX_MESSAGE_BYTES, parseClientMessage, type ServerMessage } from '../net/protocol.js';
import { soloCluster, type Cluster } from './cluster.js';
import type { ComputerPool } from './computer-pool.js';
import { createMetrics, type Metrics } from './metrics.js';
import { BucketPerAddress, PerAddress, TokenBucket } from './limits.js';
import type { RoomRecord } from './room.js';
import { RoomService, type Client } from './room-service.js';
import { serveStatic } from './static-files.js';
import type { RoomStore } from './storage/store.js';

export interface ServerOptions {
  port: number;
  host: string;
  store: RoomStore<RoomRecord>;
  /** The other processes sharing the store; alone when omitted. */
  cluster?: Cluster;
  pool: ComputerPool;
  log: Logger;
  /** Allowed `Origin`s of WebSocket connections; null allows any. */
  origins: string[] | null;
  /** Folder served over HTTP (the demo and dist/); null serves none. */
  staticRoot: string | null;
  graceMs: number;
  nextRoundMs?: number;
  ttl?: { lobbyMs: number; idleMs: number };
  maxConnectionsPerAddress?: number;
  roomsPerMinutePerAddress?: number;
  messagesPerSecond?: number;
  messageBurst?: number;
  pingMs?: number;
  sweepMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A socket holding more unsent data than this is too slow to follow: it is closed, and its client resumes. */
const MAX_BUFFERED_BYTES = 1 << 20;
const HOUR = 3_600_000;

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { log } = options;
  const cluster = options.cluster ?? soloCluster();
  const sockets = new Map<WebSocket, { client: Client; missedPongs: number }>();
  const metrics = createMetrics({ rooms: () => options.store.count(), connections: () => sockets.size });
  const store = countingErrors(options.store, metrics);
  const service = new RoomService({
    store,
    pool: options.pool,
    log,
    metrics,
    cluster,
    graceMs: options.graceMs,
    nextRoundMs: options.nextRoundMs ?? 30_000,
    ttl: options.ttl ?? { lobbyMs: HOUR, idleMs: 24 * HOUR },
  });
  const perAddress = new PerAddress(options.maxConnectionsPerAddress ?? 32);
  const creations = new BucketPerAddress(options.roomsPerMinutePerAddress ?? 10, options.roomsPerMinutePerAddress ?? 10);
  const rate = options.messagesPerSecond ?? 20;
  const burst = options.messageBurst ?? 40;
  let nextClientId = 1;

  const http: Server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      if (path === '/metrics') {
        const text = await metrics.registry.metrics();
        response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text);
        return;
      }
      if (path === '/healthz') {
        // Unhealthy when the storage does not answer (Redis unreachable): a load balancer stops sending players here.
        const rooms = await store.count().catch(() => null);
        const healthy = rooms !== null;
        response.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        response.end(JSON.stringify({ ok: healthy, rooms, connections: sockets.size }));
        return;
      }
      if (path === '/' && options.staticRoot) {
        response.writeHead(302, { location: '/demo/' }).end();
        return;
      }
      if (options.staticRoot && (await serveStatic(options.staticRoot, request, response))) return;
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    })().catch((error: unknown) => {
      log.error({ err: error }, 'http request failed');
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false, clientTracking: false });

  const refuseUpgrade = (socket: Duplex, status: string) => {
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  };

  let draining = false;
  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (draining) return refuseUpgrade(socket, '503 Service Unavailable');
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== '/ws') return refuseUpgrade(socket, '404 Not Found');
    const origin = request.headers.origin;
    if (options.origins && (!origin || !options.origins.includes(origin))) {
      log.info({ event: 'refused-origin', origin }, 'origin not allowed');
      return refuseUpgrade(socket, '403 Forbidden');
    }
    const address = request.socket.remoteAddress ?? 'unknown';
    if (!perAddress.acquire(address)) {
      log.info({ event: 'refused-address', address }, 'too many connections from one address');
      return refuseUpgrade(socket, '429 Too Many Requests');
    }
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, address));
  });

  function accept(ws: WebSocket, address: string): void {
    const bucket = new TokenBucket(rate, burst);
    let refusedInARow = 0;
    let queue: Promise<void> = Promise.resolve();
    const client: Client = {
      id: nextClientId++,
      address,
      room: null,
      seat: null,
      seq: -1,
      send(message: ServerMessage) {
        if (ws.readyState !== ws.OPEN) return;
        ws.send(JSON.stringify(message));
        if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          log.warn({ event: 'slow-client', client: client.id }, 'closing a client that does not keep up');
          ws.close(1013, 'too slow; resume');
        }
      },
      close(code, reason) {
        ws.close(code, reason);
      },
    };
    sockets.set(ws, { client, missedPongs: 0 });
    log.info({ event: 'connected', client: client.id, address }, 'connection opened');

    ws.on('pong', () => {
      const entry = sockets.get(ws);
      if (entry) entry.missedPongs = 0;
    });
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (!bucket.take()) {
        // A flood is refused, then closed: 40 refusals in a row is nobody's honest client.
        if (++refusedInARow > burst) {
          log.info({ event: 'flood', client: client.id }, 'closing a flooding client');
          ws.close(1008, 'too many messages');
          return;
        }
        if (refusedInARow === 1) service.refuse(client, 'rate-limited', `at most ${rate} messages a second`);
        return;
      }
      refusedInARow = 0;
      const received = performance.now();
      if (isBinary) {
        metrics.messages.inc({ type: 'invalid' });
        service.refuse(client, 'bad-message', 'binary frames are not accepted: send JSON text');
        return;
      }
      const parsed = parseClientMessage(data.toString());
      metrics.messages.inc({ type: parsed.ok ? parsed.message.type : 'invalid' });
      if (!parsed.ok) {
        service.refuse(client, parsed.code, parsed.message, parsed.ref);
        return;
      }
      const { message } = parsed;
      if (message.type === 'create' && !creations.take(address)) {
        service.refuse(client, 'too-many', 'too many rooms created from this address; wait a minute', 'create');
        return;
      }
      // One client's messages are handled in the order they came.
      queue = queue
        .then(() => service.handle(client, message))
        .then(() => {
          if (message.type === 'move') metrics.moveSeconds.observe((performance.now() - received) / 1000);
        })
        .catch((error: unknown) => {
          log.error({ err: error, client: client.id, ref: message.type }, 'a message failed');
          // Nothing was saved, so nothing changed: the player may simply send it again.
          service.refuse(client, 'unavailable', 'the game could not be reached (storage unavailable); nothing changed, try again', message.type);
        });
    });
    ws.on('error', (error) => log.info({ event: 'socket-error', client: client.id, err: error.message }, 'socket error'));
    ws.on('close', (code) => {
      sockets.delete(ws);
      perAddress.release(address);
      log.info({ event: 'disconnected', client: client.id, code }, 'connection closed');
      void queue.then(() => service.closed(client));
    });
  }

  // Two missed pongs in a row: the connection is dead, whatever TCP thinks.
  const pinger = setInterval(() => {
    for (const [ws, entry] of sockets) {
      if (entry.missedPongs >= 2) {
        ws.terminate();
        continue;
      }
      entry.missedPongs++;
      ws.ping();
    }
  }, options.pingMs ?? 15_000);
  const sweeper = setInterval(() => {
    service.sweep().catch((error: unknown) => log.error({ err: error }, 'sweep failed'));
  }, options.sweepMs ?? 60_000);
  pinger.unref();
  sweeper.unref();

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => resolve());
  });
  const address = http.address() as AddressInfo;
  // A name (localhost) is kept as given; an address is the one bound (a wildcard stays as given too).
  const named = !/^[\d.]+$|:/.test(options.host);
  const bound = named ? options.host : address.address;
  const host = bound.includes(':') ? `[${bound}]` : bound;
  const url = `http://${host}:${address.port}`;

  return {
    url,
    port: address.port,
    async close() {
      clearInterval(pinger);
      clearInterval(sweeper);
      // Drain: take no new connection, send everyone away with 1012 (service restart: they resume, here
      // when it is back or on another process), and let the changes under way be saved.
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      draining = true;
      for (const ws of sockets.keys()) ws.close(1012, 'server restarting');
      await service.drain();
      service.close();
      http.closeIdleConnections();
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      http.closeAllConnections();
      for (const ws of sockets.keys()) ws.terminate();
      await options.pool.close();
      await cluster.close();
      await options.store.close();
    },
  };
}

/** The store, counting its failures for /metrics (and passing them on). */
function countingErrors<T>(store: RoomStore<T>, metrics: Metrics): RoomStore<T> {
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
    load: counted((id: string) => store.load(id)),
    save: counted((id: string, value: T, expected: number, expiresAt: number) => store.save(id, value, expected, expiresAt)),
    sweep: counted((now: number) => store.sweep(now)),
    count: counted(() => store.count()),
    close: () => store.close(),
  };
}
