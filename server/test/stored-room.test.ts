/**
 * A room's snapshot as text: the room and the events of its recent changes come back as written; a
 * snapshot from before snapshots kept them reads with none; a malformed list is a corrupt room, never
 * a room read with a part missing.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { newRoom } from '../src/core/room.js';
import { readSnapshot, snapshotText, type RecentChange } from '../src/core/stored-room.js';
import { hashToken, randomId } from '../src/tokens.js';

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
