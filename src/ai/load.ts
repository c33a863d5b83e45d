/**
 * The computer players' code, loaded when a computer first thinks: the page's first paint does not wait
 * for it (in the one-file build it is a chunk beside the script; in a worker, it loads there).
 */
import type { chooseMove } from './choose.js';

let loading: Promise<typeof chooseMove> | null = null;

export function loadChooseMove(): Promise<typeof chooseMove> {
  loading ??= import('./choose.js').then((module) => module.chooseMove);
  return loading;
}
