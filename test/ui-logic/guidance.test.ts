/** The hint line (hintOf) and the main button (mainActionOf): what the person is told to do, and can do, now. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createMatch, legalMoves, type MatchState } from '../../src/engine/index.js';
import { ENGLISH } from '../../src/i18n/index.js';
import { hintOf, mainActionOf } from '../../src/ui/domino-game/table/guidance.js';
import { makeDeal } from '../engine/helpers/tiles.js';
import { act, stateOf } from './states.js';

const t = ENGLISH;

// Seat 0 must open with 6-6 (the highest double); seat 1 then has no six: it draws 6-1 (then plays it).
function dealt(houseRules = {}): MatchState {
  return createMatch({
    variant: 'draw',
    players: 2,
    houseRules,
    deal: makeDeal(['6-6 0-0 1-1 2-2 3-3 6-0 5-0', '5-5 4-4 4-3 3-2 2-1 1-0 5-4'], '6-1'),
  });
}

describe('mainActionOf', () => {
  test('after a round: Next round; after the match: New game, whatever the moves', () => {
    assert.deepEqual(mainActionOf('roundOver', []), { action: 'next-round', label: 'nextRound' });
    assert.deepEqual(mainActionOf('matchOver', [{ type: 'draw' }]), { action: 'new-match', label: 'newGame' });
  });

  test('Draw or Pass when that is the only move', () => {
    assert.deepEqual(mainActionOf('playing', [{ type: 'draw' }]), { action: 'draw', label: 'draw' });
    assert.deepEqual(mainActionOf('playing', [{ type: 'pass' }]), { action: 'pass', label: 'pass' });
  });

  test('no button while tiles can be played, or when there is nothing to do', () => {
    const leading = legalMoves(dealt());
    assert.ok(leading.length > 0 && leading.every((m) => m.type === 'play'));
    assert.equal(mainActionOf('playing', leading), null);
    assert.equal(mainActionOf('playing', []), null);
    assert.equal(mainActionOf('dealing', []), null);
  });
});

describe('hintOf', () => {
  test('the leader is told which tile opens the round', () => {
    assert.equal(hintOf(t, stateOf(dealt(), 0)), 'You lead: open the round with 6-6.');
  });

  test('a leader free to open with any tile (a later round) is told just to open it', () => {
    const state = stateOf(dealt(), 0);
    const anyTile = { ...state, view: { ...state.view, round: { ...state.view.round, lead: null } } };
    assert.equal(hintOf(t, anyTile), 'You lead: tap a tile to open the round.');
  });

  test('while another seat is to act, the hint names who to wait for', () => {
    assert.equal(hintOf(t, stateOf(dealt(), 1)), 'Wait for Computer 0.');
    assert.equal(hintOf(t, stateOf(act(dealt(), 'play 6-6@lead'), 0)), 'Wait for Computer 1.');
  });

  test('a seat that must draw is told how, by the draw mode', () => {
    const mustDraw = act(dealt(), 'play 6-6@lead');
    assert.equal(hintOf(t, stateOf(mustDraw, 1)), "Can't play? Draw from the boneyard until a tile fits.");
    const drawOne = act(dealt({ drawMode: 'drawOne' }), 'play 6-6@lead');
    assert.equal(hintOf(t, stateOf(drawOne, 1)), "Can't play? Draw one tile from the boneyard.");
  });

  test('with a tile that fits: play it; once a tile is picked: choose its place', () => {
    const canPlay = act(act(dealt(), 'play 6-6@lead'), 'draw');
    assert.equal(hintOf(t, stateOf(canPlay, 1)), 'Tap a glowing tile to play it.');
    assert.equal(hintOf(t, stateOf(canPlay, 1), { choosing: true }), 'Choose where the tile goes.');
  });

  test('a seat that can neither play nor draw is told to pass', () => {
    const blocked = stateOf(act(dealt(), 'play 6-6@lead'), 1, { legal: [{ type: 'pass' }] });
    assert.equal(hintOf(t, blocked), 'No tile fits and nothing can be drawn: pass.');
  });

  test('the phase wins over the turn: dealing, round over, match over', () => {
    const game = dealt();
    assert.equal(hintOf(t, stateOf(game, 0, { phase: 'dealing' })), 'The tiles are being dealt…');
    assert.equal(hintOf(t, stateOf(game, 0, { phase: 'roundOver' })), 'The round is over. All hands are shown.');
    assert.equal(hintOf(t, stateOf(game, 0, { phase: 'matchOver' })), 'The match is over.');
  });
});
