import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { impossibleTiles, maskOf, unseenMask } from '../../src/ai/knowledge.js';
import { sampleHands } from '../../src/ai/sample.js';
import { applyMove, createMatch, legalMoves, playerView } from '../../src/engine/index.js';
import { nextInt, seedRng } from '../../src/engine/rng.js';
import type { MatchState, PlayerCount, Variant } from '../../src/engine/index.js';

/** Random mid-round states of every variant, including later rounds' logs with draws and passes. */
function* randomStates(count: number): Generator<MatchState> {
  const variants: Variant[] = ['draw', 'block', 'fives', 'doubles'];
  for (let seed = 0; seed < count; seed++) {
    const rng = seedRng(`knowledge ${seed}`);
    const players = (2 + (seed % 3)) as PlayerCount;
    let state = createMatch({ variant: variants[seed % 4]!, players, seed });
    while (state.turn !== null) {
      yield state;
      const moves = legalMoves(state);
      state = applyMove(state, moves[nextInt(rng, moves.length)]!);
    }
  }
}

const popcount = (mask: number) => mask.toString(2).replace(/0/g, '').length;

describe('what a seat can know', () => {
  test('inferred impossible tiles are never in the seat\'s real hand, and inference does find some', () => {
    let inferred = 0;
    for (const state of randomStates(400)) {
      const viewer = state.turn!;
      const impossible = impossibleTiles(playerView(state, viewer));
      state.hands.forEach((hand, seat) => {
        if (seat === viewer) return;
        assert.equal(maskOf(hand) & impossible[seat]!, 0, `seat ${seat} holds a tile thought impossible`);
        inferred += popcount(impossible[seat]! & unseenMask(playerView(state, viewer)));
      });
    }
    assert.ok(inferred > 1000, `inference found ${inferred} facts`);
  });

  test('a sampled deal gives every other seat its hand size from the unseen tiles, and respects what is known', () => {
    const rng = seedRng('samples');
    let checked = 0;
    for (const state of randomStates(150)) {
      const viewer = state.turn!;
      const view = playerView(state, viewer);
      const unseen = unseenMask(view);
      const impossible = impossibleTiles(view);
      const dealt = sampleHands(view, unseen, impossible, rng);
      const boneyard = dealt.pop()!;
      assert.equal(boneyard.length, view.boneyardCount);
      let all = 0;
      dealt.forEach((hand, seat) => {
        assert.equal(hand.length, seat === viewer ? 0 : view.handCounts[seat]);
        for (const tile of hand) {
          assert.equal(all & (1 << tile), 0, 'a tile dealt twice');
          all |= 1 << tile;
          // The real deal satisfies every constraint, so a consistent sample always exists.
          assert.equal(impossible[seat]! & (1 << tile), 0, `seat ${seat} was dealt an impossible tile`);
        }
      });
      for (const tile of boneyard) all |= 1 << tile;
      assert.equal(all, unseen, 'the sample uses exactly the unseen tiles');
      checked++;
    }
    assert.ok(checked > 1000);
  });
});
