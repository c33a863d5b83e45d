import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { placeMark } from '../../src/ui/names.js';

const number = (n: number) => `<${n}>`;

describe('placeMark: what a place on the table shows', () => {
  test('in All Fives, the points when the place scores, and a dot (never the pip) when it does not', () => {
    assert.equal(placeMark({ type: 'play', tile: [5, 5], end: 'right', pip: 5, points: 10 }, number), '+<10>');
    assert.equal(placeMark({ type: 'play', tile: [5, 3], end: 'left', pip: 5, points: 0 }, number), '•');
  });
  test('in the other variants, the pip the tile meets; the lead, a dot', () => {
    assert.equal(placeMark({ type: 'play', tile: [6, 4], end: 'left', pip: 4 }, number), '<4>');
    assert.equal(placeMark({ type: 'play', tile: [6, 6], end: 'lead', pip: null }, number), '•');
  });
});
