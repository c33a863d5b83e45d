/**
 * The pacing table: how long the machine lingers so a person can follow what happens. The engine
 * has no notion of time; these pauses exist only for the watcher, so `instant` skips them entirely.
 */
import type { Tempo } from '../shared/names.js';

export { TEMPOS, isTempo } from '../shared/names.js';

export interface TempoDelays {
  /** The pause after a deal before the first turn (the UI animates the deal meanwhile). */
  deal: number;
  /** The least time between a computer's turn starting and its move being applied. */
  move: number;
}

/** Milliseconds per tempo. One table, so the UI's animations can be tuned against it. */
export const TEMPO_DELAYS: Readonly<Record<Tempo, Readonly<TempoDelays>>> = {
  slow: { deal: 1500, move: 1500 },
  normal: { deal: 1000, move: 800 },
  fast: { deal: 500, move: 300 },
  instant: { deal: 0, move: 0 },
};
