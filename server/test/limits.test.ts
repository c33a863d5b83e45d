/**
 * The per-address limits: the buckets alone (a bucket per address forgets one that refilled, and
 * keeps few) and the grouping of addresses (an IPv6 /64 is one sender, an IPv4-mapped address is its
 * IPv4 one).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addressGroup } from '../src/address-group.js';
import { BucketPerAddress, TokenBucket } from '../src/limits.js';
import { ManualClock } from './in-process-server.js';

describe('buckets', () => {
  test('a token bucket refills at its rate up to its burst; canTake takes nothing', () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket(2, 3, clock.now);
    assert.equal(bucket.canTake(), true);
    assert.deepEqual([bucket.take(), bucket.take(), bucket.take(), bucket.take()], [true, true, true, false]);
    clock.advance(250);
    assert.equal(bucket.canTake(), false, 'half a token');
    clock.advance(250);
    assert.equal(bucket.canTake(), true);
    assert.equal(bucket.canTake(), true, 'looking took nothing');
    assert.equal(bucket.take(), true);
    assert.equal(bucket.fullAt, 500 + 1500);
    clock.advance(60_000);
    assert.deepEqual([bucket.take(), bucket.take(), bucket.take(), bucket.take()], [true, true, true, false], 'never more than the burst');
  });

  test('a bucket per address: each its own; one that refilled is forgotten, one that has not is kept', () => {
    const clock = new ManualClock();
    const buckets = new BucketPerAddress({ perSecond: 2, burst: 3, now: clock.now });
    assert.deepEqual([buckets.take('a'), buckets.take('a'), buckets.take('a'), buckets.take('a')], [true, true, true, false]);
    assert.equal(buckets.take('b'), true, 'another address has its own');
    assert.equal(buckets.size, 2);
    clock.advance(500);
    assert.equal(buckets.take('b'), true);
    // a: empty at 0, full at 1500; b: 2 of 3 at 500, full at 1000.
    clock.advance(999);
    assert.equal(buckets.take('c'), true);
    assert.equal(buckets.size, 3, 'a is not full at 1499, and b, used after it, waits behind it');
    assert.deepEqual([buckets.take('a'), buckets.take('a'), buckets.take('a')], [true, true, false], "a remembered: 2.998 tokens, not a new bucket's 3");
    clock.advance(1500);
    assert.equal(buckets.take('d'), true);
    assert.equal(buckets.size, 1, 'a, b and c all refilled: forgotten');
  });

  test('a bucket per address remembers at most `most` addresses', () => {
    const clock = new ManualClock();
    const buckets = new BucketPerAddress({ perSecond: 1, burst: 1, now: clock.now, most: 100 });
    for (let i = 0; i < 10_000; i++) buckets.take(`10.0.${i >> 8}.${i & 255}`);
    assert.equal(buckets.size, 100);
  });
});

describe('address groups', () => {
  test('IPv4 is its own group; IPv4-mapped IPv6 counts as its IPv4 address', () => {
    assert.equal(addressGroup('203.0.113.9'), '203.0.113.9');
    assert.equal(addressGroup('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(addressGroup('::FFFF:cb00:7109'), '203.0.113.9');
    assert.equal(addressGroup('0:0:0:0:0:ffff:203.0.113.9'), '203.0.113.9');
    assert.notEqual(addressGroup('203.0.113.9'), addressGroup('203.0.113.10'));
  });

  test('IPv6 counts by its /64, however written; another /64 is another group', () => {
    const one = addressGroup('2001:db8:1:2::a');
    for (const same of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:1', '2001:db8:1:2::', '2001:db8:1:2::1.2.3.4', '2001:db8:1:2::1%eth0']) {
      assert.equal(addressGroup(same), one, same);
    }
    assert.equal(one, '2001:db8:1:2::/64');
    assert.notEqual(addressGroup('2001:db8:1:3::a'), one);
    assert.notEqual(addressGroup('2001:db8::1:2:0:0'), one, 'the same digits in the low half');
    assert.equal(addressGroup('::'), addressGroup('::1'));
    assert.equal(addressGroup('fe80::1%eth0'), addressGroup('fe80::2%3'));
  });

  test('what is not an IP address is a group of its own, by its text', () => {
    assert.equal(addressGroup('unknown'), 'unknown');
    assert.equal(addressGroup('203.0.113.9:80'), '203.0.113.9:80');
  });
});
