/** One share of a series of matches, run in its own process so that series use every core. */
import { play, type Contestant } from './arena.js';
import type { MatchConfig } from '../src/engine/index.js';

const [config, first, second, from, to, seedBase] = JSON.parse(process.argv[2]!) as [
  MatchConfig,
  Contestant,
  Contestant,
  number,
  number,
  string,
];
process.stdout.write(JSON.stringify(play(config, first, second, { from, to }, seedBase)));
