import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EndgameSearch } from '../../src/ai/endgame.js';
import { createMatch, sideOf } from '../../src/engine/index.js';
import { Playout, seedRng } from '../../src/engine/internal.js';
import type { MatchConfig } from '../../src/engine/index.js';

/** A Block round played at random until the search applies, or null. */
function endgameOf(config: MatchConfig, seed: number): Playout | null {
  const sim = new Playout(createMatch({ ...config, seed }).config, seedRng(seed));
  sim.load(createMatch({ ...config, seed }));
  const search = new EndgameSearch(sim);
  while (!sim.over) {
    if (search.applies(sim)) return sim;
    sim.randomMove();
  }
  return null;
}

/** Every line of play, no pruning: the reference the search must agree with. */
function minimax(sim: Playout, side: number, value: (end: Playout) => number): number {
  if (sim.over) return value(sim);
  const moves: number[] = [];
  if (sim.legalPlays(moves) === 0) {
    const child = new Playout(sim.config, [1, 2, 3, 4]);
    child.copyFrom(sim);
    child.drawOrPass();
    return minimax(child, side, value);
  }
  const values = moves.map((code) => {
    const child = new Playout(sim.config, [1, 2, 3, 4]);
    child.copyFrom(sim);
    child.play(code >> 6, code & 63);
    return minimax(child, side, value);
  });
  return sideOf(sim.config, sim.turn) === side ? Math.max(...values) : Math.min(...values);
}

describe('the exact search of a round\'s end', () => {
  test('a copy of a playout plays on exactly like the original', () => {
    for (let seed = 0; seed < 20; seed++) {
      const sim = new Playout(createMatch({ variant: 'draw', players: 4, teams: true, seed }).config, seedRng(seed));
      sim.load(createMatch({ variant: 'draw', players: 4, teams: true, seed }));
      for (let i = 0; i < seed % 7; i++) sim.randomMove();
      const copy = new Playout(sim.config, [9, 9, 9, 9]);
      copy.copyFrom(sim);
      sim.playRound('random');
      copy.playRound('random');
      assert.deepEqual([copy.result, Array.from(copy.scores), Array.from(copy.hands)], [sim.result, Array.from(sim.scores), Array.from(sim.hands)]);
    }
  });

  test('its value is that of every line of play searched without pruning, and it leaves the position as it was', () => {
    let searched = 0;
    for (const config of [{ variant: 'block', players: 2 }, { variant: 'block', players: 4, teams: true }, { variant: 'fives', players: 2 }] as MatchConfig[]) {
      for (let seed = 0; seed < 15; seed++) {
        const sim = endgameOf(config, seed);
        if (!sim) continue;
        const side = sideOf(sim.config, sim.turn);
        const value = (end: Playout) => end.scores[side]! - end.scores[1 - side]!;
        const before = Array.from(sim.hands);
        const search = new EndgameSearch(sim);
        assert.equal(search.value(sim, side, value), minimax(sim, side, value));
        assert.deepEqual(Array.from(sim.hands), before);
        assert.ok(search.nodes > 0);
        searched++;
      }
    }
    assert.ok(searched >= 20, `only ${searched} ends searched`);
  });
});

describe("the exact search's bound", () => {
  test('a search that needs more positions than its limit gives up (null), the position left as it was; within the limit it answers', () => {
    let gaveUp = 0;
    for (let seed = 0; seed < 15; seed++) {
      const sim = endgameOf({ variant: 'block', players: 2 }, seed);
      if (!sim) continue;
      const side = sideOf(sim.config, sim.turn);
      const value = (end: Playout) => end.scores[side]! - end.scores[1 - side]!;
      const full = new EndgameSearch(sim);
      const exact = full.value(sim, side, value);
      assert.equal(exact, minimax(sim, side, value));
      const before = Array.from(sim.hands);
      const small = new EndgameSearch(sim, full.nodes - 1);
      assert.equal(small.value(sim, side, value), null, `seed ${seed}: ${full.nodes} positions, limit ${full.nodes - 1}`);
      assert.deepEqual(Array.from(sim.hands), before);
      const justEnough = new EndgameSearch(sim, full.nodes);
      assert.equal(justEnough.value(sim, side, value), exact);
      // Each search has the whole limit, not what the ones before left of it.
      assert.equal(justEnough.value(sim, side, value), exact);
      gaveUp++;
    }
    assert.ok(gaveUp >= 10, `only ${gaveUp} ends searched`);
  });
});
