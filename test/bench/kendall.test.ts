import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kendallTauB } from '../../bench/kendall.js';

test('τ-b is 1 for rankings in the same order, −1 for reversed ones, whatever the scale', () => {
  assert.equal(kendallTauB([1, 2, 3, 4], [10, 20, 30, 400]), 1);
  assert.equal(kendallTauB([1, 2, 3, 4], [4, 3, 2, 1]), -1);
});

test('τ-b counts concordant less discordant pairs over all pairs when nothing is tied', () => {
  // Pairs: 6 concordant, 4 discordant, of 10.
  assert.equal(kendallTauB([1, 2, 3, 4, 5], [3, 4, 1, 2, 5]), 0.2);
});

test('τ-b leaves the pairs a ranking ties out of its denominator', () => {
  // x ties two pairs; the other four agree: 4 / √((6 − 2) · 6), as scipy.stats.kendalltau gives.
  assert.ok(Math.abs(kendallTauB([1, 1, 2, 2], [1, 2, 3, 4]) - 4 / Math.sqrt(24)) < 1e-12);
  // Tied in both: counted in both denominators' ties, neither concordant nor discordant.
  assert.ok(Math.abs(kendallTauB([1, 1, 2], [5, 5, 6]) - 1) < 1e-12);
});

test('τ-b is undefined when a ranking ties everything, and refuses rankings of different lengths', () => {
  assert.ok(Number.isNaN(kendallTauB([1, 1, 1], [1, 2, 3])));
  assert.throws(() => kendallTauB([1, 2], [1, 2, 3]), /2 values against 3/);
  assert.throws(() => kendallTauB([1], [1]), /at least two/);
});
