/**
 * The rooms' one scheduler: jobs run in time order, one a key; setting a key again moves its job,
 * cancelling takes it out, and a replaced job is let go at once (the heap held every replaced job
 * until its time came, and with it the room state its closure kept: memory grew with every move).
 */
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { Scheduler } from '../src/rooms/scheduler.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('Scheduler', () => {
  let clock = 0;
  let scheduler: Scheduler;
  const advance = (ms: number) => {
    clock += ms;
    mock.timers.tick(ms);
  };
  beforeEach(() => {
    clock = 1_000;
    mock.timers.enable({ apis: ['setTimeout'] });
    scheduler = new Scheduler(() => clock);
  });
  afterEach(() => {
    scheduler.stop();
    mock.timers.reset();
  });

  test('runs each key’s job at its time, earliest first, many keys in random order', () => {
    const ran: string[] = [];
    const times = Array.from({ length: 200 }, (_, i) => ({ key: `room ${i}`, at: 1_000 + ((i * 7919) % 1000) }));
    for (const { key, at } of times) scheduler.set(key, at, () => ran.push(key));
    assert.equal(scheduler.size, 200);
    advance(499);
    const expected = [...times].sort((a, b) => a.at - b.at || a.key.localeCompare(b.key));
    assert.deepEqual(new Set(ran), new Set(expected.filter((t) => t.at <= 1_499).map((t) => t.key)));
    advance(1_000);
    const at = new Map(times.map((t) => [t.key, t.at]));
    assert.equal(ran.length, 200);
    for (let i = 1; i < ran.length; i++) assert.ok(at.get(ran[i - 1]!)! <= at.get(ran[i]!)!, 'in time order');
    assert.equal(scheduler.size, 0);
  });

  test('setting a key again replaces its job, earlier or later; cancel takes it out', () => {
    const ran: string[] = [];
    scheduler.set('a', 1_500, () => ran.push('a first'));
    scheduler.set('b', 1_200, () => ran.push('b'));
    scheduler.set('a', 1_100, () => ran.push('a sooner'));
    scheduler.set('c', 1_300, () => ran.push('c'));
    scheduler.set('c', 1_900, () => ran.push('c later'));
    scheduler.set('d', 1_400, () => ran.push('d'));
    scheduler.cancel('d');
    assert.equal(scheduler.at('c'), 1_900);
    assert.equal(scheduler.at('d'), null);
    assert.equal(scheduler.size, 3);
    advance(1_000);
    assert.deepEqual(ran, ['a sooner', 'b', 'c later']);
  });

  test('a job whose time has passed runs at once; a job may set its key again', () => {
    const ran: number[] = [];
    const again = () => {
      ran.push(clock);
      if (ran.length < 3) scheduler.set('room', clock + 100, again);
    };
    scheduler.set('room', 0, again);
    advance(0);
    advance(100);
    advance(100);
    advance(100);
    assert.deepEqual(ran, [1_000, 1_100, 1_200]);
  });

  test('a replaced or cancelled job is let go at once, with what its closure holds', async () => {
    const held: WeakRef<object>[] = [];
    // Another room's job, sooner, stays at the top of the heap the whole time.
    scheduler.set('sooner', clock + 1_000, () => undefined);
    for (let i = 0; i < 50; i++) {
      const state = { room: 'x', tiles: Array.from({ length: 100 }, (_, t) => t) };
      held.push(new WeakRef(state));
      // Far in the future, as the next deal or a grace period is: the old heap kept these until then.
      scheduler.set(i % 2 ? 'room' : 'other', clock + 60_000 - i, () => void state.tiles.length);
    }
    scheduler.cancel('other');
    // A WeakRef's target lives to the end of the job that made it: collect in a later one.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    const kept = held.filter((ref) => ref.deref() !== undefined).length;
    assert.equal(kept, 1, 'only the last job of "room" still holds its state');
    assert.equal(scheduler.size, 2);
  });
});
