/**
 * The hint: the hard computer's move in the person's seat, and a reason that the position bears out.
 * Over seeded positions of every variant the hinted move is the hard player's own, and each reason
 * holds of the move (and the first reason that holds is the one given); a built position shows the
 * "an opponent lacks this number" reason. A tile that fits more than one place gets a reason for the
 * place too, which the position bears out as well.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseMove } from '../../src/ai/index.js';
import { hintFor, placeReasonFor, reasonFor } from '../../src/ai/hint.js';
import { applyMove, createMatch, legalMoves, pipValue, playerView, sameTile, VARIANTS, type LegalMove, type MatchState, type Play } from '../../src/engine/index.js';
import { makeDeal } from '../engine/helpers/tiles.js';

const LIMITS = { maxDeals: 12, budgetMs: 60_000 };

/** Positions of seeded matches: each seat to act, every few moves of the first rounds. */
function* positions(): Generator<MatchState> {
  for (const variant of VARIANTS) {
    for (const players of [2, 4] as const) {
      let state = createMatch({ variant, players, seed: `hint-${variant}-${players}` });
      for (let step = 0; step < 60 && state.winningSide === null; step++) {
        if (state.round.result !== null) break;
        yield state;
        const moves = legalMoves(state);
        state = applyMove(state, moves[(step * 5 + 1) % moves.length]!);
      }
    }
  }
}

const plays = (moves: LegalMove[]) => moves.filter((m): m is Play => m.type === 'play');

describe('hint', () => {
  test('is the hard player’s move for the same seed, with a reason the position bears out', () => {
    const seen = new Set<string>();
    let count = 0;
    for (const state of positions()) {
      const view = playerView(state, state.turn!);
      const seed = 1000 + count++;
      const hint = hintFor(view, { seed, ...LIMITS });
      assert.deepEqual(hint.move, chooseMove(view, { level: 'hard', seed, ...LIMITS }), 'the hard player’s move');
      const { move, reason } = hint;
      seen.add(reason.why);
      const fitting = plays(legalMoves(view));
      switch (reason.why) {
        case 'draw':
        case 'pass':
          assert.equal(move.type, reason.why);
          assert.equal(fitting.length, 0);
          break;
        case 'only':
          assert.ok(move.type === 'play' && fitting.every((p) => sameTile(p.tile, move.tile)));
          break;
        case 'domino':
          assert.equal(view.hand.length, 1);
          break;
        case 'scores':
          assert.ok(move.type === 'play' && move.points === reason.points && reason.points > 0);
          break;
        case 'lacks':
          assert.ok(move.type === 'play' && (move.tile as readonly number[]).includes(reason.number) && reason.seat !== view.seat);
          break;
        case 'heaviest':
          assert.ok(move.type === 'play' && fitting.every((p) => pipValue(p.tile) <= pipValue(move.tile)));
          assert.ok(!(move.points! > 0), 'a move that scores says so first');
          break;
        case 'double':
          assert.ok(move.type === 'play' && move.tile[0] === move.tile[1]);
          break;
        case 'best':
          assert.ok(move.type === 'play' && fitting.some((p) => pipValue(p.tile) > pipValue(move.tile)) && move.tile[0] !== move.tile[1]);
          break;
      }
      assert.deepEqual(reason, reasonFor(view, move));
    }
    for (const why of ['draw', 'only', 'scores', 'heaviest', 'lacks', 'best']) assert.ok(seen.has(why), `the positions show a hint because of ${why}`);
  });

  test('names a number that an opponent, by its passes, is known to lack', () => {
    // Block: 6-6 leads, seat 1 passes at 6|6, 6-3 goes on, seat 1 passes at 6|3: it holds no 6 and no 3.
    let state = createMatch({
      variant: 'block',
      players: 2,
      deal: makeDeal(['6-6 6-3 3-3 6-2 0-0 1-0 4-0', '5-5 5-4 5-2 4-2 2-2 2-1 4-4']),
    });
    const playOf = (tile: string) => legalMoves(state).find((m) => m.type === 'play' && `${m.tile[0]}-${m.tile[1]}` === tile)!;
    state = applyMove(state, playOf('6-6'));
    state = applyMove(state, { type: 'pass' });
    state = applyMove(state, playOf('6-3'));
    state = applyMove(state, { type: 'pass' });
    const view = playerView(state, 0);
    assert.deepEqual(reasonFor(view, playOf('3-3')), { why: 'lacks', number: 3, seat: 1 });
    assert.deepEqual(reasonFor(view, playOf('6-2')), { why: 'heaviest' }, 'a 2 is no number seat 1 lacks');
  });

  test('says why the place, when the tile fits more than one and the reason does not already', () => {
    const seen = new Set<string>();
    for (const state of positions()) {
      const view = playerView(state, state.turn!);
      const others = (tile: Play['tile']) => view.hand.filter((t) => !sameTile(t, tile));
      for (const move of plays(legalMoves(view))) {
        const reason = reasonFor(view, move);
        const place = placeReasonFor(view, move, reason);
        const places = plays(legalMoves(view)).filter((p) => sameTile(p.tile, move.tile));
        // A play that meets `pip` leaves the tile's other half open.
        const left = (p: Play) => (p.tile[0] === p.pip ? p.tile[1] : p.tile[0]);
        const matching = (p: Play) => others(p.tile).filter((t) => t[0] === left(p) || t[1] === left(p)).length;
        if (places.length < 2 || reason.why === 'scores' || reason.why === 'lacks') {
          assert.equal(place, null);
          continue;
        }
        assert.ok(place);
        seen.add(place.why);
        const same = places.every((p) => left(p) === left(move));
        switch (place.why) {
          case 'same':
            assert.ok(same);
            break;
          case 'follow':
            assert.ok(!same);
            assert.deepEqual([place.number, place.count], [left(move), matching(move)]);
            assert.ok(place.count > 0 && places.every((p) => matching(p) <= place.count));
            break;
          case 'best':
            assert.ok(!same && (matching(move) === 0 || places.some((p) => matching(p) > matching(move))));
            break;
        }
      }
    }
    for (const why of ['same', 'follow', 'best']) assert.ok(seen.has(why), `the positions show a place chosen because of ${why}`);
  });
});
