/**
 * Rooms as logs, through the real room service: whole matches (every variant, people and computers)
 * played by clients of a RoomService over a MemoryLog and an SQLite file. After every change, the room
 * loaded afresh from the store (its last snapshot with the entries since replayed, as a restarted or
 * another process loads it) equals the live one: every seat's view built from it is the view that
 * seat was last sent, and it holds the same seq. Snapshots are taken along the way (at every deal),
 * so loads start from many of them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { pino } from 'pino';
import { chooseMove } from 'domino-game/ai';
import { legalMoves, playerView, VARIANTS, type Variant } from 'domino-game/engine';
import type { ClientMessage, ServerMessage } from 'domino-game/protocol';
import { nextInt, seedRng, type RngState } from '../../src/engine/rng.js';
import { soloCluster } from '../src/cluster.js';
import type { ComputerPool } from '../src/computer-pool.js';
import { dealProofOf } from '../src/core/room.js';
import { ViewFrames } from '../src/core/views.js';
import { restore, RoomHistory } from '../src/rooms/room-history.js';
import { RoomService } from '../src/rooms/room-service.js';
import type { RoomLog } from '../src/storage/log.js';
import { MemoryLog } from '../src/storage/memory.js';
import { SqliteLog } from '../src/storage/sqlite.js';
import { wireMove } from './harness.js';
import { RecordingClient } from './in-process-client.js';

const dir = mkdtempSync(join(tmpdir(), 'domino-replay-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The computers think in this thread here: the easy player, on the seat's view only. */
const pool: ComputerPool = { choose: async (view, options) => chooseMove(view, options), close: async () => undefined };

type View = Extract<ServerMessage, { type: 'view' }>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The room as a fresh load sees it, checked against what every person's client was last sent. */
async function checkReload(store: RoomLog, id: string, people: RecordingClient[], where: string): Promise<number> {
  const stored = await store.load(id);
  assert.ok(stored, `${where}: the room is stored`);
  const restored = restore(stored);
  const { state } = restored;
  const newest = Math.max(...people.map((p) => p.lastView()?.seq ?? 0));
  assert.equal(state.seq, newest, `${where}: the stored room is at the seq the seats were last sent`);
  // A seat resuming from a view a few changes back hears every event since, as the live seats heard
  // them, though the load starts at a snapshot taken after that view (the snapshot keeps them).
  const loaded = new RoomHistory(state, stored.version, stored.snapshotVersion, restored.changes, restored.before);
  const views = people[0]!.messages.filter((m): m is View => m.type === 'view');
  for (const back of [1, 2, 5, 20]) {
    const from = views.findIndex((v) => v.seq === state.seq - back);
    if (from < 0 || views.slice(from).some((v, i) => i > 0 && v.seq !== views[from]!.seq + i)) continue;
    const heard = views.slice(from + 1).flatMap((v) => v.events);
    assert.deepEqual(JSON.parse(loaded.eventsSince(state.seq - back) ?? 'null'), heard, `${where}: the events since seq ${state.seq - back}, after a load`);
  }
  if (!state.match) return 0;
  const frames = new ViewFrames(state.match.game, state.seq, dealProofOf(state));
  for (const person of people) {
    const sent = person.lastView()!;
    const rebuilt = JSON.parse(frames.frame(person.seat!, '[]')) as View;
    // The turn clock's time left is the moment's, not the room's: the frame's tail, outside the view.
    const { clock: _clock, ...sentRoom } = sent as View & { clock?: unknown };
    assert.deepEqual({ ...rebuilt, events: [] }, { ...sentRoom, events: [] }, `${where}: seat ${person.seat} sees the same room after a reload`);
  }
  return stored.snapshotVersion;
}

async function playMatch(store: RoomLog, variant: Variant, rng: RngState, label: string): Promise<{ changes: number; snapshots: Set<number> }> {
  const service = new RoomService({
    store,
    pool,
    log: pino({ level: 'silent' }),
    cluster: soloCluster(),
    graceMs: 60_000,
    nextRoundMs: 30_000,
    ttl: { lobbyMs: 3_600_000, idleMs: 86_400_000 },
  });
  const players = 2 + nextInt(rng, 3);
  const host = new RecordingClient();
  const target = variant === 'fives' ? 60 : 40;
  await service.handle(host, { type: 'create', name: 'Host', settings: { variant, players: players as 2 | 3 | 4, level: 'easy', tempo: 'instant', target } });
  const { room: id, keys } = host.welcomed();
  const people = [host];
  for (let i = 1, more = nextInt(rng, players); i <= more; i++) {
    const guest = new RecordingClient();
    await service.handle(guest, { type: 'join', room: id, key: keys.invite!, name: `Guest ${i}` });
    people.push(guest);
  }
  await service.handle(host, { type: 'start' });
  const snapshots = new Set<number>();
  let changes = 0;
  for (let step = 0; step < 3000; step++) {
    // The computers move on the service's clock (tempo instant: at once, in a later turn of the loop).
    await sleep(0);
    const latest = people.map((p) => p.lastView()!).reduce((a, b) => (b.seq > a.seq ? b : a));
    if (people.some((p) => p.lastView()!.seq !== latest.seq)) continue;
    const where = `[${label}, seq ${latest.seq}]`;
    snapshots.add(await checkReload(store, id, people, where));
    changes++;
    const { view } = latest;
    if (view.winningSide !== null) break;
    const send = (client: RecordingClient, message: ClientMessage) => service.handle(client, message);
    if (view.round.result !== null) {
      for (const person of people) await send(person, { type: 'next-round', seq: latest.seq });
      continue;
    }
    const mover = people.find((p) => p.seat === view.turn);
    if (!mover) continue;
    const moves = legalMoves(playerView(restore((await store.load(id))!).state.match!.game, mover.seat!));
    await send(mover, { type: 'move', seq: latest.seq, move: wireMove(moves[nextInt(rng, moves.length)]!) });
    const refused = mover.messages.at(-1);
    assert.notEqual(refused?.type, 'error', `${where}: an honest move was refused: ${JSON.stringify(refused)}`);
  }
  assert.notEqual(people[0]!.lastView()!.view.winningSide, null, `[${label}] the match ended`);
  await service.drain();
  service.close();
  return { changes, snapshots };
}

for (const [name, make] of [
  ['MemoryLog', () => new MemoryLog()],
  ['SqliteLog', () => new SqliteLog(join(dir, `rooms-${Date.now()}-${Math.random()}.sqlite`))],
] as [string, () => RoomLog][]) {
  describe(`${name}: a room reloaded at any point of a match equals the live one`, () => {
    for (const variant of VARIANTS) {
      test(variant, async () => {
        const store = make();
        const rng = seedRng(`replay/${name}/${variant}`);
        let changes = 0;
        // Deals are random (each room draws its own secret seed), so a match may be one short round:
        // matches are played until the loads have started from several snapshots, each room's counted apart.
        const snapshots = new Set<string>();
        for (let match = 0; match < 12 && (match < 3 || changes <= 60 || snapshots.size <= 3); match++) {
          const played = await playMatch(store, variant, rng, `${variant} ${match}`);
          changes += played.changes;
          for (const s of played.snapshots) snapshots.add(`${match}:${s}`);
        }
        await store.close();
        assert.ok(changes > 60, `checked after ${changes} changes`);
        assert.ok(snapshots.size > 3, `loads started from ${snapshots.size} different snapshots`);
      });
    }
  });
}
