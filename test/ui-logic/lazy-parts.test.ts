/**
 * LazyParts: a part that cannot load says so once, leaves the game going, and the notice goes once a
 * part loads; what the first moves need is asked for once the table is playable, when the page is idle.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MessageKey, Translator } from '../../src/i18n/index.js';
import { LazyParts } from '../../src/ui/domino-game/lazy-parts.js';

function setUp(loadFirstMoves: () => Promise<unknown> = () => Promise.resolve(), tablePlayable: () => boolean = () => true) {
  const said: MessageKey[] = [];
  let renders = 0;
  const host = {
    renderRoot: {} as DocumentFragment,
    addController: () => undefined,
    removeController: () => undefined,
    requestUpdate: () => void renders++,
    updateComplete: Promise.resolve(true),
  };
  const t = () => ({ t: (key: MessageKey) => key }) as unknown as Translator;
  return { parts: new LazyParts({ element: host, t, announce: (text) => void said.push(text as MessageKey), loadFirstMoves, tablePlayable }), said, renders: () => renders };
}

test('a part that fails to load: the problem is shown and said, and false comes back; the next part that loads clears it', async () => {
  const { parts, said, renders } = setUp();
  const warn = console.warn;
  const warnings: unknown[] = [];
  console.warn = (...args: unknown[]) => void warnings.push(args);
  try {
    assert.equal(await parts.load(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))), false);
  } finally {
    console.warn = warn;
  }
  assert.equal(parts.problem, 'loadFailed');
  assert.deepEqual(said, ['loadFailed']);
  assert.equal(warnings.length, 1, 'the developer hears why');
  assert.equal(renders(), 1);

  let loaded = false;
  assert.equal(await parts.load(async () => void (loaded = true)), true);
  assert.equal(loaded, true);
  assert.equal(parts.problem, '');
  assert.deepEqual(said, ['loadFailed'], 'a load is not announced');
  assert.equal(renders(), 2);
});

test('the texts shown on demand load (English is built in)', async () => {
  const { parts } = setUp();
  assert.equal(await parts.texts(), true);
  assert.equal(parts.problem, '');
});

test('once the table is playable, what the first moves need is asked for once, when idle; a failure is said', async () => {
  let asked = 0;
  let playable = false;
  const { parts, said, renders } = setUp(
    () => {
      asked++;
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    },
    () => playable,
  );
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    parts.hostUpdated();
    await new Promise((resolve) => setTimeout(resolve, 1));
    assert.equal(asked, 0, 'the first screen is up, the tiles still dealt: not yet');
    playable = true;
    parts.hostUpdated();
    parts.hostUpdated();
    assert.equal(asked, 0, 'not during the update: when the page is next idle');
    await new Promise((resolve) => setTimeout(resolve, 1));
    assert.equal(asked, 1, 'once, whatever the updates');
    await new Promise((resolve) => setTimeout(resolve, 1));
  } finally {
    console.warn = warn;
  }
  assert.equal(parts.problem, 'loadFailed');
  assert.deepEqual(said, ['loadFailed']);
  assert.equal(renders(), 1, 'the notice shows');
});
