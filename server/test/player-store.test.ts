/**
 * The player store's contract (server/src/players/player-store.ts), the same for MemoryPlayerStore,
 * SqlitePlayerStore and RedisPlayerStore (a real redis-server, and a real Redis Cluster of three
 * masters): profiles created and renamed (a ban stays, a banned profile is not renamed); a rated match
 * recorded exactly once by its room and match number, in one step (skills, histories, pair counts and
 * leaderboards together, or nothing: a second call, a stale skill or an unknown player changes nothing,
 * and of two calls at once exactly one lands); the leaderboard's order (rating, then matches, then id),
 * only identities with a rated match in the family and not banned; an identity's rank and the five each
 * side; histories newest first and capped at 50; pair counts by UTC day; avoids both ways. SQLite keeps
 * players in the rooms' file, across a reopen; on Redis every key of the players sits under one hash tag
 * (in a cluster: on one node).
 */
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { Cluster, Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RatingFamily } from 'domino-game/protocol';
import type { Identity } from '../src/identity/identity.js';
import { MemoryPlayerStore } from '../src/players/memory.js';
import { HISTORY_KEPT, type MatchRecord, type PlayerStore, type RatedPlayer } from '../src/players/player-store.js';
import { playerKeys, RedisPlayerStore } from '../src/players/redis.js';
import { SqlitePlayerStore } from '../src/players/sqlite.js';
import { dayOf, newSkill, pairKey, shownRating, type Skill } from '../src/ratings/rating-core.js';
import { SqliteLog } from '../src/storage/sqlite.js';
import { startCluster, startRedis, type RedisClusterProcesses, type RedisProcess } from './redis-server.js';

const dir = mkdtempSync(join(tmpdir(), 'domino-players-'));
after(() => rmSync(dir, { recursive: true, force: true }));

let redis: RedisProcess | null = null;
let redisCluster: RedisClusterProcesses | null = null;
const clients: (Redis | Cluster)[] = [];
before(async () => {
  [redis, redisCluster] = await Promise.all([startRedis(), startCluster({ fsync: 'none' })]);
});
after(async () => {
  for (const client of clients) client.disconnect();
  await Promise.all([redis?.stop(), redisCluster?.stop()]);
});

/** A plain connection to each node of the cluster (no redirection followed). */
function nodeClients(): Redis[] {
  const nodes = redisCluster!.nodes.map((node) => new Redis(node.port, node.host));
  clients.push(...nodes);
  return nodes;
}

// Each test starts from an empty store: Redis is one server for every test, so it is emptied first.
const STORES: [string, () => Promise<PlayerStore>][] = [
  ['MemoryPlayerStore', async () => new MemoryPlayerStore()],
  ['SqlitePlayerStore', async () => new SqlitePlayerStore(new Database(':memory:'))],
  [
    'RedisPlayerStore',
    async () => {
      const client = new Redis(redis!.url, { enableAutoPipelining: true });
      clients.push(client);
      await client.flushall();
      return new RedisPlayerStore(client);
    },
  ],
  [
    'RedisPlayerStore on a Redis Cluster',
    async () => {
      await Promise.all(nodeClients().map((node) => node.flushall().catch(() => undefined)));
      const client = new Cluster(redisCluster!.nodes, { enableAutoPipelining: true });
      clients.push(client);
      return new RedisPlayerStore(client);
    },
  ],
];

const T0 = Date.parse('2025-03-14T10:00:00Z');
const HOUR = 3_600_000;
/** 22 base64url characters, as public ids are; `n` orders them as text. */
const idOf = (n: number | string) => `id${String(n).padStart(20, '0')}`;
const anonymous = (id: string, name = `P ${id.slice(-4)}`): Identity => ({ id, name, kind: 'anonymous' });

/** Saves a profile for each id (first seen at T0). */
async function saved(store: PlayerStore, ...ids: string[]): Promise<void> {
  for (const id of ids) await store.saveProfile(anonymous(id), T0);
}

interface Seat {
  id: string;
  place: number;
  side?: number;
  /** The skill after the match (`matches` one more than stored); else a little better for a winner, worse otherwise. */
  mu?: number;
  sigma?: number;
}

/** A rated match of `seats` made over the skills stored now. */
async function matchOf(store: PlayerStore, family: RatingFamily, seats: Seat[], key: { room?: string; match?: number; at?: number } = {}): Promise<MatchRecord> {
  const stored = await store.skills(family, seats.map((s) => s.id));
  const players: RatedPlayer[] = seats.map((seat, i) => {
    const before = stored.get(seat.id) ?? newSkill();
    const won = seat.place === 1;
    const after: Skill = { mu: seat.mu ?? before.mu + (won ? 1 : -1), sigma: seat.sigma ?? before.sigma * 0.97, matches: before.matches + 1 };
    return { id: seat.id, name: `P ${seat.id.slice(-4)}`, side: seat.side ?? i, place: seat.place, before, after };
  });
  return { room: key.room ?? 'room-a', match: key.match ?? 1, at: key.at ?? T0, family, players };
}

let rooms = 0;
/** Records a match of `seats` under a fresh key; fails unless it is recorded. */
async function play(store: PlayerStore, family: RatingFamily, seats: Seat[], at = T0): Promise<MatchRecord> {
  const record = await matchOf(store, family, seats, { room: `room-${++rooms}`, at });
  assert.equal(await store.recordMatch(record), 'recorded');
  return record;
}

/** Everything the store shows of these identities in `family`, to compare before and after a refused call. */
async function everything(store: PlayerStore, family: RatingFamily, ids: string[]) {
  return {
    skills: [...(await store.skills(family, ids))],
    histories: await Promise.all(ids.map((id) => store.history(id))),
    board: await store.leaderboard(family, 100),
    pairs: [...(await store.pairCounts(dayOf(T0), [pairKey(ids[0]!, ids[1]!)]))],
  };
}

for (const [name, make] of STORES) {
  describe(name, () => {
    test('a profile is created once (first seen kept), renamed by a later save; unknown ids have none', async () => {
      const store = await make();
      const id = idOf(1);
      assert.equal(await store.profile(id), null);
      assert.deepEqual(await store.saveProfile({ id, name: 'Ann', kind: 'site' }, T0), { id, name: 'Ann', kind: 'site', firstSeen: T0, banned: false });
      assert.deepEqual(await store.saveProfile({ id, name: 'Ann Smith', kind: 'site' }, T0 + HOUR), { id, name: 'Ann Smith', kind: 'site', firstSeen: T0, banned: false });
      assert.deepEqual(await store.profile(id), { id, name: 'Ann Smith', kind: 'site', firstSeen: T0, banned: false });
      await store.saveProfile({ id: idOf(2), name: 'Zoë  the bold', kind: 'anonymous' }, T0);
      assert.equal((await store.profile(idOf(2)))!.name, 'Zoë  the bold', 'a name with spaces, kept whole');
    });

    test('a ban stays through saves, which do not rename a banned profile; unban; an unknown id cannot be banned', async () => {
      const store = await make();
      const id = idOf(1);
      await store.saveProfile(anonymous(id, 'Ann'), T0);
      assert.equal(await store.setBanned(id, true), true);
      assert.deepEqual(await store.saveProfile(anonymous(id, 'Renamed'), T0 + HOUR), { id, name: 'Ann', kind: 'anonymous', firstSeen: T0, banned: true });
      assert.equal((await store.profile(id))!.banned, true);
      assert.equal(await store.setBanned(id, false), true);
      assert.deepEqual(await store.saveProfile(anonymous(id, 'Renamed'), T0 + HOUR), { id, name: 'Renamed', kind: 'anonymous', firstSeen: T0, banned: false });
      assert.equal(await store.setBanned(idOf(99), true), false);
      assert.equal(await store.profile(idOf(99)), null, 'banning an unknown id creates nothing');
    });

    test('avoids read both ways, and are taken back', async () => {
      const store = await make();
      const [a, b, c] = [idOf(1), idOf(2), idOf(3)];
      await store.setAvoid(a, b, true);
      await store.setAvoid(a, c, true);
      await store.setAvoid(c, a, true);
      await store.setAvoid(a, b, true);
      assert.deepEqual(await store.avoids(a), { avoiding: [b, c], avoidedBy: [c] });
      assert.deepEqual(await store.avoids(b), { avoiding: [], avoidedBy: [a] });
      await store.setAvoid(a, b, false);
      await store.setAvoid(b, c, false);
      assert.deepEqual(await store.avoids(a), { avoiding: [c], avoidedBy: [c] });
      assert.deepEqual(await store.avoids(b), { avoiding: [], avoidedBy: [] });
    });

    test('a rated match stores the skills (exactly), the histories, the pair counts and the leaderboard in one step', async () => {
      const store = await make();
      const [a, b] = [idOf(1), idOf(2)];
      await saved(store, a, b);
      const record = await play(store, 'two', [
        { id: a, place: 1, mu: 26.123456789012344, sigma: 7.9 },
        { id: b, place: 2, mu: 23.1, sigma: 7.95 },
      ]);
      const [ra, rb] = record.players as [RatedPlayer, RatedPlayer];
      assert.deepEqual(await store.skills('two', [a, b, idOf(3)]), new Map([[a, ra.after], [b, rb.after]]));
      assert.deepEqual(await store.skillsOf(a), { two: ra.after });
      assert.deepEqual(await store.skills('each', [a]), new Map(), 'another family: none');
      assert.deepEqual(await store.history(a), [
        { at: T0, family: 'two', opponents: [{ id: b, name: rb.name }], partners: [], place: 1, places: 2, before: 1000, after: shownRating(ra.after) },
      ]);
      assert.deepEqual(await store.pairCounts(dayOf(T0), [pairKey(a, b), pairKey(a, idOf(3))]), new Map([[pairKey(a, b), 1]]));
      assert.deepEqual(
        (await store.leaderboard('two', 10)).map((r) => [r.rank, r.id, r.rating, r.matches, r.provisional]),
        [
          [1, a, shownRating(ra.after), 1, true],
          [2, b, shownRating(rb.after), 1, true],
        ],
      );
    });

    test('exactly once: the same room and match again changes nothing; a stale skill or an unknown player changes nothing', async () => {
      const store = await make();
      const [a, b, c] = [idOf(1), idOf(2), idOf(3)];
      await saved(store, a, b);
      const first = await matchOf(store, 'two', [{ id: a, place: 1 }, { id: b, place: 2 }], { room: 'r', match: 1 });
      assert.equal(await store.recordMatch(first), 'recorded');
      const once = await everything(store, 'two', [a, b]);
      // The same match again (a retry, another process), and again rated from the fresh skills: nothing.
      assert.equal(await store.recordMatch(first), 'already-recorded');
      assert.equal(await store.recordMatch(await matchOf(store, 'two', [{ id: a, place: 2 }, { id: b, place: 1 }], { room: 'r', match: 1 })), 'already-recorded');
      assert.deepEqual(await everything(store, 'two', [a, b]), once);
      // Made over the skills before the first: they moved since.
      const stale = { ...first, match: 2 };
      assert.equal(await store.recordMatch(stale), 'skills-moved');
      assert.deepEqual(await everything(store, 'two', [a, b]), once);
      // c never identified.
      assert.equal(await store.recordMatch(await matchOf(store, 'two', [{ id: a, place: 1 }, { id: c, place: 2 }], { room: 'r', match: 3 })), 'unknown-player');
      assert.deepEqual(await everything(store, 'two', [a, b]), once);
      assert.deepEqual(await store.skills('two', [c]), new Map());
      // The next match of the room goes on.
      assert.equal(await store.recordMatch(await matchOf(store, 'two', [{ id: a, place: 1 }, { id: b, place: 2 }], { room: 'r', match: 2 })), 'recorded');
      assert.equal((await store.skills('two', [a])).get(a)!.matches, 2);
    });

    test('two calls recording the same match at once: exactly one lands; two matches made over the same skills: one lands, the other is told the skills moved', async () => {
      const store = await make();
      const [a, b, c] = [idOf(1), idOf(2), idOf(3)];
      await saved(store, a, b, c);
      const record = await matchOf(store, 'two', [{ id: a, place: 1 }, { id: b, place: 2 }], { room: 'r', match: 1 });
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => store.recordMatch(record)));
      assert.deepEqual(outcomes.sort(), ['already-recorded', 'already-recorded', 'already-recorded', 'already-recorded', 'recorded']);
      assert.equal((await store.history(a)).length, 1);
      const withB = await matchOf(store, 'two', [{ id: a, place: 1 }, { id: b, place: 2 }], { room: 's', match: 1 });
      const withC = await matchOf(store, 'two', [{ id: a, place: 2 }, { id: c, place: 1 }], { room: 't', match: 1 });
      assert.deepEqual((await Promise.all([store.recordMatch(withB), store.recordMatch(withC)])).sort(), ['recorded', 'skills-moved']);
      assert.equal((await store.skills('two', [a])).get(a)!.matches, 2);
    });

    test('the leaderboard: rating descending, then more matches, then the id; only who played in the family; top N', async () => {
      const store = await make();
      const ids = Array.from({ length: 8 }, (_, i) => idOf(i + 1));
      await saved(store, ...ids);
      const [a, b, c, d, e, f, g, h] = ids as [string, string, string, string, string, string, string, string];
      // Two matches for c: the same skill as d and e after fewer matches for them.
      await play(store, 'two', [{ id: c, place: 1, mu: 30, sigma: 5 }, { id: h, place: 2, mu: 20, sigma: 5 }]);
      await play(store, 'two', [{ id: c, place: 1, mu: 30, sigma: 4 }, { id: g, place: 2, mu: 21, sigma: 5 }]);
      await play(store, 'two', [{ id: e, place: 1, mu: 30, sigma: 4 }, { id: d, place: 1, mu: 30, sigma: 4 }]);
      await play(store, 'two', [{ id: b, place: 1, mu: 35, sigma: 4 }, { id: a, place: 2, mu: 10, sigma: 6 }]);
      await play(store, 'each', [{ id: f, place: 1, mu: 40, sigma: 1 }, { id: a, place: 2 }]);
      const top = await store.leaderboard('two', 100);
      assert.deepEqual(top.map((r) => r.id), [b, c, d, e, g, h, a], 'b best; c ahead of d and e (more matches); d before e (the id); f only played each');
      assert.deepEqual(top.map((r) => r.rank), [1, 2, 3, 4, 5, 6, 7]);
      assert.ok(top.every((r, i) => i === 0 || r.rating <= top[i - 1]!.rating));
      assert.deepEqual(top[0], { rank: 1, id: b, name: `P ${b.slice(-4)}`, rating: shownRating({ mu: 35, sigma: 4, matches: 1 }), matches: 1, provisional: true });
      assert.deepEqual((await store.leaderboard('two', 3)).map((r) => r.id), [b, c, d]);
      assert.deepEqual((await store.leaderboard('each', 100)).map((r) => r.id), [f, a]);
      assert.deepEqual(await store.leaderboard('teams', 100), []);
      for (const row of top) assert.equal((await store.around('two', row.id, 5))!.rank, row.rank, `${row.id}'s rank, as the board orders it`);
      await store.saveProfile(anonymous(b, 'Bea'), T0 + HOUR);
      assert.equal((await store.leaderboard('two', 1))[0]!.name, 'Bea', 'rows show the name as it is now');
    });

    test('an identity’s rank and the five each side (fewer at the ends); null for who is not ranked', async () => {
      const store = await make();
      // 14 people, each in one match with a partner below it: ratings fall with the index.
      const ids = Array.from({ length: 14 }, (_, i) => idOf(i + 1));
      await saved(store, ...ids);
      for (let i = 0; i < ids.length; i += 2) {
        await play(store, 'two', [{ id: ids[i]!, place: 1, mu: 50 - i, sigma: 2 }, { id: ids[i + 1]!, place: 2, mu: 49.5 - i, sigma: 2 }]);
      }
      const middle = await store.around('two', ids[7]!, 5);
      assert.equal(middle!.rank, 8);
      assert.deepEqual(middle!.rows.map((r) => [r.rank, r.id]), ids.slice(2, 13).map((id, i) => [i + 3, id]));
      const top = await store.around('two', ids[1]!, 5);
      assert.deepEqual([top!.rank, top!.rows.map((r) => r.rank)], [2, [1, 2, 3, 4, 5, 6, 7]]);
      const bottom = await store.around('two', ids[13]!, 5);
      assert.deepEqual([bottom!.rank, bottom!.rows.map((r) => r.id)], [14, ids.slice(8)]);
      assert.deepEqual(bottom!.rows.at(-1), (await store.leaderboard('two', 14)).at(-1), 'the same row as the leaderboard shows');
      assert.equal(await store.around('each', ids[0]!, 5), null, 'not played in the family');
      assert.equal(await store.around('two', idOf(99), 5), null, 'unknown');
    });

    test('a banned identity leaves the leaderboards, and is back where its rating puts it once unbanned', async () => {
      const store = await make();
      const [a, b, c] = [idOf(1), idOf(2), idOf(3)];
      await saved(store, a, b, c);
      await play(store, 'two', [{ id: a, place: 1, mu: 40, sigma: 3 }, { id: b, place: 2, mu: 30, sigma: 3 }]);
      await play(store, 'each', [{ id: a, place: 1, mu: 40, sigma: 3 }, { id: c, place: 2, mu: 30, sigma: 3 }]);
      await store.setBanned(a, true);
      assert.deepEqual((await store.leaderboard('two', 10)).map((r) => r.id), [b]);
      assert.deepEqual((await store.leaderboard('each', 10)).map((r) => r.id), [c]);
      assert.equal(await store.around('two', a, 5), null);
      // Still rated while banned (a match recorded before the ban was heard of): kept, not ranked.
      await play(store, 'two', [{ id: a, place: 1, mu: 41, sigma: 3 }, { id: b, place: 2, mu: 29, sigma: 3 }]);
      assert.deepEqual((await store.leaderboard('two', 10)).map((r) => r.id), [b]);
      assert.equal((await store.around('two', b, 5))!.rank, 1, 'b ranks first while a is banned');
      await store.setBanned(a, false);
      await store.setBanned(a, false);
      assert.equal((await store.around('two', b, 5))!.rank, 2, 'unbanned (twice: once counts), a is ahead of b again');
      const back = await store.leaderboard('two', 10);
      assert.deepEqual(back.map((r) => [r.id, r.matches]), [[a, 2], [b, 2]]);
      assert.equal(back[0]!.rating, shownRating({ mu: 41, sigma: 3, matches: 2 }));
      assert.deepEqual((await store.leaderboard('each', 10)).map((r) => r.id), [a, c]);
    });

    test('histories: newest first, the last 50 of each family kept, of one family or of all', async () => {
      const store = await make();
      const [a, b, c, d] = [idOf(1), idOf(2), idOf(3), idOf(4)];
      await saved(store, a, b, c, d);
      for (let n = 0; n < HISTORY_KEPT + 5; n++) await play(store, 'two', [{ id: a, place: 1 + (n % 2) }, { id: b, place: 2 - (n % 2) }], T0 + n * 1000);
      const person = (id: string) => ({ id, name: `P ${id.slice(-4)}` });
      await play(store, 'teams', [{ id: a, place: 1, side: 0 }, { id: c, place: 2, side: 1 }, { id: b, place: 1, side: 0 }, { id: d, place: 2, side: 1 }], T0 + 30_500);
      const two = await store.history(a, 'two');
      assert.equal(two.length, HISTORY_KEPT);
      assert.deepEqual(two.map((e) => e.at), Array.from({ length: HISTORY_KEPT }, (_, i) => T0 + (HISTORY_KEPT + 4 - i) * 1000), 'newest first; the 5 oldest gone');
      assert.ok(two.every((e, i) => i === 0 || e.after === two[i - 1]!.before), 'each match starts where the one before it ended');
      const teams = await store.history(a, 'teams');
      assert.deepEqual(teams.map((e) => [e.opponents, e.partners, e.place, e.places]), [[[person(c), person(d)], [person(b)], 1, 2]]);
      const all = await store.history(a);
      assert.equal(all.length, HISTORY_KEPT);
      assert.deepEqual(all.map((e) => e.at), [...two.map((e) => e.at), T0 + 30_500].sort((x, y) => y - x).slice(0, HISTORY_KEPT));
      assert.deepEqual(await store.history(idOf(9)), []);
    });

    test('pair counts by UTC day: every pair at the table, each match once, each day apart', async () => {
      const store = await make();
      const [a, b, c] = [idOf(1), idOf(2), idOf(3)];
      await saved(store, a, b, c);
      const lateToday = Date.parse('2025-03-14T23:59:59Z');
      await play(store, 'each', [{ id: a, place: 1 }, { id: b, place: 2 }, { id: c, place: 3 }], T0);
      await play(store, 'two', [{ id: a, place: 1 }, { id: b, place: 2 }], lateToday);
      await play(store, 'two', [{ id: a, place: 1 }, { id: b, place: 2 }], lateToday + 1000);
      const pairs = [pairKey(a, b), pairKey(b, c), pairKey(c, a)];
      assert.deepEqual(await store.pairCounts('2025-03-14', pairs), new Map([[pairKey(a, b), 2], [pairKey(b, c), 1], [pairKey(a, c), 1]]));
      assert.deepEqual(await store.pairCounts('2025-03-15', pairs), new Map([[pairKey(a, b), 1]]));
      assert.deepEqual(await store.pairCounts('2025-03-13', pairs), new Map());
    });
  });
}

test('SqlitePlayerStore keeps its tables in the rooms’ file, beside the room log, on its connection, across a reopen', async () => {
  const file = join(dir, 'rooms.sqlite');
  const log = new SqliteLog(file);
  const store = new SqlitePlayerStore(log.database);
  await log.create('room-1', '{}', Date.now() + HOUR);
  const [a, b] = [idOf(1), idOf(2)];
  await saved(store, a, b);
  const record = await play(store, 'two', [{ id: a, place: 1 }, { id: b, place: 2 }]);
  await store.close();
  await log.close();
  const reopenedLog = new SqliteLog(file);
  const reopened = new SqlitePlayerStore(reopenedLog.database);
  assert.notEqual(await reopenedLog.load('room-1'), null);
  assert.deepEqual(await reopened.skills('two', [a]), new Map([[a, record.players[0]!.after]]));
  assert.equal(await reopened.recordMatch(record), 'already-recorded');
  assert.equal((await reopened.leaderboard('two', 10)).length, 2);
  await reopenedLog.close();
});

test('SqlitePlayerStore: the top 100 and a rank are read from the board’s keys (no scan of a table, no sort)', () => {
  const db = new Database(':memory:');
  new SqlitePlayerStore(db);
  const plan = (sql: string, ...params: unknown[]) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join(' | ');
  const top = plan('SELECT b.id, p.name FROM player_board b JOIN players p ON p.id = b.id WHERE b.family = ? ORDER BY b.neg_rating, b.neg_matches, b.id LIMIT 100', 'two');
  assert.match(top, /SEARCH b USING PRIMARY KEY \(family=\?\)/);
  assert.doesNotMatch(top, /TEMP B-TREE|SCAN/);
  const rank = plan(
    `SELECT (SELECT COALESCE(SUM(count), 0) FROM player_board_counts WHERE family = ? AND neg_rating < ?)
      + (SELECT COUNT(*) FROM player_board WHERE family = ? AND neg_rating = ? AND (neg_matches, id) < (?, ?)) AS ahead`,
    'two', -1000, 'two', -1000, -1, 'x',
  );
  assert.match(rank, /SEARCH player_board_counts USING PRIMARY KEY \(family=\? AND neg_rating<\?\)/);
  assert.match(rank, /SEARCH player_board USING PRIMARY KEY \(family=\? AND neg_rating=\? AND \(neg_matches,id\)<\(\?,\?\)\)/);
  assert.doesNotMatch(rank, /SCAN (?!CONSTANT ROW)/);
  db.close();
});

test('SQLite and Redis keep the last 50 history entries of an identity and family, not more', async () => {
  const db = new Database(':memory:');
  const sqlite = new SqlitePlayerStore(db);
  const client = new Redis(redis!.url, { enableAutoPipelining: true });
  clients.push(client);
  const onRedis = new RedisPlayerStore(client);
  const [a, b] = [idOf(1), idOf(2)];
  for (const store of [sqlite, onRedis]) {
    await saved(store, a, b);
    for (let n = 0; n < HISTORY_KEPT + 3; n++) await play(store, 'two', [{ id: a, place: 1 }, { id: b, place: 2 }], T0 + n);
  }
  assert.equal((db.prepare('SELECT COUNT(*) AS n FROM player_history WHERE id = ?').get(a) as { n: number }).n, HISTORY_KEPT);
  assert.equal(await client.llen(playerKeys.history(a, 'two')), HISTORY_KEPT);
  db.close();
});

test('RedisPlayerStore: every key of the players is under the one hash tag {players}, and in a cluster on one node', async () => {
  for (const [name, make] of STORES.filter(([n]) => n.startsWith('Redis'))) {
    const store = await make();
    const [a, b, c, d] = [idOf(1), idOf(2), idOf(3), idOf(4)];
    await saved(store, a, b, c, d);
    await store.setAvoid(a, b, true);
    await play(store, 'teams', [{ id: a, place: 1, side: 0 }, { id: c, place: 1, side: 0 }, { id: b, place: 2, side: 1 }, { id: d, place: 2, side: 1 }]);
    const nodes = name.includes('Cluster') ? nodeClients() : [clients.at(-1) as Redis];
    const keysByNode = await Promise.all(nodes.map((node) => node.keys('*')));
    const keys = keysByNode.flat();
    assert.ok(keys.length >= 10, `${name}: the keys written (${keys.length})`);
    for (const key of keys) assert.match(key, /^domino:players:\{players\}:/, name);
    assert.equal(keysByNode.filter((k) => k.length > 0).length, 1, `${name}: one node holds them all`);
  }
});
