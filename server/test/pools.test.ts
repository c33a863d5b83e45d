/**
 * Quick-match pools across processes: seekers added on any process meet; only the process holding a
 * pool's lease forms its tables, and another takes over when the lease is gone; a table's seekers are
 * taken out at once (never seated twice, not at all if one cancelled), its room made, and every process
 * hears of it; a seek whose process died is dropped. Over this process's memory and over a real
 * redis-server, two stores sharing it as two processes would.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { DEFAULT_MATCHING, type PoolRules } from '../src/matchmaking/matcher.js';
import { LEASE_MS, PoolRunner } from '../src/matchmaking/pool-runner.js';
import { MemoryPoolStore, RedisPoolStore, type PoolStore, type Seek, type TableNotice } from '../src/matchmaking/pool-store.js';
import { startRedis, type RedisProcess } from './redis-server.js';

const TWO: PoolRules = { ...DEFAULT_MATCHING, seats: 2 };
const NOW = 1_800_000_000_000;

const seek = (id: string, via: string, extra: Partial<Seek> = {}): Seek => ({
  id,
  name: id.toUpperCase(),
  rating: 1000,
  provisional: true,
  since: NOW - 5_000,
  computers: false,
  avoid: [],
  lastOpponents: [],
  via,
  tokenHash: `hash-of-${id}`,
  ...extra,
});

/** A runner of one pool `p` for `processId`, making rooms named after their seekers; `clock.now` is its time. */
function runner(
  store: PoolStore,
  processId: string,
  alive: (process: string) => boolean = () => true,
  fresh: (process: string) => boolean = () => true,
  clock = { now: NOW },
) {
  const made: string[][] = [];
  const run = new PoolRunner({
    store,
    pools: [{ id: 'p', rules: TWO }],
    processId,
    alive,
    fresh,
    now: () => clock.now,
    makeRoom: async (_pool, seekers) => {
      made.push(seekers.map((s) => s.id));
      return `room-${seekers.map((s) => s.id).join('-')}`;
    },
    onError: (error) => assert.fail(String(error)),
  });
  return { run, made };
}

const heard = (store: PoolStore) => {
  const notices: TableNotice[] = [];
  store.onTable((notice) => notices.push(notice));
  return notices;
};

describe('pools in one process', () => {
  test('a seek of a process that has not beaten lately waits, neither seated nor dropped; a dead one is dropped', async () => {
    const store = new MemoryPoolStore();
    const { run, made } = runner(store, 'here', (p) => p !== 'dead', (p) => p === 'here');
    await store.add('p', seek('a', 'here'));
    await store.add('p', seek('b', 'quiet'));
    await store.add('p', seek('c', 'dead'));
    assert.deepEqual(await run.wave(), [], 'nobody seated with a seeker whose process may have just died');
    assert.deepEqual(made, []);
    assert.deepEqual((await store.seekers('p')).map((s) => s.id).sort(), ['a', 'b'], 'the quiet one waits on, the dead one is gone');
  });

  test('seekers meet, are taken out once, and the table is heard; one who cancelled is not seated', async () => {
    const store = new MemoryPoolStore();
    const tables = heard(store);
    const { run, made } = runner(store, 'here');
    for (const id of ['a', 'b', 'c']) await store.add('p', seek(id, 'here'));
    assert.equal(await store.cancel('p', 'c'), true);
    assert.equal(await store.cancel('p', 'c'), false, 'cancelled already');
    const formed = await run.wave();
    assert.deepEqual(made, [['a', 'b']]);
    assert.deepEqual(formed, [{ pool: 'p', room: 'room-a-b', seats: [{ id: 'a', seat: 0, tokenHash: 'hash-of-a' }, { id: 'b', seat: 1, tokenHash: 'hash-of-b' }] }]);
    assert.deepEqual(await store.seekers('p'), []);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(tables, formed);
    assert.deepEqual(await run.wave(), [], 'nobody left to seat');
  });

  test('a seek whose process died is dropped, never seated', async () => {
    const store = new MemoryPoolStore();
    const { run, made } = runner(store, 'here', (process) => process !== 'dead');
    await store.add('p', seek('a', 'here'));
    await store.add('p', seek('b', 'dead'));
    assert.deepEqual(await run.wave(), []);
    assert.deepEqual(made, []);
    assert.deepEqual((await store.seekers('p')).map((s) => s.id), ['a']);
  });
});

describe('pools over Redis, two processes', () => {
  let redis: RedisProcess;
  const clients: Redis[] = [];
  const client = async () => {
    const made = new Redis(redis.url, { lazyConnect: true });
    await made.connect();
    clients.push(made);
    return made;
  };
  const storeOf = async () => new RedisPoolStore(await client(), await client(), ['p'], (error) => assert.fail(String(error)));
  before(async () => {
    redis = await startRedis({ fsync: 'everysec' });
  });
  after(async () => {
    for (const c of clients) c.disconnect();
    await redis.stop();
  });

  test('seekers of both processes meet; only the lease holder forms tables; each seeker is seated once; both hear the tables', async () => {
    const one = await storeOf();
    const two = await storeOf();
    const heardOne = heard(one);
    const heardTwo = heard(two);
    const a = runner(one, 'process-1');
    const b = runner(two, 'process-2');
    for (const [i, id] of ['a', 'b', 'c', 'd', 'e', 'f'].entries()) await (i % 2 ? one : two).add('p', seek(id, i % 2 ? 'process-1' : 'process-2'));
    const [formedOne, formedTwo] = await Promise.all([a.run.wave(), b.run.wave()]);
    assert.ok(formedOne.length === 0 || formedTwo.length === 0, 'two processes formed tables of one pool at once');
    const formed = [...formedOne, ...formedTwo];
    assert.equal(formed.length, 3);
    const seated = formed.flatMap((t) => t.seats.map((s) => s.id));
    assert.deepEqual(seated.slice().sort(), ['a', 'b', 'c', 'd', 'e', 'f']);
    assert.deepEqual(await one.seekers('p'), []);
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await until(() => heardOne.length === 3 && heardTwo.length === 3);
    assert.deepEqual(heardOne.map((t) => t.room).sort(), formed.map((t) => t.room).sort());
    assert.deepEqual(heardTwo.map((t) => t.room).sort(), formed.map((t) => t.room).sort());
  });

  test('the lease passes on once its holder stops renewing it, not before; a table whose seeker cancelled is not made', async () => {
    const one = await storeOf();
    const two = await storeOf();
    const clock = { now: NOW };
    const a = runner(one, 'holder');
    const b = runner(two, 'other', undefined, undefined, clock);
    const direct = await client();
    const claims = async () => Number((await direct.info('commandstats')).match(/cmdstat_evalsha:calls=(\d+)/)?.[1] ?? 0);
    await a.run.wave();
    await one.add('p', seek('x', 'holder'));
    await one.add('p', seek('y', 'holder'));
    assert.deepEqual(await b.run.wave(), [], 'the other process does not form tables while the lease is held');
    // Until the lease could have lapsed, the other process does not ask for it again.
    const asked = await claims();
    clock.now += LEASE_MS - 1_000;
    assert.deepEqual(await b.run.wave(), []);
    assert.equal(await claims(), asked, 'asked Redis again for a lease it knew held');
    // The holder died: its lease lapses.
    await direct.del('domino:pool:{p}:lease');
    clock.now += 1_000;
    assert.equal(await one.take('p', ['x', 'missing']), false, 'a take with a seeker gone takes nobody');
    assert.equal((await one.seekers('p')).length, 2);
    const formed = await b.run.wave();
    assert.deepEqual(formed.map((t) => t.seats.map((s) => s.id)), [['x', 'y']]);
    assert.deepEqual(b.made, [['x', 'y']]);
  });
});
