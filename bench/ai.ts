/**
 * Strength and speed of the computer players: win rates between levels and against the classic
 * "lay the heaviest tile" player, with 95% intervals, and decision times per level.
 */
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BUDGET_MS } from '../src/ai/choose.js';
import type { MatchConfig } from '../src/engine/index.js';
import { percentile, share, type Contestant, type Tally } from './arena.js';

const cli = fileURLToPath(new URL('./arena-cli.ts', import.meta.url));

function runShare(args: unknown[]): Promise<Tally> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', cli, JSON.stringify(args)], { maxBuffer: 1 << 26 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as Tally),
    );
  });
}

/** Runs `matches` matches split over the cores and adds up the tallies. */
async function series(config: MatchConfig, first: Contestant, second: Contestant, matches: number): Promise<Tally> {
  const parts = Math.min(availableParallelism(), matches);
  const seedBase = `${config.variant}${config.players}-${first}-${second}`;
  const shares = await Promise.all(
    Array.from({ length: parts }, (_, i) => {
      const from = Math.floor((i * matches) / parts);
      const to = Math.floor(((i + 1) * matches) / parts);
      return runShare([config, first, second, from, to, seedBase]);
    }),
  );
  return shares.reduce((sum, t) => ({
    matches: sum.matches + t.matches,
    matchWins: sum.matchWins + t.matchWins,
    rounds: sum.rounds + t.rounds,
    roundWins: sum.roundWins + t.roundWins,
    decisionsMs: sum.decisionsMs.concat(t.decisionsMs),
  }));
}

const CONFIGS: [string, MatchConfig][] = [
  ['2-player Draw', { variant: 'draw', players: 2 }],
  ['2-player Block', { variant: 'block', players: 2 }],
  ['2-player All Fives', { variant: 'fives', players: 2 }],
  ['2-player Doubles', { variant: 'doubles', players: 2 }],
  ['4-player All Fives', { variant: 'fives', players: 4 }],
];

const PAIRS: [Contestant, Contestant][] = [
  ['hard', 'medium'],
  ['medium', 'easy'],
  ['hard', 'heaviest'],
  ['medium', 'heaviest'],
  ['easy', 'heaviest'],
];

/**
 * Prints each series as it finishes. `matches` applies to series with the hard player; others play 5x.
 * `only` keeps the configurations whose name contains it ("2-player Draw").
 */
export async function benchAi(matches: number, log: (line: string) => void, only?: string): Promise<void> {
  const times: Record<string, number[]> = { easy: [], medium: [], hard: [] };
  for (const [name, config] of CONFIGS) {
    if (only && !name.toLowerCase().includes(only.toLowerCase())) continue;
    for (const [first, second] of PAIRS) {
      const n = first === 'hard' ? matches : matches * 5;
      const start = performance.now();
      const tally = await series(config, first, second, n);
      times[first]!.push(...tally.decisionsMs);
      const seconds = ((performance.now() - start) / 1000).toFixed(0);
      log(
        `ai: ${name}: ${first} vs ${second}: matches won ${share(tally.matchWins, tally.matches)}; ` +
          `rounds won ${share(tally.roundWins, tally.rounds)} [${seconds} s]`,
      );
    }
  }
  for (const level of ['easy', 'medium', 'hard']) {
    const ms = times[level]!;
    log(
      `ai: ${level} decision time (moves with a choice, n=${ms.length}): median ${percentile(ms, 0.5).toFixed(1)} ms, ` +
        `p95 ${percentile(ms, 0.95).toFixed(1)} ms${level === 'hard' ? ` (budget ${DEFAULT_BUDGET_MS} ms)` : ''}`,
    );
  }
}
