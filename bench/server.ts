/**
 * The room server under people: `npm run bench -- server` (not among the default sections: it takes
 * minutes). For each step (a number of rooms), the real server as it ships (server/dist/main.js through
 * scripts/run-server.mjs, built first when stale; SQLite on a temporary file, `--static none`, the
 * per-address limits raised: every client is on 127.0.0.1; LOG_LEVEL=warn) on a free loopback port, and client processes
 * (bench/server-clients.ts) with four raw `ws` clients a room playing whole matches again and again at
 * tempo instant (no computers), each action sent after a think time. Rooms are opened at a ramp, then
 * play a warm-up, then a measured window: for each move the time from the move sent to the mover
 * receiving the view it made. Then the same clients, pacing and number of rooms against a bare `ws`
 * server (bench/server-echo.ts) answering each move with a real view frame (the engine's mid-round view,
 * padded to the server's average size) to each of the room's four clients, which choose a legal move in
 * it as they do under the server: what the sockets, the JSON and the clients cost on the same cores.
 *
 * Printed per step, for the server and for the echo: moves/s, p50, p99, max, errors, CPU µs per move
 * (user + system of the server's processes over the window, with redis-server's when it runs, divided
 * by the window's moves), RSS per room ((RSS at the window's end − RSS before any room) / rooms) and
 * RSS over the window (flat?), the set-up time of the rooms, and the views whose seq grew by more than
 * their events tell of (a change a seat never heard of); then the ratios to the echo and the goals.
 *
 *   npm run bench -- server                         300 then 1,000 rooms, 30 s each, brisk pace (think 200–400 ms)
 *   npm run bench -- server --rooms 300,1000 --seconds 30 --think 200-400
 *       [--think-ms 1000 (uniform 500–1,500 ms: a person's pace)] [--warmup 10] [--ramp 250]
 *       [--client-processes 2] [--variant draw] [--db sqlite|memory] [--cpu-prof DIR] [--server-node-flags "FLAGS"]
 *       [--processes 2 --redis]    several server processes sharing a redis-server the bench starts, each
 *                                  room's seats spread over them (--redis alone: one process on Redis)
 *       [--redis-cluster]          on a Redis Cluster of 3 masters the bench starts instead (every node's CPU counted)
 *   node --import tsx bench/server.ts [the same flags]
 *
 * --think A-B: each action waits uniform A–B ms after the view that calls for it; 0-0 sends at once
 * (then the rate is bounded by the CPU and the latency is queueing, which is not what people do).
 * --ramp: rooms opened a second. --db memory: the server on --db :memory: (what SQLite costs); --cpu-prof
 * DIR: V8 CPU profiles of the server and echo processes (node --cpu-prof, DIR/server-N-rooms/, DIR/echo-N-rooms/). After the steps,
 * bench/server-permove.ts: one move's time inside the server, without sockets, and bench/server-rooms-cpu.ts:
 * the server's CPU a move without sockets in one room and in the first step's rooms. All traffic stays on
 * 127.0.0.1; every process it starts is stopped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VARIANTS, type Variant } from '../src/engine/index.js';
import type { Command, Reply, Report } from './server-clients.js';
import { benchPerMove } from './server-permove.js';
import { benchRoomsCpu } from './server-rooms-cpu.js';
import { startRedis, startRedisCluster } from '../scripts/local-redis.mjs';
import { startNginx, type RunningNginx } from '../scripts/local-nginx.mjs';
import { RedisLog } from '../server/src/storage/redis.js';
import { redisClient, type RedisTarget } from '../server/src/storage/redis-client.js';
import { restore } from '../server/src/rooms/room-history.js';
import { ensureServerBuilt, SERVER_ENTRY } from '../scripts/ensure-built.mjs';
import { RAISED_LIMITS } from '../scripts/raised-limits.mjs';
import { callsBetween, processWindow, redisCommandCalls, systemCpuMs, type ProcessWindow } from './server-breakdown.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface ServerBenchOptions {
  rooms: number[];
  seconds: number;
  /** Each action waits uniform thinkMs[0]–thinkMs[1] ms. */
  thinkMs: [number, number];
  warmupSeconds: number;
  /** Rooms opened a second, all client processes together. */
  ramp: number;
  clientProcesses: number;
  variant: Variant;
  /** The server's storage: SQLite on a temporary file (the default), or `memory` (--db :memory:), to see what storage costs. */
  db: 'sqlite' | 'memory';
  /** Server processes; more than one share a redis-server this bench starts (as does `redis`). */
  processes: number;
  redis: boolean;
  /** With `redis`: a local Redis Cluster of three masters (`--redis-cluster`) instead of one redis-server; every node's CPU counts as Redis's. */
  redisCluster?: boolean;
  /** Where the server process writes V8 CPU profiles of each step (node --cpu-prof: DIR/server-N-rooms/, one a thread; the main thread's is the largest); null: none. */
  cpuProf: string | null;
  /**
   * Every connection through nginx with deploy/nginx.conf (scripts/local-nginx.mjs) in front of the
   * processes (the echo's too), each naming its room in its URL: nginx's CPU is counted with the
   * server's (bench/cluster.ts).
   */
  nginx?: boolean;
  /** With `nginx`: SIGKILL the second server process this many seconds into the window; the clients resume their seats. */
  killAfterSeconds?: number;
  /** Node flags for the server processes alone (`--server-node-flags "--max-semi-space-size=32"`): to try a V8 setting on the server without changing the clients. */
  serverNodeFlags: string[];
}

export const SERVER_BENCH_DEFAULTS: ServerBenchOptions = {
  rooms: [300, 1000],
  seconds: 30,
  thinkMs: [200, 400],
  warmupSeconds: 10,
  ramp: 250,
  clientProcesses: 2,
  variant: 'draw',
  cpuProf: null,
  serverNodeFlags: [],
  db: 'sqlite',
  processes: 1,
  redis: false,
};

/** Takes this bench's flags out of `args` (so bench/run.ts sees only section names). */
export function takeServerArgs(args: string[]): ServerBenchOptions {
  const options = { ...SERVER_BENCH_DEFAULTS };
  const take = (flag: string): string | undefined => {
    const at = args.indexOf(flag);
    return at >= 0 ? args.splice(at, 2)[1] : undefined;
  };
  const number = (flag: string, fallback: number, min: number): number => {
    const text = take(flag);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min) throw new Error(`${flag} must be a number of at least ${min}, got "${text}"`);
    return value;
  };
  const rooms = take('--rooms');
  if (rooms !== undefined) {
    options.rooms = rooms.split(',').map((r) => Number(r.trim()));
    if (options.rooms.some((r) => !Number.isInteger(r) || r < 1)) throw new Error(`--rooms takes whole numbers like 100,1000, got "${rooms}"`);
  }
  options.seconds = number('--seconds', options.seconds, 1);
  const thinkMs = take('--think-ms');
  if (thinkMs !== undefined) {
    const mean = Number(thinkMs);
    if (!Number.isFinite(mean) || mean < 0) throw new Error(`--think-ms must be a number of at least 0, got "${thinkMs}"`);
    options.thinkMs = [mean / 2, mean * 1.5];
  }
  const think = take('--think');
  if (think !== undefined) {
    const range = /^(\d+)-(\d+)$/.exec(think);
    if (!range || Number(range[1]) > Number(range[2])) throw new Error(`--think takes a range of milliseconds like 200-400, got "${think}"`);
    options.thinkMs = [Number(range[1]), Number(range[2])];
  }
  options.warmupSeconds = number('--warmup', options.warmupSeconds, 0);
  options.ramp = number('--ramp', options.ramp, 1);
  options.clientProcesses = Math.round(number('--client-processes', options.clientProcesses, 1));
  const db = take('--db');
  if (db !== undefined) {
    if (db !== 'sqlite' && db !== 'memory') throw new Error(`--db: sqlite or memory, got "${db}"`);
    options.db = db;
  }
  options.processes = Math.round(number('--processes', options.processes, 1));
  const redisAt = args.indexOf('--redis');
  if (redisAt >= 0) {
    args.splice(redisAt, 1);
    options.redis = true;
  }
  const clusterAt = args.indexOf('--redis-cluster');
  if (clusterAt >= 0) {
    args.splice(clusterAt, 1);
    options.redis = true;
    options.redisCluster = true;
  }
  if (options.processes > 1) options.redis = true;
  const cpuProf = take('--cpu-prof');
  if (cpuProf !== undefined) options.cpuProf = resolve(cpuProf);
  const serverNodeFlags = take('--server-node-flags');
  if (serverNodeFlags !== undefined) options.serverNodeFlags = serverNodeFlags.split(/\s+/).filter(Boolean);
  const variant = take('--variant');
  if (variant !== undefined) {
    if (!(VARIANTS as readonly string[]).includes(variant)) throw new Error(`--variant: one of ${VARIANTS.join(', ')}, got "${variant}"`);
    options.variant = variant as Variant;
  }
  return options;
}

// ---- Processes -------------------------------------------------------------------------------

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** This process's open-file limit (soft, hard), from /proc; null where there is none. */
function fileLimits(): { soft: number; hard: number } | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
    const [soft, hard] = line!.slice('Max open files'.length).trim().split(/\s+/);
    const value = (text: string | undefined) => (text === 'unlimited' ? Infinity : Number(text));
    return { soft: value(soft), hard: value(hard) };
  } catch {
    return null;
  }
}

/**
 * Runs `node --import tsx <args>`. Node raises its own soft open-file limit to the hard one as it
 * starts, so only the hard limit (checked in benchServer) bounds the sockets a process may hold.
 */
export function node(args: string[], env: NodeJS.ProcessEnv, ipc: boolean, nodeArgs: string[] = []): ChildProcess {
  const stdio: ('ignore' | 'pipe' | 'inherit' | 'ipc')[] = ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'pipe', 'pipe'];
  // The compiled server runs as it ships; the bench's own TypeScript (clients, echo) through tsx.
  const typescript = args[0]!.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...typescript, ...args], { cwd: root, env, stdio });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

export interface Listening {
  child: ChildProcess;
  pid: number;
  url: string;
  /** The room server's metrics listener (`--metrics-port 0`, its `metrics on` line), else null. */
  metricsUrl: string | null;
  /** The last lines it printed (warnings, errors). */
  tail: string[];
  stop(): Promise<void>;
}

export async function listening(child: ChildProcess, name: string): Promise<Listening> {
  const tail: string[] = [];
  let buffered = '';
  let metricsUrl: string | null = null;
  const url = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 30 s:\n${tail.join('\n')}`)), 30_000);
    const onLine = (line: string) => {
      tail.push(line);
      if (tail.length > 20) tail.shift();
      metricsUrl ??= /^metrics on (http:\/\/\S+)$/.exec(line)?.[1] ?? null;
      const found = /^listening on (http:\/\/\S+)$/.exec(line);
      if (found) {
        clearTimeout(timer);
        resolvePromise(found[1]!);
      }
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      lines.forEach(onLine);
    });
    child.stderr!.on('data', (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).forEach(onLine));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${String(code)}:\n${tail.join('\n')}`));
    });
  });
  return {
    child,
    pid: child.pid!,
    url,
    metricsUrl,
    tail,
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolvePromise) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.kill(signal);
  });
}

function rssMb(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time of a process so far (ms), from /proc (clock ticks of 10 ms). */
export function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export const sleep = (ms: number) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));

export function reply<T extends Reply['type']>(child: ChildProcess, type: T, ms: number): Promise<Extract<Reply, { type: T }>> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`a client process sent no ${type} within ${Math.round(ms / 1000)} s`));
    }, ms);
    const onMessage = (message: Reply) => {
      if (message.type !== type) return;
      cleanup();
      resolvePromise(message as Extract<Reply, { type: T }>);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`a client process exited with ${String(code)} before its ${type}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

// ---- One measured run ------------------------------------------------------------------------

export interface Row {
  target: 'server' | 'echo';
  rooms: number;
  conns: number;
  /** Moves measured in the window. */
  moves: number;
  movesPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  examples: string[];
  rssIdle: number | null;
  rssStart: number | null;
  rssEnd: number | null;
  /** Of one core, over the window (redis-server's included when it runs). */
  serverCpu: number | null;
  /** CPU time of the server side (its processes, redis-server's) per move in the window, µs. */
  cpuPerMove: number | null;
  /** (RSS at the window's end − RSS before any room) / rooms, kB. */
  rssPerRoom: number | null;
  /** From the first room opened to the last one started, ms. */
  setupMs: number;
  unheardJumps: number;
  clientCpu: number;
  load: number;
  viewBytes: number;
  /** View frames the clients received per move measured. */
  framesPerMove: number;
  warnings: string[];
  /** The server's own move handling time over the window (from /metrics), or null. */
  inServer: string | null;
  /** The first server process's V8 heap in use at the window's start and end (MB), when its /metrics tells. */
  heapStart: number | null;
  heapEnd: number | null;
  /** The first server process's garbage collections over the window, by kind, or null. */
  collections: string | null;
  /** CPU µs a move of each part: the server processes, redis-server, nginx (null where it does not run or could not be read). */
  cpuParts: { servers: number | null; redis: number | null; nginx: number | null };
  /** Through nginx on Redis: the rooms whose seats were all connected through one process at the window's end, of those looked at. */
  onOneProcess: { rooms: number; of: number } | null;
  /** Each server process over the window, in the order started (bench/server-breakdown.ts). */
  processes: ProcessWindow[];
  /** The commands Redis ran in the window, by name, most first (every node's), or null without Redis. */
  redisCalls: [string, number][] | null;
  /** With `killAfterSeconds`: when it was killed, each drop's recovery, and the moves lost or applied twice. */
  failover: { killedAt: number; recoveries: Report['recoveries']; lost: number; twice: number } | null;
}

/** The text of the server's GET /metrics (prom-client's exposition, on its metrics listener), or null when it cannot be had. */
export async function scrapeMetrics(metricsUrl: string | null): Promise<string | null> {
  if (!metricsUrl) return null;
  try {
    const response = await fetch(metricsUrl, { signal: AbortSignal.timeout(5000) });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

/** The server's V8 heap in use (MB), from its metrics. */
function heapMb(metrics: string | null): number | null {
  const found = metrics && /^domino_process_nodejs_heap_size_used_bytes (\S+)$/m.exec(metrics);
  return found ? Number(found[1]) / 2 ** 20 : null;
}

/** The server's own histogram of a move's handling (received → views sent), from its metrics: bucket bound (s) → count. */
export function moveHistogram(metrics: string | null): Map<number, number> | null {
  if (!metrics) return null;
  const buckets = new Map<number, number>();
  for (const found of metrics.matchAll(/^domino_move_seconds_bucket\{le="([^"]+)"\} (\d+)$/gm)) {
    buckets.set(found[1] === '+Inf' ? Infinity : Number(found[1]), Number(found[2]));
  }
  return buckets.size > 0 ? buckets : null;
}

/** Garbage collections by kind (V8's: minor, major, incremental, weakcb): how many and their total pause (ms), from its metrics. */
function collections(metrics: string | null): Map<string, { count: number; ms: number }> {
  const kinds = new Map<string, { count: number; ms: number }>();
  if (!metrics) return kinds;
  for (const [, stat, kind, value] of metrics.matchAll(/^domino_process_nodejs_gc_duration_seconds_(count|sum)\{kind="([^"]+)"\} (\S+)$/gm)) {
    const entry = kinds.get(kind!) ?? { count: 0, ms: 0 };
    if (stat === 'count') entry.count = Number(value);
    else entry.ms = Number(value) * 1000;
    kinds.set(kind!, entry);
  }
  return kinds;
}

/** The window's collections ("major 12 (140 ms), minor 900 (800 ms)"), from the metrics at its two ends. */
export function collectionsBetween(before: string | null, after: string | null): string | null {
  const start = collections(before);
  const parts = [...collections(after)]
    .map(([kind, end]) => ({ kind, count: end.count - (start.get(kind)?.count ?? 0), ms: end.ms - (start.get(kind)?.ms ?? 0) }))
    .filter((k) => k.count > 0)
    .map((k) => `${k.kind} ${k.count} (${k.ms.toFixed(0)} ms, ${(k.ms / k.count).toFixed(2)} ms each)`);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** p50 and p99 of the window as bucket bounds ("≤ 5 ms"), from two cumulative histograms. */
export function histogramPercentiles(before: Map<number, number> | null, after: Map<number, number> | null): string | null {
  if (!before || !after) return null;
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const counts = bounds.map((b) => (after.get(b) ?? 0) - (before.get(b) ?? 0));
  const total = counts[counts.length - 1] ?? 0;
  if (total === 0) return null;
  const at = (p: number) => {
    const bound = bounds[counts.findIndex((c) => c >= p * total)]!;
    return bound === Infinity ? `> ${bounds[bounds.length - 2]! * 1000} ms` : `≤ ${bound * 1000} ms`;
  };
  return `p50 ${at(0.5)}, p99 ${at(0.99)}`;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The bench's own Redis: one redis-server or a Redis Cluster of three masters, and the server flags that name it. */
export interface BenchRedis {
  flags: string[];
  /** Every redis-server process (for CPU figures). */
  pids: number[];
  /** Every node's address (for INFO). */
  nodes: { host: string; port: number }[];
  target: RedisTarget;
  stop(): Promise<void>;
}

/** Appending as the README gives for production (appendfsync everysec), on one Redis or on each master. */
export async function startBenchRedis(cluster: boolean): Promise<BenchRedis> {
  if (cluster) {
    const nodes = await startRedisCluster({ masters: 3, fsync: 'everysec' });
    const addresses = nodes.nodes.map(({ host, port }) => ({ host, port }));
    return { flags: ['--redis-cluster', nodes.seeds], pids: nodes.nodes.map((n) => n.pid), nodes: addresses, target: { cluster: addresses }, stop: () => nodes.stop() };
  }
  const redis = await startRedis({ fsync: 'everysec' });
  return { flags: ['--redis', redis.url], pids: [redis.pid], nodes: [{ host: redis.host, port: redis.port }], target: { url: redis.url }, stop: () => redis.stop() };
}

/** How many of `rooms` (ids) have every seat connected through one process, from Redis. */
async function roomsOnOneProcess(target: RedisTarget, rooms: string[]): Promise<{ rooms: number; of: number }> {
  const redis = redisClient(target, 'commands');
  try {
    await redis.connect();
    const store = new RedisLog(redis);
    let one = 0;
    let of = 0;
    for (const id of rooms) {
      const stored = await store.load(id);
      if (!stored) continue;
      of++;
      const via = new Set(restore(stored).state.seats.map((seat) => (seat.kind === 'human' ? seat.connectedVia : null)));
      if (via.size === 1 && !via.has(null)) one++;
    }
    return { rooms: one, of };
  } finally {
    redis.disconnect();
  }
}

export async function measure(target: 'server' | 'echo', rooms: number, options: ServerBenchOptions, frameBytes: number): Promise<Row> {
  const temp = mkdtempSync(join(tmpdir(), 'domino-bench-server-'));
  const env = { ...process.env, LOG_LEVEL: 'warn' };
  const redis = target === 'server' && options.redis ? await startBenchRedis(options.redisCluster ?? false) : null;
  const storage = redis ? redis.flags : ['--db', options.db === 'memory' ? ':memory:' : join(temp, 'rooms.sqlite')];
  const args =
    target === 'server'
      ? [SERVER_ENTRY, '--port', '0', '--host', '127.0.0.1', ...storage, '--static', 'none', '--metrics-port', '0',
         ...RAISED_LIMITS]
      : ['bench/server-echo.ts', '--port', '0', '--host', '127.0.0.1', '--frame-bytes', String(frameBytes)];
  const profile = options.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', join(options.cpuProf, `${target}-${rooms}-rooms`)] : [];
  if (target === 'server') profile.push(...options.serverNodeFlags);
  // The echo runs as many processes as asked too: benchServer asks one (the floor of sockets and clients),
  // bench/cluster.ts three as well (what splitting the same work over processes costs by itself).
  const count = options.processes;
  const servers = await Promise.all(Array.from({ length: count }, () => listening(node(args, env, false, profile), target)));
  const server = servers[0]!;
  const sum = (values: (number | null)[]) => (values.some((v) => v === null) ? null : values.reduce((a: number, v) => a + v!, 0));
  const workers: ChildProcess[] = [];
  let nginx: RunningNginx | null = null;
  try {
    const rssIdle = sum(servers.map((s) => rssMb(s.pid)));
    if (options.nginx) nginx = await startNginx({ servers: servers.map((s) => new URL(s.url).host) });
    const wsUrls = nginx ? [`${nginx.url.replace('http', 'ws')}/ws`] : servers.map((s) => `${s.url.replace('http', 'ws')}/ws`);
    const shares = Array.from({ length: options.clientProcesses }, (_, i) =>
      Math.floor(rooms / options.clientProcesses) + (i < rooms % options.clientProcesses ? 1 : 0),
    ).filter((n) => n > 0);
    for (const share of shares) {
      const worker = node(['bench/server-clients.ts'], process.env, true);
      workers.push(worker);
      const setup: Command = {
        cmd: 'setup',
        wsUrls,
        rooms: share,
        roomsPerSecond: (options.ramp * share) / rooms,
        thinkMs: options.thinkMs,
        mode: target,
        variant: options.variant,
        roomInUrl: options.nginx ?? false,
        reconnect: options.killAfterSeconds !== undefined,
      };
      worker.send(setup);
    }
    // Through nginx on a loaded machine the rooms' set-up (five connections a room, each through nginx and Redis) may take long.
    const rampMs = (rooms / options.ramp) * 1000 + (options.nginx ? 180_000 : 60_000);
    const ready = await Promise.all(workers.map((w) => reply(w, 'ready', rampMs)));
    const opened = ready.reduce((sum, r) => sum + r.rooms, 0);
    await sleep(options.warmupSeconds * 1000);

    const reports = workers.map((w) => reply(w, 'report', options.seconds * 1000 + 60_000));
    // Awaited after the window; a client process dying meanwhile must not end this one before `finally` stops the others.
    for (const report of reports) report.catch(() => undefined);
    // Read before the window's CPU is: a scrape costs each process some.
    const metricsStart = target === 'server' ? await Promise.all(servers.map((s) => scrapeMetrics(s.metricsUrl))) : servers.map(() => null);
    const callsStart = redis ? await redisCommandCalls(redis.nodes) : null;
    for (const w of workers) w.send({ cmd: 'measure' } satisfies Command);
    const serverPids = [...servers.map((s) => s.pid), ...(redis ? redis.pids : []), ...(nginx ? nginx.pids() : [])];
    const rssStart = sum(servers.map((s) => rssMb(s.pid)));
    const cpuStart = sum(serverPids.map(cpuMs));
    const processCpuStart = servers.map((s) => cpuMs(s.pid));
    const processSystemStart = servers.map((s) => systemCpuMs(s.pid));
    const parts = { servers: servers.map((s) => s.pid), redis: redis ? redis.pids : [], nginx: nginx ? nginx.pids() : [] };
    const partsStart = Object.fromEntries(Object.entries(parts).map(([name, pids]) => [name, pids.length > 0 ? sum(pids.map(cpuMs)) : null]));
    const began = performance.now();
    let killedAt: number | null = null;
    if (options.killAfterSeconds !== undefined && servers.length > 1) {
      await sleep(options.killAfterSeconds * 1000);
      killedAt = Date.now();
      await stopChild(servers[1]!.child, 'SIGKILL');
      await sleep(Math.max(0, options.seconds - options.killAfterSeconds) * 1000);
    } else {
      await sleep(options.seconds * 1000);
    }
    for (const w of workers) w.send({ cmd: 'stop' } satisfies Command);
    const window = (performance.now() - began) / 1000;
    const rssEnd = sum(servers.map((s) => rssMb(s.pid)));
    const cpuEnd = sum(serverPids.map(cpuMs));
    const processCpuEnd = servers.map((s) => cpuMs(s.pid));
    const processSystemEnd = servers.map((s) => systemCpuMs(s.pid));
    const partsEnd = Object.fromEntries(Object.entries(parts).map(([name, pids]) => [name, pids.length > 0 ? sum(pids.map(cpuMs)) : null]));
    const load = loadavg()[0]!;
    const metricsEnd = target === 'server' ? await Promise.all(servers.map((s) => scrapeMetrics(s.metricsUrl))) : servers.map(() => null);
    const callsEnd = redis ? await redisCommandCalls(redis.nodes) : null;
    const got: Report[] = await Promise.all(reports);
    const onOneProcess = redis && options.nginx ? await roomsOnOneProcess(redis.target, got.flatMap((r) => r.roomIds)) : null;

    const closed = workers.map((w) => reply(w, 'closed', 30_000).catch(() => undefined));
    for (const w of workers) w.send({ cmd: 'close' } satisfies Command);
    await Promise.all(closed);

    const samples = got.flatMap((r) => r.samples).sort((a, b) => a - b);
    const frames = got.reduce((sum, r) => sum + r.viewFrames, 0);
    const rssAtEnd = sum(servers.map((s) => rssMb(s.pid)));
    return {
      cpuPerMove: cpuStart !== null && cpuEnd !== null && samples.length > 0 ? ((cpuEnd - cpuStart) * 1000) / samples.length : null,
      rssPerRoom: rssAtEnd !== null && rssIdle !== null && opened > 0 ? ((rssAtEnd - rssIdle) * 1024) / opened : null,
      setupMs: Math.max(...ready.map((r) => r.setupMs)),
      unheardJumps: got.reduce((sum, r) => sum + r.unheardJumps, 0),
      target,
      rooms: opened,
      conns: opened * 4,
      moves: samples.length,
      movesPerSecond: samples.length / window,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      max: samples.length > 0 ? samples[samples.length - 1]! : NaN,
      errors: got.reduce((sum, r) => sum + r.errors, 0) + ready.reduce((sum, r) => sum + r.failed, 0),
      examples: [...new Set(got.flatMap((r) => r.examples).concat(ready.flatMap((r) => r.examples)))].slice(0, 5),
      heapStart: heapMb(metricsStart[0] ?? null),
      heapEnd: heapMb(metricsEnd[0] ?? null),
      collections: collectionsBetween(metricsStart[0] ?? null, metricsEnd[0] ?? null),
      rssIdle,
      rssStart,
      rssEnd,
      serverCpu: cpuStart !== null && cpuEnd !== null ? (cpuEnd - cpuStart) / 10 / window : null,
      clientCpu: got.reduce((sum, r) => sum + r.cpuMs, 0) / 10 / window,
      load,
      viewBytes: frames > 0 ? got.reduce((sum, r) => sum + r.viewBytes, 0) / frames : 0,
      framesPerMove: samples.length > 0 ? frames / samples.length : NaN,
      inServer: histogramPercentiles(moveHistogram(metricsStart[0] ?? null), moveHistogram(metricsEnd[0] ?? null)),
      processes: servers.map((_, i) => processWindow([processCpuStart[i] ?? null, processCpuEnd[i] ?? null], [processSystemStart[i] ?? null, processSystemEnd[i] ?? null], [metricsStart[i] ?? null, metricsEnd[i] ?? null])),
      redisCalls: callsBetween(callsStart, callsEnd),
      onOneProcess,
      cpuParts: Object.fromEntries(
        Object.keys(parts).map((name) => {
          const [start, end] = [partsStart[name], partsEnd[name]];
          return [name, start !== null && end !== null && samples.length > 0 ? ((end - start) * 1000) / samples.length : null];
        }),
      ) as Row['cpuParts'],
      failover:
        killedAt === null
          ? null
          : { killedAt, recoveries: got.flatMap((r) => r.recoveries), lost: got.reduce((n, r) => n + r.lost, 0), twice: got.reduce((n, r) => n + r.twice, 0) },
      warnings: server.tail.filter((line) => !/^(listening|metrics) on /.test(line) && !line.includes('"event":"any-origin"')).slice(-5),
    };
  } finally {
    await Promise.all(workers.map((w) => stopChild(w)));
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await redis?.stop();
    rmSync(temp, { recursive: true, force: true });
  }
}

// ---- The bench -------------------------------------------------------------------------------

const ms = (value: number) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms` : '—');
const mb = (value: number | null) => (value === null ? '?' : value.toFixed(0));

export async function benchServer(options: ServerBenchOptions, print: (line: string) => void = console.log): Promise<void> {
  const most = Math.max(...options.rooms) * 4;
  const limits = fileLimits();
  if (limits && limits.hard < most + 512) {
    print(
      `server: the hard open-file limit (ulimit -Hn: ${limits.hard}) is below the ${most + 512} files the server needs for ` +
        `${most} connections (node raises its soft limit up to the hard one, no further); raise it (ulimit -Hn as root, ` +
        `limits.conf, LimitNOFILE=) or ask for fewer --rooms. Nothing measured.`,
    );
    process.exitCode = 1;
    return;
  }
  const [least, most2] = options.thinkMs;
  const think =
    most2 > 0
      ? `think time uniform ${least}–${most2} ms before each move, next-round and new-match`
      : 'no think time: each move sent on receipt (the rate is bounded by the CPU, the latency is queueing)';
  print(`server: 4-player ${options.variant}, tempo instant (no computers), ${think}`);
  const storage = options.redisCluster
    ? 'a Redis Cluster of its own (3 masters, --redis-cluster, appendfsync everysec)'
    : options.redis
      ? 'a redis-server of its own (--redis, appendfsync everysec)'
      : options.db === 'memory' ? 'memory storage (--db :memory:)' : 'SQLite on a temporary file';
  const spread = options.processes > 1 ? `${options.processes} server processes, each room's four seats spread over them (the host on one, the guests round the others), ` : 'the server ';
  print(`server: ${spread}on ${storage}, compiled (server/dist/main.js), LOG_LEVEL=warn, --static none, per-address limits raised; all on 127.0.0.1`);
  print(
    `server: ${options.clientProcesses} client processes, rooms opened at ${options.ramp}/s, ${options.warmupSeconds} s warm-up, ` +
      `${options.seconds} s measured; latency = move sent → the mover gets the view of that move; cpu = user + system of the server's processes` +
      `${options.redis ? ` and redis-server${options.redisCluster ? 's' : ''}` : ''} over the window; rss/room = (rss at the end − rss before any room) / rooms`,
  );
  print(
    `server: open files: hard limit ${limits ? limits.hard : 'unknown'} (node raises its soft limit to it), ${most} connections at most; ` +
      `${process.env.CI ? 'CI; ' : ''}load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')} on the machine's cores`,
  );
  try {
    const range = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (range[1]! - range[0]! < most + 1000) print(`server: warning: only ${range[1]! - range[0]!} ephemeral ports (ip_local_port_range) for ${most} connections`);
  } catch {
    // not Linux: nothing to check
  }
  ensureServerBuilt();
  print('server:   target  rooms  conns  moves/s      p50      p99      max  errors  µs cpu/move  rss MB idle/start→end  kB/room  set-up  unheard  server cpu  client cpu  load');
  const us = (value: number | null) => (value === null ? '?' : value.toFixed(0));
  const line = (row: Row) =>
    `server:   ${row.target.padEnd(6)} ${String(row.rooms).padStart(6)} ${String(row.conns).padStart(6)} ${row.movesPerSecond.toFixed(0).padStart(8)} ` +
    `${ms(row.p50).padStart(8)} ${ms(row.p99).padStart(8)} ${ms(row.max).padStart(8)} ${String(row.errors).padStart(7)} ${us(row.cpuPerMove).padStart(12)} ` +
    `${`${mb(row.rssIdle)} / ${mb(row.rssStart)}→${mb(row.rssEnd)}`.padStart(22)} ${us(row.rssPerRoom).padStart(8)} ${`${(row.setupMs / 1000).toFixed(1)} s`.padStart(7)} ` +
    `${String(row.target === 'server' ? row.unheardJumps : '—').padStart(8)} ${`${row.serverCpu === null ? '?' : row.serverCpu.toFixed(0)}%`.padStart(11)} ` +
    `${`${row.clientCpu.toFixed(0)}%`.padStart(11)} ${row.load.toFixed(2).padStart(5)}`;
  const verdicts: string[] = [];
  for (const rooms of options.rooms) {
    const server = await measure('server', rooms, options, 0);
    print(line(server));
    // The echo answers with frames of the size the server's views had in the same step.
    const frameBytes = Math.round(server.viewBytes) || 2500;
    const echo = await measure('echo', rooms, { ...options, processes: 1 }, frameBytes);
    print(line(echo));
    const p99Ratio = server.p99 / echo.p99;
    const cpuRatio = server.cpuPerMove !== null && echo.cpuPerMove !== null ? server.cpuPerMove / echo.cpuPerMove : NaN;
    const flat = server.rssStart !== null && server.rssEnd !== null ? server.rssEnd / server.rssStart - 1 : null;
    const p99Goal = options.redis ? 4 : 3;
    print(
      `server:   ${rooms} rooms: cpu/move server/echo ${cpuRatio.toFixed(1)}× (goal ≤ 2×), p99 server/echo ${p99Ratio.toFixed(1)}× (goal ≤ ${p99Goal}×); ` +
        `views ${frameBytes} bytes on average (echo frames the same), view frames a move ${server.framesPerMove.toFixed(2)} (echo ${echo.framesPerMove.toFixed(2)}); server rss ${flat === null ? '?' : `${flat >= 0 ? '+' : ''}${(flat * 100).toFixed(0)}%`} over the window`,
    );
    if (server.inServer) print(`server:     inside the server (its /metrics domino_move_seconds: move received → views sent, bucket bounds): ${server.inServer}`);
    if (server.collections) print(`server:     garbage collections in the window (the first process): ${server.collections}`);
    if (server.heapStart !== null && server.heapEnd !== null) {
      print(`server:     V8 heap in use (the first process): ${server.heapStart.toFixed(0)} → ${server.heapEnd.toFixed(0)} MB over the window, ${((server.heapEnd * 1024) / (server.rooms / options.processes)).toFixed(0)} kB a room`);
    }
    for (const row of [server, echo]) {
      if (row.examples.length > 0) print(`server:     ${row.target} errors or unheard changes, first: ${row.examples.join(' | ')}`);
      if (row.warnings.length > 0 && row.target === 'server') print(`server:     ${row.target} printed: ${row.warnings.map((w) => w.slice(0, 200)).join(' | ')}`);
    }
    const goals = [
      [`cpu/move ${cpuRatio.toFixed(1)}× echo`, cpuRatio <= 2],
      [`p99 ${p99Ratio.toFixed(1)}× echo`, p99Ratio <= p99Goal],
      [`${server.errors} errors`, server.errors === 0],
      [`${server.unheardJumps} unheard changes`, server.unheardJumps === 0],
      ...(rooms >= 1000
        ? ([
            [`set-up ${(server.setupMs / 1000).toFixed(1)} s`, server.setupMs <= 10_000],
            [`${us(server.rssPerRoom)} kB/room`, server.rssPerRoom !== null && server.rssPerRoom <= 50],
          ] as [string, boolean][])
        : []),
    ] as [string, boolean][];
    verdicts.push(`${rooms} rooms ${goals.every(([, ok]) => ok) ? 'met' : 'missed'} (${goals.map(([what, ok]) => `${what} ${ok ? '✓' : '✗'}`).join(', ')})`);
  }
  print(`server: goals (cpu/move ≤ 2× echo, p99 ≤ ${options.redis ? 4 : 3}× echo, no errors, no unheard change; at 1,000 rooms set-up ≤ 10 s and ≤ 50 kB/room): ${verdicts.join('; ')}`);
  // Where a move's time goes inside the server, measured apart (same code path, no sockets).
  await benchPerMove({ moves: 3000, variant: options.variant }, print);
  // What the server's own work costs a move in one room and in as many rooms as the first step, less the sockets.
  await benchRoomsCpu({ rooms: [1, options.rooms[0]!], moves: 20000, variant: options.variant }, print);
}

// Run directly: node --import tsx bench/server.ts [flags]
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await benchServer(takeServerArgs(process.argv.slice(2)));
}
