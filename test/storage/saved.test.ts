import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import {
  browserStore,
  emptyStats,
  loadOnlineSeat,
  readVersioned,
  recordMatch,
  resetStorageWarnings,
  SavedGame,
  type KeyValueStore,
} from '../../src/storage/index.js';

/** localStorage's stand-in. */
function memoryStore(): KeyValueStore {
  const data = new Map<string, string>();
  return {
    read: (key) => data.get(key) ?? null,
    write: (key, value) => (data.set(key, value), true),
    remove: (key) => void data.delete(key),
  };
}

let warnings: string[] = [];
const originalWarn = console.warn;
beforeEach(() => {
  warnings = [];
  resetStorageWarnings();
  console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
});
afterEach(() => {
  console.warn = originalWarn;
});

describe('saved settings, match and statistics', () => {
  test('what is saved comes back', () => {
    const store = memoryStore();
    const saved = new SavedGame(store, 'page#0');
    const stats = recordMatch(recordMatch(emptyStats(), { level: 'hard', variant: 'fives', won: true }), { level: 'easy', variant: 'draw', won: false });
    assert.ok(saved.saveSettings({ variant: 'fives', players: 3, level: 'hard', houseRules: { blockedAward: 'othersOnly' } }));
    assert.ok(saved.saveStats(stats));
    assert.ok(saved.saveMatch({ status: 'active', context: { any: 1 } }));
    const loaded = new SavedGame(store, 'page#0').load();
    assert.deepEqual(loaded.settings, { variant: 'fives', players: 3, level: 'hard', houseRules: { blockedAward: 'othersOnly' } });
    assert.deepEqual(loaded.stats, stats);
    assert.equal(loaded.stats.byLevel.hard.won, 1);
    assert.equal(loaded.stats.byVariant.draw.played, 1);
    assert.deepEqual(loaded.match, { status: 'active', context: { any: 1 } });
    assert.deepEqual(warnings, []);
  });

  test('a match with a hint keeps the flag; a match saved before hints (version 1) still loads, unhinted', () => {
    const store = memoryStore();
    const saved = new SavedGame(store, 'h');
    assert.ok(saved.saveMatch({ status: 'active' }, true));
    assert.equal(JSON.parse(store.read('domino-game:h:match')!).version, 3);
    assert.deepEqual(new SavedGame(store, 'h').load(), { settings: {}, stats: emptyStats(), match: { status: 'active' }, hinted: true, rounds: null });
    store.write('domino-game:h:match', JSON.stringify({ version: 1, data: { status: 'active', context: { old: 1 } } }));
    const old = new SavedGame(store, 'h').load();
    assert.deepEqual([old.match, old.hinted, old.rounds], [{ status: 'active', context: { old: 1 } }, false, null]);
    assert.deepEqual(warnings, []);
  });

  test('a match keeps its round ends (version 3); one saved before them (version 2) loads with them unknown; a malformed list is unknown', () => {
    const store = memoryStore();
    const saved = new SavedGame(store, 'r');
    assert.ok(saved.saveMatch({ status: 'active' }, false, [{ round: 1 }, { round: 2 }]));
    assert.deepEqual(new SavedGame(store, 'r').load().rounds, [{ round: 1 }, { round: 2 }]);
    store.write('domino-game:r:match', JSON.stringify({ version: 2, data: { snapshot: { status: 'active' }, hinted: true } }));
    const old = new SavedGame(store, 'r').load();
    assert.deepEqual([old.match, old.hinted, old.rounds], [{ status: 'active' }, true, null]);
    store.write('domino-game:r:match', JSON.stringify({ version: 3, data: { snapshot: { status: 'active' }, hinted: false, rounds: 'lots' } }));
    assert.equal(new SavedGame(store, 'r').load().rounds, null);
    assert.deepEqual(warnings, []);
  });

  test('a match played with help counts apart: in withHelp, not in its level or variant; older statistics have none', () => {
    const helped = recordMatch(recordMatch(emptyStats(), { level: 'hard', variant: 'fives', won: true, helped: true }), {
      level: 'hard',
      variant: 'fives',
      won: false,
      helped: true,
    });
    assert.deepEqual(helped.withHelp, { played: 2, won: 1 });
    assert.deepEqual(helped.byLevel.hard, { played: 0, won: 0 });
    assert.deepEqual(helped.byVariant.fives, { played: 0, won: 0 });
    const store = memoryStore();
    store.write('domino-game:s:stats', JSON.stringify({ version: 1, data: { byLevel: { easy: { played: 2, won: 1 } }, byVariant: {} } }));
    const loaded = new SavedGame(store, 's').load().stats;
    assert.deepEqual([loaded.byLevel.easy, loaded.withHelp], [{ played: 2, won: 1 }, { played: 0, won: 0 }]);
  });

  test('two widgets (two keys) do not see each other', () => {
    const store = memoryStore();
    new SavedGame(store, 'a').saveSettings({ variant: 'block' });
    assert.deepEqual(new SavedGame(store, 'b').load().settings, {});
  });

  test('corrupt or hand-edited data never throws: it is dropped with one warning, the rest kept', () => {
    const store = memoryStore();
    const saved = new SavedGame(store, 'k');
    saved.saveStats(recordMatch(emptyStats(), { level: 'easy', variant: 'draw', won: true }));
    store.write('domino-game:k:settings', '{not json');
    store.write('domino-game:k:match', JSON.stringify({ version: 99, data: {} }));
    const loaded = saved.load();
    assert.deepEqual(loaded.settings, {});
    assert.equal(loaded.match, null);
    assert.equal(loaded.stats.byLevel.easy.won, 1, 'the statistics survive a broken match entry');
    assert.equal(warnings.length, 2);
    saved.load();
    assert.equal(warnings.length, 2, 'dropped entries are removed: no warning again');
  });

  test('hand-edited values are cleaned, not trusted', () => {
    const store = memoryStore();
    store.write('domino-game:k:settings', JSON.stringify({ version: 1, data: { variant: 'poker', players: 9, level: 'hard', target: -3, houseRules: { drawMode: 'never', blockedTie: 'fewerTilesWins', toString: 'x' } } }));
    store.write('domino-game:k:stats', JSON.stringify({ version: 1, data: { byLevel: { easy: { played: 2, won: 5 }, hard: { played: 3, won: 1 } }, byVariant: 'x' } }));
    const loaded = new SavedGame(store, 'k').load();
    assert.deepEqual(loaded.settings, { level: 'hard', houseRules: { blockedTie: 'fewerTilesWins' } });
    assert.deepEqual(loaded.stats.byLevel.easy, { played: 0, won: 0 }, 'more won than played is nonsense');
    assert.deepEqual(loaded.stats.byLevel.hard, { played: 3, won: 1 });
    assert.deepEqual(loaded.stats.byVariant.draw, { played: 0, won: 0 });
  });

  test('older data is migrated where a migration exists, else dropped with one warning', () => {
    const store = memoryStore();
    store.write('old', JSON.stringify({ version: 1, data: { wins: 3 } }));
    const migrated = readVersioned(store, 'old', 3, { 1: (d) => ({ ...(d as object), v2: true }), 2: (d) => ({ ...(d as object), v3: true }) });
    assert.deepEqual(migrated, { wins: 3, v2: true, v3: true });
    assert.deepEqual(warnings, []);
    assert.equal(readVersioned(store, 'old', 3, { 2: (d) => d }), null);
    assert.equal(warnings.length, 1);
  });

  test('a full quota means the game goes on unsaved, without an exception', () => {
    const store = memoryStore();
    store.write = () => false;
    const saved = new SavedGame(store, 'k');
    assert.equal(saved.saveMatch({ big: 'x'.repeat(1000) }), false);
    assert.deepEqual(saved.load().settings, {});
  });

  test('no storage at all (blocked, sandboxed): browserStore says so instead of throwing', () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      assert.equal(browserStore(), null);
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor);
      else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });

  test('a storage whose writes throw (quota) reports false', () => {
    const data = new Map<string, string>();
    const fake = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => {
        if (k !== '__domino-game-probe__' && v.length > 10) throw new DOMException('full', 'QuotaExceededError');
        data.set(k, v);
      },
      removeItem: (k: string) => void data.delete(k),
    };
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: fake });
    try {
      const store = browserStore()!;
      assert.ok(store);
      assert.equal(store.write('k', 'short'), true);
      assert.equal(store.write('k', 'much too long for this quota'), false);
      assert.equal(store.read('k'), 'short');
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});

describe('the online seat kept to resume', () => {
  const seat = { server: 'https://rooms.example', room: 'A'.repeat(22), token: 'b_-'.repeat(7) + 'c' };

  test('is one more versioned entry beside the others, under <key>:online', () => {
    const store = memoryStore();
    const saved = new SavedGame(store, 'page#0');
    assert.equal(loadOnlineSeat(saved), null);
    assert.ok(saved.saveOnlineSeat(seat));
    assert.deepEqual(JSON.parse(store.read('domino-game:page#0:online')!), { version: 1, data: seat });
    assert.deepEqual(loadOnlineSeat(saved), seat);
    assert.deepEqual(loadOnlineSeat(new SavedGame(store, 'page#1')), null, 'another widget keeps its own');
    saved.dropOnlineSeat();
    assert.equal(store.read('domino-game:page#0:online'), null);
    assert.deepEqual(warnings, []);
  });

  test('an entry that is no seat is dropped with one warning, and the other entries stay', () => {
    for (const data of [{ ...seat, token: 'short' }, { ...seat, room: 7 }, 'a seat', null]) {
      resetStorageWarnings();
      warnings = [];
      const store = memoryStore();
      const saved = new SavedGame(store, 'page#0');
      saved.saveSettings({ variant: 'block' });
      store.write('domino-game:page#0:online', JSON.stringify({ version: 1, data }));
      assert.equal(loadOnlineSeat(saved), null);
      assert.equal(loadOnlineSeat(saved), null);
      if (data !== null) {
        assert.equal(store.read('domino-game:page#0:online'), null, JSON.stringify(data));
        assert.equal(warnings.length, 1);
        assert.match(warnings[0]!, /domino-game:page#0:online could not be used \(not an online seat\)/);
      }
      assert.deepEqual(saved.load().settings, { variant: 'block' });
    }
  });
});
