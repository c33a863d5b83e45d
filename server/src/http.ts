/**
 * The plain HTTP side of the server: `GET /healthz`, `GET /metrics` and the widget's files (the demo
 * and dist/). The WebSocket endpoint's upgrades are sockets.ts's.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.js';
import { serveStatic } from './static-files.js';
import type { RoomLog } from './storage/log.js';

export interface HttpOptions {
  store: RoomLog;
  metrics: Metrics;
  connections: () => number;
  /** The folder whose demo/ and dist/ are served; null serves none. */
  staticRoot: string | null;
  /** Whether the static root has a demo/ for `/` to lead to. */
  hasDemo: boolean;
  log: Logger;
}

export function httpHandler(options: HttpOptions): RequestListener {
  const { store, metrics, log } = options;
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
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
      response.end(JSON.stringify({ ok: healthy, rooms, connections: options.connections() }));
      return;
    }
    if (path === '/' && options.staticRoot && options.hasDemo) {
      response.writeHead(302, { location: '/demo/' }).end();
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
