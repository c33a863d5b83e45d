/**
 * The players' figures: `npm run bench -- players` (only when named: a few minutes). Figures, never
 * assertions.
 *
 * 1. A rating update's CPU time: rating-core's `rateMatch` for a two-player match and for four in teams
 *    (µs a call, this process's user + system time over many calls; goal ≤ 1 ms).
 * 2. For SQLite (a temporary file, WAL, as the server opens it) and Redis (a redis-server of its own,
 *    appendfsync everysec, as the README advises): `--identities` (100,000) identities stored, each in one
 *    rated two-player match (random skills, so the board has 100,000 distinct rows); then, in this
 *    process, a recorded match's storage time (`recordMatch`, one after another, µs p50/p99) and the
 *    store's own reads (the top 100, a random identity's rank and neighbours); then the server as it
 *    ships (server/dist/main.js, built first when stale) on that storage, and `--requests` (2,000) GET
 *    `/leaderboard?family=two` one after another over real HTTP (keep-alive), then as many with a random
 *    ranked `player` (each a different answer: a rank read), p50/p99/max in ms (goal p99 ≤ 20 ms); and
 *    `--concurrency` (32) readers at once for a few seconds: requests a second and the server's CPU a
 *    request. With the storage's size (the SQLite file; Redis' used memory).
 *
 *   npm run bench -- players [--identities 100000] [--requests 2000] [--concurrency 32] [--storage sqlite,redis]
 *   node --import tsx bench/players.ts [the same flags]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureServerBuilt, SERVER_ENTRY } from '../scripts/ensure-built.mjs';
import { startRedis } from '../scripts/local-redis.mjs';
import type { MatchRecord, PlayerStore } from '../server/src/players/player-store.js';
import { RedisPlayerStore } from '../server/src/players/redis.js';
import { SqlitePlayerStore } from '../server/src/players/sqlite.js';
import { newSkill, rateMatch, type RatedMatch, type Skill } from '../server/src/ratings/rating-core.js';
import { redisClient } from '../server/src/storage/redis-client.js';
import { SqliteLog } from '../server/src/storage/sqlite.js';
import { cpuMs, listening, node, percentile } from './server.js';

export interface PlayersBenchOptions {
  identities: number;
  requests: number;
  concurrency: number;
  storage: ('sqlite' | 'redis')[];
}

/** Takes this bench's flags out of `args`. */
export function takePlayersArgs(args: string[]): PlayersBenchOptions {
  const take = (flag: string): string | undefined => {
    const at = args.indexOf(flag);
    return at < 0 ? undefined : args.splice(at, 2)[1];
  };
  const count = (flag: string, fallback: number): number => {
    const text = take(flag);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 2) throw new Error(`${flag} takes a whole number of at least 2, got "${text}"`);
    return value;
  };
  const storage = (take('--storage') ?? 'sqlite,redis').split(',');
  for (const kind of storage) if (kind !== 'sqlite' && kind !== 'redis') throw new Error(`--storage takes sqlite, redis or both, not "${kind}"`);
  return { identities: count('--identities', 100_000), requests: count('--requests', 2_000), concurrency: count('--concurrency', 32), storage: storage as PlayersBenchOptions['storage'] };
}

const idOf = (n: number) => `bench${String(n).padStart(17, '0')}`;
const ms = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p).toFixed(2);
  return `p50 ${at(50)} ms, p99 ${at(99)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`;
};
const us = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${Math.round(percentile(sorted, 50) * 1000)} µs, p99 ${Math.round(percentile(sorted, 99) * 1000)} µs`;
};

/** µs of this process's CPU a call of `work`, over `calls` calls. */
function cpuPerCall(calls: number, work: (i: number) => void): number {
  for (let i = 0; i < Math.min(calls, 500); i++) work(i);
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) work(i);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

function rateMatchFigures(print: (line: string) => void): void {
  const skills = Array.from({ length: 64 }, (_, i): Skill => ({ mu: 15 + (i % 20), sigma: 2 + (i % 7), matches: i }));
  const skillOf = (id: string) => skills[Number(id)]!;
  const two = (i: number): RatedMatch => ({
    family: 'two',
    seats: [
      { id: String(i % 64), side: 0, forfeit: false },
      { id: String((i + 1) % 64), side: 1, forfeit: false },
    ],
    scores: [100, 60],
    winningSide: i % 2,
  });
  const teams = (i: number): RatedMatch => ({
    family: 'teams',
    seats: [0, 1, 2, 3].map((s) => ({ id: String((i + s) % 64), side: s % 2, forfeit: false })),
    scores: [150, 90],
    winningSide: i % 2,
  });
  print(`rateMatch, two players: ${cpuPerCall(20_000, (i) => rateMatch(two(i), skillOf)).toFixed(1)} µs of CPU a call (goal ≤ 1000)`);
  print(`rateMatch, four in teams: ${cpuPerCall(20_000, (i) => rateMatch(teams(i), skillOf)).toFixed(1)} µs of CPU a call (goal ≤ 1000)`);
}

/** A rated two-player match of `a` and `b` over their stored skills, `a` winning. */
async function matchOf(store: PlayerStore, room: string, a: string, b: string, after: [Omit<Skill, 'matches'>, Omit<Skill, 'matches'>]): Promise<MatchRecord> {
  const stored = await store.skills('two', [a, b]);
  const before = (id: string) => stored.get(id) ?? newSkill();
  return {
    room,
    match: 1,
    at: Date.now(),
    family: 'two',
    players: [
      { id: a, name: `Player ${a.slice(-6)}`, side: 0, place: 1, before: before(a), after: { ...after[0], matches: before(a).matches + 1 } },
      { id: b, name: `Player ${b.slice(-6)}`, side: 1, place: 2, before: before(b), after: { ...after[1], matches: before(b).matches + 1 } },
    ],
  };
}

/** A skill drawn at random: the board's rows are many different ratings. */
const randomSkill = () => ({ mu: 10 + Math.random() * 30, sigma: 1 + Math.random() * 7 });

async function seed(store: PlayerStore, identities: number, batch: number): Promise<number> {
  const started = performance.now();
  for (let from = 0; from < identities; from += batch) {
    const ids = Array.from({ length: Math.min(batch, identities - from) }, (_, i) => idOf(from + i));
    await Promise.all(ids.map((id) => store.saveProfile({ id, name: `Player ${id.slice(-6)}`, kind: 'anonymous' }, Date.now())));
    const pairs = [];
    for (let i = 0; i + 1 < ids.length; i += 2) pairs.push([ids[i]!, ids[i + 1]!] as const);
    await Promise.all(
      pairs.map(async ([a, b]) => {
        const outcome = await store.recordMatch(await matchOf(store, `seed-${a}`, a, b, [randomSkill(), randomSkill()]));
        if (outcome !== 'recorded') throw new Error(`seeding ${a}: ${outcome}`);
      }),
    );
  }
  return (performance.now() - started) / 1000;
}

async function storeFigures(store: PlayerStore, identities: number, print: (line: string) => void): Promise<void> {
  const recordTimes: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const a = idOf(Math.floor(Math.random() * identities));
    let b = idOf(Math.floor(Math.random() * identities));
    if (b === a) b = idOf((Number(a.slice(5)) + 1) % identities);
    const record = await matchOf(store, `timed-${i}`, a, b, [randomSkill(), randomSkill()]);
    const started = performance.now();
    const outcome = await store.recordMatch(record);
    recordTimes.push(performance.now() - started);
    if (outcome !== 'recorded') throw new Error(`recording: ${outcome}`);
  }
  print(`  a recorded match's storage time (recordMatch, two players, one after another): ${us(recordTimes)}`);
  const topTimes: number[] = [];
  const aroundTimes: number[] = [];
  for (let i = 0; i < 500; i++) {
    let started = performance.now();
    await store.leaderboard('two', 100);
    topTimes.push(performance.now() - started);
    started = performance.now();
    await store.around('two', idOf(Math.floor(Math.random() * identities)), 5);
    aroundTimes.push(performance.now() - started);
  }
  print(`  the store's reads: the top 100 ${us(topTimes)}; a random identity's rank and neighbours ${us(aroundTimes)}`);
}

async function httpFigures(url: string, pid: number, options: PlayersBenchOptions, print: (line: string) => void): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  /** The ms from a request sent to its whole answer read. */
  const get = (path: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      httpGet(`${url}${path}`, { agent }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`));
        response.on('data', () => undefined);
        response.on('end', () => resolve(performance.now() - started));
      }).on('error', reject);
    });
  for (let i = 0; i < 200; i++) await get('/leaderboard?family=two');
  const plain: number[] = [];
  for (let i = 0; i < options.requests; i++) plain.push(await get('/leaderboard?family=two'));
  print(`  GET /leaderboard?family=two, ${options.requests} one after another: ${ms(plain)} (goal p99 ≤ 20 ms)`);
  const withPlayer: number[] = [];
  for (let i = 0; i < options.requests; i++) withPlayer.push(await get(`/leaderboard?family=two&player=${idOf(Math.floor(Math.random() * options.identities))}`));
  print(`  GET /leaderboard?family=two&player=ID, a random ranked ID each: ${ms(withPlayer)} (goal p99 ≤ 20 ms)`);
  for (const withId of [false, true]) {
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    let done = 0;
    const until = started + 5_000;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (performance.now() < until) {
          await get(withId ? `/leaderboard?family=two&player=${idOf(Math.floor(Math.random() * options.identities))}` : '/leaderboard?family=two');
          done++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuMs(pid) !== null && cpuBefore !== null ? ((cpuMs(pid)! - cpuBefore) * 1000) / done : NaN;
    print(`  ${options.concurrency} readers at once, ${withId ? 'each with a random player' : 'the top alone'}: ${Math.round(done / seconds)} requests/s, the server's CPU ${Math.round(cpu)} µs a request`);
  }
  agent.destroy();
}

async function onStorage(kind: 'sqlite' | 'redis', options: PlayersBenchOptions, print: (line: string) => void): Promise<void> {
  const temp = mkdtempSync(join(tmpdir(), 'domino-bench-players-'));
  const redis = kind === 'redis' ? await startRedis({ fsync: 'everysec' }) : null;
  try {
    let store: PlayerStore;
    let size: () => Promise<string>;
    let finish: () => Promise<void>;
    const file = join(temp, 'rooms.sqlite');
    if (redis) {
      const client = redisClient({ url: redis.url }, 'commands');
      await client.connect();
      store = new RedisPlayerStore(client);
      size = async () => `Redis' used memory ${/used_memory_human:(\S+)/.exec(await client.info('memory'))?.[1]}`;
      finish = async () => client.disconnect();
    } else {
      const log = new SqliteLog(file);
      store = new SqlitePlayerStore(log.database);
      size = async () => `the SQLite file ${(statSync(file).size / 2 ** 20).toFixed(1)} MiB (its WAL checkpointed)`;
      finish = () => log.close();
    }
    print(`${kind === 'redis' ? 'Redis' : 'SQLite'}:`);
    const seconds = await seed(store, options.identities, redis ? 1000 : 200);
    print(`  seeded ${options.identities} identities, each in one rated match, in ${seconds.toFixed(1)} s`);
    await storeFigures(store, options.identities, print);
    // Redis is asked before its client goes; the SQLite file is measured once closed (checkpointed).
    const redisSize = redis ? await size() : null;
    await finish();
    print(`  ${redisSize ?? (await size())}`);
    ensureServerBuilt();
    const storageFlags = redis ? ['--redis', redis.url] : ['--db', file];
    const server = await listening(node([SERVER_ENTRY, '--port', '0', '--host', '127.0.0.1', '--static', 'none', ...storageFlags], { ...process.env, LOG_LEVEL: 'warn' }, false), 'the server');
    try {
      await httpFigures(server.url, server.pid, options, print);
    } finally {
      await server.stop();
    }
  } finally {
    await redis?.stop();
    rmSync(temp, { recursive: true, force: true });
  }
}

export async function benchPlayers(options: PlayersBenchOptions, print: (line: string) => void = console.log): Promise<void> {
  const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');
  print(`Players: ${options.identities} identities, ${options.requests} requests a series (${new Date().toISOString()}; load average ${load()})`);
  rateMatchFigures(print);
  for (const kind of options.storage) await onStorage(kind, options, print);
  print(`load average at the end: ${load()} (on a shared machine, read the figures beside it)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPlayers(takePlayersArgs(process.argv.slice(2)));
