import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LOOKAHEAD_PLAYOUTS, LookaheadPolicy } from '../../src/ai/lookahead-policy.js';
import { greedyMove } from '../../src/ai/playout-policy.js';
import { createMatch, sideOf, type MatchConfig } from '../../src/engine/index.js';
import { Playout, seedRng } from '../../src/engine/internal.js';

const CONFIGS: MatchConfig[] = [
  { variant: 'draw', players: 2 },
  { variant: 'block', players: 2 },
  { variant: 'fives', players: 2 },
  { variant: 'fives', players: 4, teams: true },
];

/** A round of `config` played at random for a few moves: a position to ask the policy about. */
function positionOf(config: MatchConfig, seed: number): Playout {
  const match = createMatch({ ...config, seed });
  const sim = new Playout(match.config, seedRng(seed));
  sim.load(match);
  for (let i = 0; i < seed % 9 && !sim.over; i++) sim.randomMove();
  return sim;
}

const copyOf = (sim: Playout): Playout => {
  const copy = new Playout(sim.config, [1, 2, 3, 4]);
  copy.copyFrom(sim);
  return copy;
};

/** The side's points against the other's at the end: what the search values, in small. */
const marginFor = (side: number) => (end: Playout) => end.scores[side]! - end.scores[1 - side]!;

describe("the hard player's look-ahead playout policy", () => {
  test("a seat of another side moves exactly as the greedy policy", () => {
    let asked = 0;
    for (const config of CONFIGS) {
      for (let seed = 0; seed < 30; seed++) {
        const sim = positionOf(config, seed);
        if (sim.over) continue;
        const otherSide = 1 - sideOf(sim.config, sim.turn);
        const policy = new LookaheadPolicy(sim, otherSide, marginFor(otherSide));
        const greedy = copyOf(sim);
        assert.equal(policy.move(sim), greedyMove(greedy));
        assert.deepEqual(Array.from(sim.hands), Array.from(greedy.hands));
        asked++;
      }
    }
    assert.ok(asked >= 100, `only ${asked} positions`);
  });

  test("the side's seat makes the play whose greedy playout ends best for the side, and sometimes not the greedy one", () => {
    let choices = 0;
    let unlikeGreedy = 0;
    for (const config of CONFIGS) {
      for (let seed = 0; seed < 60; seed++) {
        const sim = positionOf(config, seed);
        if (sim.over) continue;
        const plays: number[] = [];
        if (sim.legalPlays(plays) < 2) continue;
        const side = sideOf(sim.config, sim.turn);
        const value = marginFor(side);
        // Each play played out greedily from the same position, generator included, as the policy must.
        const valueOf = plays.map((code) => {
          const future = copyOf(sim);
          future.play(code >> 6, code & 63);
          future.playRound(greedyMove);
          return value(future);
        });
        const greedyCode = greedyMove(copyOf(sim));
        const chosen = new LookaheadPolicy(sim, side, value).move(sim);
        assert.ok(plays.includes(chosen), 'a legal play');
        assert.equal(valueOf[plays.indexOf(chosen)], Math.max(...valueOf), `seed ${seed}: not the best play by its playout`);
        choices++;
        if (chosen !== greedyCode && valueOf[plays.indexOf(chosen)]! > valueOf[plays.indexOf(greedyCode)]!) unlikeGreedy++;
      }
    }
    assert.ok(choices >= 60, `only ${choices} positions with a choice`);
    assert.ok(unlikeGreedy >= 5, `the look-ahead beat the greedy play in only ${unlikeGreedy} of ${choices} positions`);
  });

  test('it plays whole rounds to their end, every move legal', () => {
    for (const config of CONFIGS) {
      for (let seed = 0; seed < 10; seed++) {
        const sim = positionOf(config, seed);
        const policy = new LookaheadPolicy(sim, sideOf(sim.config, sim.turn), marginFor(sideOf(sim.config, sim.turn)));
        let moves = 0;
        while (!sim.over) {
          const plays: number[] = [];
          const count = sim.legalPlays(plays);
          const code = policy.move(sim);
          if (count > 0) assert.ok(plays.includes(code), `seed ${seed}: ${code} is not among the legal plays`);
          assert.ok(++moves < 200, 'the round ends');
        }
      }
    }
  });
});

describe("the look-ahead's bound", () => {
  test(`a simulated round spends at most LOOKAHEAD_PLAYOUTS playouts looking ahead, and most spend some`, () => {
    let rounds = 0;
    let lookedAhead = 0;
    for (const config of CONFIGS) {
      for (let seed = 0; seed < 40; seed++) {
        const sim = positionOf(config, seed);
        if (sim.over) continue;
        const side = sideOf(sim.config, sim.turn);
        const policy = new LookaheadPolicy(sim, side, marginFor(side));
        for (let again = 0; again < 2; again++) {
          const before = policy.playouts;
          policy.playOut(copyOf(sim));
          const spent = policy.playouts - before;
          assert.ok(spent <= LOOKAHEAD_PLAYOUTS, `seed ${seed}: ${spent} playouts looking ahead`);
          if (spent > 0) lookedAhead++;
          rounds++;
        }
      }
    }
    assert.ok(lookedAhead >= rounds / 2, `only ${lookedAhead} of ${rounds} rounds looked ahead`);
  });
});
