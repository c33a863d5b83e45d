/**
 * `npm run bench -- arena`: duplicate deals between two players (bench/arena.ts), printed per
 * configuration: rounds won with a 95% interval, the points-per-round margin with a 95% interval, and
 * each player's think time (p50/p95/max over moves with a choice). It prints; it asserts nothing.
 *
 *   --a hard --b hard-v1        the two players (heaviest, easy, medium, hard, hard-v1, pimc200)
 *   --variant draw,block,fives  variants (draw, block, fives, doubles)
 *   --players 2,4               2 players, or 4 in two teams
 *   --deals 300                 duplicate deals per configuration (each is played twice: 600 rounds)
 *   --seed arena                the deals' seed (the same seed gives the same deals to every pair of players)
 *   --max-deals N               sampled deals per decision for every searching player (default: each its own
 *                               count, the level's DEFAULT_MAX_DEALS for hard; a count either way, so runs repeat)
 *   --budget-ms N               and a time bound per decision (default: none but the count)
 *   --workers 1                 processes to split the deals over
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { VARIANTS, type MatchConfig, type Variant } from '../src/engine/index.js';
import { ARENA_VARIANTS, arenaConfig, arenaConfigName } from './arena-configs.js';
import { meanWithInterval, percentile, share, type DuplicateTally } from './arena.js';
import { isContestant, type Contestant, type ThinkLimits } from './opponents/index.js';

export interface ArenaOptions {
  a: Contestant;
  b: Contestant;
  variants: Variant[];
  players: (2 | 4)[];
  deals: number;
  seed: string;
  limits: ThinkLimits;
  workers: number;
}

const cli = fileURLToPath(new URL('./arena-cli.ts', import.meta.url));

/** Takes the arena's flags out of `args` (what is left names the sections); a bad flag throws. */
export function takeArenaArgs(args: string[]): ArenaOptions {
  const take = (flag: string, fallback: string): string => {
    const at = args.indexOf(flag);
    if (at < 0) return fallback;
    const value = args[at + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
    args.splice(at, 2);
    return value;
  };
  const wholeNumber = (flag: string, text: string): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} must be a whole number from 1`);
    return value;
  };
  const count = (flag: string, fallback: string): number => wholeNumber(flag, take(flag, fallback));
  const player = (flag: string, fallback: Contestant): Contestant => {
    const name = take(flag, fallback);
    if (!isContestant(name)) throw new Error(`${flag} must be one of heaviest, easy, medium, hard, hard-v1, pimc200; got ${name}`);
    return name;
  };
  const a = player('--a', 'hard');
  const b = player('--b', 'hard-v1');
  const variants = take('--variant', ARENA_VARIANTS.join(',')).split(',') as Variant[];
  for (const v of variants) if (!VARIANTS.includes(v)) throw new Error(`--variant: unknown variant ${v}`);
  const players = take('--players', '2,4').split(',').map(Number) as (2 | 4)[];
  for (const p of players) if (p !== 2 && p !== 4) throw new Error('--players: 2, or 4 (in teams)');
  const deals = count('--deals', '300');
  const seed = take('--seed', 'arena');
  const maxDealsText = take('--max-deals', '');
  const maxDeals = maxDealsText === '' ? undefined : wholeNumber('--max-deals', maxDealsText);
  const budget = take('--budget-ms', '');
  const workers = count('--workers', '1');
  const limits: ThinkLimits = { ...(maxDeals === undefined ? {} : { maxDeals }), budgetMs: budget === '' ? 3_600_000 : Number(budget) };
  if (!(limits.budgetMs! > 0)) throw new Error('--budget-ms must be a positive number');
  return { a, b, variants, players, deals, seed, limits, workers };
}

function runShare(args: unknown[]): Promise<DuplicateTally> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', cli, JSON.stringify(args)], { maxBuffer: 1 << 26 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as DuplicateTally),
    );
  });
}

async function series(config: MatchConfig, options: ArenaOptions): Promise<DuplicateTally> {
  const parts = Math.min(options.workers, options.deals);
  const seedBase = `${options.seed}-${config.variant}${config.players}`;
  const shares = await Promise.all(
    Array.from({ length: parts }, (_, i) => {
      const from = Math.floor((i * options.deals) / parts);
      const to = Math.floor(((i + 1) * options.deals) / parts);
      return runShare([config, options.a, options.b, from, to, seedBase, 'duplicate', options.limits]);
    }),
  );
  return {
    deals: shares.flatMap((s) => s.deals),
    thinkMs: [shares.flatMap((s) => s.thinkMs[0]), shares.flatMap((s) => s.thinkMs[1])],
  };
}

const times = (ms: number[]): string =>
  ms.length === 0 ? 'no choices' : `p50 ${percentile(ms, 0.5).toFixed(1)} / p95 ${percentile(ms, 0.95).toFixed(1)} / max ${Math.max(...ms).toFixed(1)} ms (n=${ms.length})`;

export async function benchArena(options: ArenaOptions, log: (line: string) => void): Promise<void> {
  const { a, b, limits } = options;
  log(`arena: ${a} vs ${b}, ${options.deals} duplicate deals a configuration (seed ${options.seed}, ${limits.maxDeals === undefined ? "each player's own count of" : limits.maxDeals} sampled deals a decision)`);
  for (const players of options.players) {
    for (const variant of options.variants) {
      const config = arenaConfig(variant, players);
      const start = performance.now();
      const tally = await series(config, options);
      const rounds = 2 * tally.deals.length;
      const wins = tally.deals.reduce((sum, d) => sum + d.wins, 0);
      const seconds = ((performance.now() - start) / 1000).toFixed(0);
      const name = arenaConfigName(variant, players);
      log(`arena: ${name}: ${a} won ${share(wins, rounds)} of rounds; points a round ${a} − ${b}: ${meanWithInterval(tally.deals.map((d) => d.margin / 2))} [${seconds} s]`);
      log(`arena: ${name}: think ${a}: ${times(tally.thinkMs[0])}; ${b}: ${times(tally.thinkMs[1])}`);
    }
  }
}
