/** The server's figures for Prometheus (`GET /metrics`, text format). */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  readonly registry: Registry;
  messages: Counter<'type'>;
  refusals: Counter<'code'>;
  /** From a move received to every local seat's view of it sent. */
  moveSeconds: Histogram;
  storageErrors: Counter;
}

export function createMetrics(sources: { rooms: () => Promise<number>; connections: () => number }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'domino_process_' });
  new Gauge({
    name: 'domino_rooms',
    help: 'Rooms stored (not yet expired).',
    registers: [registry],
    async collect() {
      this.set(await sources.rooms().catch(() => -1));
    },
  });
  new Gauge({
    name: 'domino_connections',
    help: 'WebSocket connections open on this process.',
    registers: [registry],
    collect() {
      this.set(sources.connections());
    },
  });
  return {
    registry,
    messages: new Counter({ name: 'domino_messages_total', help: 'Messages received, by type (invalid ones as "invalid").', labelNames: ['type'], registers: [registry] }),
    refusals: new Counter({ name: 'domino_refusals_total', help: 'Messages refused, by error code.', labelNames: ['code'], registers: [registry] }),
    moveSeconds: new Histogram({
      name: 'domino_move_seconds',
      help: 'From a move received to its views sent by this process.',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    storageErrors: new Counter({ name: 'domino_storage_errors_total', help: 'Storage operations that failed (unreachable, timed out).', registers: [registry] }),
  };
}
