/**
 * Who may do what with a room's links, over real WebSockets against the real server: the invite joins
 * (a free seat before the start, a computer's after it) and the watch key only watches; a connection
 * holding only the watch key takes no seat, changes nothing, and never hears the invite; the host
 * closes the room to newcomers and opens it again; a room stored before keys keeps its id as its invite
 * and is given a watch key when one of its seats comes back.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { ID_PATTERN, type ClientMessage, type RoomInfo, type RoomSettings } from 'domino-game/protocol';
import { INSTANT, Player, ROOMY, autoplay, createRoom, joinRoom, resumeSeat, serverErrors, startServerProcess, synced, type ServerProcess } from './harness.js';

const SETTINGS: RoomSettings = { variant: 'draw', players: 3, target: 40, ...INSTANT };

describe('room keys', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
  });
  after(async () => {
    assert.deepEqual(serverErrors(server), []);
    await server.stop();
  });

  /** The room as its host sees it through the invite: the barrier after which any change would show. */
  async function roomSeenBy(host: Player): Promise<string> {
    const info = await host.request({ type: 'peek', ...host.invitation }, 'room');
    assert.equal(info.type, 'room', JSON.stringify(info));
    return JSON.stringify(info);
  }

  test('a seat’s welcome holds both keys, fresh for each room and neither the id; the room frames hold neither', async () => {
    const ann = await createRoom(server, 'Ann', SETTINGS);
    const bob = await joinRoom(server, ann.invitation, 'Bob');
    const other = await createRoom(server, 'Olga', SETTINGS);
    const { invite, watch } = ann.keys!;
    assert.match(invite!, ID_PATTERN);
    assert.match(watch!, ID_PATTERN);
    assert.equal(new Set([invite, watch, ann.room, other.keys!.invite, other.keys!.watch, other.room]).size, 6);
    assert.deepEqual(bob.keys, ann.keys, 'a guest’s welcome holds the room’s keys too');
    const back = await resumeSeat(server, ann.room!, ann.token!, 'Ann again');
    assert.deepEqual(back.keys, ann.keys, 'and every resume’s');
    for (const player of [ann, bob, back]) {
      player.frames.forEach((frame, i) => {
        if (player.messages[i]!.type === 'welcome') return;
        assert.ok(!frame.includes(invite!) && !frame.includes(watch!), `${player.label}: a ${player.messages[i]!.type} frame holds a key`);
      });
    }
    await Promise.all([ann, bob, other, back].map((p) => p.close()));
  });

  test('the watch key seats nobody, in the lobby or mid-game; the id and no key seat nobody either; nothing changes', async () => {
    const ann = await createRoom(server, 'Ann', SETTINGS);
    const eve = await Player.connect(server.wsUrl, 'eve');
    const { room, key: watchKey } = ann.watchLink;
    const attempts = (name: string): ClientMessage[] => [
      { type: 'join', room, key: watchKey, name },
      { type: 'join', room, name },
      { type: 'join', room, key: room, name },
      { type: 'peek', room, key: watchKey },
      { type: 'peek', room },
    ];
    const before = await roomSeenBy(ann);
    const marks = ann.mark();
    for (const attempt of attempts('Eve')) {
      const refused = await eve.refused(attempt);
      assert.deepEqual([refused.code, refused.ref], ['bad-key', attempt.type], JSON.stringify(attempt));
    }
    assert.equal(await roomSeenBy(ann), before, 'the lobby changed');
    assert.deepEqual(ann.since(marks, 'room').length, 1, 'only the host’s own peek answered');
    // Mid-game the seats nobody joined are the computers': the watch key takes none of them.
    const started = ann.next('view');
    ann.send({ type: 'start' });
    await started;
    const playing = await roomSeenBy(ann);
    for (const attempt of attempts('Eve')) assert.equal((await eve.refused(attempt)).code, 'bad-key', JSON.stringify(attempt));
    const after = JSON.parse(await roomSeenBy(ann)) as { room: RoomInfo };
    assert.deepEqual(after.room.seats.map((s) => s.kind), ['human', 'computer', 'computer']);
    assert.equal(JSON.stringify(after), playing);
    // The invite does take one.
    const late = await joinRoom(server, ann.invitation, 'Late');
    assert.equal(late.seat, 1);
    assert.ok(!eve.frames.some((frame) => frame.includes(ann.keys!.invite!)), 'the refusals told the invite');
    await Promise.all([ann, eve, late].map((p) => p.close()));
  });

  test('a connection watching with the watch key: every seat message is refused and changes nothing; no frame holds the invite', async () => {
    const ann = await createRoom(server, 'Ann', { ...SETTINGS, players: 2 });
    const bob = await joinRoom(server, ann.invitation, 'Bob');
    const eve = await Player.connect(server.wsUrl, 'eve');
    assert.equal((await eve.request({ type: 'watch', ...ann.watchLink }, 'room')).type, 'room');
    const started = [ann, bob].map((p) => p.next('view'));
    ann.send({ type: 'start' });
    await Promise.all(started);
    await eve.waitFor('table', () => true, 0);
    const view = await synced([ann, bob]);
    const { room, key } = ann.watchLink;
    const attempts: ClientMessage[] = [
      { type: 'join', room, key, name: 'Eve' },
      { type: 'join', ...ann.invitation, name: 'Eve' },
      { type: 'move', seq: view.seq, move: { type: 'draw' } },
      { type: 'start' },
      { type: 'settings', settings: SETTINGS },
      { type: 'newcomers', allowed: false },
      { type: 'next-round', seq: view.seq },
      { type: 'new-match' },
      { type: 'play-again' },
      { type: 'back' },
      { type: 'phrase', phrase: 'hello' },
      { type: 'deal-seed', commitment: '0'.repeat(64), seed: '1'.repeat(64) },
      { type: 'resume', room, token: key },
      { type: 'create', name: 'Eve', settings: SETTINGS },
    ];
    const before = await roomSeenBy(ann);
    const marks = [ann.mark(), bob.mark()];
    for (const attempt of attempts) assert.equal((await eve.refused(attempt)).code, 'spectator', JSON.stringify(attempt));
    assert.equal(await roomSeenBy(ann), before);
    assert.deepEqual(ann.since(marks[0]!, 'view'), [], 'a watcher changed the match');
    assert.deepEqual(bob.since(marks[1]!, 'room'), [], 'a watcher changed the room');
    await autoplay([ann, bob]).done;
    await eve.waitFor('table', (m) => m.view.winningSide !== null, 0);
    assert.ok(eve.frames.length > 10);
    for (const frame of eve.frames) assert.ok(!frame.includes(ann.keys!.invite!), 'a frame to a watcher holds the invite');
    await Promise.all([ann, bob, eve].map((p) => p.close()));
  });

  test('the host closes the room to newcomers and opens it again; a guest may not; everyone hears it', async () => {
    const ann = await createRoom(server, 'Ann', SETTINGS);
    const bob = await joinRoom(server, ann.invitation, 'Bob');
    const started = [ann, bob].map((p) => p.next('view'));
    ann.send({ type: 'start' });
    await Promise.all(started);
    const refused = await bob.refused({ type: 'newcomers', allowed: false });
    assert.deepEqual([refused.code, refused.ref], ['not-host', 'newcomers']);
    const heard = bob.mark();
    ann.send({ type: 'newcomers', allowed: false });
    await bob.waitFor('room', (m) => !m.room.newcomers, heard);
    const peeked = await Player.connect(server.wsUrl, 'peeker');
    const info = await peeked.request({ type: 'peek', ...ann.invitation }, 'room');
    assert.ok(info.type === 'room' && info.room.newcomers === false, 'a peek shows the room closed');
    const closed = await peeked.refused({ type: 'join', ...ann.invitation, name: 'Cid' });
    assert.deepEqual([closed.code, closed.ref], ['room-closed', 'join']);
    assert.equal(((await peeked.request({ type: 'peek', ...ann.invitation }, 'room')) as { room: RoomInfo }).room.seats[2]!.kind, 'computer');
    // The watch key still watches a closed room: closing is about seats.
    assert.equal((await (await Player.connect(server.wsUrl, 'watcher')).request({ type: 'watch', ...ann.watchLink }, 'room')).type, 'room');
    ann.send({ type: 'newcomers', allowed: true });
    await bob.waitFor('room', (m) => m.room.newcomers, heard);
    const cid = await joinRoom(server, ann.invitation, 'Cid');
    assert.equal(cid.seat, 2);
    await Promise.all([ann, bob, peeked, cid].map((p) => p.close()));
  });
});

describe('a room stored before keys', () => {
  let dir: string;
  let server: ServerProcess;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'domino-keys-'));
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('its id stays its invite, a link without a key still joins and watches, and a seat coming back mints its watch key', async () => {
    const db = join(dir, 'rooms.sqlite');
    server = await startServerProcess(['--db', db, ...ROOMY]);
    const ann = await createRoom(server, 'Ann', SETTINGS);
    const room = ann.room!;
    await ann.close();
    await server.stop();
    // The room as a server before keys stored it: format 3, no secrets, no newcomers flag.
    const writer = new Database(db);
    const { snapshot } = writer.prepare('SELECT snapshot FROM room_snapshots WHERE id = ?').get(room) as { snapshot: string };
    const { secrets: _secrets, newcomers: _newcomers, ...keyless } = JSON.parse(snapshot) as Record<string, unknown>;
    writer.prepare('UPDATE room_snapshots SET snapshot = ? WHERE id = ?').run(JSON.stringify({ ...keyless, format: 3 }), room);
    writer.close();

    server = await startServerProcess(['--db', db, ...ROOMY]);
    const old = await Player.connect(server.wsUrl, 'old link');
    const peeked = await old.request({ type: 'peek', room }, 'room');
    assert.ok(peeked.type === 'room' && peeked.room.newcomers, JSON.stringify(peeked));
    const watcher = await Player.connect(server.wsUrl, 'old watch link');
    assert.equal((await watcher.request({ type: 'watch', room }, 'room')).type, 'room', 'an old watch link (the id) still watches');
    const back = await resumeSeat(server, room, ann.token!, 'Ann back');
    assert.equal(back.keys!.invite, room, 'the id is the invite');
    assert.match(back.keys!.watch!, ID_PATTERN);
    assert.notEqual(back.keys!.watch, room);
    const minted = back.keys!.watch!;
    const bob = await joinRoom(server, { room, key: room }, 'Bob');
    assert.deepEqual(bob.keys, { invite: room, watch: minted }, 'minted once: the guest hears the same watch key');
    const viaOld = await old.request({ type: 'join', room, name: 'Cid' }, 'welcome');
    assert.ok(viaOld.type === 'welcome' && viaOld.seat === 2, 'an old invite link (no key) joins');
    const newWatcher = await Player.connect(server.wsUrl, 'new watch link');
    assert.equal((await newWatcher.request({ type: 'watch', room, key: minted }, 'room')).type, 'room');
    assert.equal((await newWatcher.refused({ type: 'join', room, key: minted, name: 'Dan' })).code, 'spectator');
    const fresh = await Player.connect(server.wsUrl, 'fresh');
    assert.equal((await fresh.refused({ type: 'join', room, key: minted, name: 'Dan' })).code, 'bad-key', 'the new watch key seats nobody');
    await Promise.all([old, watcher, back, bob, newWatcher, fresh].map((p) => p.close()));
    assert.deepEqual(serverErrors(server), []);
  });
});
