import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { waitedClock } from '../../src/ui/domino-quick-match/waited.js';

describe('the time waited in quick match', () => {
  test('runs as m:ss, the seconds always two digits, the minutes as many as it takes', () => {
    assert.equal(waitedClock('en', 0), '0:00');
    assert.equal(waitedClock('en', 999), '0:00');
    assert.equal(waitedClock('en', 65_000), '1:05');
    assert.equal(waitedClock('en', 61 * 60_000), '61:00');
    assert.equal(waitedClock('en', 10_000 * 60_000), '10000:00', 'no grouping in the minutes');
    assert.equal(waitedClock('en', -5), '0:00', 'a clock that went back shows no time waited');
  });

  test('in the language’s digits', () => {
    assert.equal(waitedClock('ar-EG', 65_000), '١:٠٥');
  });
});
