import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rovingIndex } from '../../src/ui/controllers/roving.js';

test('arrows step and wrap, mirrored right to left; Home and End jump; other keys do nothing', () => {
  assert.equal(rovingIndex('ArrowRight', 0, 3, false), 1);
  assert.equal(rovingIndex('ArrowRight', 2, 3, false), 0);
  assert.equal(rovingIndex('ArrowLeft', 0, 3, false), 2);
  assert.equal(rovingIndex('ArrowRight', 0, 3, true), 2, 'in right-to-left, right goes back');
  assert.equal(rovingIndex('ArrowLeft', 0, 3, true), 1);
  assert.equal(rovingIndex('ArrowDown', 1, 3, true), 2);
  assert.equal(rovingIndex('ArrowUp', 1, 3, false), 0);
  assert.equal(rovingIndex('Home', 2, 3, false), 0);
  assert.equal(rovingIndex('End', 0, 3, false), 2);
  assert.equal(rovingIndex('Enter', 0, 3, false), null);
  assert.equal(rovingIndex('ArrowRight', 0, 0, false), null, 'an empty group');
});
