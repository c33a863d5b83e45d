/**
 * What the computer players (src/ai) use of the engine beyond its public API (index.ts): the seeded
 * generator, the board's rules, tile indices and masks, and the fast playouts. Internal to this
 * package: not published, and free to change with the players.
 */
export { nextInt, randomRngState, seedRng, shuffleInPlace, type RngState } from './rng.js';
export { countPoints, fits, fivesCount, layTile, LEAD, type Table } from './board.js';
export { compareHeaviness, FULL_SET, tileIndex } from './tiles.js';
export { ALL_DOUBLES, LEAD_SLOT, PIPS, Playout, popcount } from './playout.js';
export { MATCH_STATE_VERSION } from './upgrade.js';
