/**
 * Soak test of the engine: the invariant loop of test/engine/properties.test.ts (one implementation, in
 * test/engine/helpers/random-rounds.ts) over many more random rounds.
 *
 *   npm run soak                      1,000,000 rounds
 *   npm run soak -- 20000             20,000 rounds
 *   npm run soak -- 20000 --base x    another series of seeds (default "soak")
 *   npm run soak -- --case <seed>     replays one case, as a failure names it
 *
 * Cases cycle through the variants; one in 34 plays a whole match, the others one round. Prints progress
 * every 10%, then one line with rounds, seconds and rounds/s. Exits 1 on the first violation, naming its
 * seed.
 */
import { VARIANTS } from '../src/engine/index.js';
import { Violation, caseSeed, newStats, runCase } from '../test/engine/helpers/random-rounds.js';

function parseArgs(argv: string[]): { rounds: number; base: string; only: string | null } {
  let rounds = 1_000_000;
  let base = 'soak';
  let only: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--case') only = argv[++i] ?? '';
    else if (arg === '--base') base = argv[++i] ?? base;
    else if (/^\d+$/.test(arg) && Number(arg) > 0) rounds = Number(arg);
    else {
      console.error(`usage: npm run soak -- [rounds] [--base <seed base>] [--case <case seed>]; got ${arg}`);
      process.exit(2);
    }
  }
  return { rounds, base, only };
}

const MATCH_EVERY = 34;

function main(): number {
  const { rounds, base, only } = parseArgs(process.argv.slice(2));
  const stats = newStats();
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const rate = () => Math.round(stats.rounds / Math.max(seconds(), 1e-9));
  try {
    if (only !== null) {
      runCase(only, stats, { replayEvery: 1 });
      console.log(`soak: case ${only} holds (${stats.rounds} rounds, ${stats.steps} steps)`);
      return 0;
    }
    let next = 1;
    for (let i = 0; stats.rounds < rounds; i++) {
      const variant = VARIANTS[i % VARIANTS.length]!;
      const index = Math.floor(i / VARIANTS.length);
      const mode = index % MATCH_EVERY === MATCH_EVERY - 1 ? 'match' : 'round';
      runCase(caseSeed(base, variant, mode, index), stats);
      while (next < 10 && stats.rounds >= (rounds * next) / 10) {
        console.log(`soak: ${next * 10}% (${stats.rounds} rounds, ${seconds().toFixed(1)} s, ${rate()} rounds/s)`);
        next++;
      }
    }
  } catch (e) {
    console.error(e instanceof Violation ? e.message : e);
    console.error(`soak: FAILED after ${stats.rounds} rounds, ${seconds().toFixed(1)} s`);
    return 1;
  }
  const { domino, blocked, matches, sampledSteps, illegalTried, replays } = stats;
  console.log(
    `soak: ${stats.rounds} rounds (${domino} out, ${blocked} blocked; ${matches} whole matches; ${sampledSteps} deep-checked steps, ` +
      `${illegalTried} illegal moves, ${replays} replays) in ${seconds().toFixed(1)} s, ${rate()} rounds/s`,
  );
  return 0;
}

process.exitCode = main();
