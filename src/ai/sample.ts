/**
 * Deals the unseen tiles at random into the other hands and the boneyard, consistent with what the
 * seat knows (knowledge.ts): one "determinization" of its view, as a full match state to simulate.
 */
import { ALL_TILES, type MatchState, type PlayerView, type Tile } from '../engine/index.js';
import { MATCH_STATE_VERSION, shuffleInPlace, type RngState } from '../engine/internal.js';

/** After this many failed shuffles the constraints are dropped (they are then near-contradictory). */
const TRIES = 30;

function tilesOf(mask: number): number[] {
  const tiles: number[] = [];
  for (let m = mask; m !== 0; m &= m - 1) tiles.push(31 - Math.clz32(m & -m));
  return tiles;
}

/** Each other seat's hand as tile indices, respecting `impossible` where it can. */
export function sampleHands(view: PlayerView, unseen: number, impossible: number[], rng: RngState): number[][] {
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
export function sampleState(view: PlayerView, unseen: number, impossible: number[], rng: RngState): MatchState {
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
