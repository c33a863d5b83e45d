/**
 * Fits the model of play of the hard player's inference (src/ai/inference.ts, PLAY_MODEL): plays
 * rounds between the medium player and the frozen hard player (200 sampled deals), records at every
 * play with two or more fitting tiles each fitting tile's pips, whether a double, and the points it
 * scores, and prints the mean log-likelihood of the chosen tiles over a grid of the model's constants,
 * best first. Run: node --import tsx bench/fit-play-model.ts [rounds a configuration, default 40]
 */
import { applyMove, createMatch, isDouble, playerView, VARIANT_RULES } from '../src/engine/index.js';
import { tileIndex } from '../src/engine/internal.js';
import { tileAppeal } from '../src/ai/inference.js';
import { ARENA_CONFIGS } from './arena-configs.js';
import { contestantMove, type Contestant } from './opponents/index.js';

interface Choice {
  /** Per fitting tile of the hand: pips, double (0/1), points scored. */
  options: [number, number, number][];
  chosen: number;
}

const rounds = Number(process.argv[2] ?? 40);
const PAIRS: [Contestant, Contestant][] = [
  ['medium', 'hard-v1'],
  ['hard-v1', 'hard-v1'],
  ['medium', 'medium'],
];

const data: Record<'fives' | 'other', Choice[]> = { fives: [], other: [] };
for (const config of ARENA_CONFIGS) {
  for (const [a, b] of PAIRS) {
    for (let r = 0; r < rounds; r++) {
      let state = createMatch({ ...config, seed: `fit-${config.variant}${config.players}-${a}-${b}-${r}` });
      let decision = 0;
      while (!state.round.result && state.winningSide === null) {
        const seat = state.turn!;
        const view = playerView(state, seat);
        const move = contestantMove(seat % 2 === 0 ? a : b, view, decision++, { maxDeals: 200, budgetMs: 3_600_000 });
        const forced = view.table.length === 0 && view.round.lead !== null;
        if (move.type === 'play' && !forced) {
          const board = { table: view.table, openEnds: view.openEnds };
          const options: [number, number, number][] = [];
          let chosen = -1;
          for (const tile of view.hand) {
            const scored = tileAppeal(view.config, board, tile, { double: 0, points: 1, temperature: 1 });
            if (scored === null) continue;
            if (tileIndex(tile) === tileIndex(move.tile)) chosen = options.length;
            options.push([tile[0] + tile[1], isDouble(tile) ? 1 : 0, scored - tile[0] - tile[1]]);
          }
          if (options.length > 1) data[VARIANT_RULES[config.variant].scoresFives ? 'fives' : 'other'].push({ options, chosen });
        }
        state = applyMove(state, move);
      }
    }
  }
}

for (const [kind, choices] of Object.entries(data)) {
  const results: [number, string][] = [];
  for (const temperature of [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20]) {
    for (const double of [0, 2, 4, 6, 8, 10, 14]) {
      for (const points of kind === 'fives' ? [0, 1, 2, 3, 4, 6, 8] : [0]) {
        let logLikelihood = 0;
        for (const { options, chosen } of choices) {
          const appeal = options.map(([pips, dbl, pts]) => (pips + double * dbl + points * pts) / temperature);
          const top = Math.max(...appeal);
          const total = appeal.reduce((sum, x) => sum + Math.exp(x - top), 0);
          logLikelihood += appeal[chosen]! - top - Math.log(total);
        }
        results.push([logLikelihood / choices.length, `temperature ${temperature}, double ${double}, points ${points}`]);
      }
    }
  }
  results.sort((x, y) => y[0] - x[0]);
  console.log(`${kind}: ${choices.length} choices; uniform: ${(-choices.reduce((s, c) => s + Math.log(c.options.length), 0) / choices.length).toFixed(4)}`);
  for (const [ll, what] of results.slice(0, 5)) console.log(`  mean log-likelihood ${ll.toFixed(4)}: ${what}`);
}
