/**
 * The room logs' contract (server/src/storage/log.ts), the same for MemoryLog, SqliteLog and RedisLog
 * (a real redis-server, and a real Redis Cluster of three masters): a room is created once; an append lands only on the version it was made on
 * (compare-and-set) and grows the version by its entries; a load is the last snapshot and the entries
 * after it; `since` gives a reader just the entries it lacks while the log keeps them, else the
 * snapshot; a room past its expiry is absent (an append made on it fails, its id may be taken again)
 * and sweep removes it. SQLite also keeps rooms across a reopen of its file, commits the appends of
 * one turn of the event loop together, deletes the journal rows no load needs, and reads the files of
 * earlier servers (a room stored before rooms were logs; the logs before the journal). On Redis, every
 * key of a room sits in one hash slot, the expiry index follows the rooms, and an append's notice goes
 * on the room's sharded channel, so in a cluster only the room's shard carries it.
 */
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { Cluster, Redis } from 'ioredis';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { KEPT_BEFORE_SNAPSHOT, type RoomLog } from '../src/storage/log.js';
import { MemoryLog } from '../src/storage/memory.js';
import { INDEX_SLACK_MS, RedisLog, STORAGE_DEADLINE_MS, logKey, roomChannel, roomKey, type RedisClient } from '../src/storage/redis.js';
import { EXPIRY_SLACK_MS, SqliteLog } from '../src/storage/sqlite.js';
import { startCluster, startRedis, type RedisClusterProcesses, type RedisProcess } from './redis-server.js';

const dir = mkdtempSync(join(tmpdir(), 'domino-log-'));
after(() => rmSync(dir, { recursive: true, force: true }));

class Clock {
  constructor(public ms = Date.now()) {}
  now = () => this.ms;
}

let redis: RedisProcess | null = null;
let redisCluster: RedisClusterProcesses | null = null;
const redisClients: RedisClient[] = [];
before(async () => {
  [redis, redisCluster] = await Promise.all([startRedis(), startCluster({ fsync: 'none' })]);
});
after(async () => {
  for (const client of redisClients) client.disconnect();
  await Promise.all([redis?.stop(), redisCluster?.stop()]);
});

function redisClient(): Redis {
  const client = new Redis(redis!.url, { enableAutoPipelining: true });
  redisClients.push(client);
  return client;
}
function clusterClient(): Cluster {
  const client = new Cluster(redisCluster!.nodes, { enableAutoPipelining: true });
  redisClients.push(client);
  return client;
}
/** A plain connection to each node of the cluster (no redirection followed). */
function nodeClients(): Redis[] {
  const clients = redisCluster!.nodes.map((node) => new Redis(node.port, node.host));
  redisClients.push(...clients);
  return clients;
}

let ids = 0;
/** Redis is one server for every test: each test's rooms get ids of their own. */
const fresh = (name: string) => `${name}-${process.pid}-${++ids}`;

// Redis expires keys by its own clock, so its expiry tests use real (short) times.
const LOGS: [string, (clock: Clock, file?: string) => RoomLog, { ownClock: boolean }][] = [
  ['MemoryLog', (clock) => new MemoryLog(clock.now), { ownClock: true }],
  ['SqliteLog', (clock, file) => new SqliteLog(file ?? ':memory:', clock.now), { ownClock: true }],
  ['RedisLog', (clock) => new RedisLog(redisClient(), clock.now), { ownClock: false }],
  ['RedisLog on a Redis Cluster', (clock) => new RedisLog(clusterClient(), clock.now), { ownClock: false }],
];

const entry = (n: number) => `["e",${n}]`;

for (const [name, make, { ownClock }] of LOGS) {
  describe(name, () => {
    test('a room is created once, at version 1, as its snapshot', async () => {
      const clock = new Clock();
      const log = make(clock);
      const id = fresh('r');
      assert.equal(await log.load(id), null);
      assert.equal(await log.create(id, '{"s":1}', clock.ms + 60_000), true);
      assert.deepEqual(await log.load(id), { version: 1, snapshot: '{"s":1}', snapshotVersion: 1, entries: [] });
      assert.equal(await log.create(id, '{"s":2}', clock.ms + 60_000), false, 'an id that is taken');
      assert.equal((await log.load(id))!.snapshot, '{"s":1}');
      assert.equal(await log.count() >= 1, true);
    });

    test('an append lands only on the version it was made on, and the version grows by its entries', async () => {
      const clock = new Clock();
      const log = make(clock);
      const id = fresh('r');
      const later = clock.ms + 60_000;
      await log.create(id, '{}', later);
      assert.equal(await log.append(id, 1, [entry(2), entry(3)], null, later), true);
      // Another change made on version 1 must be made again on the fresh room.
      assert.equal(await log.append(id, 1, [entry(99)], null, later), false);
      for (const wrong of [0, 2, 4, 99]) assert.equal(await log.append(id, wrong, [entry(99)], null, later), false, `expected ${wrong}`);
      assert.equal(await log.append(id, 3, [entry(4)], null, later), true);
      assert.deepEqual(await log.load(id), { version: 4, snapshot: '{}', snapshotVersion: 1, entries: [entry(2), entry(3), entry(4)] });
      assert.equal(await log.append(fresh('absent'), 1, [entry(1)], null, later), false, 'a room that does not exist');
    });

    test('appends on one version in the same turn: exactly one lands', async () => {
      const clock = new Clock();
      const log = make(clock);
      const id = fresh('r');
      const later = clock.ms + 60_000;
      await log.create(id, '{}', later);
      const results = await Promise.all(Array.from({ length: 10 }, (_, n) => log.append(id, 1, [entry(n)], null, later)));
      assert.equal(results.filter(Boolean).length, 1);
      const stored = (await log.load(id))!;
      assert.deepEqual(stored.entries, [entry(results.indexOf(true))]);
    });

    test('a load starts at the last snapshot; `since` reads just what a reader lacks while the log keeps it', async () => {
      const clock = new Clock();
      const log = make(clock);
      const id = fresh('r');
      const later = clock.ms + 60_000;
      await log.create(id, '{"at":1}', later);
      let version = 1;
      for (let n = 0; n < 10; n++) assert.ok(await log.append(id, version, [entry(++version)], null, later));
      // A snapshot as of version 12, appended with the change that makes it.
      assert.ok(await log.append(id, version, [entry(++version)], '{"at":12}', later));
      assert.ok(await log.append(id, version, [entry(++version)], null, later));
      assert.deepEqual(await log.load(id), { version: 13, snapshot: '{"at":12}', snapshotVersion: 12, entries: [entry(13)] });
      const since = (await log.since(id, 9))!;
      assert.equal(since.snapshot, null, 'the entries from before the snapshot are still kept');
      assert.deepEqual(since.entries, [entry(10), entry(11), entry(12), entry(13)]);
      assert.deepEqual((await log.since(id, 13))!.entries, []);
      // Past KEPT_BEFORE_SNAPSHOT changes before the next snapshot, an old reader gets the snapshot.
      for (let n = 0; n < KEPT_BEFORE_SNAPSHOT + 5; n++) assert.ok(await log.append(id, version, [entry(++version)], null, later));
      assert.ok(await log.append(id, version, [entry(++version)], `{"at":${version}}`, later));
      const old = (await log.since(id, 9))!;
      assert.equal(old.snapshot, `{"at":${version}}`);
      assert.deepEqual(old.entries, []);
      assert.equal(old.version, version);
      const recent = (await log.since(id, version - 3))!;
      assert.equal(recent.snapshot, null);
      assert.equal(recent.entries.length, 3);
      assert.equal(await log.since(fresh('absent'), 1), null);
    });

    test('a room past its expiry is absent, an append on it fails, and sweep removes it', { skip: !ownClock && 'Redis expires by its own clock: see the next test' }, async () => {
      const clock = new Clock();
      const log = make(clock);
      const old = fresh('old');
      const live = fresh('live');
      await log.create(old, '{}', clock.ms + 100);
      await log.create(live, '{}', clock.ms + 10_000);
      assert.equal(await log.count(), 2);
      clock.ms += 99;
      assert.notEqual(await log.load(old), null, 'not yet expired');
      clock.ms += 1;
      assert.equal(await log.load(old), null, 'expired at expiresAt');
      assert.equal(await log.count(), 1);
      assert.equal(await log.append(old, 1, [entry(2)], null, clock.ms + 100), false, 'an append on an expired room');
      assert.equal(await log.sweep(clock.ms), 1);
      assert.equal(await log.sweep(clock.ms), 0);
      // Its id may be taken again, from version 1 with nothing of the old room.
      assert.equal(await log.create(old, '{"new":true}', clock.ms + 100), true);
      assert.deepEqual(await log.load(old), { version: 1, snapshot: '{"new":true}', snapshotVersion: 1, entries: [] });
      // An append sets the expiry anew.
      clock.ms += 50;
      assert.ok(await log.append(old, 1, [entry(2)], null, clock.ms + 100));
      clock.ms += 60;
      assert.notEqual(await log.load(old), null);
    });

    test('Redis: a room expires by PEXPIRE, its log with it', { skip: ownClock && 'the other logs are tested on their own clock' }, async () => {
      // A clock that follows the real one: a TTL is the expiry less the log's now, and a frozen now
      // would lengthen it by however long the machine took to get here.
      const clock = new Clock();
      clock.now = () => Date.now();
      const log = make(clock);
      const id = fresh('expiring');
      // A second of life: a busy machine may take a while between the create and the append.
      await log.create(id, '{}', Date.now() + 1000);
      assert.ok(await log.append(id, 1, [entry(2)], null, Date.now() + 1000));
      await new Promise((resolve) => setTimeout(resolve, 1300));
      assert.equal(await log.load(id), null);
      assert.equal(await log.append(id, 2, [entry(3)], null, Date.now() + 300), false);
      assert.equal(await log.create(id, '{"new":true}', Date.now() + 60_000), true);
      assert.deepEqual((await log.load(id))!.entries, [], 'nothing of the old log');
    });
  });
}

test('RedisLog announces every landed append (its new version) on the room\'s sharded channel in the same script; nothing for a refused one, for one told nobody else listens, or for a creation', async () => {
  const listener = new Redis(redis!.url);
  redisClients.push(listener);
  const log = new RedisLog(redisClient());
  const id = fresh('announced');
  const heard: string[] = [];
  await listener.ssubscribe(roomChannel(id));
  listener.on('smessage', (channel: string, message: string) => {
    if (channel === roomChannel(id)) heard.push(message);
  });
  const later = Date.now() + 60_000;
  assert.ok(await log.create(id, '{}', later));
  assert.ok(await log.append(id, 1, [entry(2), entry(3)], null, later));
  assert.equal(await log.append(id, 1, [entry(99)], null, later), false, 'a stale append');
  assert.ok(await log.append(id, 3, [entry(4)], '{"at":4}', later));
  assert.ok(await log.append(id, 4, [entry(5)], null, later, { announce: false }), 'stored, told to nobody');
  assert.ok(await log.append(id, 5, [entry(6)], null, later, { announce: true }));
  // A round trip on the listener's connection after the appends: every notice published before it has arrived.
  await listener.ping();
  assert.deepEqual(heard, ['3', '4', '6']);
  assert.deepEqual((await log.load(id))!.entries, [entry(5), entry(6)], 'the unannounced append is in the log like any (after the snapshot of 4)');
});

test('RedisLog on a Redis Cluster: every key of a room and its channel sit in one slot, on the one node that serves it', async () => {
  const log = new RedisLog(clusterClient());
  const id = fresh('slot');
  const later = Date.now() + 60_000;
  assert.ok(await log.create(id, '{}', later));
  assert.ok(await log.append(id, 1, [entry(2)], '{"at":2}', later));
  assert.ok(await log.append(id, 2, [entry(3)], null, later));
  const nodes = nodeClients();
  const slots = await Promise.all([roomKey(id), logKey(id), roomChannel(id)].map((key) => nodes[0]!.cluster('KEYSLOT', key)));
  assert.equal(new Set(slots).size, 1, `one slot for the room's keys and channel, not ${slots.join(', ')}`);
  // Each node answers for its own keys only: the one holding the room holds both of its keys.
  const held = await Promise.all(nodes.map((node) => node.call('EXISTS', roomKey(id), logKey(id)).catch(() => 0)));
  assert.deepEqual([...held].sort(), [0, 0, 2]);
});

test('RedisLog on a Redis Cluster: an append\'s notice goes to its shard only (sharded pub/sub), and the sharded subscriber hears it', async () => {
  const log = new RedisLog(clusterClient());
  const id = fresh('sharded');
  const channel = roomChannel(id);
  const later = Date.now() + 60_000;
  const nodes = nodeClients();
  const slot = Number(await nodes[0]!.cluster('KEYSLOT', channel));
  const ranges = (await nodes[0]!.cluster('SHARDS')) as unknown[];
  // The node serving the slot: CLUSTER SHARDS lists each shard's slot ranges and its nodes' ports.
  const owner = redisCluster!.nodes.findIndex((node) =>
    ranges.some((shard) => {
      const fields = shard as unknown[];
      const slots = fields[fields.indexOf('slots') + 1] as number[];
      const shardNodes = fields[fields.indexOf('nodes') + 1] as unknown[][];
      const ports = shardNodes.map((n) => n[n.indexOf('port') + 1]);
      return ports.includes(node.port) && slots.some((from, i) => i % 2 === 0 && from <= slot && slot <= slots[i + 1]!);
    }),
  );
  assert.ok(owner >= 0, 'the slot has a node');
  const sharded = new Redis(redisCluster!.nodes[owner]!.port, redisCluster!.nodes[owner]!.host);
  const others = redisCluster!.nodes.filter((_, i) => i !== owner).map((node) => new Redis(node.port, node.host));
  redisClients.push(sharded, ...others);
  const heardSharded: string[] = [];
  const heardElsewhere: string[] = [];
  await sharded.ssubscribe(channel);
  sharded.on('smessage', (_: string, message: string) => heardSharded.push(message));
  // A classic subscriber on every other node: a classic PUBLISH crosses the cluster bus to all of them.
  for (const other of others) {
    await other.subscribe(channel);
    other.on('message', (_: string, message: string) => heardElsewhere.push(message));
  }
  assert.ok(await log.create(id, '{}', later));
  assert.ok(await log.append(id, 1, [entry(2)], null, later));
  await sharded.ping();
  assert.deepEqual(heardSharded, ['2'], 'the append\'s (a creation announces nothing)');
  // A marker published classically from the owner after the appends: the bus keeps one node's order,
  // so once every other node's subscriber has it, a classic notice of the appends would be there before it.
  await nodes[owner]!.publish(channel, 'marker');
  for (const start = Date.now(); heardElsewhere.filter((m) => m === 'marker').length < others.length && Date.now() - start < 10_000; ) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(heardElsewhere, others.map(() => 'marker'), 'the notices stayed on the room\'s shard');
});

for (const [name, client] of [['one Redis', () => redisClient()], ['a Redis Cluster', () => clusterClient()]] as const) {
  test(`RedisLog on ${name}: the expiry index follows a room's expiry once it moved by INDEX_SLACK_MS, and count reads it`, async () => {
    const clock = new Clock();
    const log = new RedisLog(client(), clock.now);
    const id = fresh('indexed');
    const index = client();
    const indexed = async () => Number(await index.zscore('domino:room-expiries', id));
    const first = clock.ms + 600_000;
    assert.ok(await log.create(id, '{}', first));
    assert.equal(await indexed(), first, 'a new room is in the index');
    assert.ok(await log.append(id, 1, [entry(2)], null, first + INDEX_SLACK_MS - 1));
    assert.equal(await indexed(), first, 'a small move of the expiry is not written');
    assert.ok(await log.append(id, 2, [entry(3)], null, first + INDEX_SLACK_MS));
    assert.equal(await indexed(), first + INDEX_SLACK_MS, 'a move by the slack is');
    assert.ok(await log.append(id, 3, [entry(4)], null, first - INDEX_SLACK_MS));
    assert.equal(await indexed(), first - INDEX_SLACK_MS, 'and a move back by the slack (a room left idle sooner) too');
    assert.equal(await log.append(id, 1, [entry(5)], null, first + 10 * INDEX_SLACK_MS), false);
    assert.equal(await indexed(), first - INDEX_SLACK_MS, 'a refused append writes nothing');
    clock.ms = first - INDEX_SLACK_MS - 1;
    const counted = await log.count();
    clock.ms += 1;
    assert.equal(await log.count(), counted - 1, 'count leaves out a room past its indexed expiry');
  });
}

test('RedisLog fails within STORAGE_DEADLINE_MS when Redis does not answer (a move is refused, not left hanging)', async () => {
  // A "Redis" that takes connections and never answers: ioredis would queue the commands for ever.
  const silent = createServer(() => undefined);
  silent.listen(0, '127.0.0.1');
  await once(silent, 'listening');
  const client = new Redis((silent.address() as AddressInfo).port, '127.0.0.1', { maxRetriesPerRequest: null });
  redisClients.push(client);
  const log = new RedisLog(client);
  const later = Date.now() + 60_000;
  const attempts = [log.create(fresh('silent'), '{}', later), log.append(fresh('silent'), 1, [entry(2)], null, later), log.load(fresh('silent')), log.count()];
  for (const attempt of await Promise.allSettled(attempts)) {
    assert.equal(attempt.status, 'rejected');
    assert.match(String((attempt as PromiseRejectedResult).reason), new RegExp(`within ${STORAGE_DEADLINE_MS} ms`));
  }
  client.disconnect();
  silent.close();
});

test('SqliteLog keeps rooms, versions, snapshots and expiries across a reopen of its file', async () => {
  const clock = new Clock();
  const file = join(dir, 'nested', 'rooms.sqlite');
  const first = new SqliteLog(file, clock.now);
  await first.create('a', '{"a":1}', clock.ms + 1000);
  await first.append('a', 1, [entry(2), entry(3)], null, clock.ms + 1000);
  await first.append('a', 3, [entry(4)], '{"a":4}', clock.ms + 1000);
  await first.append('a', 4, [entry(5)], null, clock.ms + 1000);
  await first.create('b', '{}', clock.ms + 10);
  await first.close();
  const second = new SqliteLog(file, clock.now);
  assert.deepEqual(await second.load('a'), { version: 5, snapshot: '{"a":4}', snapshotVersion: 4, entries: [entry(5)] });
  assert.equal(await second.append('a', 4, [entry(9)], null, clock.ms + 1000), false);
  clock.ms += 10;
  assert.equal(await second.load('b'), null);
  assert.equal(await second.count(), 1);
  await second.close();
});

test('SqliteLog reads a room stored before rooms were logs once, into the log', async () => {
  const clock = new Clock();
  const file = join(dir, 'legacy.sqlite');
  const old = new Database(file);
  old.exec('CREATE TABLE rooms (id TEXT PRIMARY KEY, version INTEGER NOT NULL, state TEXT NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID');
  old.prepare('INSERT INTO rooms VALUES (?, ?, ?, ?)').run('legacy', 7, '{"old":true}', clock.ms + 1000);
  old.prepare('INSERT INTO rooms VALUES (?, ?, ?, ?)').run('gone', 3, '{"old":true}', clock.ms - 1);
  old.close();
  const log = new SqliteLog(file, clock.now);
  assert.deepEqual(await log.load('legacy'), { version: 1, snapshot: '{"old":true}', snapshotVersion: 1, entries: [] });
  assert.ok(await log.append('legacy', 1, [entry(2)], null, clock.ms + 1000), 'it goes on as a log');
  assert.deepEqual((await log.load('legacy'))!.entries, [entry(2)]);
  assert.equal(await log.load('gone'), null, 'an expired old room stays gone');
  await log.close();
  const reader = new Database(file, { readonly: true });
  assert.equal((reader.prepare('SELECT count(*) AS n FROM rooms WHERE id = ?').get('legacy') as { n: number }).n, 0, 'moved, not copied');
  reader.close();
});

test('SqliteLog: the journal rows no load needs are deleted (before a snapshot, and a swept room\'s), and a reopen reads the rest', async () => {
  const clock = new Clock();
  const file = join(dir, 'journal.sqlite');
  const log = new SqliteLog(file, clock.now);
  const later = clock.ms + 60_000;
  await log.create('kept', '{}', later);
  await log.create('swept', '{}', clock.ms + 100);
  let version = 1;
  for (let n = 0; n < 3 * KEPT_BEFORE_SNAPSHOT; n++) assert.ok(await log.append('kept', version, [entry(++version)], null, later));
  assert.ok(await log.append('kept', version, [entry(++version)], `{"at":${version}}`, later));
  assert.ok(await log.append('swept', 1, [entry(2), entry(3)], null, clock.ms + 100));
  // Later transactions delete a few of the rows each: appends to another room carry them out.
  await log.create('other', '{}', later);
  for (let n = 0, v = 1; n < 10; n++) assert.ok(await log.append('other', v, [entry(++v)], null, later));
  clock.ms += 100;
  assert.equal(await log.sweep(clock.ms), 1);
  await log.close();

  const reader = new Database(file, { readonly: true });
  const rows = (room: string) => (reader.prepare('SELECT version FROM room_journal WHERE room = ? ORDER BY version').all(room) as { version: number }[]).map((r) => r.version);
  const kept = rows('kept');
  assert.equal(kept.length, KEPT_BEFORE_SNAPSHOT, 'the changes kept before the snapshot, no older one');
  assert.equal(kept[0], version - KEPT_BEFORE_SNAPSHOT + 1);
  assert.deepEqual(rows('swept'), [], 'a swept room leaves no row');
  assert.equal((reader.prepare('SELECT count(*) AS n FROM room_heads WHERE id = ?').get('swept') as { n: number }).n, 0);
  reader.close();

  const reopened = new SqliteLog(file, clock.now);
  assert.deepEqual(await reopened.load('kept'), { version, snapshot: `{"at":${version}}`, snapshotVersion: version, entries: [] });
  assert.deepEqual((await reopened.since('kept', version - 3))!.entries, [entry(version - 2), entry(version - 1), entry(version)]);
  assert.equal((await reopened.since('kept', 5))!.snapshot, `{"at":${version}}`, 'older than the journal keeps: the snapshot');
  assert.ok(await reopened.append('kept', version, [entry(version + 1)], null, later), 'it goes on at its version');
  assert.equal(await reopened.append('kept', version, [entry(version + 1)], null, later), false);
  assert.equal(await reopened.load('swept'), null);
  await reopened.close();
});

test('SqliteLog: a turn whose transaction fails changes no room: every append of it is refused with the error, and each room goes on from its version with the entries it had', async () => {
  const clock = new Clock();
  const log = new SqliteLog(join(dir, 'failed-turn.sqlite'), clock.now);
  const later = clock.ms + 60_000;
  await log.create('long', '{}', later);
  await log.create('short', '{}', later);
  let version = 1;
  for (let n = 0; n < 2 * KEPT_BEFORE_SNAPSHOT; n++) assert.ok(await log.append('long', version, [entry(++version)], null, later));
  const before = await log.since('long', version - KEPT_BEFORE_SNAPSHOT);
  // One turn: a snapshot that would let rows go, a plain append, and an entry SQLite refuses (NOT NULL).
  const turn = [
    log.append('long', version, [entry(version + 1)], `{"at":${version + 1}}`, later + 1000),
    log.append('short', 1, [entry(2), entry(3)], null, later + 1000),
    log.append('short', 3, [null as unknown as string], null, later + 1000),
  ];
  const outcomes = await Promise.allSettled(turn);
  assert.deepEqual(outcomes.map((o) => o.status), ['rejected', 'rejected', 'rejected']);
  assert.match(String((outcomes[0] as PromiseRejectedResult).reason), /NOT NULL/);
  assert.deepEqual(await log.since('long', version - KEPT_BEFORE_SNAPSHOT), before, 'the rows a snapshot would have let go are still read');
  assert.deepEqual(await log.load('short'), { version: 1, snapshot: '{}', snapshotVersion: 1, entries: [] });
  assert.ok(await log.append('long', version, [entry(version + 1)], null, later), 'it goes on at its own version');
  assert.ok(await log.append('short', 1, [entry(2)], null, later));
  // A later transaction deletes the rows no load needs: none of those the failed snapshot would have let go.
  assert.deepEqual((await log.since('long', version - KEPT_BEFORE_SNAPSHOT))!.entries, [...before!.entries, entry(version + 1)]);
  assert.ok(await log.append('long', version + 1, [entry(version + 2)], `{"at":${version + 2}}`, later));
  await log.close();
  const reopened = new SqliteLog(join(dir, 'failed-turn.sqlite'), clock.now);
  assert.deepEqual(await reopened.load('long'), { version: version + 2, snapshot: `{"at":${version + 2}}`, snapshotVersion: version + 2, entries: [] });
  assert.deepEqual(await reopened.load('short'), { version: 2, snapshot: '{}', snapshotVersion: 1, entries: [entry(2)] });
  await reopened.close();
});

test('SqliteLog: the stored expiry runs ahead of the one asked by at most EXPIRY_SLACK_MS: the process that asked keeps the exact one, a reopened file at most that much more', async () => {
  const clock = new Clock();
  const file = join(dir, 'expiry.sqlite');
  const log = new SqliteLog(file, clock.now);
  await log.create('r', '{}', clock.ms + 1000);
  let version = 1;
  for (let n = 0; n < 20; n++) {
    clock.ms += 10;
    assert.ok(await log.append('r', version, [entry(++version)], null, clock.ms + 1000));
  }
  const asked = clock.ms + 1000;
  clock.ms = asked;
  assert.equal(await log.load('r'), null, 'in the process that asked, the exact expiry');
  await log.close();
  const reader = new Database(file, { readonly: true });
  const stored = (reader.prepare('SELECT expires_at FROM room_heads WHERE id = ?').get('r') as { expires_at: number }).expires_at;
  reader.close();
  assert.ok(stored >= asked && stored <= asked + EXPIRY_SLACK_MS, `stored ${stored - asked} ms after the expiry asked`);
  const reopened = new SqliteLog(file, clock.now);
  clock.ms = stored - 1;
  assert.notEqual(await reopened.load('r'), null);
  clock.ms = stored;
  assert.equal(await reopened.load('r'), null);
  await reopened.close();
});

test('SqliteLog moves a file of the server before the journal (room_logs and room_entries) into the journal, once', async () => {
  const clock = new Clock();
  const file = join(dir, 'earlier.sqlite');
  const old = new Database(file);
  old.exec(`CREATE TABLE room_logs (id TEXT PRIMARY KEY, version INTEGER NOT NULL, snapshot_version INTEGER NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE room_snapshots (id TEXT PRIMARY KEY, snapshot TEXT NOT NULL);
    CREATE TABLE room_entries (room TEXT NOT NULL, version INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (room, version)) WITHOUT ROWID;`);
  old.prepare('INSERT INTO room_logs VALUES (?, ?, ?, ?)').run('earlier', 5, 3, clock.ms + 1000);
  old.prepare('INSERT INTO room_snapshots VALUES (?, ?)').run('earlier', '{"at":3}');
  for (const v of [2, 3, 4, 5]) old.prepare('INSERT INTO room_entries VALUES (?, ?, ?)').run('earlier', v, entry(v));
  old.close();
  const log = new SqliteLog(file, clock.now);
  assert.deepEqual(await log.load('earlier'), { version: 5, snapshot: '{"at":3}', snapshotVersion: 3, entries: [entry(4), entry(5)] });
  assert.ok(await log.append('earlier', 5, [entry(6)], null, clock.ms + 1000));
  await log.close();
  const again = new SqliteLog(file, clock.now);
  assert.deepEqual((await again.load('earlier'))!.entries, [entry(4), entry(5), entry(6)]);
  await again.close();
  const reader = new Database(file, { readonly: true });
  assert.equal(reader.prepare("SELECT 1 FROM sqlite_master WHERE name IN ('room_logs', 'room_entries')").get(), undefined, 'the earlier tables are gone');
  reader.close();
});
