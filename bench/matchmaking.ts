/**
 * Quick match under arrivals: `npm run bench -- matchmaking` (only when named: a few minutes). Figures,
 * never assertions.
 *
 * For each rate (1, 5 and 20 a second), a fresh cluster (bench/quick-match-cluster.ts: nginx with
 * deploy/nginx.conf in front of 3 room servers on one redis-server, their default pools) and raw seekers
 * (bench/seeker.ts) arriving as a Poisson process for `--seconds`, each a fresh anonymous identity seeking
 * one of the three 2-player pools (draw-2, block-2, fives-2), chosen at random. Each identifies, seeks,
 * and on `matched` resumes its seat on the room's own URL through nginx, then closes: a table is taken,
 * not played (nobody connected, it waits), and a fresh cluster for every run keeps one run's tables out
 * of the next's figures. After the window no one arrives; the run waits (`--drain`, at most) until every
 * seeker is seated or alone in its pool, then asks the server how many wait in each pool.
 *
 * Printed per run: seekers, seated, still waiting at the end (alone in their pool, as the server counts
 * them), time to a seat (from arriving to the seat's `welcome`: median, p95, max, over the seated) and to
 * `matched`; tables formed (Redis' rated rooms) per seeker; **seated twice** (an identity at two tables in
 * Redis, a seat welcomed for two seekers, a seat showing another identity, two `matched` for one seeker:
 * goal 0); **lost** (neither seated, nor told why, nor among those the server counts waiting: goal 0);
 * tables with a seat nobody resumed; and the load average beside it. Then a run at `--kill-rate` whose
 * second process is SIGKILLed `--kill-after` seconds into the window: its seekers' connections drop and
 * they reconnect through nginx (to the others), identify and seek again; seated twice and lost across it.
 *
 *   npm run bench -- matchmaking [--rates 1,5,20] [--seconds 30] [--drain 15] [--kill-rate 5] [--kill-after 10] [--seed S]
 *   node --import tsx bench/matchmaking.ts [the same flags]
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nginxMissing } from '../scripts/local-nginx.mjs';
import { nextUint32, seedRng, type RngState } from '../src/engine/rng.js';
import { Player } from '../server/test/harness.js';
import { verdict } from './cluster.js';
import { flagReader } from './flags.js';
import { loadNow, startQuickMatchCluster, type QuickMatchCluster } from './quick-match-cluster.js';
import { tally, type StoredTable, type Tally } from './matchmaking-tally.js';
import { Seeker, type SeekerOutcome } from './seeker.js';
import { percentile, sleep } from './server.js';

export interface MatchmakingBenchOptions {
  /** Arrivals a second, one run each. */
  rates: number[];
  /** Each run's window of arrivals. */
  seconds: number;
  /** At most this long after the window for the last seekers to be seated. */
  drainSeconds: number;
  /** The failover run's arrivals a second. */
  killRate: number;
  /** Seconds into the failover run's window at which the second process is SIGKILLed. */
  killAfterSeconds: number;
  seed: string;
}

/** The server's default 2-player pools, which every seeker picks among. */
export const SEEKER_POOLS = ['draw-2', 'block-2', 'fives-2'] as const;
const PROCESSES = 3;

/** Takes this bench's flags out of `args`. */
export function takeMatchmakingArgs(args: string[]): MatchmakingBenchOptions {
  const { take, number } = flagReader(args);
  const ratesText = take('--rates');
  const rates = ratesText === undefined ? [1, 5, 20] : ratesText.split(',').map(Number);
  if (rates.some((r) => !Number.isFinite(r) || r <= 0)) throw new Error(`--rates takes arrivals a second like 1,5,20, got "${ratesText}"`);
  const seconds = number('--seconds', 30, 1);
  const options = {
    rates,
    seconds,
    drainSeconds: number('--drain', 15, 0),
    killRate: number('--kill-rate', 5, 0.1),
    killAfterSeconds: number('--kill-after', 10, 1),
    seed: take('--seed') ?? 'matchmaking',
  };
  if (options.killAfterSeconds >= seconds) throw new Error(`--kill-after (${options.killAfterSeconds} s) must fall inside the window (--seconds ${seconds})`);
  return options;
}

/** A uniform number in [0, 1) from the seeded generator: arrivals repeat with the seed. */
const uniform = (rng: RngState) => nextUint32(rng) / 2 ** 32;

/** Arrival times (ms into the window) of a Poisson process of `rate` a second: exponential gaps. */
export function poissonArrivals(rng: RngState, rate: number, seconds: number): number[] {
  const times: number[] = [];
  for (let t = -Math.log(1 - uniform(rng)) / rate; t < seconds; t += -Math.log(1 - uniform(rng)) / rate) times.push(t * 1000);
  return times;
}

interface RunFigures {
  outcomes: SeekerOutcome[];
  /** How many the server counts waiting in each pool at the end. */
  waiting: Map<string, number>;
  tables: StoredTable[];
  loadBefore: string;
  loadAfter: string;
}

/** One run: a fresh cluster, arrivals at `rate` for the window, the drain, the server's counts and tables. */
async function oneRun(options: MatchmakingBenchOptions, rate: number, killAfterSeconds: number | null): Promise<RunFigures> {
  const cluster = await startQuickMatchCluster(PROCESSES);
  const seekers: Seeker[] = [];
  const lives: Promise<void>[] = [];
  try {
    const rng = seedRng(`${options.seed}/${rate}/${killAfterSeconds ?? 'whole'}`);
    const arrivals = poissonArrivals(rng, rate, options.seconds);
    const loadBefore = loadNow();
    const began = performance.now();
    const killer = killAfterSeconds === null ? null : setTimeout(() => cluster.kill(1), killAfterSeconds * 1000);
    for (const [index, at] of arrivals.entries()) {
      await sleep(began + at - performance.now());
      const seeker = new Seeker(cluster.wsUrl, index, SEEKER_POOLS[nextUint32(rng) % SEEKER_POOLS.length]!);
      seekers.push(seeker);
      lives.push(seeker.run().catch((error: unknown) => void seeker.outcome.told.push(`bench: ${(error as Error).message}`)));
    }
    await sleep(began + options.seconds * 1000 - performance.now());
    if (killer) clearTimeout(killer);
    await drained(seekers, options.drainSeconds);
    const waiting = await poolCounts(cluster);
    await Promise.all(seekers.map((s) => s.stop()));
    await Promise.all(lives);
    const tables = await cluster.tables();
    return { outcomes: seekers.map((s) => s.outcome), waiting, tables, loadBefore, loadAfter: loadNow() };
  } finally {
    await Promise.all(seekers.map((s) => s.stop()));
    await cluster.stop();
  }
}

/** Waits (at most `seconds`) until every seeker is seated, told why not, or waiting alone in its pool. */
async function drained(seekers: Seeker[], seconds: number): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const open = seekers.map((s) => s.outcome).filter((o) => o.seatedAt === null && o.told.length === 0);
    const settled = open.every((o) => o.seeking) && SEEKER_POOLS.every((pool) => open.filter((o) => o.pool === pool).length <= 1);
    if (settled) return;
    await sleep(250);
  }
}

/** How many wait in each pool, as the server says (`pools`, through nginx). */
async function poolCounts(cluster: QuickMatchCluster): Promise<Map<string, number>> {
  const player = await Player.connect(cluster.wsUrl, 'pools');
  try {
    const answer = await player.request({ type: 'pools' }, 'pools');
    if (answer.type !== 'pools') throw new Error(`pools refused: ${JSON.stringify(answer)}`);
    return new Map(answer.pools.map((p) => [p.id, p.waiting]));
  } finally {
    await player.close();
  }
}

const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s` : '—');
const spread = (sorted: number[]) => `median ${s(percentile(sorted, 50))}, p95 ${s(percentile(sorted, 95))}, max ${s(sorted.at(-1) ?? NaN)}`;

function printRun(label: string, figures: RunFigures, print: (line: string) => void): Tally {
  const t = tally(figures.outcomes, figures.waiting, figures.tables);
  const twice = t.seatedTwice;
  const twiceTotal = twice.identityAtTwoTables + twice.seatForTwo + twice.seatShowsAnother + twice.matchedTwice;
  print(
    `matchmaking: ${label}: ${t.seekers} seekers, ${t.seated} seated, ${t.stillWaiting} still waiting alone at the end, ${t.told} told why not; ` +
      `time to a seat ${spread(t.toSeat)} (to matched: median ${s(percentile(t.toMatched, 50))}); ` +
      `${t.tables} tables, ${(t.tables / Math.max(1, t.seekers)).toFixed(3)} per seeker; ` +
      `seated twice ${twiceTotal} (identities at two tables ${twice.identityAtTwoTables}, seats given to two ${twice.seatForTwo}, seats showing another ${twice.seatShowsAnother}, matched twice ${twice.matchedTwice}); ` +
      `lost ${t.lost}; tables with a seat nobody resumed ${t.seatNobodyResumed}; load average ${figures.loadBefore} → ${figures.loadAfter}`,
  );
  const told = [...new Set(figures.outcomes.flatMap((o) => o.told))].slice(0, 3);
  if (told.length > 0) print(`matchmaking:   told, first: ${told.join(' | ')}`);
  return t;
}

export async function benchMatchmaking(options: MatchmakingBenchOptions, print: (line: string) => void = console.log): Promise<void> {
  const missing = nginxMissing();
  if (missing) {
    print(`matchmaking: ${missing}. Nothing measured.`);
    process.exitCode = 1;
    return;
  }
  print(
    `matchmaking: raw seekers through nginx (deploy/nginx.conf) to ${PROCESSES} room servers on one redis-server, a fresh cluster a run; ` +
      `Poisson arrivals (the rate is of the three pools together) for ${options.seconds} s, each a fresh anonymous identity in one of ${SEEKER_POOLS.join(', ')} (2 players, at random); ` +
      `seated = its seat resumed on the room's URL; then at most ${options.drainSeconds} s for the last to be seated (seed ${options.seed})`,
  );
  const goals: [string, boolean][] = [];
  for (const rate of options.rates) {
    const t = printRun(`${rate} a second`, await oneRun(options, rate, null), print);
    if (rate === 1) {
      const median = percentile(t.toSeat, 50);
      const p95 = percentile(t.toSeat, 95);
      goals.push([`1 a second: median ${s(median)} ≤ 5 s, p95 ${s(p95)} ≤ 30 s`, median <= 5000 && p95 <= 30_000]);
    }
    goals.push([`${rate} a second: 0 seated twice, 0 lost`, isClean(t)]);
  }
  print(`matchmaking: failover: ${options.killRate} a second, the second of ${PROCESSES} processes SIGKILLed ${options.killAfterSeconds} s into the window; its seekers reconnect through nginx and seek again`);
  const failover = await oneRun(options, options.killRate, options.killAfterSeconds);
  const t = printRun(`${options.killRate} a second, one process killed`, failover, print);
  print(`matchmaking:   seekers whose connection dropped and who came back: ${t.reconnected}`);
  if (t.seatNobodyResumed > 0) {
    print(
      'matchmaking:   a table with a seat nobody resumed was formed for a seeker of the killed process (it had beaten within 2 s, so its ' +
        'seeks still counted, or its `matched` went down with it): that seeker, back and seeking again, is then at two tables ' +
        '(docs/ARCHITECTURE.md, "Quick match: where a pool lives")',
    );
  }
  goals.push([`across the SIGKILL: 0 seated twice, 0 lost`, isClean(t)]);
  print(`matchmaking: goals: ${verdict(goals)}`);
}

const isClean = (t: Tally) => t.lost === 0 && Object.values(t.seatedTwice).every((n) => n === 0);

// Run directly: node --import tsx bench/matchmaking.ts [flags]
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await benchMatchmaking(takeMatchmakingArgs(process.argv.slice(2)));
}
