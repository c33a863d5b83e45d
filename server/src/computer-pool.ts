/**
 * The computer players think in worker threads (piscina), off the event loop: a hard player's search
 * takes up to its budget, which must not hold up every other room's messages. A worker gets one
 * seat's view only, never the full state.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ChooseOptions } from 'domino-game/ai';
import type { LegalMove, PlayerView } from 'domino-game/engine';
import type { ComputerTask } from './computer-worker.js';

export interface ComputerPool {
  choose(view: PlayerView, options: ChooseOptions): Promise<LegalMove>;
  close(): Promise<void>;
}

export function computerPool(threads = Math.max(1, availableParallelism() - 1)): ComputerPool {
  // From source (tsx) the worker is a .ts file; a built server would ship a .js beside this one.
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const pool = new Piscina<ComputerTask, LegalMove>({
    filename: new URL(`./computer-worker${extension}`, import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  return {
    choose: (view, options) => pool.run({ view, options }),
    close: () => pool.destroy(),
  };
}
