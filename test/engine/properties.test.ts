/**
 * Property tests of the engine (docs/RULES.md): per variant, 100 whole matches and then random rounds
 * until at least 3,000 complete rounds were played, over 2, 3 and 4 players, partnerships and random
 * house rules, each move chosen at random among legalMoves; enough for the coverage checks below to
 * hold, in a few seconds a variant. The invariants live in helpers/random-rounds.ts, shared with
 * `npm run soak`, which plays a million rounds; every failure names the seed that reproduces it
 * (`npm run soak -- --case <seed>`).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { VARIANTS, applyMove, createMatch, legalMoves } from '../../src/engine/index.js';
import { SHAPES, caseSeed, newStats, runCase, runCases, type Stats } from './helpers/random-rounds.js';

const BASE = 'properties';
const ROUNDS_PER_VARIANT = 3_000;
const MATCHES_PER_VARIANT = 100;

/** The loop must have exercised what it checks, or a pass means little. */
function assertCoverage(variant: string, stats: Stats): void {
  const where = `${variant}: ${JSON.stringify(stats)}`;
  for (const shape of SHAPES) assert.ok(stats.shapes[shape] > stats.cases / 8, `few ${shape} cases in ${where}`);
  assert.ok(stats.domino > 0 && stats.blocked > 0, `both round endings expected in ${where}`);
  assert.ok(stats.blockedNoScore > 0, `a blocked tie expected in ${where}`);
  assert.ok(stats.passes > 0, `passes expected in ${where}`);
  if (variant !== 'block') assert.ok(stats.draws > 0, `draws expected in ${where}`);
  if (variant === 'fives') assert.ok(stats.fivesScoringPlays > 0 && stats.inPlayWins > 0, `in-play scoring expected in ${where}`);
  assert.ok(stats.illegalTried > 1000 && stats.replays > 10, `illegal moves and replays expected in ${where}`);
  // A different seed deals a different first round (equal deals have odds far below 1e-9).
  assert.ok(stats.seedPairs > 100 && stats.sameFirstDeal <= stats.seedPairs / 1000, `seeds dealt alike in ${where}`);
}

for (const variant of VARIANTS) {
  describe(`${variant}: random play keeps the rules`, () => {
    const stats = newStats();

    test(`${MATCHES_PER_VARIANT} whole matches end with one winner at or above the target`, () => {
      const matches = runCases(BASE, variant, 'match', MATCHES_PER_VARIANT);
      assert.equal(matches.matches, MATCHES_PER_VARIANT);
      Object.assign(stats, matches);
    });

    test(`random rounds up to ${ROUNDS_PER_VARIANT} complete rounds in all`, () => {
      for (let i = 0; stats.rounds < ROUNDS_PER_VARIANT; i++) runCase(caseSeed(BASE, variant, 'round', i), stats);
      assert.ok(stats.rounds >= ROUNDS_PER_VARIANT);
      assertCoverage(variant, stats);
    });
  });
}

test('a case replays from its seed alone', () => {
  const seed = caseSeed(BASE, 'fives', 'match', 7);
  const a = runCase(seed, newStats(), { replayEvery: 1 });
  const b = runCase(seed, newStats(), { replayEvery: 1 });
  assert.deepEqual(a, b);
  assert.equal(a.replays, 1);
});

test('the same seed deals the same match; another seed another one', () => {
  for (const variant of VARIANTS) {
    const a = createMatch({ variant, players: 3, seed: 'same' });
    assert.equal(JSON.stringify(createMatch({ variant, players: 3, seed: 'same' })), JSON.stringify(a));
    assert.notEqual(JSON.stringify(createMatch({ variant, players: 3, seed: 'other' }).hands), JSON.stringify(a.hands));
  }
});

// Regression: RULES.md §10, "a Fives in-play win that also ends the round keeps its round.result". The
// engine once kept a result only when the winning play went out, not when it blocked the round.
test('Fives: an in-play win by a play that blocks the round records the blocked result (§10)', () => {
  const moves =
    '6-6@lead 6-5@right 5-1@right 1-0@right 6-4@left 4-1@left draw 3-0@right 6-1@down 4-3@right 2-1@left 4-2@right ' +
    'draw draw draw 2-2@right draw 6-2@left draw 3-1@down 5-3@down 5-0@down draw draw 2-0@right 0-0@down draw 6-0@down ' +
    'draw draw draw 4-0@right draw 6-3@down 5-4@right 5-5@right 3-3@down draw 3-2@down 5-2@right';
  let state = createMatch({ variant: 'fives', players: 2, seed: 's10-314', target: 25 });
  for (const word of moves.split(' ')) {
    const move = legalMoves(state).find((m) => (m.type === 'play' ? `${m.tile[0]}-${m.tile[1]}@${m.end}` : m.type) === word);
    assert.ok(move, `${word} is legal`);
    state = applyMove(state, move);
  }
  // 5-2 scored 10 (15 → 25 = target) and left 1-1 against 4-4 with an empty boneyard: blocked.
  assert.equal(state.winningSide, 1);
  assert.deepEqual(state.hands, [[[1, 1]], [[4, 4]]]);
  assert.deepEqual(state.round.result, { reason: 'blocked', winner: 0, side: 0, points: 0, pips: [2, 8] });
});
