/**
 * The computer players' code, loaded when a computer first thinks: the page's first paint does not wait
 * for it (in the one-file build it is a chunk beside the script; in a worker, it loads there). The easy
 * and medium players come without the hard one's playout engine, most of the code's weight.
 */
import type { chooseMove } from './choose.js';
import type { Level } from '../shared/names.js';

type ChooseMove = typeof chooseMove;

let loadingLight: Promise<ChooseMove> | null = null;
let loadingFull: Promise<ChooseMove> | null = null;

/** A chooseMove that plays `level` (and, once loaded for hard, every level). */
export function loadChooseMove(level: Level): Promise<ChooseMove> {
  if (level === 'hard' || loadingFull) {
    loadingFull ??= import('./choose.js').then((module) => module.chooseMove);
    return loadingFull;
  }
  loadingLight ??= import('./choose-light.js').then((module) => module.chooseLightMove);
  return loadingLight;
}
