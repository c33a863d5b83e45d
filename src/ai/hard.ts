/**
 * The hard computer player: perfect-information Monte Carlo. It deals the unseen tiles many times over,
 * consistent with what it knows (knowledge.ts) and as likely as the others' plays make them
 * (inference.ts), plays each of its moves out to the end of the round in every such deal with the fast
 * playouts (its own side looking one move ahead: lookahead-policy.ts; the end searched exactly:
 * endgame.ts), and takes the move that does best on average for its side.
 */
import { sideOf, type LegalMove, type MatchState, type Play, type PlayerView } from '../engine/index.js';
import { LEAD_SLOT, nextInt, Playout, tileIndex, type RngState } from '../engine/internal.js';
import { EndgameSearch } from './endgame.js';
import { dealLikelihood, playEvidence, type PlayEvidence } from './inference.js';
import { impossibleTiles, maskOf, unseenMask } from './knowledge.js';
import { LookaheadPolicy } from './lookahead-policy.js';
import { sampleState } from './sample.js';

export interface HardLimits {
  /** Stop thinking after this long. */
  budgetMs: number;
  /** Stop after this many deals (each plays every candidate move out once). */
  maxDeals: number;
}

/** Winning the match in a playout is worth this many points of round difference. */
const MATCH_WIN_VALUE = 100;

/** How good the end of a playout is for `side`: its points gained against the best other side's. */
function outcome(sim: Playout, view: PlayerView, side: number): number {
  let mine = 0;
  let bestOther = 0;
  for (let s = 0; s < view.scores.length; s++) {
    const gain = sim.scores[s]! - view.scores[s]!;
    if (s === side) mine = gain;
    else if (gain > bestOther) bestOther = gain;
  }
  let value = mine - bestOther;
  if (sim.winningSide === side) value += MATCH_WIN_VALUE;
  else if (sim.winningSide >= 0) value -= MATCH_WIN_VALUE;
  return value;
}

/**
 * Each deal played out is picked from this many sampled ones in proportion to how likely the others'
 * plays were under each (sampling importance resampling): every deal played out then counts the same,
 * where weighing the outcomes instead let a few deals dominate, and two evaluations of a position with
 * different seeds disagreed by many points in 4-player games.
 */
const DEALS_WEIGHED = 4;

/** One deal drawn from `pool` sampled ones, each as likely as the others' plays were under it. */
function likelyDeal(view: PlayerView, evidence: readonly PlayEvidence[], pool: number, unseen: number, impossible: number[], rng: RngState): MatchState {
  const deals: MatchState[] = [];
  const cumulative = new Float64Array(pool);
  const hands = new Int32Array(view.config.players);
  let total = 0;
  for (let k = 0; k < pool; k++) {
    const deal = sampleState(view, unseen, impossible, rng);
    deal.hands.forEach((hand, seat) => (hands[seat] = maskOf(hand)));
    total += dealLikelihood(evidence, hands);
    cumulative[k] = total;
    deals.push(deal);
  }
  const pick = (nextInt(rng, 1 << 30) / (1 << 30)) * total;
  let k = 0;
  while (k < pool - 1 && cumulative[k]! <= pick) k++;
  return deals[k]!;
}

/** What each of a seat's plays is worth, by the hard computer's reckoning (evaluatePlays). */
export interface PlayValues {
  /** Per play, in the order given: its average outcome for the seat's side, in points (see outcome). */
  values: Float64Array;
  /** How many sampled deals the averages are over (each deal plays every candidate out once). */
  deals: number;
}

/**
 * Values every play of `plays` for the seat of `view` the same way: over the same sampled deals, each
 * played out to the end of the round. Comparing two plays is fair, since the same deals weigh both.
 */
export function evaluatePlays(view: PlayerView, plays: readonly Play[], rng: RngState, limits: HardLimits): PlayValues {
  const deadline = performance.now() + limits.budgetMs;
  const side = sideOf(view.config, view.seat);
  const unseen = unseenMask(view);
  const impossible = impossibleTiles(view);
  const sim = new Playout(view.config, rng);
  const evidence = playEvidence(view);
  const endgame = new EndgameSearch(sim);
  const valueOfEnd = (end: Playout): number => outcome(end, view, side);
  const policy = new LookaheadPolicy(sim, side, valueOfEnd);
  const pool = evidence.length > 0 ? DEALS_WEIGHED : 1;
  const values = new Float64Array(plays.length);
  const dealValues = new Float64Array(plays.length);
  let deals = 0;
  dealing: while (deals < limits.maxDeals && (deals === 0 || performance.now() <= deadline)) {
    const state = pool === 1 ? sampleState(view, unseen, impossible, rng) : likelyDeal(view, evidence, pool, unseen, impossible, rng);
    for (let i = 0; i < plays.length; i++) {
      // A deal the deadline interrupts is dropped, so that every play is averaged over the same deals:
      // waiting for it to finish overran the budget by up to a deal (milliseconds with a long hand).
      if (deals > 0 && i > 0 && performance.now() > deadline) break dealing;
      const move = plays[i]!;
      sim.load(state);
      sim.play(tileIndex(move.tile), move.end === 'lead' ? LEAD_SLOT : sim.slotOfEnd(move.end));
      const exact = endgame.applies(sim) ? endgame.value(sim, side, valueOfEnd) : null;
      if (exact !== null) dealValues[i] = exact;
      else {
        policy.playOut(sim);
        dealValues[i] = valueOfEnd(sim);
      }
    }
    for (let i = 0; i < plays.length; i++) values[i]! += dealValues[i]!;
    deals++;
  }
  for (let i = 0; i < values.length; i++) values[i]! /= deals;
  return { values, deals };
}

/** The index of the largest value (the first of equals). */
export function bestIndex(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[best]!) best = i;
  return best;
}

export function chooseHard(view: PlayerView, moves: LegalMove[], rng: RngState, limits: HardLimits): LegalMove {
  const plays = moves.filter((m): m is Play => m.type === 'play');
  if (plays.length <= 1) return moves[0]!;
  return plays[bestIndex(evaluatePlays(view, plays, rng, limits).values)]!;
}
