import type { LegalMove, MatchRecord, PlayerView, Seat } from '../engine/index.js';
import type { ChooseOptions } from './choose.js';
import type { Hint } from './hint.js';
import type { ReviewOptions, RoundReview } from './review.js';

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

/** The review of `seat`'s moves in round `round` of the record's match (ai/review.ts). */
export interface ReviewRequest {
  id: number;
  type: 'review';
  record: MatchRecord;
  round: number;
  seat: Seat;
  options: ReviewOptions;
}

/** Every question the worker answers, told apart by `type` (a move's has none). */
export type WorkerQuestion = WorkerRequest | HintRequest | ReviewRequest;

/** `thinkMs`: the worker's own time choosing the move, for benchmarks (the page's round trip adds the messages). */
export type WorkerReply =
  | { id: number; move: LegalMove; thinkMs: number }
  | { id: number; hint: Hint }
  | { id: number; review: RoundReview }
  | { id: number; error: string };
