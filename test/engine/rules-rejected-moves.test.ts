/**
 * Rejected moves (RULES.md §1 "Must play", §3 leads, §10): each throws RuleError with its code and leaves
 * the state it was given unchanged.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { applyMove, createMatch, legalMoves, RuleError, type MatchState, type Variant } from '../../src/engine/index.js';
import { parseMove, play } from './helpers/positions.js';
import { makeDeal } from './helpers/tiles.js';

// Seat 0 holds 6-6 (the highest double) and no 1 or 6 besides; seat 1 holds 6-1.
const hands = ['6-6 5-4 4-3 3-2 5-0 4-0 3-0', '6-1 4-4 3-1 2-0 5-2 2-1 1-0'];
const start = (variant: Variant = 'draw'): MatchState =>
  createMatch({ variant, players: 2, deal: makeDeal(hands, '2-2 1-1') });

/** Asserts that `move` is rejected with `code` and that `state` is left exactly as it was. */
function rejects(state: MatchState, move: unknown, code: string): void {
  const before = structuredClone(state);
  assert.throws(
    () => applyMove(state, move),
    (e: unknown) => e instanceof RuleError && e.code === code,
    `expected RuleError ${code} for ${JSON.stringify(move)}`,
  );
  assert.deepEqual(state, before, 'the rejected move must not change the state');
}

describe('rejected moves leave the state unchanged', () => {
  test('§3 wrong lead: the first round must open with the highest double (6-6), not 5-4', () => {
    const s = start();
    assert.deepEqual(s.round.lead, [6, 6]);
    rejects(s, parseMove('5-4@lead'), 'wrong-lead');
  });

  test('§1 wrong end: the first tile goes on "lead"; a Draw table has no "up" end', () => {
    rejects(start(), parseMove('6-6@left'), 'no-such-end');
    const s = play(start(), '6-6@lead');
    rejects(s, parseMove('6-1@up'), 'no-such-end');
    rejects(s, parseMove('6-1@s0.1'), 'no-such-end');
  });

  test('§1 not in hand: a tile another seat holds, or one in the boneyard', () => {
    rejects(start(), parseMove('6-1@lead'), 'not-in-hand');
    const s = play(start(), '6-6@lead');
    rejects(s, parseMove('6-5@left'), 'not-in-hand');
    rejects(s, parseMove('5-4@left'), 'not-in-hand');
  });

  test('§1 matching: a tile that does not fit the chosen end', () => {
    const s = play(start(), '6-6@lead');
    rejects(s, parseMove('5-2@left'), 'tile-does-not-fit');
    const t = play(s, '6-1@left');
    assert.equal(t.turn, 0);
    assert.deepEqual(legalMoves(t), [{ type: 'draw' }]);
  });

  test('§1 must play: no draw and no pass while a play exists', () => {
    const s = play(start(), '6-6@lead');
    assert.ok(legalMoves(s).every((m) => m.type === 'play'));
    rejects(s, { type: 'draw' }, 'must-play');
    rejects(s, { type: 'pass' }, 'must-play');
  });

  test('§2 pass while a draw is possible is refused (Draw: draw until playable)', () => {
    const s = play(start(), '6-6@lead 6-1@left');
    rejects(s, { type: 'pass' }, 'must-draw');
    // The first drawn tile (2-2) does not fit, so the seat draws again; the second (1-1) fits and must be played.
    const once = play(s, 'draw');
    assert.deepEqual(legalMoves(once), [{ type: 'draw' }]);
    rejects(once, { type: 'pass' }, 'must-draw');
    const twice = play(once, 'draw');
    assert.deepEqual(legalMoves(twice).map((m) => (m.type === 'play' ? `${m.tile}@${m.end}` : m.type)), ['1,1@left']);
    rejects(twice, { type: 'draw' }, 'must-play');
    rejects(twice, { type: 'pass' }, 'must-play');
  });

  test('§2 Block: nothing is ever drawn; a seat without a play passes', () => {
    const s = play(start('block'), '6-6@lead 6-1@left');
    assert.deepEqual(legalMoves(s), [{ type: 'pass' }]);
    rejects(s, { type: 'draw' }, 'cannot-draw');
    const passed = applyMove(s, { type: 'pass' });
    assert.equal(passed.turn, 1);
  });

  test('malformed moves are refused', () => {
    const s = start();
    rejects(s, { type: 'play', tile: [7, 1], end: 'lead' }, 'invalid-move');
    rejects(s, { type: 'play', tile: [6, 6] }, 'invalid-move');
    rejects(s, { type: 'jump' }, 'invalid-move');
    rejects(s, null, 'invalid-move');
  });

  test('§1 no move after the round is over', () => {
    // Block, 2 players: blocked after five moves (every other 3 is out of play).
    const deal = makeDeal(['6-0 1-1 5-1 2-1 4-0 5-2 2-0', '5-5 4-1 3-1 4-2 5-3 0-0 1-0']);
    const end = play(createMatch({ variant: 'block', players: 2, deal }), '5-5@lead 5-2@right 5-3@left 2-1@right 3-1@right');
    assert.equal(end.round.result?.reason, 'blocked');
    assert.equal(end.turn, null);
    assert.deepEqual(legalMoves(end), []);
    rejects(end, { type: 'pass' }, 'round-over');
    rejects(end, parseMove('4-1@left'), 'round-over');
  });
});
