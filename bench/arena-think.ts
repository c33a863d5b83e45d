/**
 * The hard player's think time as CPU time a decision, which other processes' load does not inflate
 * (the arena's wall-clock figures do): rounds of hard against itself, the level's DEFAULT_MAX_DEALS
 * sampled deals a decision and no clock bound, so the figure says whether the level's budget would ever
 * bind on a quiet core.
 * Run: node --import tsx bench/arena-think.ts [rounds a configuration, default 12]
 */
import { chooseMove } from '../src/ai/index.js';
import { DEFAULT_MAX_DEALS } from '../src/ai/levels.js';
import { applyMove, createMatch, legalMoves, playerView } from '../src/engine/index.js';
import { ARENA_CONFIGS } from './arena-configs.js';
import { percentile } from './arena.js';

const rounds = Number(process.argv[2] ?? 12);

for (const config of ARENA_CONFIGS) {
  const cpuMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let state = createMatch({ ...config, seed: `think-${r}` });
    let decision = 0;
    while (!state.round.result && state.winningSide === null) {
      const view = playerView(state, state.turn!);
      const choice = legalMoves(view).length > 1;
      const before = process.cpuUsage();
      const move = chooseMove(view, { level: 'hard', seed: decision++, maxDeals: DEFAULT_MAX_DEALS, budgetMs: 3_600_000 });
      const used = process.cpuUsage(before);
      if (choice) cpuMs.push((used.user + used.system) / 1000);
      state = applyMove(state, move);
    }
  }
  const name = `${config.players === 4 ? '4 in teams' : '2-player'} ${config.variant}`;
  console.log(
    `think: ${name}: hard, ${DEFAULT_MAX_DEALS} sampled deals, CPU ms a decision with a choice: ` +
      `p50 ${percentile(cpuMs, 0.5).toFixed(1)} / p95 ${percentile(cpuMs, 0.95).toFixed(1)} / max ${Math.max(...cpuMs).toFixed(1)} (n=${cpuMs.length})`,
  );
}
