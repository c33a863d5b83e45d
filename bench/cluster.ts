/**
 * The room server scaled out: `npm run bench -- cluster` (only when named: it takes minutes). Every
 * connection goes through nginx running the shipped deploy/nginx.conf (each room's id in its URL, so
 * nginx's consistent hash sends all of a room's connections to one process), with bench/server.ts's
 * measured run (its client processes, pace and window) for:
 *   - 1, 2 and 3 server processes on one redis-server;
 *   - 3 server processes on a local Redis Cluster of 3 masters (scripts/local-redis.mjs), every node's CPU counted;
 *   - 1 process on SQLite, through the same nginx;
 *   - 1 process on Redis with a third of the rooms: as busy as each of 3 processes, with nothing shared
 *     between processes (what a move costs a less busy process by itself);
 *   - the bare echo (bench/server-echo.ts) through the same nginx: the floor of sockets, nginx and clients;
 *     and 3 echo processes behind it, each room on one: what splitting that same work over three
 *     processes costs by itself on the machine (each process idles longer between events, and a
 *     process woken from idle pays more for the same work), the yardstick for the server's ratios;
 * then what 3 processes on one Redis cost while nobody plays (their fixed upkeep: timers, the beat, quick
 * match's pool waves), and a failover run: 3 processes on Redis, the second SIGKILLed mid-window, its rooms' clients
 * reconnecting through nginx and resuming, as the widget does.
 *
 * Printed: CPU µs a move of the whole cluster (every server process + redis-server + nginx's master
 * and workers, user + system from /proc over the window, over the moves measured), moves/s and
 * latency; each N-process figure over the 1-process-on-Redis one (goal ≤ 1.25×), the Redis Cluster's over
 * the 3-processes-on-one-Redis one (goal ≤ 1.4×); the rooms whose four
 * seats were all connected through one process at the window's end (from Redis; goal ≥ 99 %); under each
 * Redis row, where its CPU went (bench/server-breakdown.ts): each server process's CPU µs a move of the
 * whole window and a move of its own rooms, its event loop's turns, the commands it sent to Redis and
 * the notices it heard a move of its own (its /metrics), and the commands Redis ran a move (INFO
 * commandstats); and for
 * the failover, the seconds from the kill until each dropped seat saw its room change again (goal
 * within 5 s), the moves lost and applied twice (goal 0). Figures, not assertions.
 *
 *   npm run bench -- cluster [--rooms 300] [--seconds 20] [--warmup 5] [--think 200-400] [--kill-after 8] [--repeat 1] [--failover-only]
 *
 * --repeat N: the 1, 2 and 3 processes on Redis and the two echo rows, N rounds one after the other (each
 *   round's ratios over its own 1-process row, so that a slow minute of the machine weighs on both sides of
 *   a ratio), then the median of each ratio, which the goals are judged on: one run's ratio moves by ±0.2
 *   on a 2-core machine from one minute to the next.
 *
 * --failover-only: the failover run alone (what a SIGKILL costs, without the minutes of the other rows).
 *   node --import tsx bench/cluster.ts [the same flags]
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from '../scripts/ensure-built.mjs';
import { nginxMissing } from '../scripts/local-nginx.mjs';
import { SERVER_ENTRY } from '../scripts/ensure-built.mjs';
import { breakdownLines, callsBetween, redisCommandCalls } from './server-breakdown.js';
import { cpuMs, listening, measure, node, percentile, SERVER_BENCH_DEFAULTS, sleep, startBenchRedis, takeServerArgs, type Row, type ServerBenchOptions } from './server.js';

export interface ClusterBenchOptions {
  server: ServerBenchOptions;
  /** Seconds into the failover run's window at which a process is killed. */
  killAfterSeconds: number;
  /** Only the failover run. */
  failoverOnly: boolean;
  /** Rounds of the 1/2/3-process and echo rows (the goals judged on the medians of their ratios). */
  repeat: number;
}

/** Takes this bench's flags out of `args`: the server bench's (one room count; 20 s windows unless given) and --kill-after. */
export function takeClusterArgs(args: string[]): ClusterBenchOptions {
  const hadSeconds = args.includes('--seconds');
  const hadWarmup = args.includes('--warmup');
  const hadRooms = args.includes('--rooms');
  const only = args.indexOf('--failover-only');
  if (only >= 0) args.splice(only, 1);
  const at = args.indexOf('--kill-after');
  const kill = at >= 0 ? Number(args.splice(at, 2)[1]) : 8;
  if (!Number.isFinite(kill) || kill < 1) throw new Error('--kill-after takes seconds, at least 1');
  const repeatAt = args.indexOf('--repeat');
  const repeat = repeatAt >= 0 ? Number(args.splice(repeatAt, 2)[1]) : 1;
  if (!Number.isInteger(repeat) || repeat < 1) throw new Error('--repeat takes a whole number of rounds, at least 1');
  const server = takeServerArgs(args);
  if (!hadRooms) server.rooms = [300];
  if (!hadSeconds) server.seconds = 20;
  if (!hadWarmup) server.warmupSeconds = 5;
  if (kill >= server.seconds) throw new Error(`--kill-after (${kill} s) must fall inside the window (--seconds ${server.seconds})`);
  return { server, killAfterSeconds: kill, failoverOnly: only >= 0, repeat };
}

const us = (value: number | null) => (value === null ? '?' : value.toFixed(0));
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : '—');

export async function benchCluster(options: ClusterBenchOptions, print: (line: string) => void = console.log): Promise<void> {
  const missing = nginxMissing();
  if (missing) {
    print(`cluster: ${missing}. Nothing measured.`);
    process.exitCode = 1;
    return;
  }
  ensureServerBuilt();
  const rooms = options.server.rooms[0]!;
  const base: ServerBenchOptions = { ...SERVER_BENCH_DEFAULTS, ...options.server, nginx: true, cpuProf: null };
  const [least, most] = base.thinkMs;
  print(
    `cluster: ${rooms} rooms of four people, 4-player ${base.variant}, tempo instant, think ${least}–${most} ms; every connection through nginx ` +
      `(deploy/nginx.conf, its room in the URL); ${base.warmupSeconds} s warm-up, ${base.seconds} s measured; cpu = user + system over the window ` +
      'of every server process, redis-server and nginx (master and workers), over the moves measured',
  );
  if (!options.failoverOnly) {
    await benchScaling(base, options.repeat, print);
    await benchIdle(3, 30, print);
  }
  await benchFailover(base, options.killAfterSeconds, print);
}

/**
 * The rows: 1, 2, 3 processes on one Redis and the bare echo (1 and 3 processes), `repeat` rounds of them;
 * then 3 on a Redis Cluster and 1 on SQLite; their ratios (medians over the rounds) and goals.
 */
async function benchScaling(base: ServerBenchOptions, repeat: number, print: (line: string) => void): Promise<void> {
  const rooms = base.rooms[0]!;
  print('cluster:   setup                          moves/s      p50      p99  errors  µs cpu/move  × 1 on Redis  servers/redis/nginx µs  rooms on one process');
  const show = (name: string, row: Row, reference: Row | undefined) => {
    const ratio = reference?.cpuPerMove && row.cpuPerMove ? `${(row.cpuPerMove / reference.cpuPerMove).toFixed(2)}×` : '—';
    const one = row.onOneProcess ? `${row.onOneProcess.rooms}/${row.onOneProcess.of} (${((100 * row.onOneProcess.rooms) / Math.max(1, row.onOneProcess.of)).toFixed(1)} %)` : '—';
    print(
      `cluster:   ${name.padEnd(30)} ${row.movesPerSecond.toFixed(0).padStart(7)} ${ms(row.p50).padStart(8)} ${ms(row.p99).padStart(8)} ${String(row.errors).padStart(7)} ` +
        `${us(row.cpuPerMove).padStart(12)} ${ratio.padStart(13)}  ${`${us(row.cpuParts.servers)}/${row.cpuParts.redis === null ? '—' : us(row.cpuParts.redis)}/${us(row.cpuParts.nginx)}`.padStart(22)}  ${one}`,
    );
    if (row.examples.length > 0) print(`cluster:     errors, first: ${row.examples.join(' | ')}`);
    if (row.target === 'server') for (const line of breakdownLines(row.processes, row.moves, row.redisCalls)) print(`cluster:     ${line}`);
  };
  const ratios = { two: [] as number[], three: [] as number[], echo: [] as number[], echoOwn: [] as number[], third: [] as number[] };
  const shares: number[] = [];
  let firstReference: Row | undefined;
  let lastThree: Row | undefined;
  for (let round = 1; round <= repeat; round++) {
    if (repeat > 1) print(`cluster:   round ${round} of ${repeat}`);
    const byProcesses: Row[] = [];
    for (const processes of [1, 2, 3]) {
      const row = await measure('server', rooms, { ...base, processes, redis: true }, 0);
      byProcesses.push(row);
      show(`${processes} process${processes > 1 ? 'es' : ''} on Redis`, row, byProcesses[0]);
    }
    const [one, two, three] = byProcesses as [Row, Row, Row];
    if (!firstReference) {
      firstReference = one;
      print(`cluster:     views ${one.viewBytes.toFixed(0)} bytes on average, ${one.framesPerMove.toFixed(2)} view frames a move (1 process on Redis)`);
    }
    lastThree = three;
    ratios.two.push(cpuRatio(two, one));
    ratios.three.push(cpuRatio(three, one));
    shares.push(share(two), share(three));
    // The same sockets and frames without rules or storage, alone and over three processes: what the split costs by itself.
    const frameBytes = Math.round(firstReference.viewBytes) || 2500;
    const echo = await measure('echo', rooms, { ...base, processes: 1, redis: false }, frameBytes);
    show('bare echo', echo, one);
    const echoes = await measure('echo', rooms, { ...base, processes: 3, redis: false }, frameBytes);
    show('3 bare echo processes', echoes, one);
    ratios.echo.push(cpuRatio(echoes, echo));
    ratios.echoOwn.push(echoes.cpuParts.servers !== null && echo.cpuParts.servers ? echoes.cpuParts.servers / echo.cpuParts.servers : NaN);
    print(
      `cluster:     3 bare echo processes: ${ratios.echo.at(-1)!.toFixed(2)}× the CPU a move of one (their own ${ratios.echoOwn.at(-1)!.toFixed(2)}×): ` +
        'the same sockets and frames, no rules and no storage, split over three processes on this machine',
    );
    // One process as busy as each of the three: what a move costs a process at a third of the load, nothing shared.
    const thirdRooms = Math.max(1, Math.round(rooms / 3));
    const third = await measure('server', thirdRooms, { ...base, processes: 1, redis: true }, 0);
    show(`1 process, ${thirdRooms} rooms`, third, one);
    ratios.third.push(cpuRatio(third, one));
  }
  const onCluster = await measure('server', rooms, { ...base, processes: 3, redis: true, redisCluster: true }, 0);
  show('3 processes on Redis Cluster', onCluster, firstReference);
  shares.push(share(onCluster));
  const clusterRatio = cpuRatio(onCluster, lastThree!);
  print(`cluster:     3 processes on a Redis Cluster of 3 masters: ${clusterRatio.toFixed(2)}× the CPU a move of 3 processes on one Redis (the last round's)`);
  const sqlite = await measure('server', rooms, { ...base, processes: 1, redis: false, db: 'sqlite' }, 0);
  show('1 process on SQLite', sqlite, firstReference);

  const two = median(ratios.two);
  const three = median(ratios.three);
  if (repeat > 1) {
    const list = (values: number[]) => `${values.map((v) => v.toFixed(2)).join(', ')} (median ${median(values).toFixed(2)})`;
    print(`cluster:   over ${repeat} rounds, each over its own 1 process on Redis: 2 processes ${list(ratios.two)}; 3 processes ${list(ratios.three)}`);
    print(`cluster:   3 bare echo processes over one, by round: ${list(ratios.echo)}; their own CPU ${list(ratios.echoOwn)}`);
  }
  print(
    `cluster:   1 process with a third of the rooms (as busy as each of 3): ${median(ratios.third).toFixed(2)}× the CPU a move of 1 process with all of them` +
      `${repeat > 1 ? ' (median of the rounds)' : ''}: what a move costs a less busy process by itself, with nothing shared between processes`,
  );
  const leastShare = Math.min(...shares);
  const goals: [string, boolean][] = [
    [`2 processes ${two.toFixed(2)}× 1 on Redis`, two <= 1.25],
    [`3 processes ${three.toFixed(2)}× 1 on Redis`, three <= 1.25],
    [`Redis Cluster ${clusterRatio.toFixed(2)}× one Redis`, clusterRatio <= 1.4],
    [`rooms on one process ≥ ${(leastShare * 100).toFixed(1)} %`, leastShare >= 0.99],
  ];
  print(
    `cluster: goals (2 and 3 processes ≤ 1.25× 1 on Redis${repeat > 1 ? ', medians of the rounds' : ''}, 3 on a Redis Cluster ≤ 1.4× 3 on one Redis, ≥ 99 % of rooms on one process): ${verdict(goals)}` +
      ` (3 bare echo processes, for comparison: ${median(ratios.echo).toFixed(2)}× one)`,
  );
}

/** The share of a row's rooms whose seats were all on one process (NaN when it could not be read). */
const share = (row: Row) => (row.onOneProcess && row.onOneProcess.of > 0 ? row.onOneProcess.rooms / row.onOneProcess.of : NaN);
/** The median (nearest rank) of the values that could be read; NaN of none. */
const median = (values: readonly number[]) => percentile(values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b), 50);

/**
 * `processes` room servers on one redis-server with no connection, settled for 5 s, then measured over
 * `seconds`: each one's CPU a second (user + system from /proc, 10 ms ticks), redis-server's, and the
 * commands Redis ran a second (INFO commandstats; a script's inner calls counted as well as the script).
 */
export async function benchIdle(processes: number, seconds: number, print: (line: string) => void): Promise<void> {
  const redis = await startBenchRedis(false);
  const env = { ...process.env, LOG_LEVEL: 'warn' };
  const servers = await Promise.all(
    Array.from({ length: processes }, (_, i) => listening(node([SERVER_ENTRY, '--port', '0', '--host', '127.0.0.1', ...redis.flags, '--static', 'none'], env, false), `server ${i + 1}`)),
  );
  try {
    await sleep(5000);
    const pids = [...servers.map((s) => s.pid), ...redis.pids];
    const before = pids.map(cpuMs);
    const callsBefore = await redisCommandCalls(redis.nodes);
    await sleep(seconds * 1000);
    const after = pids.map(cpuMs);
    const calls = callsBetween(callsBefore, await redisCommandCalls(redis.nodes));
    const perSecond = (i: number) => (before[i] === null || after[i] === null ? '?' : ((after[i]! - before[i]!) / seconds).toFixed(1));
    const each = servers.map((_, i) => perSecond(i)).join(', ');
    const commands = calls ? calls.map(([name, count]) => `${name} ${(count / seconds).toFixed(1)}`).join(', ') : '?';
    print(`cluster: idle, ${processes} processes on one Redis, no connection, ${seconds} s: CPU ms a second ${each} (redis-server ${perSecond(servers.length)}); Redis ran a second: ${commands}`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await redis.stop();
  }
}

/** A row's CPU a move over another's (NaN when either could not be read). */
const cpuRatio = (row: Row, over: Row) => (row.cpuPerMove !== null && over.cpuPerMove ? row.cpuPerMove / over.cpuPerMove : NaN);
/** Goals as printed: each with ✓ when met, ✗ when not. */
export const verdict = (goals: [string, boolean][]) => goals.map(([what, ok]) => `${what} ${ok ? '✓' : '✗'}`).join(', ');

/** 3 processes on Redis, the second SIGKILLed mid-window: how soon its rooms play again, and what was lost or doubled. */
async function benchFailover(base: ServerBenchOptions, killAfterSeconds: number, print: (line: string) => void): Promise<void> {
  const rooms = base.rooms[0]!;
  print(`cluster: failover: 3 processes on Redis, the second SIGKILLed ${killAfterSeconds} s into the window; its rooms' clients reconnect through nginx and resume`);
  const failover = await measure('server', rooms, { ...base, processes: 3, redis: true, killAfterSeconds }, 0);
  const outcome = failover.failover!;
  const back = outcome.recoveries.map((r) => (r.backAt === null ? Infinity : r.backAt - r.droppedAt)).sort((a, b) => a - b);
  const never = back.filter((b) => b === Infinity).length;
  const worst = back.length > 0 ? back[back.length - 1]! : NaN;
  print(
    `cluster:   ${back.length} connections dropped; back playing (a view of a later change) after p50 ${ms(percentile(back, 50))}, at most ${Number.isFinite(worst) ? `${(worst / 1000).toFixed(2)} s` : 'never'}` +
      `${never > 0 ? ` (${never} never within the window)` : ''}; moves lost ${outcome.lost}, applied twice ${outcome.twice}; errors ${failover.errors}; ` +
      `rooms on one process at the end ${failover.onOneProcess ? `${failover.onOneProcess.rooms}/${failover.onOneProcess.of}` : '?'}`,
  );
  if (failover.examples.length > 0) print(`cluster:     failover errors, first: ${failover.examples.join(' | ')}`);

  const goals: [string, boolean][] = [
    [`failover back within ${Number.isFinite(worst) ? (worst / 1000).toFixed(2) : '∞'} s`, never === 0 && worst <= 5000],
    [`${outcome.lost} moves lost, ${outcome.twice} twice`, outcome.lost === 0 && outcome.twice === 0],
  ];
  print(`cluster: goals (failover within 5 s, 0 lost, 0 twice): ${verdict(goals)}`);
}

// Run directly: node --import tsx bench/cluster.ts [flags]
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await benchCluster(takeClusterArgs(process.argv.slice(2)));
}
