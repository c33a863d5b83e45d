/** The server's figures for Prometheus (`GET /metrics`, text format). */
import { performance } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RedisTraffic } from './cluster.js';

/**
 * How often the event loop's delay is sampled (the `domino_process_nodejs_eventloop_lag_*` histogram):
 * each sample is a timer that wakes the process. prom-client's 10 ms woke an idle process 100 times a
 * second, about 9 ms of CPU a second for nothing, a fixed cost paid by every process whatever its load;
 * ten samples a second still catch any stall that matters.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

export interface Metrics {
  readonly registry: Registry;
  messages: Counter<'type'>;
  refusals: Counter<'code'>;
  /** From a move received to every local seat's view of it sent. */
  moveSeconds: Histogram;
  storageErrors: Counter;
}

export interface MetricSources {
  rooms: () => Promise<number>;
  connections: () => number;
  /** What crossed Redis so far (running totals); nothing without Redis. */
  redis?: () => RedisTraffic;
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'domino_process_', eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
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
  // Node 20.18 and later count them.
  const turns = () => (performance.nodeTiming as { uvMetricsInfo?: { loopCount: number } }).uvMetricsInfo?.loopCount;
  if (turns() !== undefined) {
    runningTotal(registry, 'domino_event_loop_turns_total', 'Turns of the event loop (each wakes the process for what is ready: timers, sockets).', () => turns()!);
  }
  const redis = sources.redis;
  if (redis) {
    runningTotal(registry, 'domino_redis_commands_total', 'Commands sent to Redis (pipelined ones one each).', () => redis().commandsSent);
    runningTotal(registry, 'domino_redis_notices_total', "Messages heard on the rooms' channels (change notices and phrases).", () => redis().noticesHeard);
  }
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

/** A counter that reads a running total kept elsewhere when it is collected. */
function runningTotal(registry: Registry, name: string, help: string, total: () => number): void {
  let counted = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = total();
      this.inc(Math.max(0, now - counted));
      counted = Math.max(counted, now);
    },
  });
}
