/**
 * Who is playing, on the wire (the real server process over WebSockets): `identify` with an anonymous
 * secret, and with a host site's token (valid, forged, expired; refused by a server given no key); the
 * identity in the answer, with the ratings of the families played; a refused `identify` changes nothing
 * (the identity held before stays, a banned profile keeps its name); `avoid` needs an identity.
 */
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import type { PlayerSummary } from 'domino-game/protocol';
import { anonymousId, siteMemberId } from '../src/identity/identity.js';
import { SqlitePlayerStore } from '../src/players/sqlite.js';
import { newSkill, shownRating } from '../src/ratings/rating-core.js';
import { Player, ROOMY, serverErrors, startServerProcess, type ServerProcess } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'domino-players-wire-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const SITE_SECRET = 'the site and this server share this secret, 48 bytes';
const secretOf = () => randomBytes(32).toString('base64url');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const siteToken = (claims: Record<string, unknown>, secret = SITE_SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));

/** Sends `identify` and returns the identity the server answered with (the test fails on a refusal). */
async function identified(player: Player, message: Record<string, unknown>): Promise<PlayerSummary> {
  const answer = await player.request({ type: 'identify', ...message }, 'identity');
  assert.equal(answer.type, 'identity', JSON.stringify(answer));
  return (answer as { player: PlayerSummary }).player;
}

/** The error refusing `message`, with its ref checked. */
async function refusedWith(player: Player, message: Record<string, unknown>, code: string): Promise<string> {
  const error = await player.refused(message);
  assert.deepEqual([error.code, error.ref], [code, message.type], JSON.stringify(error));
  return error.message;
}

describe('identify and avoid, on a server given a site secret', () => {
  let server: ServerProcess;
  const rated = secretOf();
  const bannedSecret = secretOf();
  before(async () => {
    // A file with players already: one rated in `two`, one banned.
    const db = join(dir, 'rooms.sqlite');
    const connection = new Database(db);
    const store = new SqlitePlayerStore(connection);
    const [a, b] = [anonymousId(rated), anonymousId(secretOf())];
    await store.saveProfile({ id: a, name: 'Rated', kind: 'anonymous' }, Date.now());
    await store.saveProfile({ id: b, name: 'Other', kind: 'anonymous' }, Date.now());
    const before = newSkill();
    await store.recordMatch({
      room: 'seeded',
      match: 1,
      at: Date.now(),
      family: 'two',
      players: [
        { id: a, name: 'Rated', side: 0, place: 1, before, after: { mu: 28, sigma: 7, matches: 1 } },
        { id: b, name: 'Other', side: 1, place: 2, before, after: { mu: 22, sigma: 7, matches: 1 } },
      ],
    });
    await store.saveProfile({ id: anonymousId(bannedSecret), name: 'Banned', kind: 'anonymous' }, Date.now());
    await store.setBanned(anonymousId(bannedSecret), true);
    connection.close();
    const keyFile = join(dir, 'identity.key');
    writeFileSync(keyFile, `${SITE_SECRET}\n`);
    server = await startServerProcess(['--db', db, '--identity-key', keyFile, ...ROOMY]);
  });
  after(async () => {
    assert.deepEqual(serverErrors(server), []);
    await server.stop();
  });

  test('an anonymous identity: its id from the secret, its name, no ratings before it plays', async () => {
    const ann = await Player.connect(server.wsUrl, 'ann');
    const secret = secretOf();
    assert.deepEqual(await identified(ann, { secret, name: 'Ann' }), { id: anonymousId(secret), name: 'Ann', kind: 'anonymous', ratings: {} });
    // The same secret on another connection, under another name: the same identity, renamed.
    const again = await Player.connect(server.wsUrl, 'ann again');
    assert.deepEqual(await identified(again, { secret, name: 'Ann B' }), { id: anonymousId(secret), name: 'Ann B', kind: 'anonymous', ratings: {} });
    assert.ok(!again.frames.join('').includes(secret), 'the secret is never sent back');
    await Promise.all([ann.close(), again.close()]);
  });

  test('the identity carries the ratings of the families it played', async () => {
    const player = await Player.connect(server.wsUrl, 'rated');
    const identity = await identified(player, { secret: rated, name: 'Rated' });
    assert.deepEqual(identity.ratings, { two: { rating: shownRating({ mu: 28, sigma: 7, matches: 1 }), provisional: true, matches: 1 } });
    await player.close();
  });

  test('a site token: valid, the member; forged or expired, refused with why', async () => {
    const player = await Player.connect(server.wsUrl, 'member');
    const token = await siteToken({ sub: 'member-7', name: 'Member Seven', exp: inAnHour() });
    assert.deepEqual(await identified(player, { token }), { id: siteMemberId('member-7'), name: 'Member Seven', kind: 'site', ratings: {} });
    const forged = await siteToken({ sub: 'member-8', name: 'Eight', exp: inAnHour() }, 'not the site secret, though just as long as it');
    assert.match(await refusedWith(player, { type: 'identify', token: forged }, 'bad-identity'), /signature is not the site’s/);
    const expired = await siteToken({ sub: 'member-8', name: 'Eight', exp: Math.floor(Date.now() / 1000) - 600 });
    assert.match(await refusedWith(player, { type: 'identify', token: expired }, 'bad-identity'), /expired/);
    await player.close();
  });

  test('a refused identify changes nothing: the identity held before stays', async () => {
    const player = await Player.connect(server.wsUrl, 'kept');
    const secret = secretOf();
    const { id } = await identified(player, { secret, name: 'Kept' });
    assert.match(await refusedWith(player, { type: 'identify', secret: 'short', name: 'Other' }, 'bad-identity'), /secret/);
    assert.match(await refusedWith(player, { type: 'identify', secret: secretOf(), name: ' ' }, 'bad-identity'), /^name: /);
    assert.match(await refusedWith(player, { type: 'identify', token: 'not.a.token' }, 'bad-identity'), /cannot be read/);
    assert.match(await refusedWith(player, { type: 'identify', secret: bannedSecret, name: 'Someone else' }, 'banned'), /banned/);
    // Still `id`: avoiding `id` is avoiding oneself.
    assert.match(await refusedWith(player, { type: 'avoid', player: id, avoid: true }, 'bad-message'), /that is you/);
    const card = (await (await fetch(`${server.url}/players/${anonymousId(bannedSecret)}`)).json()) as PlayerSummary;
    assert.equal(card.name, 'Banned', 'a banned identity is not renamed by its refused identify');
    await player.close();
  });

  test('identify takes secret and name, or token, never both; its fields are bounded', async () => {
    const player = await Player.connect(server.wsUrl, 'forms');
    assert.match(await refusedWith(player, { type: 'identify', secret: secretOf(), name: 'A', token: 'x.y.z' }, 'bad-message'), /not both/);
    assert.match(await refusedWith(player, { type: 'identify', secret: secretOf() }, 'bad-message'), /^name: /);
    assert.match(await refusedWith(player, { type: 'identify', name: 'A' }, 'bad-message'), /^secret: /);
    assert.match(await refusedWith(player, { type: 'identify', secret: 'x'.repeat(65), name: 'A' }, 'bad-message'), /^secret: must be at most 64/);
    await player.close();
  });

  test('avoid needs an identity, a known player other than oneself; answered with avoided, and taken back', async () => {
    const player = await Player.connect(server.wsUrl, 'avoider');
    const other = anonymousId(rated);
    assert.equal((await player.refused({ type: 'avoid', player: other, avoid: true })).code, 'not-identified');
    await identified(player, { secret: secretOf(), name: 'Avoider' });
    assert.deepEqual(await player.request({ type: 'avoid', player: other, avoid: true }, 'avoided'), { type: 'avoided', player: other, avoid: true });
    assert.deepEqual(await player.request({ type: 'avoid', player: other, avoid: false }, 'avoided'), { type: 'avoided', player: other, avoid: false });
    assert.equal((await player.refused({ type: 'avoid', player: anonymousId(secretOf()), avoid: true })).code, 'no-such-player');
    assert.equal((await player.refused({ type: 'avoid', player: 'short', avoid: true })).code, 'bad-message');
    await player.close();
  });
});

describe('a server given no site key', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
  });
  after(() => server.stop());

  test('refuses site tokens, saying it takes none; anonymous identities still work', async () => {
    const player = await Player.connect(server.wsUrl, 'no key');
    const token = await siteToken({ sub: 'member-1', name: 'Member', exp: inAnHour() });
    assert.match(await refusedWith(player, { type: 'identify', token }, 'bad-identity'), /this server takes no site tokens/);
    const secret = secretOf();
    assert.equal((await identified(player, { secret, name: 'Anon' })).id, anonymousId(secret));
    await player.close();
  });
});
