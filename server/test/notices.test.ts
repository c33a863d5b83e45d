/**
 * What a process tells the others of a room's changes, through the real room service over a shared
 * store: a change is announced while another process holds a connection of the room (a seat or
 * spectators, as stored) or held one before the change, and not while every connection is here (a
 * balancer hashing the room's id); a quick phrase likewise. A process's own notice that beats its
 * append's answer reads nothing from storage. An append stored whose answer was lost (storage's
 * connection dropped mid-reply) is taken as made; one not stored is refused, and taken once stored.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pino } from 'pino';
import { legalMoves } from 'domino-game/engine';
import { soloCluster, type Cluster } from '../src/cluster.js';
import type { ComputerPool } from '../src/computer-pool.js';
import { RoomService } from '../src/rooms/room-service.js';
import type { AppendOptions } from '../src/storage/log.js';
import { MemoryLog } from '../src/storage/memory.js';
import { wireMove } from './harness.js';
import { RecordingClient } from './in-process-client.js';

const pool: ComputerPool = {
  choose: () => Promise.reject(new Error('no computer plays in these rooms')),
  close: async () => undefined,
};

/**
 * The shared store and the processes' bus: an announced append's new version reaches every process
 * (its own too, as on Redis) a turn later. It notes whether each append was announced and counts the
 * reads of what a process lacks; `hold` keeps appends from answering until `release`.
 */
class WatchedStore extends MemoryLog {
  readonly announced: boolean[] = [];
  readonly bus: ((room: string, version: number) => void)[] = [];
  sinceReads = 0;
  /** How many of the next appends fail (storage away), storing nothing. */
  failing = 0;
  /** How many of the next appends are stored and then fail (their answer lost on the way). */
  answersLost = 0;
  private held: Promise<void> | null = null;
  release: () => void = () => undefined;

  hold(): void {
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  override async append(id: string, expected: number, entries: string[], snapshot: string | null, expiresAt: number, options?: AppendOptions): Promise<boolean> {
    if (this.failing > 0) {
      this.failing--;
      throw new Error('storage is away');
    }
    const appended = await super.append(id, expected, entries, snapshot, expiresAt);
    if (this.answersLost > 0) {
      this.answersLost--;
      throw new Error('the connection to storage dropped before its answer');
    }
    if (appended) this.announced.push(options?.announce ?? true);
    if (appended && (options?.announce ?? true)) setImmediate(() => this.bus.forEach((hear) => hear(id, expected + entries.length)));
    if (this.held) await this.held;
    return appended;
  }

  override since(id: string, version: number) {
    this.sinceReads++;
    return super.since(id, version);
  }
}

/** A process of its own over the shared store, on its bus; `hear` plays a notice to it, `phrases` are the phrases it announced. */
function serverProcess(store: WatchedStore) {
  const listeners: ((room: string, version: number) => void)[] = [];
  const phrases: string[] = [];
  const cluster: Cluster = {
    ...soloCluster(),
    onChange: (listener) => listeners.push(listener),
    announcePhrase: (_room, seat, phrase) => phrases.push(`${seat}:${phrase}`),
  };
  const service = new RoomService({ store, pool, log: pino({ level: 'silent' }), cluster, graceMs: 60_000, nextRoundMs: 30_000, ttl: { lobbyMs: 3_600_000, idleMs: 86_400_000 } });
  const hear = (room: string, version: number) => listeners.forEach((listener) => listener(room, version));
  store.bus.push(hear);
  return { service, phrases, hear };
}

/** A started two-person room whose seats are both on `a`. */
async function startedRoom(a: Process) {
  const host = new RecordingClient();
  await a.service.handle(host, { type: 'create', name: 'Ann', settings: { variant: 'draw', players: 2, level: 'easy', tempo: 'instant', target: 100 } });
  const { room: id, keys } = host.welcomed();
  const guest = new RecordingClient();
  await a.service.handle(guest, { type: 'join', room: id, key: keys.invite!, name: 'Bob' });
  await a.service.handle(host, { type: 'start' });
  return { host, guest, id, keys };
}

type Process = ReturnType<typeof serverProcess>;

/** Whoever is to act plays their first legal move, through the process holding their connection. */
async function move(seats: [RecordingClient, Process][]) {
  const turn = seats[0]![0].lastView()!.view.turn!;
  const [mover, on] = seats[turn]!;
  const own = mover.lastView()!;
  await on.service.handle(mover, { type: 'move', seq: own.seq, move: wireMove(legalMoves(own.view)[0]!) });
}

/** Once the notices on their way were heard and what they set off is done. */
async function settled(...processes: Process[]) {
  await new Promise((resolve) => setImmediate(resolve));
  await Promise.all(processes.map((p) => p.service.drain()));
}

describe("a room's notices to the other processes", () => {
  test('none while every connection is on one process; each change while another holds a spectator or a seat, and the one that takes a seat from it', async () => {
    const store = new WatchedStore();
    const a = serverProcess(store);
    const b = serverProcess(store);
    const { host, guest, id, keys } = await startedRoom(a);
    await move([[host, a], [guest, a]]);
    assert.deepEqual(store.announced, [false, false, false], 'the join, the start and a move: nobody else to tell');

    const spectator = new RecordingClient();
    await b.service.handle(spectator, { type: 'watch', room: id, key: keys.watch! });
    store.announced.length = 0;
    await move([[host, a], [guest, a]]);
    assert.deepEqual(store.announced, [true], 'a move while the other process counts a spectator');
    await b.service.handle(spectator, { type: 'leave' });
    await b.service.drain();
    store.announced.length = 0;
    await move([[host, a], [guest, a]]);
    assert.deepEqual(store.announced, [false], 'its spectator gone, nobody else again');

    // Bob's seat comes back on the other process: that change is told (the first process holds Ann's
    // seat, and held his: it lets his old connection go once it hears), and so is every one after it.
    const { token } = guest.welcomed();
    const onB = new RecordingClient();
    store.announced.length = 0;
    await b.service.handle(onB, { type: 'resume', room: id, token: token! });
    await move([[host, a], [onB, b]]);
    assert.deepEqual(store.announced, [true, true], 'the resume on the other process, and a move');
    // And back on the first: the change that takes his seat from the other process is told to it, the next is not.
    const onA = new RecordingClient();
    store.announced.length = 0;
    await a.service.handle(onA, { type: 'resume', room: id, token: token! });
    await move([[host, a], [onA, a]]);
    assert.deepEqual(store.announced, [true, false], 'the resume that takes the seat back, then a move');

    await b.service.handle(spectator, { type: 'watch', room: id, key: keys.watch! });
    await settled(a, b);
    await a.service.handle(host, { type: 'phrase', phrase: 'goodLuck' });
    assert.deepEqual(a.phrases, ['0:goodLuck'], 'a phrase is announced while the other process holds a connection');
    a.service.close();
    b.service.close();
  });

  test("a spectator's count that storage failed to take is stored again, and the changes after it are announced to its process", async () => {
    const store = new WatchedStore();
    const a = serverProcess(store);
    const b = serverProcess(store);
    const { host, guest, id, keys } = await startedRoom(a);
    store.announced.length = 0;
    store.failing = 1;
    const spectator = new RecordingClient();
    await b.service.handle(spectator, { type: 'watch', room: id, key: keys.watch! });
    assert.equal(store.announced.length, 0, 'its count was not stored');
    for (let look = 0; look < 200 && store.announced.length === 0; look++) await new Promise((resolve) => setTimeout(resolve, 25));
    assert.deepEqual(store.announced, [true], 'the count, stored on a later try, is announced');
    store.announced.length = 0;
    await move([[host, a], [guest, a]]);
    assert.deepEqual(store.announced, [true], "the next move is announced to the spectator's process");
    await settled(a, b);
    const table = spectator.messages.filter((m) => m.type === 'table').at(-1);
    assert.equal(table?.seq, host.lastView()!.seq, 'and the spectator there sees it');
    a.service.close();
    b.service.close();
  });

  test('a move stored whose answer was lost is made: its views go out, nothing is refused, and the room plays on', async () => {
    const store = new WatchedStore();
    const a = serverProcess(store);
    const { host, guest, id } = await startedRoom(a);
    const seats: [RecordingClient, Process][] = [[host, a], [guest, a]];
    const version = (await store.load(id))!.version;
    const seq = host.lastView()!.seq;
    store.answersLost = 1;
    await move(seats);
    assert.equal((await store.load(id))!.version, version + 1, 'stored once');
    for (const seat of [host, guest]) {
      assert.equal(seat.lastView()!.seq, seq + 1, 'every seat sees the move');
      assert.deepEqual(seat.messages.filter((m) => m.type === 'error'), []);
    }
    await move(seats);
    assert.equal(host.lastView()!.seq, seq + 2, 'and the next move is made on it');
    a.service.close();
  });

  test('a move storage did not take is refused, and the room is as storage holds it', async () => {
    const store = new WatchedStore();
    const a = serverProcess(store);
    const { host, guest, id } = await startedRoom(a);
    const version = (await store.load(id))!.version;
    const seq = host.lastView()!.seq;
    store.failing = 1;
    await assert.rejects(move([[host, a], [guest, a]]), /storage is away/);
    await a.service.drain();
    assert.equal((await store.load(id))!.version, version, 'nothing stored');
    assert.equal(host.lastView()!.seq, seq, 'nothing shown');
    await move([[host, a], [guest, a]]);
    assert.equal(host.lastView()!.seq, seq + 1, 'made when sent again');
    a.service.close();
  });

  test('a phrase with every connection here is announced to nobody', async () => {
    const store = new WatchedStore();
    const a = serverProcess(store);
    const { host } = await startedRoom(a);
    await a.service.handle(host, { type: 'phrase', phrase: 'goodLuck' });
    assert.equal(host.last()?.type, 'phrase', 'the room heard it');
    assert.deepEqual(a.phrases, []);
    a.service.close();
  });

  test("a process's own notice that arrives before its append's answer reads nothing", async () => {
    const store = new WatchedStore();
    const a = serverProcess(store);
    const { host, guest, id } = await startedRoom(a);
    const version = (await store.load(id))!.version;
    store.hold();
    const moved = move([[host, a], [guest, a]]);
    // The append is stored and its notice (the next version) is heard while its answer is on the way.
    while (store.announced.length < 3) await new Promise((resolve) => setImmediate(resolve));
    a.hear(id, version + 1);
    store.release();
    await moved;
    await a.service.drain();
    assert.equal(store.sinceReads, 0, 'the room was already there when the notice had its turn');
    // A notice of a later change than the room holds is read, as ever.
    a.hear(id, version + 5);
    await a.service.drain();
    assert.equal(store.sinceReads, 1);
    a.service.close();
  });
});
