/**
 * Where a measured window's server CPU went, process by process (bench/server.ts measures, bench/cluster.ts
 * prints): each server process's CPU (and how much of it in the kernel), the moves its own connections sent, its event loop's turns, the
 * commands it sent to Redis and the notices it heard (from its /metrics), and the commands Redis ran by
 * name (INFO commandstats of every node). Figures, not assertions.
 */
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';

/** One server process over the window; null where it could not be read (a process killed in it). */
export interface ProcessWindow {
  cpuMs: number | null;
  /** Of which in the kernel (system time: sockets, wake-ups). */
  systemMs: number | null;
  /** Moves received by this process: those of the rooms whose connections it holds. */
  moves: number | null;
  turns: number | null;
  redisCommands: number | null;
  notices: number | null;
  /** Garbage collection pauses, every kind (V8's own figures: time passed, so a busy machine makes them longer), ms. */
  gcMs: number | null;
}

/** The sum of a metric's samples (every label set, or those matching `labels`, e.g. `type="move"`), or null when absent. */
export function counterTotal(metrics: string | null, name: string, labels?: string): number | null {
  if (!metrics) return null;
  let total: number | null = null;
  for (const [, found, value] of metrics.matchAll(new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`, 'gm'))) {
    if (labels && !found?.includes(labels)) continue;
    total = (total ?? 0) + Number(value);
  }
  return total;
}

const between = (start: number | null, end: number | null) => (start === null || end === null ? null : end - start);

/** A process's system (kernel) CPU time so far (ms), from /proc (clock ticks of 10 ms); null when it cannot be read. */
export function systemCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[12]) * 10;
  } catch {
    return null;
  }
}

/** A process's window from its CPU (all, and the kernel's) and its metrics at the two ends. */
export function processWindow(cpu: [number | null, number | null], system: [number | null, number | null], metrics: [string | null, string | null]): ProcessWindow {
  const change = (name: string, labels?: string) => between(counterTotal(metrics[0], name, labels), counterTotal(metrics[1], name, labels));
  return {
    cpuMs: between(cpu[0], cpu[1]),
    systemMs: between(system[0], system[1]),
    moves: change('domino_messages_total', 'type="move"'),
    turns: change('domino_event_loop_turns_total'),
    redisCommands: change('domino_redis_commands_total'),
    notices: change('domino_redis_notices_total'),
    gcMs: (() => {
      const seconds = change('domino_process_nodejs_gc_duration_seconds_sum');
      return seconds === null ? null : seconds * 1000;
    })(),
  };
}

/** Commands run so far by name (`evalsha`, `zadd`, …), every node's together, from INFO commandstats; null when a node cannot be read. */
export async function redisCommandCalls(nodes: { host: string; port: number }[]): Promise<Map<string, number> | null> {
  const calls = new Map<string, number>();
  for (const { host, port } of nodes) {
    const redis = new Redis(port, host, { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await redis.connect();
      const text = await redis.info('commandstats');
      for (const [, name, count] of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(name!, (calls.get(name!) ?? 0) + Number(count));
    } catch {
      return null;
    } finally {
      redis.disconnect();
    }
  }
  return calls;
}

/** The commands run between two readings, by name, most first (INFO itself left out). */
export function callsBetween(before: Map<string, number> | null, after: Map<string, number> | null): [string, number][] | null {
  if (!before || !after) return null;
  return [...after]
    .map(([name, count]): [string, number] => [name, count - (before.get(name) ?? 0)])
    .filter(([name, count]) => count > 0 && name !== 'info')
    .sort((a, b) => b[1] - a[1]);
}

const fixed = (value: number | null, digits: number) => (value === null || !Number.isFinite(value) ? '?' : value.toFixed(digits));

/**
 * The lines of a window's breakdown: one a server process (its CPU µs a move of the whole window and a
 * move of its own, its share of the moves, its turns, Redis commands and notices a move of its own),
 * then Redis's commands a move.
 */
export function breakdownLines(processes: ProcessWindow[], moves: number, redisCalls: [string, number][] | null): string[] {
  const lines = processes.map((p, i) => {
    const own = p.moves && p.moves > 0 ? p.moves : null;
    const per = (value: number | null) => (value === null || own === null ? null : value / own);
    return (
      `process ${i + 1}: ${fixed(p.cpuMs === null ? null : (p.cpuMs * 1000) / moves, 0)} µs cpu a move of all, ` +
      `${fixed(p.cpuMs === null || own === null ? null : (p.cpuMs * 1000) / own, 0)} a move of its own (${fixed(own === null ? null : (100 * own) / moves, 0)} % of the moves), ` +
      `${fixed(p.systemMs === null || !p.cpuMs ? null : (100 * p.systemMs) / p.cpuMs, 0)} % in the kernel; ` +
      `a move of its own: ${fixed(per(p.gcMs === null ? null : p.gcMs * 1000), 0)} µs of garbage collection pauses, ${fixed(per(p.turns), 1)} event loop turns` +
      (p.redisCommands === null && p.notices === null ? '' : `, ${fixed(per(p.redisCommands), 2)} Redis commands sent, ${fixed(per(p.notices), 2)} notices heard`)
    );
  });
  if (redisCalls) {
    const shown = redisCalls.slice(0, 8).map(([name, count]) => `${name} ${(count / moves).toFixed(2)}`);
    lines.push(`Redis ran a move: ${shown.length > 0 ? shown.join(', ') : 'nothing'}${redisCalls.length > 8 ? ', …' : ''} (INFO commandstats)`);
  }
  return lines;
}
