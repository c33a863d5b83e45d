/** onlineStateOf, what the root renders of a room's match: a seat's moves, a spectator's nobody's seat. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMatch, playerView, spectatorView } from '../../src/engine/index.js';
import { onlineStateOf, watchedView, WATCHING_SEAT, type OnlineFacts } from '../../src/ui/session/online-state.js';

const game = createMatch({ variant: 'draw', players: 2, target: 100, seed: 'online-state' });
const turn = game.turn!;
const facts = (changes: Partial<OnlineFacts>): OnlineFacts => ({ view: playerView(game, turn), seat: turn, watching: null, room: null, awaitingMove: false, rejection: null, ...changes });

test('the seat to act is offered its moves, but none while a move it sent is unanswered', () => {
  assert.ok(onlineStateOf(facts({}))!.legal.length > 0);
  assert.deepEqual(onlineStateOf(facts({ awaitingMove: true }))!.legal, []);
  assert.deepEqual(onlineStateOf(facts({ view: playerView(game, 1 - turn), seat: 1 - turn }))!.legal, [], 'not its turn');
});

test('nothing to render without a view, or without a seat held or a room watched', () => {
  assert.equal(onlineStateOf(facts({ view: null })), null);
  assert.equal(onlineStateOf(facts({ seat: null })), null);
});

test('a spectator is shown nobody’s seat, with no hand and no moves', () => {
  const view = watchedView(spectatorView(game));
  const state = onlineStateOf(facts({ view, seat: null, watching: 'room' }))!;
  assert.equal(state.seat, WATCHING_SEAT);
  assert.equal(state.view.seat, WATCHING_SEAT);
  assert.deepEqual(state.view.hand, []);
  assert.deepEqual(state.legal, []);
});
