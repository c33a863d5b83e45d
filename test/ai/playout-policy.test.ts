/**
 * The greedy policy of the hard player's simulated rounds, in Doubles: where a locked number
 * takes nothing but its double, it weighs the answers a play leaves to the tiles the mover cannot see,
 * as the medium player does, instead of simply laying the heaviest tile.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { greedyMove } from '../../src/ai/playout-policy.js';
import { ALL_TILES, applyMove, createMatch, type MatchConfig, type MatchState } from '../../src/engine/index.js';
import { Playout, seedRng } from '../../src/engine/internal.js';
import { parseMove } from '../engine/helpers/positions.js';
import { key, makeDeal } from '../engine/helpers/tiles.js';

const doubles2: MatchConfig = { variant: 'doubles', players: 2 };

/** Seat 0 leads 6-6; seat 1 then holds 6-5 and 6-1 as its only plays, and the tiles in `rest`. */
function afterTheLead(rest: string): MatchState {
  const deal = makeDeal(['6-6 2-0 3-0 4-0 3-2 4-2 4-3 5-0', `6-5 6-1 ${rest}`]);
  const state = createMatch({ ...doubles2, deal });
  return applyMove(state, parseMove('6-6@lead'));
}

/** The tiles seat 1's greedy move lays over many tie-breaking seeds (any of the four sides may be picked). */
function greedyTiles(state: MatchState): Set<string> {
  const chosen = new Set<string>();
  for (let seed = 0; seed < 20; seed++) {
    const sim = new Playout(state.config, seedRng(seed));
    sim.load(state);
    assert.equal(sim.turn, 1);
    chosen.add(key(ALL_TILES[greedyMove(sim) >> 6]!));
  }
  return chosen;
}

describe('Doubles greedy playout policy', () => {
  test('lays the lighter tile whose number it holds the double of: the others can answer it with nothing', () => {
    // 6-5 leaves a 5 that only 5-5 (unseen by seat 1) can answer; 6-1 leaves a 1 whose double seat 1 holds.
    // The heaviest-tile policy lays 6-5.
    assert.deepEqual(greedyTiles(afterTheLead('1-1 2-1 3-1 4-1 5-1 5-2')), new Set(['6-1']));
  });

  test('lays the heavier tile when it is the one that leaves no new answer', () => {
    assert.deepEqual(greedyTiles(afterTheLead('5-5 2-1 3-1 4-1 5-1 5-2')), new Set(['6-5']));
  });
});
