/**
 * Whether the ratings find the strong: `npm run bench -- rating-quality` (only when named: minutes).
 * Figures, never assertions.
 *
 * `--identities` (120) identities of hidden strength, a quarter at each level, weakest first: the computer
 * at easy, at medium, at hard on a small think budget (`--small-budget-ms`, 5 ms a move), and at hard (the
 * level's own budget, 140 ms, and 500 sampled deals). Each plays `--each` (30) rated 2-player matches at
 * least (bench/rated-bot.ts: every move chosen in this process from its own view, sent over the wire),
 * through the real server as it ships (one process, SQLite on a temporary file) with `--pools` of one pool
 * of a short match (Draw to 30 by default: `--variant`, `--target`) so the whole run takes minutes, seeking
 * again after each match, until every identity has played its count (so some play a few more: the others
 * need partners; a match over the pair cap, not rated, counts as played). The server's matcher pairs them, closest ratings first: the pairing is not random, as it
 * is not for people. Then every identity's card (`/players/ID`) and `/leaderboard?family=two`, and printed:
 * Kendall's τ-b between the hidden order (tied within a level) and the ratings (goal ≥ 0.6; with four tied
 * levels even a perfect board scores below 1, the best is printed beside it), each level's mean rating
 * (goal: in the levels' order), the matches played, rated, over the pair cap and forfeited, and the run's
 * duration with the load average beside it.
 *
 *   npm run bench -- rating-quality [--identities 120] [--each 30] [--variant draw] [--target 30] [--small-budget-ms 5] [--max-minutes M]
 *
 * --max-minutes M: no new seek after M minutes (the matches under way finish); the figures are then of what ran.
 *   node --import tsx bench/rating-quality.ts [the same flags]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt, SERVER_ENTRY } from '../scripts/ensure-built.mjs';
import { RAISED_LIMITS } from '../scripts/raised-limits.mjs';
import { DEFAULT_BUDGET_MS, type ChooseOptions } from '../src/ai/index.js';
import type { PlayerSummary } from '../src/net/protocol.js';
import { flagReader } from './flags.js';
import { kendallTauB } from './kendall.js';
import { loadNow } from './quick-match-cluster.js';
import { RatedBot } from './rated-bot.js';
import { listening, node } from './server.js';

export interface RatingQualityOptions {
  identities: number;
  matches: number;
  variant: 'draw' | 'block';
  target: number;
  smallBudgetMs: number;
  /** Stops seeking after this many minutes (the matches under way finish), and prints what ran. */
  maxMinutes: number;
}

/** The hidden strengths, weakest first: an identity's place in this list is its hidden rank. */
function strengths(smallBudgetMs: number): { name: string; think: ChooseOptions }[] {
  return [
    { name: 'easy', think: { level: 'easy' } },
    { name: 'medium', think: { level: 'medium' } },
    { name: `hard, ${smallBudgetMs} ms`, think: { level: 'hard', budgetMs: smallBudgetMs } },
    { name: `hard, ${DEFAULT_BUDGET_MS} ms`, think: { level: 'hard' } },
  ];
}

const POOL = 'quality-2';

/** Takes this bench's flags out of `args`. */
export function takeRatingQualityArgs(args: string[]): RatingQualityOptions {
  const { take, number } = flagReader(args);
  const whole = (flag: string, fallback: number, min: number) => number(flag, fallback, min, true);
  const variant = take('--variant') ?? 'draw';
  if (variant !== 'draw' && variant !== 'block') throw new Error(`--variant takes draw or block (2-player pools rated in the family two), got "${variant}"`);
  return { identities: whole('--identities', 120, 8), matches: whole('--each', 30, 1), variant, target: whole('--target', 30, 1), smallBudgetMs: whole('--small-budget-ms', 5, 1), maxMinutes: number('--max-minutes', Infinity, 1) };
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

interface Board {
  top: { id: string; rating: number }[];
}

export async function benchRatingQuality(options: RatingQualityOptions, print: (line: string) => void = console.log): Promise<void> {
  ensureServerBuilt();
  const levels = strengths(options.smallBudgetMs);
  const temp = mkdtempSync(join(tmpdir(), 'domino-bench-quality-'));
  const pools = join(temp, 'pools.json');
  writeFileSync(pools, JSON.stringify([{ id: POOL, variant: options.variant, players: 2, target: options.target, tempo: 'instant' }]));
  const server = await listening(
    node([SERVER_ENTRY, '--port', '0', '--host', '127.0.0.1', '--db', join(temp, 'rooms.sqlite'), '--static', 'none', '--pools', pools, ...RAISED_LIMITS], { ...process.env, LOG_LEVEL: 'warn' }, false),
    'the room server',
  );
  const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
  print(
    `rating quality: ${options.identities} identities, a quarter at each hidden strength (${levels.map((l) => l.name).join(' < ')}), ` +
      `${options.matches} rated 2-player matches each at least (--each), in one pool of ${options.variant === 'draw' ? 'Draw' : 'Block'} to ${options.target} (--pools, ` +
      `so the run takes minutes), paired by the server's matcher (closest ratings first: not at random); one server process on SQLite ` +
      `(${new Date().toISOString()}; load average ${loadNow()})`,
  );
  const began = performance.now();
  const bots = Array.from({ length: options.identities }, (_, i) => ({ level: i % levels.length, bot: new RatedBot(wsUrl, `Bot ${i + 1}`, POOL, levels[i % levels.length]!.think) }));
  try {
    await Promise.all(bots.map(({ bot }) => bot.identify()));
    const deadline = began + options.maxMinutes * 60_000;
    // Matches over the pair cap count as played: at the ends of the board an identity's closest
    // neighbours are few, and once it has met each three times today its matches go unrated.
    const played = (bot: RatedBot) => bot.outcome.rated + bot.outcome.overPairCap;
    const fewest = () => Math.min(...bots.map(({ bot }) => played(bot)));
    const everyoneDone = () => bots.every(({ bot }) => played(bot) >= options.matches || bot.outcome.problems.length > 0);
    const finished = () => everyoneDone() || performance.now() >= deadline;
    const stopAll = () => Promise.all(bots.map(({ bot }) => bot.stop()));
    const progress = setInterval(() => {
      const rated = bots.reduce((n, { bot }) => n + bot.outcome.rated, 0) / 2;
      print(`rating quality:   after ${((performance.now() - began) / 1000).toFixed(0)} s: ${rated} rated matches, the fewest an identity played ${fewest()} (rated or over the pair cap)`);
    }, 60_000);
    // Whoever still needs matches keeps everyone seeking (else the last would wait alone); once all have
    // theirs (or the time is up), the ones left waiting in the pool are sent home.
    const playing = bots.map(({ bot }) => bot.play(() => !finished()).then(() => (finished() ? stopAll() : undefined)));
    await Promise.all(playing);
    clearInterval(progress);
    const seconds = (performance.now() - began) / 1000;
    if (!everyoneDone()) print(`rating quality: stopped seeking after ${options.maxMinutes} minutes (--max-minutes): the figures are of what ran, the fewest matches an identity played ${fewest()}`);
    // Cards and the leaderboard are kept a second: the last match's rating shows after it.
    await new Promise((resolveWait) => setTimeout(resolveWait, 1_100));
    const cards = await Promise.all(bots.map(({ bot }) => getJson<PlayerSummary>(`${server.url}/players/${bot.id}?family=two`)));
    const ratings = cards.map((card) => card.ratings.two?.rating ?? NaN);
    const board = await getJson<Board>(`${server.url}/leaderboard?family=two`);
    const byId = new Map(bots.map(({ bot }, i) => [bot.id, ratings[i]!]));
    const boardAgrees = board.top.every((row) => byId.get(row.id) === row.rating);
    printFigures(options, levels, bots.map(({ level, bot }, i) => ({ level, rating: ratings[i]!, outcome: bot.outcome })), print);
    print(`rating quality:   the leaderboard's top ${board.top.length} show the cards' ratings: ${boardAgrees ? 'yes' : 'no'}`);
    print(`rating quality: ${seconds.toFixed(0)} s of play (load average at the end ${loadNow()})`);
  } finally {
    await Promise.all(bots.map(({ bot }) => bot.stop()));
    await server.stop();
    rmSync(temp, { recursive: true, force: true });
  }
}

function printFigures(
  options: RatingQualityOptions,
  levels: { name: string }[],
  rows: { level: number; rating: number; outcome: RatedBot['outcome'] }[],
  print: (line: string) => void,
): void {
  const hidden = rows.map((r) => r.level);
  const tau = kendallTauB(hidden, rows.map((r) => r.rating));
  // A board in the hidden order, every rating different: the most τ-b can be with the levels tied.
  const best = kendallTauB(hidden, hidden.map((level, i) => level * rows.length + i));
  const means = levels.map((_, level) => {
    const of = rows.filter((r) => r.level === level).map((r) => r.rating);
    return of.reduce((a, b) => a + b, 0) / of.length;
  });
  const inOrder = means.every((mean, i) => i === 0 || mean > means[i - 1]!);
  const rated = rows.map((r) => r.outcome.rated).sort((a, b) => a - b);
  const sum = (pick: (o: RatedBot['outcome']) => number) => rows.reduce((n, r) => n + pick(r.outcome), 0);
  const problems = rows.flatMap((r) => r.outcome.problems);
  const refusals = rows.flatMap((r) => r.outcome.refusals);
  const first = (texts: string[]) => (texts.length > 0 ? `, first: ${[...new Set(texts)].slice(0, 3).join(' | ')}` : '');
  print(
    `rating quality: Kendall τ-b between the hidden order and the ratings: ${tau.toFixed(3)} (goal ≥ 0.6 ${tau >= 0.6 ? '✓' : '✗'}; ` +
      `a board in the hidden order would score ${best.toFixed(3)}, the levels being tied)`,
  );
  print(
    `rating quality: mean rating by level: ${levels.map((l, i) => `${l.name} ${means[i]!.toFixed(0)}`).join(', ')} ` +
      `(goal: in that order ${inOrder ? '✓' : '✗'})`,
  );
  print(
    `rating quality:   rated matches per identity: min ${rated[0]}, median ${rated[rated.length >> 1]}, max ${rated.at(-1)} (asked ${options.matches}); ` +
      `${sum((o) => o.rated) / 2} rated matches, ${sum((o) => o.overPairCap) / 2} over the pair cap (three a day), ${sum((o) => o.forfeits)} forfeits; ` +
      `refused ${refusals.length}${first(refusals)}; play ended early ${problems.length}${first(problems)}`,
  );
}

// Run directly: node --import tsx bench/rating-quality.ts [flags]
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await benchRatingQuality(takeRatingQualityArgs(process.argv.slice(2)));
}
