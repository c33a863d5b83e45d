import type { LegalMove, PlayerView } from '../engine/index.js';
import type { ChooseOptions } from './choose.js';
import type { Hint } from './hint.js';

/** A computer's move: `options` say its level. */
export interface WorkerRequest {
  id: number;
  view: PlayerView;
  options: ChooseOptions;
}

/** A hint for the person in the seat of `view`: the hard computer's move there, and why (ai/hint.ts). */
export interface HintRequest {
  id: number;
  type: 'hint';
  view: PlayerView;
  options: Omit<ChooseOptions, 'level'>;
}

/** Every question the worker answers, told apart by `type` (a move's has none). */
export type WorkerQuestion = WorkerRequest | HintRequest;

export type WorkerReply = { id: number; move: LegalMove } | { id: number; hint: Hint } | { id: number; error: string };
