import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RovingFocusController, rovingIndex } from '../../src/ui/controllers/roving.js';

test('arrows step and wrap, mirrored right to left; Home and End jump; other keys do nothing', () => {
  assert.equal(rovingIndex('ArrowRight', 0, 3, { rtl: false }), 1);
  assert.equal(rovingIndex('ArrowRight', 2, 3, { rtl: false }), 0);
  assert.equal(rovingIndex('ArrowLeft', 0, 3, { rtl: false }), 2);
  assert.equal(rovingIndex('ArrowRight', 0, 3, { rtl: true }), 2, 'in right-to-left, right goes back');
  assert.equal(rovingIndex('ArrowLeft', 0, 3, { rtl: true }), 1);
  assert.equal(rovingIndex('ArrowDown', 1, 3, { rtl: true }), 2);
  assert.equal(rovingIndex('ArrowUp', 1, 3, { rtl: false }), 0);
  assert.equal(rovingIndex('Home', 2, 3, { rtl: false }), 0);
  assert.equal(rovingIndex('End', 0, 3, { rtl: false }), 2);
  assert.equal(rovingIndex('Enter', 0, 3, { rtl: false }), null);
  assert.equal(rovingIndex('ArrowRight', 0, 0, { rtl: false }), null, 'an empty group');
});

/** A host as Lit gives one, rendering on request; its items record which of them got the focus. */
function fakeHost(count: number, rtl = false) {
  const focused: number[] = [];
  let items = Array.from({ length: count }, (_, i) => ({ focus: () => focused.push(i) }));
  const controllers: { hostUpdate?: () => void }[] = [];
  const host = {
    addController: (c: { hostUpdate?: () => void }) => controllers.push(c),
    removeController: () => undefined,
    requestUpdate: () => undefined,
    updateComplete: Promise.resolve(true),
    // What isRightToLeft reads.
    direction: rtl ? 'rtl' : 'ltr',
  };
  const render = () => controllers.forEach((c) => c.hostUpdate?.());
  const resize = (n: number) => {
    count = n;
    items = items.slice(0, n);
  };
  return { host, focused, render, resize, count: () => count, items: () => items as unknown as HTMLElement[] };
}

function key(name: string) {
  let prevented = false;
  return { event: { key: name, preventDefault: () => (prevented = true) } as unknown as KeyboardEvent, prevented: () => prevented };
}

test('RovingFocusController: one tab stop, arrows move it and the focus, other keys are left to the host', async () => {
  const original = globalThis.getComputedStyle;
  globalThis.getComputedStyle = ((element: { direction: string }) => ({ direction: element.direction })) as never;
  try {
    const fake = fakeHost(3);
    const roving = new RovingFocusController(fake.host as never, fake.count, fake.items);
    fake.render();
    assert.deepEqual([0, 1, 2].map((i) => roving.tabIndex(i)), [0, -1, -1]);
    const left = key('ArrowLeft');
    roving.keydown(left.event);
    assert.equal(left.prevented(), true);
    await Promise.resolve();
    assert.deepEqual([0, 1, 2].map((i) => roving.tabIndex(i)), [-1, -1, 0], 'wraps to the last');
    assert.deepEqual(fake.focused, [2]);
    const enter = key('Enter');
    roving.keydown(enter.event);
    assert.equal(enter.prevented(), false, 'Enter is the item’s own');
    roving.focused(1);
    assert.deepEqual([0, 1, 2].map((i) => roving.tabIndex(i)), [-1, 0, -1], 'a clicked item becomes the tab stop');

    const mirrored = fakeHost(3, true);
    const rtl = new RovingFocusController(mirrored.host as never, mirrored.count, mirrored.items);
    rtl.keydown(key('ArrowLeft').event);
    await Promise.resolve();
    assert.equal(rtl.tabIndex(1), 0, 'right to left: left steps forward');
  } finally {
    globalThis.getComputedStyle = original;
  }
});

test('RovingFocusController: when items go, the tab stop moves to the nearest one left; asked for one past the end, the last', async () => {
  const fake = fakeHost(5);
  const roving = new RovingFocusController(fake.host as never, fake.count, fake.items);
  roving.focused(4);
  fake.resize(2);
  fake.render();
  assert.equal(roving.tabIndex(1), 0);
  await roving.focus(7);
  assert.equal(roving.tabIndex(1), 0);
  assert.deepEqual(fake.focused, [1]);
  fake.resize(0);
  fake.render();
  assert.equal(roving.tabIndex(0), 0, 'an empty group keeps a tab stop for its next items');
  await roving.focus();
  assert.deepEqual(fake.focused, [1], 'nothing to focus');
});
