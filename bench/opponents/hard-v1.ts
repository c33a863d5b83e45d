/**
 * The hard computer player as it was before it read the table (issue 32's starting point): plain
 * perfect-information Monte Carlo over deals that respect only what passes and draws prove, each
 * candidate played out greedily. Frozen here, importing nothing of src/ai, so that every later
 * measurement of the hard player can play against it (bench/arena.ts). Do not improve it.
 */
import { ALL_TILES, isDouble, sideOf, type LegalMove, type MatchState, type Play, type PlayerView, type Tile } from '../../src/engine/index.js';
import {
  ALL_DOUBLES,
  compareHeaviness,
  fits,
  FULL_SET,
  layTile,
  LEAD,
  LEAD_SLOT,
  MATCH_STATE_VERSION,
  PIPS,
  Playout,
  popcount,
  shuffleInPlace,
  tileIndex,
  type RngState,
  type Table,
} from '../../src/engine/internal.js';

// ---- from src/ai/knowledge.ts
const maskOf = (tiles: readonly Tile[]): number => tiles.reduce((m, t) => m | (1 << tileIndex(t)), 0);

/** Tiles neither in this seat's hand nor on the table: in other hands or in the boneyard. */
function unseenMask(view: PlayerView): number {
  return FULL_SET & ~maskOf(view.hand) & ~maskOf(view.table.map((p) => p.tile));
}

/** Every tile that would fit somewhere on `board`. */
function fittingMask(view: PlayerView, board: Table): number {
  let mask = 0;
  for (const tile of ALL_TILES) {
    if (board.openEnds.some((end) => fits(view.config, board.table, end, tile))) mask |= 1 << tileIndex(tile);
  }
  return mask;
}

/**
 * For each seat, the tiles it cannot hold now. A pass adds what fitted then. A draw resets the seat's
 * knowledge to what fits now: the tiles it keeps did not fit (a drawn tile that fits must be played),
 * but new tiles may hold numbers it was known to lack before.
 */
function impossibleTiles(view: PlayerView): number[] {
  const impossible = new Array<number>(view.config.players).fill(0);
  let board: Table = { table: [], openEnds: [] };
  let placed = 0;
  let lastDrawer = -1;
  for (const entry of view.log) {
    if (entry.type === 'play') {
      const placement = view.table[placed++]!;
      board = layTile(view.config, board, placement.tile, entry.end, entry.seat);
      lastDrawer = -1;
      if (entry.end === LEAD && view.round.lead && ledTheHighest(view)) forbidHeavierLeads(impossible, view.round.lead);
      continue;
    }
    const fitting = fittingMask(view, board);
    if (entry.type === 'draw') impossible[entry.seat] = fitting;
    else if (lastDrawer === entry.seat) impossible[entry.seat] = fitting;
    else impossible[entry.seat]! |= fitting;
    lastDrawer = entry.type === 'draw' ? entry.seat : -1;
  }
  impossible[view.seat] = 0;
  return impossible;
}

/** Whether this round's forced lead was the highest double dealt (else the heaviest tile) (§3). */
function ledTheHighest(view: PlayerView): boolean {
  return view.round.number === 1 || view.config.houseRules.laterRoundLead === 'highestDouble';
}

/**
 * The highest double dealt must lead, so no hand holds a higher one; when no hand held a double, the
 * heaviest tile led, so no hand holds a double or a heavier tile.
 */
function forbidHeavierLeads(impossible: number[], lead: Tile): void {
  let heavier = 0;
  for (const tile of ALL_TILES) {
    const outranks = isDouble(lead) ? isDouble(tile) && tile[0] > lead[0] : isDouble(tile) || compareHeaviness(tile, lead) < 0;
    if (outranks) heavier |= 1 << tileIndex(tile);
  }
  impossible.forEach((_, seat) => (impossible[seat]! |= heavier));
}

// ---- from src/ai/sample.ts
/** After this many failed shuffles the constraints are dropped (they are then near-contradictory). */
const TRIES = 30;

function tilesOf(mask: number): number[] {
  const tiles: number[] = [];
  for (let m = mask; m !== 0; m &= m - 1) tiles.push(31 - Math.clz32(m & -m));
  return tiles;
}

/** Each other seat's hand as tile indices, respecting `impossible` where it can. */
function sampleHands(view: PlayerView, unseen: number, impossible: number[], rng: RngState): number[][] {
  const pool = tilesOf(unseen);
  const others = view.handCounts.map((_, s) => s).filter((s) => s !== view.seat);
  // Most constrained seats first: they have the fewest tiles to choose from.
  const freedom = (s: number) => tilesOf(unseen & ~impossible[s]!).length - view.handCounts[s]!;
  others.sort((a, b) => freedom(a) - freedom(b));
  for (let attempt = 0; attempt <= TRIES; attempt++) {
    const respect = attempt < TRIES;
    shuffleInPlace(rng, pool);
    const taken = new Set<number>();
    const hands: number[][] = view.handCounts.map(() => []);
    let ok = true;
    for (const seat of others) {
      const hand = hands[seat]!;
      for (const tile of pool) {
        if (hand.length === view.handCounts[seat]) break;
        if (taken.has(tile) || (respect && impossible[seat]! & (1 << tile))) continue;
        hand.push(tile);
        taken.add(tile);
      }
      if (hand.length < view.handCounts[seat]!) ok = false;
    }
    if (ok) {
      hands[view.seat] = [];
      hands.push(pool.filter((t) => !taken.has(t))); // the boneyard, last
      return hands;
    }
  }
  throw new Error('unreachable: unconstrained sampling always succeeds');
}

/** A full match state consistent with `view`, for the playouts. */
function sampleState(view: PlayerView, unseen: number, impossible: number[], rng: RngState): MatchState {
  const dealt = sampleHands(view, unseen, impossible, rng);
  const toTiles = (indices: number[]): Tile[] => indices.map((i) => ALL_TILES[i]!);
  const boneyard = toTiles(dealt.pop()!);
  const hands = dealt.map((hand, seat) => (seat === view.seat ? view.hand.slice() : toTiles(hand)));
  return {
    version: MATCH_STATE_VERSION,
    config: view.config,
    rng: [1, 2, 3, 4],
    turn: view.turn,
    hands,
    boneyard,
    table: view.table,
    openEnds: view.openEnds,
    count: view.count,
    scores: view.scores,
    round: view.round,
    winningSide: view.winningSide,
    log: [],
  };
}

// ---- from src/ai/playout-policy.ts
/**
 * Doubles: an answer left to the others costs as much as this many pips kept in hand. Tuned for
 * simulated rounds (4 and 10 did worse); it happens to equal the medium player's weight.
 */
const ANSWER_WEIGHT = 6;

/** Makes the greedy move for the seat to act; returns what it did, as `Playout.randomMove` does. */
function greedyMove(sim: Playout): number {
  const mask = sim.hands[sim.turn]! & sim.playableMask();
  if (mask === 0) return sim.drawOrPass();
  const answering = sim.locking && sim.placed > 0;
  const hidden = answering ? hiddenFromMover(sim) : 0;
  let best = -Infinity;
  let bestCode = 0;
  let ties = 0;
  for (let m = mask; m !== 0; m &= m - 1) {
    const tile = 31 - Math.clz32(m & -m);
    const weight = answering ? PIPS[tile]! : 2 * PIPS[tile]! + (ALL_DOUBLES & (1 << tile) ? 3 : 0);
    const first = sim.placed === 0 ? LEAD_SLOT : 0;
    const last = sim.placed === 0 ? LEAD_SLOT : sim.endCount - 1;
    for (let e = first; e <= last; e++) {
      if (e !== LEAD_SLOT && !(sim.fitMask(e) & (1 << tile))) continue;
      let value = weight;
      if (sim.fives) value += 10 * sim.pointsIf(tile, e);
      else if (answering) value -= ANSWER_WEIGHT * popcount(sim.fitMaskIf(tile, e) & hidden);
      if (value > best) {
        best = value;
        bestCode = tile * 64 + e;
        ties = 1;
      } else if (value === best && sim.random(++ties) === 0) {
        bestCode = tile * 64 + e;
      }
    }
  }
  sim.play(bestCode >> 6, bestCode & 63);
  return bestCode;
}

/** The tiles the seat to act cannot see: the other hands and the boneyard. */
function hiddenFromMover(sim: Playout): number {
  let hidden = sim.boneyardMask();
  for (let s = 0; s < sim.config.players; s++) if (s !== sim.turn) hidden |= sim.hands[s]!;
  return hidden;
}

// ---- from src/ai/hard.ts
interface HardLimits {
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

/** What each of a seat's plays is worth, by the hard computer's reckoning (evaluatePlays). */
interface PlayValues {
  /** Per play, in the order given: its average outcome for the seat's side, in points (see outcome). */
  values: Float64Array;
  /** How many sampled deals the averages are over (each deal plays every candidate out once). */
  deals: number;
}

/**
 * Values every play of `plays` for the seat of `view` the same way: over the same sampled deals, each
 * played out to the end of the round. Comparing two plays is fair, since the same deals weigh both.
 */
function evaluatePlays(view: PlayerView, plays: readonly Play[], rng: RngState, limits: HardLimits): PlayValues {
  const deadline = performance.now() + limits.budgetMs;
  const side = sideOf(view.config, view.seat);
  const unseen = unseenMask(view);
  const impossible = impossibleTiles(view);
  const sim = new Playout(view.config, rng);
  const values = new Float64Array(plays.length);
  let deals = 0;
  while (deals < limits.maxDeals && (deals === 0 || performance.now() <= deadline)) {
    const state = sampleState(view, unseen, impossible, rng);
    plays.forEach((move, i) => {
      sim.load(state);
      sim.play(tileIndex(move.tile), move.end === 'lead' ? LEAD_SLOT : sim.slotOfEnd(move.end));
      sim.playRound(greedyMove);
      values[i]! += outcome(sim, view, side);
    });
    deals++;
  }
  for (let i = 0; i < values.length; i++) values[i]! /= deals;
  return { values, deals };
}

/** The index of the largest value (the first of equals). */
function bestIndex(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[best]!) best = i;
  return best;
}

function chooseHard(view: PlayerView, moves: LegalMove[], rng: RngState, limits: HardLimits): LegalMove {
  const plays = moves.filter((m): m is Play => m.type === 'play');
  if (plays.length <= 1) return moves[0]!;
  return plays[bestIndex(evaluatePlays(view, plays, rng, limits).values)]!;
}

/** The frozen hard player's move (the signature of ai/choose-light's HardPlayer). */
export const chooseHardV1 = chooseHard;
export type { HardLimits };
