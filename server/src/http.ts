/**
 * The plain HTTP side of the server: `GET /healthz`, the widget's files (the demo and dist/), the
 * players' paths (players/players-http.ts: the leaderboard, a player's card, the admin's bans), and
 * `GET /metrics`, which is never open to the public by default: on a listener of its own (on
 * loopback unless told otherwise), or on the public port behind a bearer token. Every answer carries
 * the security headers (security-headers.ts). The WebSocket endpoint's upgrades are sockets.ts's.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.js';
import { bearerAllows } from './bearer.js';
import { redirect, requestTarget } from './paths.js';
import { serveStatic } from './static-files.js';
import type { PathHandler } from './players/players-http.js';
import type { RoomLog } from './storage/log.js';

export interface HttpOptions {
  store: RoomLog;
  metrics: Metrics;
  connections: () => number;
  /** Whether the server is draining (SIGTERM): /healthz then says it is not to be sent anyone. */
  draining: () => boolean;
  /** The folder whose demo/ and dist/ are served; null serves none. */
  staticRoot: string | null;
  /** Whether the static root has a demo/ for `/` to lead to. */
  hasDemo: boolean;
  /**
   * Who may read `/metrics` here: anyone who reaches the port (`open`: the metrics listener), whoever
   * sends this bearer token (`{ token }`), or nobody (null: 404, as for any path not here).
   */
  metricsAccess: 'open' | { token: string } | null;
  /** The players' paths (/leaderboard, /players/ID, /admin/*: players-http.ts); null serves none. */
  players: PathHandler | null;
  /** Sent with every answer (securityHeaders()). */
  headers: Record<string, string>;
  log: Logger;
}

export function httpHandler(options: HttpOptions): RequestListener {
  const { store, metrics, log } = options;
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of Object.entries(options.headers)) response.setHeader(name, value);
    const { pathname, search } = requestTarget(request);
    // The players' paths answer their own methods (the admin's are POSTs).
    if (options.players && (await options.players(request, response, pathname, search))) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // Closed after the answer: node:http would otherwise read the whole body (to keep the
      // connection for a next request), however large it says it is.
      response.writeHead(405, { allow: 'GET, HEAD', connection: 'close' }).end();
      return;
    }
    const access = options.metricsAccess;
    if (pathname === '/metrics' && access !== null) {
      if (access === 'open' || bearerAllows(request.headers.authorization, access.token)) {
        const text = await metrics.registry.metrics();
        response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text);
      } else {
        response.writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'text/plain' }).end('unauthorized');
      }
      return;
    }
    if (pathname === '/healthz') {
      // Unhealthy when the storage does not answer (Redis unreachable) or while draining: a load
      // balancer stops sending players here.
      const rooms = await store.count().catch(() => null);
      const draining = options.draining();
      const healthy = rooms !== null && !draining;
      response.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ ok: healthy, draining, rooms, connections: options.connections() }));
      return;
    }
    if (pathname === '/' && options.staticRoot && options.hasDemo) {
      redirect(response, 302, '/demo/');
      return;
    }
    if (options.staticRoot && (await serveStatic(options.staticRoot, request, response))) return;
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  };
  return (request, response) => {
    answer(request, response).catch((error: unknown) => {
      log.error({ err: error }, 'http request failed');
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  };
}
