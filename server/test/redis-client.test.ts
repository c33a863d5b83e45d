/**
 * `--redis-cluster`'s seed nodes: what is taken (host:port, an IPv6 address in brackets, spaces around
 * commas) and what is refused with a clear message, by the parser and by the server at its start
 * (exit code 2, nothing started).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseClusterNodes } from '../src/storage/redis-client.js';
import { freePort } from '../../scripts/local-redis.mjs';
import { startServerProcess } from './harness.js';

test('seed nodes are host:port pairs separated by commas', () => {
  assert.deepEqual(parseClusterNodes('10.0.0.5:6379, redis-b.internal:7001 ,[::1]:7002'), [
    { host: '10.0.0.5', port: 6379 },
    { host: 'redis-b.internal', port: 7001 },
    { host: '::1', port: 7002 },
  ]);
});

test('anything else is refused, naming the part that is wrong', () => {
  for (const [text, wrong] of [['10.0.0.5', '10.0.0.5'], ['a:6379,b', 'b'], ['a:0', 'a:0'], ['a:65536', 'a:65536'], ['a:63x', 'a:63x'], ['::1:6379', '::1:6379'], ['redis://a:6379', 'redis://a:6379']]) {
    assert.throws(() => parseClusterNodes(text), (error: Error) => error.message.includes(`"${wrong}"`), text);
  }
  assert.throws(() => parseClusterNodes(' , '), /at least one node/);
});

test('the server refuses bad seeds, --redis with --redis-cluster, and a cluster it cannot reach, at its start', async () => {
  const nobody = await freePort();
  await assert.rejects(startServerProcess(['--redis-cluster', `127.0.0.1:${nobody}`]), new RegExp(`exited with 2[\\s\\S]*cannot reach the Redis Cluster at 127\\.0\\.0\\.1:${nobody}`));
  await assert.rejects(startServerProcess(['--redis-cluster', '127.0.0.1']), /exited with 2[\s\S]*--redis-cluster: "127\.0\.0\.1" is not a host:port/);
  await assert.rejects(startServerProcess(['--redis', 'redis://127.0.0.1:1', '--redis-cluster', '127.0.0.1:1']), /exited with 2[\s\S]*either --redis .* or --redis-cluster/);
});
