/**
 * A room's snapshot as text: the room and the events of its recent changes come back as written; a
 * snapshot from before snapshots kept them reads with none; a malformed list is a corrupt room, never
 * a room read with a part missing. A name stored under an older name rule is read as it was: the rule
 * is checked when a create or join brings a name, never when a room is loaded.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { pino } from 'pino';
import { checkName } from 'domino-game/protocol';
import { soloCluster } from '../src/cluster.js';
import type { ComputerPool } from '../src/computer-pool.js';
import { newRoom } from '../src/core/room.js';
import { readSnapshot, snapshotText, type RecentChange } from '../src/core/stored-room.js';
import { RoomService } from '../src/rooms/room-service.js';
import { MemoryLog } from '../src/storage/memory.js';
import { hashToken, randomId } from '../src/tokens.js';
import { RecordingClient } from './in-process-client.js';

const room = newRoom({
  id: randomId(),
  serverSeed: randomBytes(32).toString('hex'),
  name: 'Ann',
  tokenHash: hashToken(randomId()),
  settings: { variant: 'draw', players: 2, level: 'easy', tempo: 'normal', target: 100 },
  secrets: { invite: randomId(), watch: randomId() },
  at: 1_700_000_000_000,
});

test('a snapshot keeps the room and its recent changes’ events; one without them reads with none', () => {
  const recent: RecentChange[] = [
    { seq: 7, eventsJson: '{"type":"move","seat":0}' },
    { seq: 8, eventsJson: '' },
    { seq: 9, eventsJson: '{"type":"roundEnd","seat":1},{"type":"turn","seat":1,"yours":false}' },
  ];
  const read = readSnapshot(snapshotText(room, recent));
  assert.deepEqual(read.room, room);
  assert.deepEqual(read.recent, recent);
  assert.deepEqual(readSnapshot(JSON.stringify(room)), { room, recent: [] });
  assert.equal(snapshotText(room, []), JSON.stringify(room));
});

test('a malformed list of recent changes is a corrupt room', () => {
  for (const recent of [{}, [[1]], [['1', []]], [[1, {}]], 'x']) {
    assert.throws(() => readSnapshot(JSON.stringify({ ...room, recent })), /a stored room cannot be read: malformed recent changes/, JSON.stringify(recent));
  }
});

test('a room stored before keys (format 3) keeps its id as its invite, open to newcomers, its watch key still to be minted', () => {
  const { secrets: _secrets, newcomers: _newcomers, ...keyless } = room;
  const read = readSnapshot(JSON.stringify({ ...keyless, format: 3 })).room;
  assert.equal(read.format, 4);
  assert.deepEqual(read.secrets, { invite: room.id, watch: null });
  assert.equal(read.newcomers, true);
  assert.deepEqual({ ...read, secrets: room.secrets, newcomers: room.newcomers }, room, 'nothing else changes');
});

test('a room of format 4 with malformed keys or no newcomers flag is a corrupt room', () => {
  for (const broken of [
    { secrets: undefined },
    { secrets: { invite: 'short', watch: null } },
    { secrets: { invite: null, watch: 5 } },
    { secrets: 'x' },
    { newcomers: undefined },
    { newcomers: 'yes' },
  ]) {
    assert.throws(() => readSnapshot(JSON.stringify({ ...room, ...broken })), /a stored room cannot be read: malformed keys or newcomers/, JSON.stringify(broken));
  }
});

test('a room stored with a name the name rule now refuses loads, shows the name as it was, and goes on', async () => {
  // A name the rule of an earlier version took: a zero-width space inside.
  const oldName = 'A\u200Bnn';
  assert.equal(checkName(oldName).ok, false);
  const token = randomId();
  const at = Date.now();
  const secrets = { invite: randomId(), watch: randomId() };
  const stored = newRoom({ id: randomId(), serverSeed: randomBytes(32).toString('hex'), name: oldName, tokenHash: hashToken(token), settings: { variant: 'draw', players: 2, level: 'easy', tempo: 'instant' }, secrets, at });
  const store = new MemoryLog();
  await store.create(stored.id, JSON.stringify(stored), at + 3_600_000);
  const pool: ComputerPool = { choose: () => Promise.reject(new Error('no computer plays here')), close: async () => undefined };
  const service = new RoomService({ store, pool, log: pino({ level: 'silent' }), cluster: soloCluster(), graceMs: 60_000, nextRoundMs: 30_000, ttl: { lobbyMs: 3_600_000, idleMs: 86_400_000 } });
  const looker = new RecordingClient();
  await service.handle(looker, { type: 'peek', room: stored.id, key: secrets.invite });
  const peeked = looker.last();
  assert.ok(peeked?.type === 'room', JSON.stringify(peeked));
  assert.equal(peeked.room.seats[0]!.name, oldName);
  const host = new RecordingClient();
  await service.handle(host, { type: 'resume', room: stored.id, token });
  assert.equal(host.welcomed().seat, 0);
  const guest = new RecordingClient();
  await service.handle(guest, { type: 'join', room: stored.id, key: secrets.invite, name: 'Bob' });
  assert.equal(guest.welcomed().seat, 1);
  const info = guest.last();
  assert.ok(info?.type === 'room', JSON.stringify(info));
  assert.deepEqual(info.room.seats.map((seat) => seat.name), [oldName, 'Bob']);
  service.close();
});
