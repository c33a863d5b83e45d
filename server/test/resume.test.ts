/**
 * A seat is its token, not its connection: a person who reconnects mid-match with `resume` gets the
 * same seat and the very view they had (same seq, the same bytes), or the whole newer view when the
 * match moved on meanwhile; a server killed with SIGKILL mid-match and started again on the same
 * SQLite file restores every room, and their matches play on to the end; killed while changes are
 * being stored, it loses none that a seat saw, and applies none by halves.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { MatchEmitted } from 'domino-game/machine';
import type { RoomSettings } from 'domino-game/protocol';
import { seedRng } from '../../src/engine/rng.js';
import { INSTANT, Player, ROOMY, autoplay, createRoom, health, joinRoom, playOne, playUntil, resumeSeat, serverErrors, startServerProcess, synced, type ServerProcess, type ViewMessage } from './harness.js';

async function startedRoom(server: ServerProcess, settings: RoomSettings, people: number, label: string): Promise<Player[]> {
  const host = await createRoom(server, 'Host', settings, `${label} 0`);
  const players = [host];
  for (let i = 1; i < people; i++) players.push(await joinRoom(server, host.invitation, `P${i}`, `${label} ${i}`));
  const started = players.map((p) => p.next('view'));
  host.send({ type: 'start' });
  await Promise.all(started);
  return players;
}

/** The resumed connection's first view, and that it is the whole view the seat had. */
async function resumedAsBefore(server: ServerProcess, player: Player, had: ViewMessage): Promise<Player> {
  const back = await resumeSeat(server, player.room!, player.token!, `${player.label} back`);
  assert.equal(back.seat, player.seat);
  const view = await back.waitFor('view', () => true, 0);
  assert.equal(view.seq, had.seq, `${player.label}: another seq after resuming`);
  assert.equal(JSON.stringify(view.view), JSON.stringify(had.view), `${player.label}: another view after resuming`);
  return back;
}

describe('resume on the same server', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
  });
  after(async () => server.stop());

  test('a dropped connection resumes the seat with the very view it had, then the newer one', async () => {
    let [ann, bob] = await startedRoom(server, { variant: 'fives', players: 2, target: 60, ...INSTANT }, 2, 'drop');
    const rng = seedRng('resume/drop');
    await playUntil([ann!, bob!], (m) => m.view.log.length >= 6 && m.view.round.result === null, rng);
    const had = await synced([ann!, bob!]);
    const bobHad = bob!.last('view')!;
    assert.equal(bobHad.seq, had.seq);
    await bob!.close();
    bob = await resumedAsBefore(server, bob!, bobHad);
    const info = await bob.waitFor('room', () => true, 0);
    assert.deepEqual(info.room.seats.map((s) => s.connected), [true, true]);

    // Gone while the match moves on: back with the whole newer view, the same as the others'.
    await bob.close();
    const annHad = ann!.last('view')!;
    const moved = annHad.view.turn === ann!.seat;
    if (moved) await playOne([ann!], rng);
    const latest = ann!.last('view')!;
    bob = await resumeSeat(server, ann!.room!, bob.token!, 'drop 1 again');
    const view = await bob.waitFor('view', () => true, 0);
    assert.equal(view.seq, latest.seq);
    assert.deepEqual(view.view.table, latest.view.table);
    assert.deepEqual(view.view.handCounts, latest.view.handCounts);
    assert.deepEqual(view.events, [], 'a seat that missed views gets no events, only the whole view');
    await autoplay([ann!, bob], { seed: 'resume/drop' }).done;
    assert.equal(ann!.last('view')!.seq, bob.last('view')!.seq);
    await Promise.all([ann!.close(), bob.close()]);
  });
});

/** How many changes `events` tell of: a move each, and the deal after a round's end (its `turn`). */
function changesIn(events: MatchEmitted[], before: MatchEmitted | undefined): number {
  const all = before ? [before, ...events] : events;
  const deals = all.filter((e, i) => e.type === 'turn' && all[i - 1]?.type === 'roundEnd').length;
  return events.filter((e) => e.type === 'move').length + deals;
}

describe('resume with the seq of the view held', () => {
  let server: ServerProcess;
  before(async () => {
    // A short grace: the computer plays for the seat that is gone, so the room moves on without it.
    server = await startServerProcess(['--db', ':memory:', '--grace', '1', ...ROOMY]);
  });
  after(async () => server.stop());

  test('the first view after resuming carries every event since that view', async () => {
    const [ann, bob] = await startedRoom(server, { variant: 'draw', players: 3, target: 100, ...INSTANT }, 2, 'since');
    const rng = seedRng('resume/since');
    await playUntil([ann!, bob!], (m) => m.view.round.result === null && m.view.turn === ann!.seat && m.view.log.length >= 3, rng);
    const bobHad = await bob!.waitFor('view', (m) => m.seq === ann!.seq, 0);
    await bob!.close();
    // Ann plays her turns; the computer plays Bob's (he is gone past the grace) and the computer seat's;
    // until several changes went by without Bob.
    let latest = ann!.last('view')!;
    while (latest.seq < bobHad.seq + 3 && latest.view.round.result === null) {
      if (latest.view.turn === ann!.seat) await playOne([ann!], rng);
      latest = await ann!.waitFor('view', (m) => m.seq > latest.seq, 0);
    }
    const back = await Player.connect(server.wsUrl, 'bob back');
    assert.equal((await back.request({ type: 'resume', room: bob!.room!, token: bob!.token!, seq: bobHad.seq }, 'welcome')).type, 'welcome');
    const view = await back.waitFor('view', () => true, 0);
    assert.ok(view.seq >= latest.seq && view.seq >= bobHad.seq + 3, `missed ${bobHad.seq} → ${view.seq}`);
    assert.equal(changesIn(view.events as MatchEmitted[], bobHad.events.at(-1) as MatchEmitted | undefined), view.seq - bobHad.seq, 'one event per change missed');
    const heardByAnn = ann!.messages.flatMap((m) => (m.type === 'view' && m.seq > bobHad.seq && m.seq <= view.seq ? (m.events as MatchEmitted[]) : []));
    assert.deepEqual(view.events, heardByAnn, 'the same events Ann heard, in order');
    await Promise.all([ann!.close(), back.close()]);
  });
});

describe('a server killed mid-match restarts every room from its SQLite file', () => {
  let dir: string;
  let db: string;
  let first: ServerProcess;
  let second: ServerProcess | undefined;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'domino-resume-'));
    db = join(dir, 'rooms.sqlite');
    first = await startServerProcess(['--db', db, ...ROOMY]);
  });
  after(async () => {
    await first.stop('SIGKILL');
    await second?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('SIGKILL, restart, resume: every seat gets its view back, and every match plays to its end', async () => {
    const rooms: { players: Player[]; settings: RoomSettings }[] = [
      { settings: { variant: 'draw', players: 2, target: 25, ...INSTANT }, players: [] },
      { settings: { variant: 'fives', players: 3, target: 30, ...INSTANT }, players: [] },
      { settings: { variant: 'doubles', players: 4, teams: true, target: 20, ...INSTANT }, players: [] },
      { settings: { variant: 'block', players: 4, target: 20, ...INSTANT }, players: [] },
    ];
    const people = [2, 1, 2, 3];
    for (const [i, room] of rooms.entries()) {
      room.players = await startedRoom(first, room.settings, people[i]!, `${room.settings.variant}`);
      const rng = seedRng(`kill/${i}`);
      // Midway through a round, waiting on a person: nothing is in flight when the process dies. A short
      // deal can end the match before that point: then the host starts another and play goes on.
      for (;;) {
        const midway = (m: ViewMessage) => m.view.log.length >= 5 + i && m.view.round.result === null && room.players.some((p) => p.seat === m.view.turn);
        const reached = await playUntil(room.players, (m) => m.view.winningSide !== null || midway(m), rng);
        if (reached.view.winningSide === null) break;
        const host = room.players.find((p) => p.seat === 0)!;
        await host.slot();
        host.send({ type: 'new-match' });
        await Promise.all(room.players.map((p) => p.waitFor('view', (m) => m.seq > reached.seq, 0)));
      }
    }
    const had = rooms.map((room) => room.players.map((p) => p.last('view')!));
    for (const [i, room] of rooms.entries()) for (const [j, p] of room.players.entries()) assert.equal(p.last('view')!.seq, had[i]![j]!.seq);

    await first.stop('SIGKILL');
    assert.equal(first.child.signalCode, 'SIGKILL');
    for (const room of rooms) for (const p of room.players) assert.equal((await p.whenClosed).code, 1006);

    second = await startServerProcess(['--db', db, ...ROOMY]);
    assert.equal((await health(second)).rooms, rooms.length);
    const peeker = await Player.connect(second.wsUrl, 'peeker');
    for (const room of rooms) {
      const info = await peeker.request({ type: 'peek', ...room.players[0]!.invitation }, 'room');
      assert.ok(info.type === 'room', JSON.stringify(info));
      assert.equal(info.room.phase, 'playing');
      assert.deepEqual(info.room.settings, room.settings);
      assert.deepEqual(info.room.seats.map((s) => s.kind), room.players.map(() => 'human').concat(Array(room.settings.players - room.players.length).fill('computer')));
    }
    await peeker.close();
    const resumed: Player[][] = [];
    for (const [i, room] of rooms.entries()) {
      resumed.push(await Promise.all(room.players.map((p, j) => resumedAsBefore(second!, p, had[i]![j]!))));
    }
    await Promise.all(resumed.map((players, i) => autoplay(players, { seed: `kill/${i}/after` }).done));
    for (const players of resumed) {
      const seqs = players.map((p) => p.last('view')!.seq);
      assert.ok(seqs.every((s) => s === seqs[0]));
      assert.notEqual(players[0]!.last('view')!.view.winningSide, null);
      await Promise.all(players.map((p) => p.close()));
    }
    assert.deepEqual(serverErrors(second), []);
  });

  test('SIGKILL while changes are being stored: no change a seat saw is lost, none is applied by halves', async () => {
    await second?.stop();
    second = await startServerProcess(['--db', db, ...ROOMY]);
    // Rooms of two people and two computers at tempo instant, played as fast as views come: changes
    // are always on their way to the disk when the process dies.
    const rooms: Player[][] = [];
    for (let i = 0; i < 6; i++) rooms.push(await startedRoom(second, { variant: i % 2 ? 'fives' : 'draw', players: 4, target: 1000, ...INSTANT }, 2, `busy ${i}`));
    const plays = rooms.map((players, i) => autoplay(players, { seed: `busy/${i}` }));
    for (const play of plays) play.done.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await second.stop('SIGKILL');
    for (const play of plays) play.stop();
    const seen = rooms.map((players) => players.map((p) => p.last('view')!));

    second = await startServerProcess(['--db', db, ...ROOMY]);
    for (const [i, players] of rooms.entries()) {
      for (const [j, player] of players.entries()) {
        const had = seen[i]![j]!;
        const back = await Player.connect(second.wsUrl, `${player.label} back`);
        assert.equal((await back.request({ type: 'resume', room: player.room!, token: player.token!, seq: had.seq }, 'welcome')).type, 'welcome');
        const view = await back.waitFor('view', () => true, 0);
        assert.ok(view.seq >= had.seq, `${player.label}: seq ${had.seq} was seen, the room restarted at ${view.seq}`);
        if (view.seq === had.seq) assert.equal(JSON.stringify(view.view), JSON.stringify(had.view), `${player.label}: the same seq, another view`);
        // Changes stored but not yet sent when the process died come now, each with its events, whole.
        assert.equal(changesIn(view.events as MatchEmitted[], had.events.at(-1) as MatchEmitted | undefined), view.seq - had.seq, `${player.label}: the changes since its view, one event each`);
        await back.close();
      }
    }
    assert.deepEqual(serverErrors(second), []);
  });
});
