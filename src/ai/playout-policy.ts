/**
 * How the hard player's simulated rounds are played: a quick greedy policy, much stronger than random
 * moves and cheap enough for thousands of rounds a decision. In All Fives it plays the play that scores
 * most, else (and on ties) the heaviest tile, doubles a little before others; remaining ties at random.
 * In Doubles, where a locked number takes nothing but its double, the heaviest tile is a poor guide:
 * there it plays like the medium player, leaving the fewest answers among the tiles the mover cannot
 * see, so that the simulated rounds resemble real ones.
 */
import { ALL_DOUBLES, LEAD_SLOT, PIPS, popcount, type Playout } from '../engine/internal.js';

/**
 * Doubles: an answer left to the others costs as much as this many pips kept in hand. Tuned for
 * simulated rounds (4 and 10 did worse); it happens to equal the medium player's weight.
 */
const ANSWER_WEIGHT = 6;

/** Makes the greedy move for the seat to act; returns what it did, as `Playout.randomMove` does. */
export function greedyMove(sim: Playout): number {
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
