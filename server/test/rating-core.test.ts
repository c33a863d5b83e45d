/**
 * The rating core: the number shown, provisional until ten matches; a match's places (the winner first,
 * forfeits last); a win raises and a loss lowers, the leaver losing whatever the board said; partners
 * move together; the same two people count at most three rated matches a day; the families.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  familyOf,
  isProvisional,
  newSkill,
  pairKey,
  PAIR_MATCHES_PER_DAY,
  placesOf,
  PROVISIONAL_MATCHES,
  rateMatch,
  shownRating,
  withinPairCap,
  type RatedMatch,
  type Skill,
} from '../src/ratings/rating-core.js';

const skills = (entries: Record<string, Skill> = {}) => (id: string) => entries[id] ?? newSkill();

describe('ratings', () => {
  test('a newcomer shows 1000, provisional until ten rated matches', () => {
    const skill = newSkill();
    assert.equal(shownRating(skill), 1000);
    assert.equal(isProvisional(skill), true);
    assert.equal(isProvisional({ ...skill, matches: PROVISIONAL_MATCHES - 1 }), true);
    assert.equal(isProvisional({ ...skill, matches: PROVISIONAL_MATCHES }), false);
  });

  test('the families: two players, three or four each for themself, four in teams', () => {
    assert.equal(familyOf({ players: 2 }), 'two');
    assert.equal(familyOf({ players: 3 }), 'each');
    assert.equal(familyOf({ players: 4 }), 'each');
    assert.equal(familyOf({ players: 4, teams: true }), 'teams');
  });

  test('places: the winning side first, then by score; forfeits last, sharing the place', () => {
    const match: RatedMatch = {
      family: 'each',
      scores: [40, 120, 90, 10],
      winningSide: 1,
      seats: [
        { id: 'a', side: 0, forfeit: false },
        { id: 'b', side: 1, forfeit: false },
        { id: 'c', side: 2, forfeit: true },
        { id: 'd', side: 3, forfeit: true },
      ],
    };
    assert.deepEqual(Object.fromEntries(placesOf(match)), { b: 1, a: 2, c: 3, d: 3 });
  });

  test('two players: the winner gains what the loser loses, roughly; a leaver loses even with the higher score', () => {
    const changes = rateMatch({ family: 'two', scores: [100, 40], winningSide: 0, seats: [{ id: 'a', side: 0, forfeit: false }, { id: 'b', side: 1, forfeit: false }] }, skills());
    const [a, b] = ['a', 'b'].map((id) => changes.find((c) => c.id === id)!);
    assert.ok(a!.after.mu > a!.before.mu && b!.after.mu < b!.before.mu);
    assert.ok(a!.after.sigma < a!.before.sigma, 'one match more is known of the winner');
    assert.equal(a!.after.matches, 1);
    const left = rateMatch({ family: 'two', scores: [100, 40], winningSide: 0, seats: [{ id: 'a', side: 0, forfeit: true }, { id: 'b', side: 1, forfeit: false }] }, skills());
    assert.ok(left.find((c) => c.id === 'a')!.after.mu < left.find((c) => c.id === 'a')!.before.mu, 'the leader who left lost');
    assert.ok(left.find((c) => c.id === 'b')!.after.mu > left.find((c) => c.id === 'b')!.before.mu);
  });

  test('a strong player beating a weak one gains little; losing to them costs much', () => {
    const strong: Skill = { mu: 35, sigma: 3, matches: 40 };
    const weak: Skill = { mu: 15, sigma: 3, matches: 40 };
    const match = (winner: 'a' | 'b'): RatedMatch => ({ family: 'two', scores: [0, 0], winningSide: winner === 'a' ? 0 : 1, seats: [{ id: 'a', side: 0, forfeit: false }, { id: 'b', side: 1, forfeit: false }] });
    const expected = rateMatch(match('a'), skills({ a: strong, b: weak })).find((c) => c.id === 'a')!;
    const upset = rateMatch(match('b'), skills({ a: strong, b: weak })).find((c) => c.id === 'a')!;
    assert.ok(expected.after.mu - expected.before.mu < upset.before.mu - upset.after.mu);
  });

  test('partners move together; a partner who left loses alone', () => {
    const seats = [
      { id: 'a', side: 0, forfeit: false },
      { id: 'b', side: 1, forfeit: false },
      { id: 'c', side: 0, forfeit: false },
      { id: 'd', side: 1, forfeit: false },
    ];
    const changes = rateMatch({ family: 'teams', scores: [150, 90], winningSide: 0, seats }, skills());
    const delta = (id: string) => changes.find((c) => c.id === id)!.after.mu - changes.find((c) => c.id === id)!.before.mu;
    assert.ok(delta('a') > 0 && delta('c') > 0 && delta('b') < 0 && delta('d') < 0);
    assert.ok(Math.abs(delta('a') - delta('c')) < 1e-9);
    const withLeaver = rateMatch({ family: 'teams', scores: [150, 90], winningSide: 0, seats: seats.map((s) => (s.id === 'c' ? { ...s, forfeit: true } : s)) }, skills());
    const leftDelta = withLeaver.find((c) => c.id === 'c')!;
    assert.ok(leftDelta.after.mu < leftDelta.before.mu, 'the partner who left lost though the team won');
    assert.equal(leftDelta.place, 3);
  });

  test('one person alone has nothing to rate', () => {
    assert.deepEqual(rateMatch({ family: 'each', scores: [10, 0, 0], winningSide: 0, seats: [{ id: 'a', side: 0, forfeit: false }] }, skills()), []);
  });

  test('the same two people: at most three rated matches a day, whoever is named first', () => {
    const met = new Map([[pairKey('b', 'a'), PAIR_MATCHES_PER_DAY - 1]]);
    assert.equal(withinPairCap(['a', 'b'], (pair) => met.get(pair) ?? 0), true);
    met.set(pairKey('a', 'b'), PAIR_MATCHES_PER_DAY);
    assert.equal(withinPairCap(['a', 'b'], (pair) => met.get(pair) ?? 0), false);
    assert.equal(withinPairCap(['a', 'c', 'd'], (pair) => met.get(pair) ?? 0), true);
    assert.equal(withinPairCap(['c', 'b', 'a'], (pair) => met.get(pair) ?? 0), false, 'any pair at the table');
  });
});
