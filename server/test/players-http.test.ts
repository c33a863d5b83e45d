/**
 * The players over HTTP: the leaderboard (its order, a player's rank and neighbours, 400 for a bad family
 * or id, kept a second: the same answer until the cache's clock moves, one read for many readers), a
 * player's card (404 for an unknown id, never a secret, the avoid list or the ban), the admin's bans
 * (404 without `--admin-token`, 401 without or with a wrong token, a ban refusing the next identify) and
 * the `ban` command line against the server's own SQLite file, while it runs. Every answer carries the
 * security headers.
 */
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { BriefCache } from '../src/brief-cache.js';
import { anonymousId } from '../src/identity/identity.js';
import { MemoryPlayerStore } from '../src/players/memory.js';
import type { LeaderboardRow, PlayerStore } from '../src/players/player-store.js';
import { playersHttp } from '../src/players/players-http.js';
import { SqlitePlayerStore } from '../src/players/sqlite.js';
import { newSkill, shownRating, type Skill } from '../src/ratings/rating-core.js';
import { Player, ROOMY, serverErrors, startServerProcess, type ServerProcess } from './harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'domino-players-http-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const ADMIN_TOKEN = 'an-admin-token-long-enough-to-be-one';
const secretOf = () => randomBytes(32).toString('base64url');

interface Board {
  family: string;
  top: LeaderboardRow[];
  around?: { rank: number; rows: LeaderboardRow[] };
}

/** Records a two-player match between `winner` and `loser` with the skills after it given. */
async function seedMatch(store: PlayerStore, room: string, [winner, loser]: [string, string], [won, lost]: [Omit<Skill, 'matches'>, Omit<Skill, 'matches'>]): Promise<void> {
  const skills = await store.skills('two', [winner, loser]);
  const before = (id: string) => skills.get(id) ?? newSkill();
  const outcome = await store.recordMatch({
    room,
    match: 1,
    at: Date.now(),
    family: 'two',
    players: [
      { id: winner, name: 'W', side: 0, place: 1, before: before(winner), after: { ...won, matches: before(winner).matches + 1 } },
      { id: loser, name: 'L', side: 1, place: 2, before: before(loser), after: { ...lost, matches: before(loser).matches + 1 } },
    ],
  });
  assert.equal(outcome, 'recorded');
}

const secrets = Array.from({ length: 14 }, secretOf);
const ids = secrets.map(anonymousId);
/** The seeded ids in the leaderboard's order: id i has μ 50 − i. */
const ranked = [...ids];

async function identify(server: ServerProcess, secret: string, name = 'Someone') {
  const player = await Player.connect(server.wsUrl, name);
  const answer = await player.request({ type: 'identify', secret, name }, 'identity');
  await player.close();
  return answer;
}

function runCommand(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts', ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the leaderboard, the card and the admin, on the server process', () => {
  let server: ServerProcess;
  const db = join(dir, 'rooms.sqlite');
  before(async () => {
    const connection = new Database(db);
    const store = new SqlitePlayerStore(connection);
    for (const [i, id] of ids.entries()) await store.saveProfile({ id, name: `Player ${i}`, kind: 'anonymous' }, Date.now());
    for (let i = 0; i < ids.length; i += 2) {
      await seedMatch(store, `seed-${i}`, [ids[i]!, ids[i + 1]!], [{ mu: 50 - i, sigma: 2 }, { mu: 49 - i, sigma: 2 }]);
    }
    connection.close();
    const tokenFile = join(dir, 'admin-token');
    writeFileSync(tokenFile, `${ADMIN_TOKEN}\n`);
    server = await startServerProcess(['--db', db, '--admin-token', tokenFile, ...ROOMY]);
  });
  after(async () => {
    assert.deepEqual(serverErrors(server), []);
    await server.stop();
  });

  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

  test('GET /leaderboard: the family’s rows in order, ranked, kept a second, with the security headers', async () => {
    const response = await get('/leaderboard?family=two');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=1');
    assert.match(response.headers.get('content-type')!, /^application\/json/);
    assert.match(response.headers.get('content-security-policy')!, /default-src 'self'/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    const board = (await response.json()) as Board;
    assert.equal(board.family, 'two');
    assert.deepEqual(board.top.map((r) => [r.rank, r.id]), ranked.map((id, i) => [i + 1, id]));
    assert.deepEqual(board.top[0], { rank: 1, id: ids[0], name: 'Player 0', rating: shownRating({ mu: 50, sigma: 2, matches: 1 }), matches: 1, provisional: true });
    assert.equal(board.around, undefined);
    assert.deepEqual(((await (await get('/leaderboard?family=teams')).json()) as Board).top, []);
  });

  test('GET /leaderboard with a player: its rank and the five rows each side; none for who is not ranked', async () => {
    const board = (await (await get(`/leaderboard?family=two&player=${ids[9]}`)).json()) as Board;
    assert.equal(board.around!.rank, 10);
    assert.deepEqual(board.around!.rows.map((r) => r.id), ranked.slice(4, 14));
    assert.deepEqual(board.around!.rows, board.top.slice(4, 14));
    const unranked = (await (await get(`/leaderboard?family=two&player=${anonymousId(secretOf())}`)).json()) as Board;
    assert.equal(unranked.around, undefined);
    assert.equal(unranked.top.length, ids.length);
  });

  test('a bad family or player id is answered 400 with the reason, as JSON', async () => {
    for (const [query, reason] of [
      ['', /family must be one of two, each, teams/],
      ['?family=four', /not "four"/],
      ['?family=two&family=each', /given 2 times/],
      ['?family=two&player=short', /player must be a player id/],
    ] as const) {
      const response = await get(`/leaderboard${query}`);
      assert.equal(response.status, 400, query);
      assert.match(((await response.json()) as { error: string }).error, reason, query);
    }
    assert.equal((await get('/leaderboard?family=two', { method: 'POST' })).status, 405);
  });

  test('GET /players/ID: the card (name, ratings, last rated matches); 404 unknown, 400 bad; never a secret, the avoids or the ban', async () => {
    const secret = secretOf();
    const identity = await identify(server, secret, 'Fresh');
    assert.equal(identity.type, 'identity');
    const card = (await (await get(`/players/${ids[0]}`)).json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(card).sort(), ['history', 'id', 'kind', 'name', 'ratings']);
    assert.deepEqual(card.ratings, { two: { rating: shownRating({ mu: 50, sigma: 2, matches: 1 }), provisional: true, matches: 1 } });
    assert.deepEqual((card.history as { opponents: unknown[] }[]).map((entry) => entry.opponents), [[{ id: ids[1], name: 'L' }]]);
    assert.deepEqual(((await (await get(`/players/${ids[0]}?family=each`)).json()) as { history: unknown[] }).history, []);
    const fresh = await get(`/players/${anonymousId(secret)}`);
    const text = await fresh.text();
    assert.deepEqual(JSON.parse(text), { id: anonymousId(secret), name: 'Fresh', kind: 'anonymous', ratings: {}, history: [] });
    assert.ok(!text.includes(secret), 'no secret in the card');
    const unknown = await get(`/players/${anonymousId(secretOf())}`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { error: 'no player has this id' });
    assert.equal((await get('/players/not-an-id')).status, 400);
    assert.equal((await get(`/players/${ids[0]}?family=four`)).status, 400);
    const head = await get(`/players/${ids[0]}`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    const board = await (await get('/leaderboard?family=two')).text();
    for (const kept of secrets) assert.ok(!board.includes(kept));
    assert.ok(!/banned|avoid/.test(board + text));
  });

  test('the admin’s bans: 401 without the token or with a wrong one; a ban refuses the next identify, an unban lets it in', async () => {
    const secret = secretOf();
    const id = anonymousId(secret);
    assert.equal((await identify(server, secret)).type, 'identity');
    const ban = (body: unknown, authorization?: string, path = '/admin/ban') =>
      get(path, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify(body) });
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${ADMIN_TOKEN}x`, `Basic ${ADMIN_TOKEN}`]) {
      const refused = await ban({ player: id }, authorization);
      assert.equal(refused.status, 401, String(authorization));
      assert.equal(refused.headers.get('www-authenticate'), 'Bearer');
    }
    assert.equal((await identify(server, secret)).type, 'identity', 'nothing was banned');
    const banned = await ban({ player: id }, `Bearer ${ADMIN_TOKEN}`);
    assert.equal(banned.status, 200);
    assert.deepEqual(await banned.json(), { player: id, banned: true });
    const refused = await identify(server, secret);
    assert.deepEqual([refused.type, refused.type === 'error' && refused.code], ['error', 'banned']);
    assert.equal((await ban({ player: id }, `Bearer ${ADMIN_TOKEN}`, '/admin/unban')).status, 200);
    assert.equal((await identify(server, secret)).type, 'identity');
    assert.equal((await ban({ player: anonymousId(secretOf()) }, `Bearer ${ADMIN_TOKEN}`)).status, 404);
    for (const body of [{}, { player: 'short' }, { player: id, extra: 1 }, [id], 'text']) assert.equal((await ban(body, `Bearer ${ADMIN_TOKEN}`)).status, 400, JSON.stringify(body));
    assert.equal((await get('/admin/ban', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).status, 405);
  });

  test('the ban command line, on the running server’s own file: the next identify is refused; unban; unknown and bad ids', async () => {
    const secret = secretOf();
    const id = anonymousId(secret);
    assert.equal((await identify(server, secret)).type, 'identity');
    const banned = runCommand(['ban', id, '--db', db]);
    assert.equal(banned.status, 0, banned.stderr);
    assert.equal(banned.stdout.trim(), `${id} banned`);
    const refused = await identify(server, secret);
    assert.equal(refused.type === 'error' && refused.code, 'banned');
    assert.equal(runCommand(['unban', id, '--db', db]).status, 0);
    assert.equal((await identify(server, secret)).type, 'identity');
    const unknown = runCommand(['ban', anonymousId(secretOf()), '--db', db]);
    assert.deepEqual([unknown.status, /no player has the id/.test(unknown.stderr)], [1, true]);
    const bad = runCommand(['ban', 'nope', '--db', db]);
    assert.deepEqual([bad.status, /usage: domino-game-server ban PLAYER_ID/.test(bad.stderr)], [2, true]);
    const memory = runCommand(['ban', id, '--db', ':memory:']);
    assert.deepEqual([memory.status, /POST \/admin\/ban/.test(memory.stderr)], [2, true]);
  });
});

test('without --admin-token the admin’s paths answer 404, with the body unread', async () => {
  const server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
  try {
    for (const path of ['/admin/ban', '/admin/unban']) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: '{"player":"x"}' });
      assert.equal(response.status, 404);
      assert.equal(response.headers.get('connection'), 'close');
    }
  } finally {
    await server.stop();
  }
});

describe('the leaderboard’s cache (in this process, its clock moved by hand)', () => {
  let http: Server;
  let url: string;
  let ms = 0;
  let reads = 0;
  const store = new MemoryPlayerStore();
  const [a, b, c] = ['a', 'b', 'c'].map((letter) => `${letter}${'0'.repeat(21)}`) as [string, string, string];
  before(async () => {
    for (const id of [a, b, c]) await store.saveProfile({ id, name: id.slice(0, 1), kind: 'anonymous' }, 0);
    await seedMatch(store, 'first', [a, b], [{ mu: 30, sigma: 5 }, { mu: 20, sigma: 5 }]);
    const counted: PlayerStore = Object.assign(Object.create(store) as PlayerStore, {
      leaderboard: (...args: Parameters<PlayerStore['leaderboard']>) => {
        reads++;
        return store.leaderboard(...args);
      },
    });
    const handler = playersHttp({ store: counted, adminToken: null, log: pino({ level: 'silent' }), now: () => ms });
    http = createServer((request, response) => {
      const target = new URL(request.url!, 'http://localhost');
      void handler(request, response, target.pathname, target.search);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  after(() => http.close());

  const top = async () => ((await (await fetch(`${url}/leaderboard?family=two`)).json()) as Board).top.map((r) => r.id);

  test('the same answer for a second, however the board changed, read once; the new one after', async () => {
    assert.deepEqual(await top(), [a, b]);
    await seedMatch(store, 'second', [c, a], [{ mu: 40, sigma: 5 }, { mu: 29, sigma: 5 }]);
    ms += 999;
    reads = 0;
    for (let i = 0; i < 5; i++) assert.deepEqual(await top(), [a, b], 'kept');
    assert.equal(reads, 0, 'the store is not read meanwhile');
    ms += 1;
    assert.deepEqual(await top(), [c, a, b], 'the new board');
    assert.equal(reads, 1);
  });
});

describe('BriefCache', () => {
  test('keeps an answer for its time; a failed one is not kept; at most `most` answers', async () => {
    let ms = 0;
    const cache = new BriefCache<number>(1000, 3, () => ms);
    let made = 0;
    const make = () => Promise.resolve(++made);
    assert.equal(await cache.get('k', make), 1);
    ms = 999;
    assert.equal(await cache.get('k', make), 1);
    ms = 1000;
    assert.equal(await cache.get('k', make), 2);
    await assert.rejects(cache.get('bad', () => Promise.reject(new Error('storage away'))));
    assert.equal(await cache.get('bad', make), 3, 'a failure is asked again at once');
    for (const key of ['x', 'y', 'z', 'w']) await cache.get(key, make);
    assert.equal(cache.size, 3);
  });

  test('readers who ask while the answer is being made wait for it: one make for all', async () => {
    const cache = new BriefCache<string>(1000, 10, () => 0);
    let made = 0;
    let finish!: (value: string) => void;
    const slow = () => {
      made++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const readers = Array.from({ length: 20 }, () => cache.get('board', slow));
    finish('the board');
    assert.deepEqual(await Promise.all(readers), Array.from({ length: 20 }, () => 'the board'));
    assert.equal(made, 1);
  });
});
