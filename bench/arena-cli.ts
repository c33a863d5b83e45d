/** One share of a series, run in its own process so that series use every core: whole matches or duplicate deals. */
import { play, playDuplicate } from './arena.js';
import type { Contestant, ThinkLimits } from './opponents/index.js';
import type { MatchConfig } from '../src/engine/index.js';

const [config, first, second, from, to, seedBase, mode, limits] = JSON.parse(process.argv[2]!) as [
  MatchConfig,
  Contestant,
  Contestant,
  number,
  number,
  string,
  'matches' | 'duplicate' | undefined,
  ThinkLimits | undefined,
];
const run = mode === 'duplicate' ? playDuplicate : play;
process.stdout.write(JSON.stringify(run(config, first, second, { from, to }, seedBase, limits ?? {})));
