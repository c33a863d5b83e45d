/**
 * The WebSocket endpoint (`/ws`): which upgrades are taken (origin, per-address caps, not while
 * draining), the message budgets (each connection's and its address's), every frame checked by the
 * protocol's schemas before the rooms see it, one connection's messages handled in the order they
 * came, and the heartbeat that drops connections which stopped answering.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { CLIENT_MESSAGE_TYPES, MAX_MESSAGE_BYTES, parseClientMessage, type ClientMessageType, type ServerMessage } from 'domino-game/protocol';
import { addressGroup } from './address-group.js';
import { Heartbeat } from './heartbeat.js';
import { BucketPerAddress, PerAddress, TokenBucket, monotonic, type Clock } from './limits.js';
import type { Metrics } from './metrics.js';
import { PausedRefusals } from './paused-refusals.js';
import type { Client, RoomService } from './rooms/room-service.js';

export interface SocketOptions {
  service: RoomService;
  metrics: Metrics;
  log: Logger;
  /** Allowed `Origin`s; null allows any. */
  origins: string[] | null;
  /**
   * Behind a reverse proxy (nginx): a connection's address, for the per-address limits, is the last
   * one of its `X-Forwarded-For` (the one the proxy added), not the proxy's own. Either way the limits
   * count an address's group (address-group.ts: an IPv6 address by its /64).
   */
  trustProxy: boolean;
  maxConnectionsPerAddress: number;
  connectionsPerMinutePerAddress: number;
  roomsPerMinutePerAddress: number;
  /** Each connection's own budget: one connection cannot spend all of its address's. */
  messagesPerSecond: number;
  messageBurst: number;
  /** The budget all of an address's connections share: reconnecting gets none afresh. */
  messagesPerSecondPerAddress: number;
  messageBurstPerAddress: number;
  pingMs: number;
  /** The limits' clock (tests move one by hand); monotonic by default. */
  now?: Clock;
  /** How long an upgrade refused with 429 waits for its answer (paused-refusals.ts), and how many may wait at once. */
  refusalPauseMs: number;
  mostPausedRefusals: number;
}

export interface Sockets {
  readonly count: number;
  /** Whether drain() has begun: no new connection is taken. */
  readonly draining: boolean;
  /**
   * Takes no new connection and sends everyone away with 1012 (service restart: they resume at once,
   * here when it is back or on another process), each connection once the messages it sent before are
   * handled: their changes stored and the frames they made sent ahead of the close.
   */
  drain(): Promise<void>;
  /** Ends every connection still open. */
  terminate(): void;
}

/** A socket holding more unsent data than this is too slow to follow: it is closed, and its client resumes. */
const MAX_BUFFERED_BYTES = 1 << 20;

/**
 * Frames refused for the rate in a row (each answered with `rate-limited`) after which the connection
 * is closed with 1008: no honest client keeps sending into refusals this long.
 */
export const REFUSALS_BEFORE_CLOSE = 20;

const CLIENT_TYPES: ReadonlySet<string> = new Set(CLIENT_MESSAGE_TYPES);

/**
 * The type a text frame names, when the protocol knows it: the `ref` of a refusal for the rate, found
 * without the schemas (a frame refused for the rate is not read further).
 */
function namedType(text: string): ClientMessageType | undefined {
  try {
    const data: unknown = JSON.parse(text);
    const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
    return typeof type === 'string' && CLIENT_TYPES.has(type) ? (type as ClientMessageType) : undefined;
  } catch {
    return undefined;
  }
}

/** The client's address a trusted proxy added last to `X-Forwarded-For`, if any. */
function forwardedFor(request: IncomingMessage): string | null {
  const header = request.headers['x-forwarded-for'];
  const last = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').pop()?.trim();
  return last ? last : null;
}

export function acceptSockets(http: Server, options: SocketOptions): Sockets {
  const { service, metrics, log } = options;
  /** Each open connection, with what its messages handled so far amount to (to close it after them). */
  const open = new Map<WebSocket, () => Promise<void>>();
  const heartbeat = new Heartbeat<WebSocket>();
  const now = options.now ?? monotonic;
  const held = new PerAddress(options.maxConnectionsPerAddress);
  const perMinute = (count: number) => new BucketPerAddress({ perSecond: count / 60, burst: count, now });
  const openings = perMinute(options.connectionsPerMinutePerAddress);
  const creations = perMinute(options.roomsPerMinutePerAddress);
  const addressMessages = new BucketPerAddress({ perSecond: options.messagesPerSecondPerAddress, burst: options.messageBurstPerAddress, now });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false, clientTracking: false });
  let nextClientId = 1;
  let draining = false;

  const response = (status: string) => `HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`;
  const refuseUpgrade = (socket: Duplex, status: string): void => {
    socket.end(response(status));
  };
  const paused = new PausedRefusals(options.refusalPauseMs, options.mostPausedRefusals);
  const TOO_MANY = response('429 Too Many Requests');

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
    const address = (options.trustProxy ? forwardedFor(request) : null) ?? request.socket.remoteAddress ?? 'unknown';
    const group = addressGroup(address);
    // Refused before the handshake, and answered after a pause: a client that tries again at once waits.
    if (!held.acquire(group)) {
      log.info({ event: 'refused-address', address, group }, 'too many connections from one address');
      return paused.refuse(socket, TOO_MANY);
    }
    if (!openings.take(group)) {
      held.release(group);
      log.info({ event: 'refused-connection-rate', address, group }, 'too many new connections from one address this minute');
      return paused.refuse(socket, TOO_MANY);
    }
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, address, group));
  });

  function accept(ws: WebSocket, address: string, group: string): void {
    const bucket = new TokenBucket(options.messagesPerSecond, options.messageBurst, now);
    let refusedInARow = 0;
    let queue: Promise<void> = Promise.resolve();
    const sendText = (text: string) => {
      if (ws.readyState !== ws.OPEN) return;
      ws.send(text);
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        log.warn({ event: 'slow-client', client: client.id }, 'closing a client that does not keep up');
        ws.close(1013, 'too slow; resume');
      }
    };
    const client: Client = {
      id: nextClientId++,
      address,
      room: null,
      seat: null,
      seq: -1,
      send: (message: ServerMessage) => sendText(JSON.stringify(message)),
      sendText,
      close: (code, reason) => ws.close(code, reason),
    };
    open.set(ws, () => queue);
    heartbeat.add(ws);
    log.info({ event: 'connected', client: client.id, address }, 'connection opened');

    /** Why the next frame is refused for the rate, or null when it is taken (from both budgets). */
    const rateRefusal = (): string | null => {
      // The connection's own bucket first: a frame it refuses costs the address's budget nothing.
      if (!bucket.canTake()) return `too many messages on one connection: at most ${options.messagesPerSecond} a second`;
      if (!addressMessages.take(group)) return `too many messages from one address, all its connections together: at most ${options.messagesPerSecondPerAddress} a second`;
      bucket.take();
      return null;
    };
    /** Every frame refused for the rate is answered; so many in a row close the connection after the last answer. */
    const refuseForRate = (why: string, data: RawData, isBinary: boolean) => {
      refusedInARow++;
      if (refusedInARow === 1) log.info({ event: 'rate-limited', client: client.id, group }, 'refusing messages for the rate');
      metrics.refusals.inc({ code: 'rate-limited' });
      const ref = isBinary ? undefined : namedType(data.toString());
      client.send({ type: 'error', code: 'rate-limited', message: why, ...(ref ? { ref } : {}) });
      if (refusedInARow >= REFUSALS_BEFORE_CLOSE) {
        log.info({ event: 'flood', client: client.id, group }, 'closing a flooding client');
        ws.close(1008, 'too many messages');
      }
    };

    ws.on('pong', () => heartbeat.answered(ws));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      // Frames that were on their way when the close began: the connection is gone, nothing answers them.
      if (ws.readyState !== ws.OPEN) return;
      const why = rateRefusal();
      if (why !== null) return refuseForRate(why, data, isBinary);
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
      if (message.type === 'create' && !creations.take(group)) {
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
          // Nothing was stored, so nothing changed: the player may simply send it again.
          service.refuse(client, 'unavailable', 'the game could not be reached (storage unavailable); nothing changed, try again', message.type);
        });
    });
    ws.on('error', (error) => log.info({ event: 'socket-error', client: client.id, err: error.message }, 'socket error'));
    ws.on('close', (code) => {
      open.delete(ws);
      heartbeat.remove(ws);
      held.release(group);
      log.info({ event: 'disconnected', client: client.id, code }, 'connection closed');
      void queue.then(() => service.closed(client));
    });
  }

  heartbeat.start(options.pingMs);

  return {
    get count() {
      return open.size;
    },
    get draining() {
      return draining;
    },
    async drain() {
      heartbeat.stop();
      draining = true;
      paused.answerAll();
      await Promise.all(
        [...open].map(async ([ws, handled]) => {
          // A message that came while an earlier one was handled is handled too before the close.
          let settled: Promise<void>;
          do {
            settled = handled();
            await settled;
          } while (settled !== handled());
          ws.close(1012, 'server restarting');
        }),
      );
    },
    terminate() {
      paused.answerAll();
      for (const ws of open.keys()) ws.terminate();
    },
  };
}
