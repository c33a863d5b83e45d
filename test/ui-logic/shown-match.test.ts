/** ShownMatch, the news of the match the root shows: each event with the state after it, and the switch to or from online play. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMatch } from '../../src/engine/index.js';
import { ShownMatch } from '../../src/ui/domino-game/shown-match.js';
import type { MatchEmitted, SessionState } from '../../src/ui/session/session.js';
import { stateOf } from './states.js';

const turn: MatchEmitted = { type: 'turn', seat: 0, yours: true };

test('each subscriber hears each event with the state of the match shown now; none before there is a state', () => {
  let state: SessionState | null = null;
  const shown = new ShownMatch(() => state);
  const heard: string[] = [];
  shown.onMatchEvent((event, at) => void heard.push(`a ${event.type} ${at.view.round.number}`));
  const stop = shown.onMatchEvent((event) => void heard.push(`b ${event.type}`));
  shown.hearEvent(turn);
  assert.deepEqual(heard, [], 'no state yet: nothing to hear it with');

  state = stateOf(createMatch({ variant: 'draw', players: 2, seed: 'shown' }), 0);
  shown.hearEvent(turn);
  assert.deepEqual(heard, ['a turn 1', 'b turn']);
  stop();
  shown.hearEvent(turn);
  assert.deepEqual(heard, ['a turn 1', 'b turn', 'a turn 1'], 'unsubscribed: b hears no more');
});

test('a subscriber that throws is reported, and the others still hear the event; a switch is heard by its own subscribers', (t) => {
  const errors = t.mock.method(console, 'error', () => undefined);
  const shown = new ShownMatch(() => stateOf(createMatch({ variant: 'draw', players: 2, seed: 'shown' }), 0));
  const heard: string[] = [];
  shown.onMatchEvent(() => {
    throw new Error('a part failed');
  });
  shown.onMatchEvent((event) => void heard.push(event.type));
  shown.onSwitch(() => void heard.push('switch'));
  shown.hearEvent(turn);
  shown.switched();
  assert.deepEqual(heard, ['turn', 'switch']);
  assert.equal(errors.mock.callCount(), 1);
});
