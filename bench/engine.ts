/**
 * Random-play throughput of the engine: complete rounds per second, through the fast playout path (what
 * the hard computer player simulates with) and through the public reference API.
 */
import { applyMove, createMatch, legalMoves, resolveConfig } from '../src/engine/index.js';
import { Playout } from '../src/engine/playout.js';
import { seedRng } from '../src/engine/rng.js';
import type { MatchConfig } from '../src/engine/types.js';

/** Runs `round` repeatedly for about `ms` milliseconds (after a warm-up) and returns rounds per second. */
function throughput(round: () => void, ms: number): number {
  const warmUpEnd = performance.now() + Math.min(300, ms / 4);
  while (performance.now() < warmUpEnd) round();
  let rounds = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 100; i++) round();
    rounds += 100;
    now = performance.now();
  }
  return (rounds * 1000) / (now - start);
}

function fastRounds(config: MatchConfig, ms: number): number {
  const sim = new Playout(resolveConfig(config), seedRng('bench'));
  return throughput(() => {
    sim.scores.fill(0);
    sim.dealFirstRound();
    sim.playRound('random');
  }, ms);
}

function referenceRounds(config: MatchConfig, ms: number): number {
  let seed = 0;
  return throughput(() => {
    let state = createMatch({ ...config, seed: seed++ });
    while (state.turn !== null) {
      const moves = legalMoves(state);
      state = applyMove(state, moves[(seed + state.log.length) % moves.length]!);
    }
  }, ms);
}

const format = (n: number) => Math.round(n).toLocaleString('en-US');

export function benchEngine(ms = 3000): string[] {
  const lines: string[] = [];
  const cases: [string, MatchConfig][] = [
    ['2-player Draw', { variant: 'draw', players: 2 }],
    ['4-player All Fives', { variant: 'fives', players: 4 }],
    ['2-player Doubles', { variant: 'doubles', players: 2 }],
  ];
  for (const [name, config] of cases) {
    const fast = fastRounds(config, ms);
    const reference = referenceRounds(config, ms / 3);
    lines.push(
      `engine: ${name} random rounds/s: fast path ${format(fast)} (${(1e6 / fast).toFixed(2)} µs/round), ` +
        `reference API ${format(reference)} (fast/reference ${(fast / reference).toFixed(0)}x)`,
    );
  }
  return lines;
}
