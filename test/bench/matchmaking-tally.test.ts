import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tally } from '../../bench/matchmaking-tally.js';
import type { SeekerOutcome } from '../../bench/seeker.js';

/** A seeker of draw-2 that arrived at 0 and lived what `lived` says. */
const seeker = (id: string, lived: Partial<SeekerOutcome> = {}): SeekerOutcome => ({
  index: 0,
  pool: 'draw-2',
  arrivedAt: 0,
  id,
  matched: [],
  seatedAt: null,
  seatHolder: null,
  seeking: false,
  reconnects: 0,
  told: [],
  ...lived,
});
const seatedAt = (id: string, room: string, seat: number, at: number, holder = id) =>
  seeker(id, { matched: [{ room, seat, at: at - 100 }], seatedAt: at, seatHolder: holder });

test('a table of two and one seeker alone in the pool, as the server counts: nobody lost or seated twice; times from arrival', () => {
  const figures = tally([seatedAt('ann', 'r1', 0, 1000), seatedAt('bob', 'r1', 1, 3000), seeker('cy', { seeking: true })], new Map([['draw-2', 1]]), [
    { room: 'r1', players: ['ann', 'bob'] },
  ]);
  assert.equal(figures.seated, 2);
  assert.equal(figures.stillWaiting, 1);
  assert.equal(figures.lost, 0);
  assert.deepEqual(figures.seatedTwice, { identityAtTwoTables: 0, seatForTwo: 0, seatShowsAnother: 0, matchedTwice: 0 });
  assert.equal(figures.tables, 1);
  assert.equal(figures.seatNobodyResumed, 0);
  assert.deepEqual(figures.toSeat, [1000, 3000]);
  assert.deepEqual(figures.toMatched, [900, 2900]);
});

test('a seeker neither seated, nor told why, nor counted waiting by the server is lost; one told why is not', () => {
  const figures = tally([seeker('cy', { seeking: true }), seeker('dee', { told: ['seek-cancelled'] })], new Map([['draw-2', 0]]), []);
  assert.equal(figures.lost, 1);
  assert.equal(figures.told, 1);
  assert.equal(figures.stillWaiting, 0);
});

test('an identity at two tables in Redis is seated twice, and the table it never resumed has a seat nobody resumed', () => {
  const figures = tally([seatedAt('ann', 'r2', 0, 500), seatedAt('bob', 'r2', 1, 500), seatedAt('cy', 'r1', 0, 500)], new Map(), [
    { room: 'r1', players: ['cy', 'ann'] },
    { room: 'r2', players: ['ann', 'bob'] },
  ]);
  assert.equal(figures.seatedTwice.identityAtTwoTables, 1);
  assert.equal(figures.seatNobodyResumed, 1);
});

test('a seat welcomed for two seekers, a seat showing another identity and a second matched are each seated twice', () => {
  const figures = tally(
    [
      seatedAt('ann', 'r1', 0, 500),
      seatedAt('bob', 'r1', 0, 500, 'ann'),
      seeker('cy', { matched: [{ room: 'r2', seat: 0, at: 1 }, { room: 'r3', seat: 1, at: 2 }], seatedAt: 400, seatHolder: 'cy' }),
    ],
    new Map(),
    [],
  );
  assert.deepEqual(figures.seatedTwice, { identityAtTwoTables: 0, seatForTwo: 1, seatShowsAnother: 1, matchedTwice: 1 });
});
