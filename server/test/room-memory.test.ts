/**
 * A room's time in a process's memory, through the real room service: it is taken through one
 * wrapper and leaves by itself once nothing keeps it. A room left by all its connections leaves
 * memory exactly once (the process stops hearing of it once), after what their going meant is
 * stored; one loaded for a join, a resume or a watch that is refused, or for a peek, is let go again;
 * a room with a connection left stays.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pino } from 'pino';
import type { ServerMessage } from 'domino-game/protocol';
import { soloCluster, type Cluster } from '../src/cluster.js';
import type { ComputerPool } from '../src/computer-pool.js';
import { restore } from '../src/rooms/room-history.js';
import { RoomService } from '../src/rooms/room-service.js';
import { MemoryLog } from '../src/storage/memory.js';
import { RecordingClient } from './in-process-client.js';

const pool: ComputerPool = {
  choose: () => Promise.reject(new Error('no computer plays in these rooms')),
  close: async () => undefined,
};

/** A process of its own over the shared store, counting how often it starts and stops hearing of each room. */
function serverProcess(store: MemoryLog) {
  const watched = new Map<string, number>();
  const unwatched = new Map<string, number>();
  const count = (map: Map<string, number>, id: string) => map.set(id, (map.get(id) ?? 0) + 1);
  const cluster: Cluster = { ...soloCluster(), watch: (id) => count(watched, id), unwatch: (id) => count(unwatched, id) };
  const { processId } = cluster;
  const service = new RoomService({ store, pool, log: pino({ level: 'silent' }), cluster, graceMs: 60_000, nextRoundMs: 30_000, ttl: { lobbyMs: 3_600_000, idleMs: 86_400_000 } });
  return { service, processId, watched: (id: string) => watched.get(id) ?? 0, unwatched: (id: string) => unwatched.get(id) ?? 0 };
}

async function openRoom(store: MemoryLog, spectators = true) {
  const a = serverProcess(store);
  const host = new RecordingClient();
  await a.service.handle(host, { type: 'create', name: 'Ann', settings: { variant: 'draw', players: 2, level: 'easy', tempo: 'instant', target: 100, spectators } });
  const { room: id, keys } = host.welcomed();
  const guest = new RecordingClient();
  await a.service.handle(guest, { type: 'join', room: id, key: keys.invite!, name: 'Bob' });
  guest.welcomed();
  return { a, host, guest, id, keys };
}

const codeOf = (message: ServerMessage | undefined) => (message?.type === 'error' ? message.code : message?.type);

describe('a room in memory', () => {
  test('left by all its connections, it leaves memory exactly once, after their going is stored', async () => {
    const store = new MemoryLog();
    const { a, host, guest, id, keys } = await openRoom(store);
    assert.equal(a.service.liveRooms, 1);
    await a.service.closed(guest);
    assert.equal(a.service.liveRooms, 1, 'the host is still connected: the room stays');
    assert.equal(a.unwatched(id), 0);
    await a.service.closed(host);
    await a.service.drain();
    assert.equal(a.service.liveRooms, 0, 'nobody connected: the room left memory');
    assert.equal(a.watched(id), 1);
    assert.equal(a.unwatched(id), 1, 'released once');
    const stored = restore((await store.load(id))!).state;
    assert.deepEqual(
      stored.seats.map((seat) => (seat.kind === 'human' ? seat.connectedVia : 'not a person')),
      [null, null],
      'both disconnects were stored before the room left',
    );
    // A look at the room from outside reads it without keeping it.
    const back = new RecordingClient();
    await a.service.handle(back, { type: 'peek', room: id, key: keys.invite! });
    assert.equal(a.service.liveRooms, 0, 'a peek does not keep the room');
    a.service.close();
  });

  test('left by its seats giving them up, it leaves memory once the last leave is stored', async () => {
    const store = new MemoryLog();
    const { a, host, guest, id } = await openRoom(store);
    await a.service.handle(guest, { type: 'leave' });
    assert.equal(a.service.liveRooms, 1);
    await a.service.handle(host, { type: 'leave' });
    assert.equal(codeOf(host.last()), 'room', 'the host was told the room as it left it');
    assert.equal(a.service.liveRooms, 0);
    assert.deepEqual([a.watched(id), a.unwatched(id)], [1, 1]);
    a.service.close();
  });

  test('loaded for a join, a resume or a watch that is refused, it is let go again', async () => {
    const store = new MemoryLog();
    const { a, id, keys } = await openRoom(store, false);
    const b = serverProcess(store);
    const third = new RecordingClient();
    await b.service.handle(third, { type: 'join', room: id, key: keys.invite!, name: 'Cy' });
    assert.equal(codeOf(third.last()), 'room-full');
    assert.equal(b.service.liveRooms, 0);
    assert.equal(b.unwatched(id), b.watched(id), 'every load let go');
    await b.service.handle(third, { type: 'resume', room: id, token: 'not-a-token-of-this-room' });
    assert.equal(codeOf(third.last()), 'bad-token');
    assert.equal(b.service.liveRooms, 0);
    await b.service.handle(third, { type: 'watch', room: id, key: keys.watch! });
    assert.equal(codeOf(third.last()), 'watching-off');
    assert.equal(b.service.liveRooms, 0);
    assert.ok(b.watched(id) >= 3, 'loaded for each');
    assert.equal(b.unwatched(id), b.watched(id), 'and let go each time, once');
    assert.equal(third.room, null, 'the refused connection is in no room');
    a.service.close();
    b.service.close();
  });

  test('a spectator keeps the room in memory until it leaves; then it leaves once', async () => {
    const store = new MemoryLog();
    const { a, id, keys } = await openRoom(store);
    const b = serverProcess(store);
    const watcher = new RecordingClient();
    await b.service.handle(watcher, { type: 'watch', room: id, key: keys.watch! });
    assert.equal(watcher.room, id);
    assert.equal(b.service.liveRooms, 1);
    const watchers = async () => restore((await store.load(id))!).state.watchers[b.processId] ?? 0;
    assert.equal(await watchers(), 1);
    await b.service.handle(watcher, { type: 'leave' });
    await b.service.drain();
    assert.equal(b.service.liveRooms, 0);
    assert.deepEqual([b.watched(id), b.unwatched(id)], [1, 1]);
    assert.equal(await watchers(), 0, 'its going was counted before the room left');
    a.service.close();
    b.service.close();
  });
});
