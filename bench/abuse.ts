/**
 * An address that reconnects in a loop, against the room server as it ships: `npm run bench -- abuse`
 * (only when named: it takes a minute). The compiled server (server/dist/main.js, built first when stale)
 * with its default limits, SQLite on a temporary file, `--static none`, LOG_LEVEL=warn, on 127.0.0.1.
 * Throughout, `--rooms` other rooms (1) of four raw clients (bench/server-clients.ts, each room from an
 * address of its own, 127.0.0.10 and on) play whole matches at a brisk pace. After a warm-up, two
 * windows of `--seconds` (a third at rest after the flood shows how much the figures move by themselves
 * on a shared machine): at rest, then under a flood from another address, 127.0.0.2 (Linux routes
 * all of 127/8 to the loopback): `--loops` (32) loops at once, each opening a connection, sending
 * `--peeks` (40) peeks of a room the flooding address made, closing once each is answered or the server
 * closed it, and again at once (after a refused upgrade too).
 *
 * Printed for each window: the other rooms' moves, p50, p99 and max (a move sent → the mover's view of
 * it), their errors, the server's CPU and this process's (the flood's clients: on one machine they
 * compete), the moves' time inside the server (its /metrics histogram) and its garbage collections;
 * for the flood, the messages the server handled a second from the flooding address (peeks taken, from
 * its /metrics) against the address's budget (goal: within 1.5×), the answers `rate-limited`, the
 * connections opened, refused (429) and closed by the server (1008); the p99 under the flood over the
 * p99 at rest (goal: at most 2×). Figures, not assertions.
 *
 *   npm run bench -- abuse [--seconds 20] [--warmup 5] [--rooms 1] [--think 200-400] [--loops 32] [--peeks 40]
 *   node --import tsx bench/abuse.ts [the same flags]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { ClientMessage, ServerMessage } from '../src/net/protocol.js';
import { DEFAULT_LIMITS } from '../server/src/limits.js';
import { ensureServerBuilt, SERVER_ENTRY } from '../scripts/ensure-built.mjs';
import type { Command, Report } from './server-clients.js';
import { collectionsBetween, cpuMs, histogramPercentiles, listening, moveHistogram, node, percentile, reply, scrapeMetrics, sleep, takeServerArgs } from './server.js';

export interface AbuseBenchOptions {
  seconds: number;
  warmupSeconds: number;
  /** Other rooms playing throughout, four raw clients each. */
  rooms: number;
  thinkMs: [number, number];
  loops: number;
  peeks: number;
}

/** Takes this bench's flags out of `args`: the server bench's `--seconds`, `--warmup`, `--rooms` (one count), `--think`, and its own. */
export function takeAbuseArgs(args: string[]): AbuseBenchOptions {
  const given = (flag: string) => args.includes(flag);
  const count = (flag: string, fallback: number): number => {
    const at = args.indexOf(flag);
    if (at < 0) return fallback;
    const text = args.splice(at, 2)[1];
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} takes a whole number of at least 1, got "${text}"`);
    return value;
  };
  const loops = count('--loops', 32);
  const peeks = count('--peeks', 40);
  const [hadSeconds, hadWarmup, hadRooms] = [given('--seconds'), given('--warmup'), given('--rooms')];
  const server = takeServerArgs(args);
  return {
    seconds: hadSeconds ? server.seconds : 20,
    warmupSeconds: hadWarmup ? server.warmupSeconds : 5,
    rooms: hadRooms ? server.rooms[0]! : 1,
    thinkMs: server.thinkMs,
    loops,
    peeks,
  };
}

/** Where the flood comes from: another address than the other rooms' clients (127.0.0.1). */
const FLOOD_ADDRESS = '127.0.0.2';

/**
 * The message the flood repeats, made from the welcome of the room the flooding address created: the
 * one place to change when a peek needs more (an invite, say).
 */
function floodMessage(welcome: Extract<ServerMessage, { type: 'welcome' }>): ClientMessage {
  return { type: 'peek', room: welcome.room, key: welcome.keys.invite! };
}

interface FloodCounts {
  opened: number;
  /** Upgrades refused, by HTTP status. */
  refused: Map<number, number>;
  /** Connections the server closed, by close code. */
  closedByServer: Map<number, number>;
  answers: number;
  rateLimited: number;
  socketErrors: number;
}

const add = (map: Map<number, number>, key: number) => map.set(key, (map.get(key) ?? 0) + 1);

/** One connection of the flood: open it, send `count` frames at once, close it once each is answered or the server closed it. */
function floodOnce(url: string, frame: string, count: number, counts: FloodCounts): Promise<void> {
  return new Promise((done) => {
    const ws = new WebSocket(url, { localAddress: FLOOD_ADDRESS, perMessageDeflate: false });
    let answers = 0;
    let ours = false;
    let over = false;
    const finish = () => {
      if (over) return;
      over = true;
      clearTimeout(ceiling);
      done();
    };
    // A ceiling, not a measure: a connection whose answers do not all come does not stop its loop.
    const ceiling = setTimeout(() => {
      ws.terminate();
      finish();
    }, 5000);
    ws.on('unexpected-response', (request, response) => {
      add(counts.refused, response.statusCode ?? 0);
      request.destroy();
      finish();
    });
    ws.on('open', () => {
      counts.opened++;
      for (let i = 0; i < count; i++) ws.send(frame);
    });
    ws.on('message', (data: Buffer) => {
      answers++;
      if (data.includes('"code":"rate-limited"')) counts.rateLimited++;
      else counts.answers++;
      if (answers === count) {
        ours = true;
        ws.close();
      }
    });
    ws.on('close', (code) => {
      if (!ours) add(counts.closedByServer, code);
      finish();
    });
    ws.on('error', () => {
      if (!over) counts.socketErrors++;
      finish();
    });
  });
}

/** Creates a room from the flooding address and returns its welcome. */
function floodersRoom(url: string): Promise<Extract<ServerMessage, { type: 'welcome' }>> {
  return new Promise((resolvePromise, reject) => {
    const ws = new WebSocket(url, { localAddress: FLOOD_ADDRESS, perMessageDeflate: false });
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'create', name: 'Flood', settings: { variant: 'draw', players: 4, level: 'easy' } } satisfies ClientMessage)));
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as ServerMessage;
      if (message.type === 'welcome') {
        resolvePromise(message);
        ws.close();
      } else if (message.type === 'error') reject(new Error(`the flooding address could not create its room: ${message.message}`));
    });
  });
}

/** A counter of the server's /metrics (its sum over labels matching `labels`), or null. */
function counter(metrics: string | null, name: string, labels: string): number | null {
  if (!metrics) return null;
  const found = new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, 'm').exec(metrics);
  return found ? Number(found[1]) : 0;
}

interface Window {
  report: Report;
  seconds: number;
  cpuPercent: number | null;
  /** This process's CPU (the flood's clients), % of one core: on one machine it competes with the server's. */
  benchCpuPercent: number;
  errors: number;
  /** The moves' time inside the server (its /metrics domino_move_seconds: received → views sent), as bucket bounds. */
  inServer: string | null;
  metricsStart: string | null;
  metricsEnd: string | null;
}

export async function benchAbuse(options: AbuseBenchOptions, print: (line: string) => void = console.log): Promise<void> {
  ensureServerBuilt();
  const temp = mkdtempSync(join(tmpdir(), 'domino-bench-abuse-'));
  const server = await listening(
    node([SERVER_ENTRY, '--port', '0', '--host', '127.0.0.1', '--db', join(temp, 'rooms.sqlite'), '--static', 'none', '--metrics-port', '0'], { ...process.env, LOG_LEVEL: 'warn' }, false),
    'server',
  );
  const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
  const clients = node(['bench/server-clients.ts'], process.env, true);
  const [least, most] = options.thinkMs;
  const { messagesPerSecondPerAddress: budget, messageBurstPerAddress: burst } = DEFAULT_LIMITS;
  print(
    `abuse: the server as it ships (compiled, SQLite on a temporary file, LOG_LEVEL=warn), its default limits: an address ${budget} messages a second ` +
      `(a burst of ${burst}), a connection ${DEFAULT_LIMITS.messagesPerSecond} (a burst of ${DEFAULT_LIMITS.messageBurst}), ` +
      `${DEFAULT_LIMITS.connectionsPerMinutePerAddress} new connections a minute and ${DEFAULT_LIMITS.maxConnectionsPerAddress} held an address`,
  );
  print(
    `abuse: ${options.rooms} other room${options.rooms === 1 ? '' : 's'} of four raw clients, each room from an address of its own (127.0.0.10, …), playing throughout (each action ${least}–${most} ms after ` +
      `the view that calls for it); the flood from ${FLOOD_ADDRESS}: ${options.loops} loops at once, each opening a connection, sending ${options.peeks} peeks ` +
      `of a room of its own, closing once each is answered or the server closed it, and again at once; ${options.warmupSeconds} s warm-up, then ${options.seconds} s at rest, ${options.seconds} s under the flood and ${options.seconds} s at rest again`,
  );
  print(`abuse: load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  try {
    clients.send({ cmd: 'setup', wsUrls: [wsUrl], rooms: options.rooms, roomsPerSecond: 10, thinkMs: options.thinkMs, mode: 'server', variant: 'draw', addressPerRoom: true } satisfies Command);
    const ready = await reply(clients, 'ready', 60_000);
    if (ready.failed > 0) throw new Error(`rooms failed to open: ${ready.examples.join(' | ')}`);
    await sleep(options.warmupSeconds * 1000);

    let errorsBefore = 0;
    const window = async (during: () => Promise<void>): Promise<Window> => {
      const report = reply(clients, 'report', options.seconds * 1000 + 60_000);
      const metricsStart = await scrapeMetrics(server.metricsUrl);
      clients.send({ cmd: 'measure' } satisfies Command);
      const cpuStart = cpuMs(server.pid);
      const benchCpuStart = process.cpuUsage();
      const began = performance.now();
      await during();
      clients.send({ cmd: 'stop' } satisfies Command);
      const seconds = (performance.now() - began) / 1000;
      const cpuEnd = cpuMs(server.pid);
      const benchCpu = process.cpuUsage(benchCpuStart);
      const metricsEnd = await scrapeMetrics(server.metricsUrl);
      const got = await report;
      const errors = got.errors - errorsBefore;
      errorsBefore = got.errors;
      return {
        report: got,
        seconds,
        cpuPercent: cpuStart !== null && cpuEnd !== null ? (cpuEnd - cpuStart) / 10 / seconds : null,
        benchCpuPercent: (benchCpu.user + benchCpu.system) / 10_000 / seconds,
        errors,
        inServer: histogramPercentiles(moveHistogram(metricsStart), moveHistogram(metricsEnd)),
        metricsStart,
        metricsEnd,
      };
    };

    const rest = await window(async () => {
      await sleep(options.seconds * 1000);
    });

    const frame = JSON.stringify(floodMessage(await floodersRoom(wsUrl)));
    const counts: FloodCounts = { opened: 0, refused: new Map(), closedByServer: new Map(), answers: 0, rateLimited: 0, socketErrors: 0 };
    let flooding = true;
    const loops: Promise<void>[] = [];
    const flood = await window(async () => {
      for (let i = 0; i < options.loops; i++) {
        loops.push(
          (async () => {
            while (flooding) await floodOnce(wsUrl, frame, options.peeks, counts);
          })(),
        );
      }
      await sleep(options.seconds * 1000);
      flooding = false;
    });
    await Promise.all(loops);
    const after = await window(async () => {
      await sleep(options.seconds * 1000);
    });

    const ms = (value: number) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms` : '—');
    const cpu = (value: number | null) => (value === null ? '?' : `${value.toFixed(0)}%`);
    const row = (name: string, w: Window) => {
      const samples = [...w.report.samples].sort((a, b) => a - b);
      return (
        `abuse:   ${name.padEnd(6)} ${String(samples.length).padStart(6)} ${ms(percentile(samples, 50)).padStart(8)} ${ms(percentile(samples, 99)).padStart(8)} ` +
        `${ms(samples.at(-1) ?? NaN).padStart(8)} ${String(w.errors).padStart(7)} ${cpu(w.cpuPercent).padStart(11)} ${cpu(w.benchCpuPercent).padStart(10)}   ${w.inServer ?? '?'}`
      );
    };
    print(
      `abuse:   window  moves      p50      p99      max  errors  server cpu  flood cpu   inside the server (/metrics: received → views sent)` +
        `   (the other rooms' moves: sent → the mover's view of it; flood cpu: the flood's clients, this process)`,
    );
    print(row('rest', rest));
    print(row('flood', flood));
    print(row('after', after));
    for (const [name, w] of [['rest', rest], ['flood', flood], ['after', after]] as const) {
      if (w.report.examples.length > 0) print(`abuse:     the other rooms' errors, first: ${w.report.examples.join(' | ')}`);
      print(`abuse:     the server's garbage collections, ${name}: ${collectionsBetween(w.metricsStart, w.metricsEnd) ?? 'none'}`);
    }

    const peeksBefore = counter(flood.metricsStart, 'domino_messages_total', 'type="peek"');
    const peeksAfter = counter(flood.metricsEnd, 'domino_messages_total', 'type="peek"');
    const handled = peeksBefore !== null && peeksAfter !== null ? (peeksAfter - peeksBefore) / flood.seconds : null;
    const allowed = budget + burst / flood.seconds;
    const refused = [...counts.refused].map(([status, n]) => `${n} with ${status}`).join(', ') || 'none';
    const closed = [...counts.closedByServer].map(([code, n]) => `${n} with ${code}`).join(', ') || 'none';
    const perSecond = (n: number) => (n / flood.seconds).toFixed(0);
    print(
      `abuse: the flooding address: ${handled === null ? '?' : handled.toFixed(1)} messages handled a second (peeks taken, from the server's /metrics) ` +
        `against its budget of ${budget} a second (with the burst of ${burst} spread over the window, ${allowed.toFixed(1)}): ` +
        `${handled === null ? '?' : (handled / budget).toFixed(2)}× the budget (goal ≤ 1.5×)`,
    );
    print(
      `abuse: its answers: ${counts.answers} answered (${perSecond(counts.answers)}/s), ${counts.rateLimited} rate-limited (${perSecond(counts.rateLimited)}/s); ` +
        `connections: ${counts.opened} opened, refused ${refused} (${perSecond([...counts.refused.values()].reduce((a, b) => a + b, 0))}/s), ` +
        `closed by the server ${closed}; socket errors ${counts.socketErrors}`,
    );
    const p99 = (w: Window) => percentile([...w.report.samples].sort((a, b) => a - b), 99);
    const [restP99, floodP99, afterP99] = [p99(rest), p99(flood), p99(after)];
    const ratio = floodP99 / restP99;
    print(
      `abuse: goals: handled ≤ 1.5× the budget ${handled !== null && handled <= 1.5 * budget ? '✓' : '✗'}; the other rooms' p99 under the flood ` +
        `${ratio.toFixed(1)}× at rest (${ms(floodP99)} against ${ms(restP99)}; goal ≤ 2×) ${ratio <= 2 ? '✓' : '✗'} ` +
        `(at rest again after it: ${ms(afterP99)}, ${(afterP99 / restP99).toFixed(1)}×); server CPU ${cpu(rest.cpuPercent)} at rest, ` +
        `${cpu(flood.cpuPercent)} under the flood, ${cpu(after.cpuPercent)} after; load average at the end ${loadavg()[0]!.toFixed(2)}`,
    );
  } finally {
    const closed = reply(clients, 'closed', 30_000).catch(() => undefined);
    clients.send({ cmd: 'close' } satisfies Command);
    await closed;
    await server.stop();
    rmSync(temp, { recursive: true, force: true });
  }
}

// Run directly: node --import tsx bench/abuse.ts [flags]
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await benchAbuse(takeAbuseArgs(process.argv.slice(2)));
}
