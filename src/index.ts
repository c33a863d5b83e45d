/**
 * Entry of the `domino-game` bundle. In a page, importing it defines the custom elements (each
 * definition is guarded, so loading the bundle twice does not throw). Loaded as a Web Worker by the
 * bundle itself, it answers the computer players' questions instead.
 */
import './worker-shim.js';
import { configureAiWorker } from './ai/worker-player.js';
import { answerQuestions, inWorker } from './ai/worker.js';

export { DominoGame } from './ui/domino-game/domino-game.js';
export type * from './ui/domino-game/events.js';

if (inWorker()) {
  answerQuestions();
} else {
  // A classic script (the IIFE build) is its document.currentScript while it first runs; a module is not.
  const classic = typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement;
  configureAiWorker(classic ? (document.currentScript as HTMLScriptElement).src : import.meta.url, classic ? 'classic' : 'module');
}
