/**
 * A finished match to the store (server/src/players/rated-match.ts): rated from the skills stored now and
 * recorded once; not rated past the farming cap (three a UTC day for the same two people) or with one
 * person; rated again from the fresh skills when another match of a player was recorded first.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MemoryPlayerStore } from '../src/players/memory.js';
import type { PlayerStore } from '../src/players/player-store.js';
import { recordRatedMatch, type FinishedMatch } from '../src/players/rated-match.js';
import { newSkill, PAIR_MATCHES_PER_DAY, rateMatch, type RatedMatch } from '../src/ratings/rating-core.js';

const T0 = Date.parse('2025-03-14T10:00:00Z');
const [ann, bob, cy] = ['a', 'b', 'c'].map((letter) => letter.repeat(22)) as [string, string, string];
const names = new Map([[ann, 'Ann'], [bob, 'Bob'], [cy, 'Cy']]);

const twoPlayer = (winner: string, loser: string): RatedMatch => ({
  family: 'two',
  seats: [
    { id: winner, side: 0, forfeit: false },
    { id: loser, side: 1, forfeit: false },
  ],
  scores: [100, 40],
  winningSide: 0,
});
const finished = (room: string, rated: RatedMatch, at = T0): FinishedMatch => ({ room, match: 1, at, rated, names });

async function storeOfThree(): Promise<MemoryPlayerStore> {
  const store = new MemoryPlayerStore();
  for (const [id, name] of names) await store.saveProfile({ id, name, kind: 'anonymous' }, T0);
  return store;
}

describe('recordRatedMatch', () => {
  test('rates from the stored skills and records once: the winner up, the loser down, names and sides kept', async () => {
    const store = await storeOfThree();
    assert.equal(await recordRatedMatch(store, finished('r1', twoPlayer(ann, bob))), 'recorded');
    const expected = rateMatch(twoPlayer(ann, bob), () => newSkill());
    assert.deepEqual(await store.skills('two', [ann, bob]), new Map(expected.map((c) => [c.id, c.after])));
    assert.ok(expected[0]!.after.mu > expected[1]!.after.mu);
    assert.deepEqual((await store.history(ann))[0]!.opponents, [{ id: bob, name: 'Bob' }]);
    assert.equal(await recordRatedMatch(store, finished('r1', twoPlayer(ann, bob))), 'already-recorded');
    assert.equal((await store.skills('two', [ann])).get(ann)!.matches, 1);
  });

  test('past the farming cap the match is not rated, and nothing is stored; the next UTC day it is', async () => {
    const store = await storeOfThree();
    for (let n = 0; n < PAIR_MATCHES_PER_DAY; n++) assert.equal(await recordRatedMatch(store, finished(`day-${n}`, twoPlayer(ann, bob), T0 + n)), 'recorded');
    const before = await store.skills('two', [ann, bob]);
    assert.equal(await recordRatedMatch(store, finished('one-more', twoPlayer(bob, ann), T0 + 10)), 'over-pair-cap');
    assert.deepEqual(await store.skills('two', [ann, bob]), before);
    assert.equal(await recordRatedMatch(store, finished('other-pair', twoPlayer(ann, cy), T0 + 10)), 'recorded', 'another pair is not capped');
    assert.equal(await recordRatedMatch(store, finished('tomorrow', twoPlayer(bob, ann), T0 + 24 * 3_600_000)), 'recorded');
  });

  test('one person at the table: nothing to rate', async () => {
    const store = await storeOfThree();
    const alone: RatedMatch = { family: 'each', seats: [{ id: ann, side: 0, forfeit: false }], scores: [10], winningSide: 0 };
    assert.equal(await recordRatedMatch(store, finished('alone', alone)), 'nobody-to-rate');
    assert.deepEqual(await store.skillsOf(ann), {});
  });

  test('a player’s other match recorded meanwhile: rated again from the fresh skills', async () => {
    const memory = await storeOfThree();
    let interfered = false;
    // The first try is beaten by another match of Ann's, recorded just before it lands.
    const store: PlayerStore = Object.assign(Object.create(memory) as PlayerStore, {
      recordMatch: async (...args: Parameters<PlayerStore['recordMatch']>) => {
        if (!interfered) {
          interfered = true;
          assert.equal(await recordRatedMatch(memory, finished('meanwhile', twoPlayer(cy, ann))), 'recorded');
        }
        return memory.recordMatch(...args);
      },
    });
    assert.equal(await recordRatedMatch(store, finished('slow', twoPlayer(ann, bob))), 'recorded');
    const [first, second] = (await memory.history(ann, 'two')).reverse();
    assert.equal(second!.before, first!.after, 'the second match starts from the rating the first left');
    assert.equal((await memory.skills('two', [ann])).get(ann)!.matches, 2);
  });
});
