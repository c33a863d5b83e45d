/**
 * The review of a round: each move a person made where more than one play was open to them, graded
 * against the hard computer's evaluation of every play they had (hard.ts, the same sampled deals for
 * all), from what they could see then (their PlayerView), never from the hands revealed later.
 * A move's cost is how many points, on average over those deals, it gave away against the best play.
 */
import { legalMoves, playerView, replaySteps, sameTile, type MatchRecord, type MatchState, type Play, type PlayerView, type Seat } from '../engine/index.js';
import { seedRng } from '../engine/internal.js';
import { bestIndex, evaluatePlays, type HardLimits } from './hard.js';
import { DEFAULT_MAX_DEALS } from './levels.js';

export type Grade = 'best' | 'good' | 'mistake';

/** Up to this many points given away on average, a move is as good as the best (the deals' noise). */
export const BEST_WITHIN = 0.5;
/** Under this many, a good move; from it on, a mistake. */
export const MISTAKE_FROM = 3;

/** A tile laid, and whether the tile had only that place (then the place needs no naming). */
export interface ReviewedPlay {
  tile: Play['tile'];
  end: string;
  onlyPlace: boolean;
}

export interface ReviewedMove {
  /** The move's place in the round's log (0: the round's first move). */
  index: number;
  /** How many plays were open to the person. */
  choices: number;
  /** The open ends' ids then, in the table's order (an end is named by its place among them). */
  openEnds: string[];
  played: ReviewedPlay;
  /** The best play by the evaluation (the move played, when it was the best). */
  best: ReviewedPlay;
  grade: Grade;
  /** Points given away against the best play, on average over the sampled deals (0 for the best). */
  cost: number;
}

export interface RoundReview {
  round: number;
  seat: Seat;
  moves: ReviewedMove[];
}

export interface ReviewOptions {
  /** Makes the review reproducible (with maxDeals, not the clock, bounding it). */
  seed?: number;
  /** Thinking time for each move reviewed, in milliseconds. */
  budgetMs?: number;
  /** Sampled deals for each move reviewed, at most. */
  maxDeals?: number;
}

/** Thinking time for each move reviewed: a round's review takes a second or two in the worker. */
export const REVIEW_BUDGET_MS = 150;

export function gradeOf(cost: number): Grade {
  if (cost <= BEST_WITHIN) return 'best';
  return cost < MISTAKE_FROM ? 'good' : 'mistake';
}

/** One decision the review grades: the view the person had, the plays open to them, the one made. */
interface Decision {
  index: number;
  view: PlayerView;
  plays: Play[];
  played: number;
}

/** The states of round `round` of the record's match, from its deal to its last move. */
function roundStates(record: MatchRecord, round: number): MatchState[] {
  const states: MatchState[] = [];
  for (const state of replaySteps(record)) {
    if (state.round.number === round) states.push(state);
    else if (state.round.number > round) break;
  }
  if (states.length === 0) throw new RangeError(`the record has no round ${round}`);
  return states;
}

/** The decisions of `seat` in round `round` where more than one play was open. */
function decisionsOf(record: MatchRecord, round: number, seat: Seat): Decision[] {
  const states = roundStates(record, round);
  const decisions: Decision[] = [];
  for (let i = 0; i + 1 < states.length; i++) {
    const before = states[i]!;
    if (before.turn !== seat) continue;
    const view = playerView(before, seat);
    const plays = legalMoves(view).filter((m): m is Play => m.type === 'play');
    if (plays.length < 2) continue;
    const made = states[i + 1]!.log[before.log.length];
    if (made?.type !== 'play') continue;
    const played = plays.findIndex((p) => sameTile(p.tile, made.tile) && p.end === made.end);
    if (played >= 0) decisions.push({ index: before.log.length, view, plays, played });
  }
  return decisions;
}

function reviewedPlay(plays: readonly Play[], play: Play): ReviewedPlay {
  return { tile: play.tile, end: play.end, onlyPlace: plays.filter((p) => sameTile(p.tile, play.tile)).length === 1 };
}

function grade(decision: Decision, seed: number, limits: HardLimits): ReviewedMove {
  const { view, plays, played, index } = decision;
  const { values } = evaluatePlays(view, plays, seedRng(seed), limits);
  const best = bestIndex(values);
  // The rounding keeps a cost of a few hundredths, noise, from reading as a loss.
  const cost = Math.max(0, Math.round((values[best]! - values[played]!) * 10) / 10);
  return {
    index,
    choices: plays.length,
    openEnds: view.openEnds.map((end) => end.id),
    played: reviewedPlay(plays, plays[played]!),
    best: reviewedPlay(plays, plays[cost === 0 ? played : best]!),
    grade: gradeOf(cost),
    cost,
  };
}

/**
 * The review of `seat`'s moves in round `round` of the record's match, one move at a time: each step
 * grades one move, so a caller on the page's main thread can let it paint between them. The last step
 * returns the whole review. A record the rules refuse throws its RuleError before the first move.
 */
export function* reviewSteps(record: MatchRecord, round: number, seat: Seat, options: ReviewOptions = {}): Generator<ReviewedMove, RoundReview> {
  const decisions = decisionsOf(record, round, seat);
  const limits: HardLimits = { budgetMs: options.budgetMs ?? REVIEW_BUDGET_MS, maxDeals: options.maxDeals ?? DEFAULT_MAX_DEALS };
  const seed = options.seed ?? (Math.random() * 2 ** 32) >>> 0;
  const moves: ReviewedMove[] = [];
  for (const decision of decisions) {
    // Each move its own deals from the seed, so a move's grade does not hang on the moves before it.
    const move = grade(decision, (seed + decision.index * 0x9e3779b9) >>> 0, limits);
    moves.push(move);
    yield move;
  }
  return { round, seat, moves };
}

/** The whole review at once (in a worker, or in Node). */
export function reviewRound(record: MatchRecord, round: number, seat: Seat, options: ReviewOptions = {}): RoundReview {
  const steps = reviewSteps(record, round, seat, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
