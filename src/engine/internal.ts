/**
 * What the rest of the package uses of the engine beyond its public API (index.ts): for the computer
 * players (src/ai) the seeded generator, the board's rules, tile indices and masks, and the fast
 * playouts; for the match machine the seed check and the upgrade of a saved state; for the settings
 * the target's upper bound; for the table's layout the index of a pair of halves. Internal to this
 * package: not published, and free to change with its users.
 */
export { isSeed, nextInt, randomRngState, seedRng, shuffleInPlace, type RngState } from './rng.js';
export { countPoints, fits, fivesCount, layTile, LEAD, type Table } from './board.js';
export { MAX_TARGET } from './config.js';
export { compareHeaviness, FULL_SET, indexOfHalves, tileIndex } from './tiles.js';
export { ALL_DOUBLES, LEAD_SLOT, PIPS, Playout, popcount } from './playout.js';
export { MATCH_STATE_VERSION, upgradeMatchState } from './upgrade.js';
export { isPlayOver } from './match.js';
