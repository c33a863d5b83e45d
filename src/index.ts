/**
 * Entry of the `domino-game` bundle: importing it defines the custom elements
 * (each definition is guarded, so loading the bundle twice does not throw).
 */
export { DominoGame } from './ui/domino-game/domino-game.js';
