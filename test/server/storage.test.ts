/**
 * The room stores' contract (src/server/storage/store.ts), the same for MemoryStore and SqliteStore:
 * a save lands only on the version it was made on (compare-and-set), `expected` 0 only creates, a
 * room past its expiry is absent (it loads as null, a save made on it fails, its id may be taken
 * again) and sweep removes it; SQLite keeps rooms across a reopen of its file.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { MemoryStore } from '../../src/server/storage/memory.js';
import { SqliteStore } from '../../src/server/storage/sqlite.js';
import type { RoomStore } from '../../src/server/storage/store.js';

interface Value {
  n: number;
  list?: number[];
}

const dir = mkdtempSync(join(tmpdir(), 'domino-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));

class Clock {
  constructor(public ms = 1_000_000) {}
  now = () => this.ms;
}

const STORES: [string, (clock: Clock, file?: string) => RoomStore<Value>][] = [
  ['MemoryStore', (clock) => new MemoryStore<Value>(clock.now)],
  ['SqliteStore', (clock, file) => new SqliteStore<Value>(file ?? ':memory:', clock.now)],
];

for (const [name, make] of STORES) {
  describe(name, () => {
    test('expected 0 creates a room, once', async () => {
      const clock = new Clock();
      const store = make(clock);
      assert.equal(await store.load('r'), null);
      assert.equal(await store.save('r', { n: 1 }, 0, clock.ms + 1000), 1);
      assert.deepEqual(await store.load('r'), { version: 1, value: { n: 1 } });
      assert.equal(await store.save('r', { n: 2 }, 0, clock.ms + 1000), null, 'expected 0 on an existing room');
      assert.deepEqual(await store.load('r'), { version: 1, value: { n: 1 } });
      await store.close();
    });

    test('a save lands only on the version it was made on', async () => {
      const clock = new Clock();
      const store = make(clock);
      await store.save('r', { n: 1 }, 0, clock.ms + 1000);
      const first = (await store.load('r'))!;
      const second = (await store.load('r'))!;
      assert.equal(await store.save('r', { n: first.value.n + 1 }, first.version, clock.ms + 1000), 2);
      // The other change was made on version 1, which is gone: it must be done again on the fresh state.
      assert.equal(await store.save('r', { n: second.value.n + 10 }, second.version, clock.ms + 1000), null);
      for (const wrong of [0, 3, 99, -1]) assert.equal(await store.save('r', { n: 99 }, wrong, clock.ms + 1000), null, `expected ${wrong}`);
      assert.deepEqual(await store.load('r'), { version: 2, value: { n: 2 } });
      assert.equal(await store.save('r', { n: 3 }, 2, clock.ms + 1000), 3);
      assert.equal(await store.save('other', { n: 1 }, 1, clock.ms + 1000), null, 'a version of a room that does not exist');
      assert.equal(await store.load('other'), null);
      await store.close();
    });

    test('a stored room is a copy: changing what was saved or loaded changes nothing stored', async () => {
      const clock = new Clock();
      const store = make(clock);
      const value = { n: 1, list: [1, 2] };
      await store.save('r', value, 0, clock.ms + 1000);
      value.list.push(3);
      const loaded = (await store.load('r'))!;
      loaded.value.list!.push(4);
      assert.deepEqual((await store.load('r'))!.value, { n: 1, list: [1, 2] });
      await store.close();
    });

    test('a room past its expiry is absent, and sweep removes it', async () => {
      const clock = new Clock();
      const store = make(clock);
      await store.save('old', { n: 1 }, 0, clock.ms + 100);
      await store.save('live', { n: 1 }, 0, clock.ms + 10_000);
      const before = (await store.load('old'))!;
      assert.equal(await store.count(), 2);
      clock.ms += 99;
      assert.notEqual(await store.load('old'), null, 'not yet expired');
      clock.ms += 1;
      assert.equal(await store.load('old'), null, 'expired at expiresAt');
      assert.equal(await store.count(), 1);
      // A change loaded before the expiry and saved after it finds the room gone.
      assert.equal(await store.save('old', { n: 2 }, before.version, clock.ms + 100), null, 'a save on an expired room');
      assert.equal(await store.load('old'), null);
      assert.equal(await store.sweep(clock.ms), 1);
      assert.equal(await store.sweep(clock.ms), 0);
      assert.deepEqual(await store.load('live'), { version: 1, value: { n: 1 } });
      assert.equal(await store.count(), 1);
      await store.close();
    });

    test('an expired room not yet swept counts as absent: its id may be created again', async () => {
      const clock = new Clock();
      const store = make(clock);
      await store.save('r', { n: 1 }, 0, clock.ms + 100);
      assert.equal(await store.save('r', { n: 2 }, 1, clock.ms + 100), 2);
      clock.ms += 100;
      const version = await store.save('r', { n: 3 }, 0, clock.ms + 100);
      assert.notEqual(version, null);
      assert.deepEqual(await store.load('r'), { version, value: { n: 3 } });
      assert.equal(await store.save('r', { n: 4 }, 0, clock.ms + 100), null, 'created once');
      assert.equal(await store.sweep(clock.ms), 0, 'the new room is not expired');
      await store.close();
    });

    test('a save sets the expiry anew', async () => {
      const clock = new Clock();
      const store = make(clock);
      await store.save('r', { n: 1 }, 0, clock.ms + 100);
      clock.ms += 50;
      await store.save('r', { n: 2 }, 1, clock.ms + 100);
      clock.ms += 60;
      assert.deepEqual(await store.load('r'), { version: 2, value: { n: 2 } });
      assert.equal(await store.sweep(clock.ms), 0);
      clock.ms += 40;
      assert.equal(await store.load('r'), null);
      assert.equal(await store.sweep(clock.ms), 1);
      await store.close();
    });
  });
}

test('SqliteStore keeps rooms, versions and expiries across a reopen of its file', async () => {
  const clock = new Clock();
  const file = join(dir, 'nested', 'rooms.sqlite');
  const first = new SqliteStore<Value>(file, clock.now);
  await first.save('a', { n: 1 }, 0, clock.ms + 1000);
  await first.save('a', { n: 2 }, 1, clock.ms + 1000);
  await first.save('b', { n: 1 }, 0, clock.ms + 10);
  await first.close();
  const second = new SqliteStore<Value>(file, clock.now);
  assert.deepEqual(await second.load('a'), { version: 2, value: { n: 2 } });
  assert.equal(await second.save('a', { n: 3 }, 1, clock.ms + 1000), null);
  clock.ms += 10;
  assert.equal(await second.load('b'), null);
  assert.equal(await second.count(), 1);
  await second.close();
});
