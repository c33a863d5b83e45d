/**
 * The room server in the test's own process (server.ts's `startServer`: rooms in memory, no computer
 * players, no files), reached over real WebSockets, for tests that set what a process cannot be told
 * from outside: the limits' clock, which the test moves by hand (`ManualClock`).
 */
import { pino } from 'pino';
import type { ComputerPool } from '../src/computer-pool.js';
import type { Clock } from '../src/limits.js';
import { startServer, type RunningServer, type ServerOptions } from '../src/server.js';
import { MemoryLog } from '../src/storage/memory.js';

export interface InProcessServer extends RunningServer {
  wsUrl: string;
}

const noComputers: ComputerPool = {
  choose: () => Promise.reject(new Error('no computer plays in these rooms')),
  close: async () => undefined,
};

export async function startInProcessServer(options: Partial<ServerOptions> = {}): Promise<InProcessServer> {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    store: new MemoryLog(),
    pool: noComputers,
    log: pino({ level: 'silent' }),
    origins: null,
    staticRoot: null,
    graceMs: 60_000,
    // Its figures on a listener of their own, as an operator would read them (`metricsUrl`).
    metricsListener: { port: 0, host: '127.0.0.1' },
    ...options,
  });
  return { ...server, wsUrl: `${server.url.replace('http', 'ws')}/ws` };
}

/** Milliseconds that pass only when the test says so. */
export class ManualClock {
  private ms = 0;
  readonly now: Clock = () => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}
