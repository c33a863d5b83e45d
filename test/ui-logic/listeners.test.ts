/**
 * Listeners (src/ui/session/session.ts): a listener that throws is reported and every other listener
 * still hears the news, in order.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Listeners } from '../../src/ui/session/session.js';

test('a listener that throws is reported, and the others still hear it', () => {
  const listeners = new Listeners<number>();
  const heard: string[] = [];
  listeners.add((n) => heard.push(`first ${n}`));
  listeners.add(() => {
    throw new Error('broken listener');
  });
  listeners.add((n) => heard.push(`third ${n}`));
  const reported: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => reported.push(args[1]);
  try {
    listeners.notify(7);
  } finally {
    console.error = original;
  }
  assert.deepEqual(heard, ['first 7', 'third 7']);
  assert.equal(reported.length, 1);
  assert.match(String(reported[0]), /broken listener/);
});

test('a removed listener hears nothing more', () => {
  const listeners = new Listeners<string>();
  const heard: string[] = [];
  const remove = listeners.add((s) => heard.push(s));
  listeners.notify('a');
  remove();
  listeners.notify('b');
  assert.deepEqual(heard, ['a']);
});
