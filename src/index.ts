/**
 * Entry of the `domino-game` bundle. In a page, importing it defines the custom elements (each
 * definition is guarded, so loading the bundle twice does not throw). Loaded as a Web Worker by the
 * bundle itself, it answers the computer players' questions instead.
 *
 * The order of the imports is the order they run in: the worker's stand-ins first, then the worker's
 * script (src/worker-script.ts says why before the elements), then the elements.
 */
import './worker-shim.js';
import './worker-script.js';

export { DominoGame } from './ui/domino-game/domino-game.js';
export type * from './ui/domino-game/events.js';
// Defined here by a few lines each; what they show is a chunk loaded on their first connection.
export { DominoLeaderboard } from './ui/domino-leaderboard/domino-leaderboard.js';
export { DominoPlayerCard } from './ui/domino-player-card/domino-player-card.js';
