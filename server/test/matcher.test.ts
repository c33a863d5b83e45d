/**
 * The matcher as a pure function, over many random pools (property tests) and a few chosen cases: no
 * identity seated twice or with itself, nobody with whom they asked not to play, ratings within the gap
 * that widens with the wait, the closest first, the last opponent again only when nobody else would
 * do, computers only for people who agreed and waited long enough, never one person alone with them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { nextInt, seedRng, type RngState } from '../../src/engine/rng.js';
import { acceptedGap, DEFAULT_MATCHING, formTables, type PoolRules, type Seeker } from '../src/matchmaking/matcher.js';

const NOW = 1_800_000_000_000;
const TWO: PoolRules = { ...DEFAULT_MATCHING, seats: 2 };
const FOUR: PoolRules = { ...DEFAULT_MATCHING, seats: 4 };

const seeker = (id: string, rating: number, waitedMs = 0, extra: Partial<Seeker> = {}): Seeker => ({
  id,
  rating,
  since: NOW - waitedMs,
  computers: false,
  avoid: [],
  lastOpponents: [],
  ...extra,
});

function randomPool(rng: RngState, size: number): Seeker[] {
  const ids = Array.from({ length: Math.max(2, Math.ceil(size * 0.8)) }, (_, i) => `p${i}`);
  return Array.from({ length: size }, () => {
    const id = ids[nextInt(rng, ids.length)]!;
    const others = () => (nextInt(rng, 4) === 0 ? [ids[nextInt(rng, ids.length)]!] : []);
    return seeker(id, 800 + nextInt(rng, 1200), nextInt(rng, 90_000), { computers: nextInt(rng, 2) === 0, avoid: others(), lastOpponents: others() });
  });
}

describe('the matcher: properties over random pools', () => {
  for (const rules of [TWO, { ...FOUR, seats: 3 as const }, FOUR]) {
    test(`${rules.seats} seats: each identity at one table at most, never twice at it, never with someone avoided, ratings within the gap, computers only by consent after the wait`, () => {
      const rng = seedRng(`matcher/${rules.seats}`);
      let tables = 0;
      let filled = 0;
      for (let round = 0; round < 400; round++) {
        const pool = randomPool(rng, 2 + nextInt(rng, 14));
        const formed = formTables(pool, rules, NOW);
        const seated = formed.flatMap((t) => t.seekers);
        assert.equal(new Set(seated).size, seated.length, 'an identity seated twice');
        for (const table of formed) {
          tables++;
          assert.equal(table.seekers.length + table.computers, rules.seats);
          const people = table.seekers.map((id) => pool.filter((s) => s.id === id).sort((a, b) => a.since - b.since)[0]!);
          for (const a of people) {
            for (const b of people) {
              if (a === b) continue;
              assert.ok(!a.avoid.includes(b.id), `${a.id} sat with ${b.id}, whom it avoids`);
              const gap = Math.max(acceptedGap(a, rules, NOW), acceptedGap(b, rules, NOW));
              assert.ok(Math.abs(a.rating - b.rating) <= gap, `${a.id} (${a.rating}) and ${b.id} (${b.rating}) beyond the gap ${gap}`);
            }
          }
          if (table.computers > 0) {
            filled++;
            assert.ok(rules.seats > 2, 'computers at a two-seat table');
            assert.ok(people.length >= 2, 'one person alone with computers');
            for (const p of people) assert.ok(p.computers && NOW - p.since >= rules.computerFillAfterMs, `${p.id} given computers without consent or the wait`);
          }
        }
      }
      assert.ok(tables > 100, `too few tables formed to test anything: ${tables}`);
      if (rules.seats > 2) assert.ok(filled > 5, `no table ever filled with computers: ${filled}`);
    });
  }
});

describe('the matcher: chosen cases', () => {
  test('a gap too wide now is taken once the wait has widened it', () => {
    const pool = [seeker('a', 1000), seeker('b', 1300)];
    assert.deepEqual(formTables(pool, TWO, NOW), [], '300 apart, neither waited');
    const waited = [seeker('a', 1000, 20_000), seeker('b', 1300)];
    assert.ok(acceptedGap(waited[0]!, TWO, NOW) >= 300);
    assert.deepEqual(formTables(waited, TWO, NOW), [{ seekers: ['a', 'b'], computers: 0 }]);
  });

  test('the closest ratings meet first', () => {
    // The two who waited longest are far apart: each meets the one closest to it instead.
    const pool = [seeker('a', 1000, 60_000), seeker('b', 1400, 60_000), seeker('c', 1050, 59_000), seeker('d', 1420, 59_000)];
    const tables = formTables(pool, TWO, NOW).map((t) => t.seekers.slice().sort().join());
    assert.deepEqual(tables.sort(), ['a,c', 'b,d']);
  });

  test('one identity seeking from two tabs is one seeker, never paired with itself', () => {
    assert.deepEqual(formTables([seeker('a', 1000, 5000), seeker('a', 1000)], TWO, NOW), []);
    const tables = formTables([seeker('a', 1000, 5000), seeker('a', 1000), seeker('b', 1000)], TWO, NOW);
    assert.deepEqual(tables, [{ seekers: ['a', 'b'], computers: 0 }]);
  });

  test('someone avoided is never a partner, however long the wait', () => {
    const pool = [seeker('a', 1000, 600_000, { avoid: ['b'] }), seeker('b', 1000, 600_000)];
    assert.deepEqual(formTables(pool, TWO, NOW), []);
  });

  test('not the last opponent again while someone else would do; again when nobody else would', () => {
    const last = { lastOpponents: ['b'] };
    const three = [seeker('a', 1000, 10_000, last), seeker('b', 1000, 10_000, { lastOpponents: ['a'] }), seeker('c', 1080, 1000)];
    const tables = formTables(three, TWO, NOW);
    assert.equal(tables.length, 1);
    assert.ok(!(tables[0]!.seekers.includes('a') && tables[0]!.seekers.includes('b')), JSON.stringify(tables));
    assert.deepEqual(formTables(three.slice(0, 2), TWO, NOW), [{ seekers: ['a', 'b'], computers: 0 }]);
  });

  test('four seats: a full table of people at once; computers for the empty seats only after the wait, only by everyone’s consent, never for one person alone', () => {
    const four = ['a', 'b', 'c', 'd'].map((id) => seeker(id, 1000, 1000));
    assert.deepEqual(formTables(four, FOUR, NOW), [{ seekers: ['a', 'b', 'c', 'd'], computers: 0 }]);
    const agreed = { computers: true };
    const two = [seeker('a', 1000, 31_000, agreed), seeker('b', 1000, 31_000, agreed)];
    assert.deepEqual(formTables(two, FOUR, NOW), [{ seekers: ['a', 'b'], computers: 2 }]);
    assert.deepEqual(formTables([seeker('a', 1000, 29_000, agreed), seeker('b', 1000, 29_000, agreed)], FOUR, NOW), [], 'before the wait');
    assert.deepEqual(formTables([seeker('a', 1000, 31_000, agreed), seeker('b', 1000, 31_000)], FOUR, NOW), [], 'b did not agree');
    assert.deepEqual(formTables([seeker('a', 1000, 600_000, agreed)], FOUR, NOW), [], 'one person alone');
  });
});
