/**
 * The widget's texts keep the order of the events (src/ui/domino-game/in-order.ts): a round's result
 * whose words are still loading holds back the lead of the next round, which used to be said first
 * (and the line under the table then went back to the result).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InOrder } from '../../src/ui/domino-game/in-order.js';

function deferred(): { promise: Promise<string>; resolve: (text: string) => void; reject: (error: Error) => void } {
  let resolve!: (text: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('a text at hand is told at once when nothing waits', () => {
  const told: string[] = [];
  const order = new InOrder<string>((item, text) => told.push(`${item}: ${text}`));
  order.add('move', 'Ann played 6–4');
  order.add('turn', 'Your turn');
  assert.deepEqual(told, ['move: Ann played 6–4', 'turn: Your turn']);
});

test('texts given after one still loading wait for it, and come in the order given', async () => {
  const told: string[] = [];
  const order = new InOrder<string>((item, text) => told.push(`${item}: ${text}`));
  const result = deferred();
  order.add('move', 'Computer 2 played 3–3');
  order.add('roundEnd', result.promise);
  order.add('move', 'Computer 1 led 5–5');
  order.add('turn', 'Your turn');
  await settle();
  assert.deepEqual(told, ['move: Computer 2 played 3–3'], 'nothing after the result before it is ready');
  result.resolve('Computer 2 went out: 59 points.');
  await settle();
  assert.deepEqual(told, ['move: Computer 2 played 3–3', 'roundEnd: Computer 2 went out: 59 points.', 'move: Computer 1 led 5–5', 'turn: Your turn']);
  // Everything told: the next text is told at once again.
  order.add('move', 'You played 5–1');
  assert.equal(told[told.length - 1], 'move: You played 5–1');
});

test('a text that fails to come is skipped; the ones after it are still told, in order', async () => {
  const told: string[] = [];
  const order = new InOrder<string>((item, text) => told.push(`${item}: ${text}`));
  const first = deferred();
  const second = deferred();
  order.add('roundEnd', first.promise);
  order.add('matchEnd', second.promise);
  order.add('turn', 'Your turn');
  second.resolve('You won the match.');
  await settle();
  assert.deepEqual(told, [], 'the second waits for the first');
  first.reject(new Error('the summary could not be loaded'));
  await settle();
  assert.deepEqual(told, ['matchEnd: You won the match.', 'turn: Your turn']);
});

test('a text that does not come in time is skipped, so nothing after it stays unsaid', async (t) => {
  // The wait is on a mocked clock: on a busy machine a real 50 ms could pass before the first look.
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const told: string[] = [];
  const order = new InOrder<string>((item, text) => told.push(`${item}: ${text}`), 50);
  const never = new Promise<string>(() => undefined);
  order.add('roundEnd', never);
  order.add('move', 'Computer 1 led 5–5');
  await settle();
  t.mock.timers.tick(49);
  await settle();
  assert.deepEqual(told, [], 'it waits first');
  t.mock.timers.tick(1);
  await settle();
  await settle();
  assert.deepEqual(told, ['move: Computer 1 led 5–5']);
});

test('a tell that throws is reported, and the texts after it are still told', async (t) => {
  const reported = t.mock.method(console, 'error', () => undefined);
  const told: string[] = [];
  const order = new InOrder<string>((item, text) => {
    if (item === 'broken') throw new Error('no live region');
    told.push(`${item}: ${text}`);
  });
  order.add('roundEnd', Promise.resolve('You won the round.'));
  order.add('broken', 'a text');
  order.add('move', 'Computer 1 led 5–5');
  await settle();
  assert.deepEqual(told, ['roundEnd: You won the round.', 'move: Computer 1 led 5–5']);
  assert.equal(reported.mock.callCount(), 1);
});
