/** Numbers and plurals as each language writes them; English small whole numbers skip Intl for speed. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Formatter } from '../../src/i18n/index.js';

describe('Formatter', () => {
  test('English numbers read exactly as Intl.NumberFormat writes them', () => {
    const english = new Formatter('en');
    const intl = new Intl.NumberFormat('en');
    for (let n = -1500; n <= 1500; n++) assert.equal(english.number(n), intl.format(n), String(n));
    for (const n of [0.5, 12345.678, 1e6, -0.25]) assert.equal(english.number(n), intl.format(n), String(n));
  });

  test('other languages use their own digits and grouping', () => {
    assert.equal(new Formatter('de').number(1234), new Intl.NumberFormat('de').format(1234));
    assert.equal(new Formatter('fa').number(42), new Intl.NumberFormat('fa').format(42));
    assert.notEqual(new Formatter('fa').number(42), '42', 'Persian digits');
  });

  test('plural forms by the language, numbers in the placeholders', () => {
    const message = { one: '{count} tile', other: '{count} tiles' };
    const english = new Formatter('en');
    assert.equal(english.format(message, { count: 1 }), '1 tile');
    assert.equal(english.format(message, { count: 7 }), '7 tiles');
    assert.equal(english.format(message, { count: 1200 }), '1,200 tiles');
    const russian = new Formatter('ru');
    const stones = { one: '{count} камень', few: '{count} камня', many: '{count} камней', other: '{count} камня' };
    assert.deepEqual([1, 3, 5, 21].map((count) => russian.format(stones, { count })), ['1 камень', '3 камня', '5 камней', '21 камень']);
    assert.equal(english.format('{name} played {tile}.', { name: 'You', tile: '6-3' }), 'You played 6-3.');
    assert.equal(english.format('{missing} stays', {}), '{missing} stays');
  });
});
