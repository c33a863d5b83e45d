/**
 * Quick match on one process (the real server over WebSockets, SQLite): `pools`, `seek` and
 * `cancel-seek`; two identities seated together (`matched`, then `resume` on the room's own URL), the
 * table's room (nobody invited, one match, each seat's identity and rating), and the rating at its end;
 * a leaver forfeits; one identity in two windows is one seeker and never meets itself.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Player, ROOMY, autoplay, serverErrors, startServerProcess, type ServerProcess } from './harness.js';
import { identified, ratedRoom, seatOf, secretOf } from './quick-match-clients.js';

const dir = mkdtempSync(join(tmpdir(), 'domino-quick-match-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const POOLS = join(dir, 'pools.json');
// Short matches at the computers' quickest pace: a test plays whole ones.
writeFileSync(
  POOLS,
  JSON.stringify([
    { id: 'draw-2', variant: 'draw', players: 2, target: 10, tempo: 'instant' },
    { id: 'block-2', variant: 'block', players: 2, target: 10, tempo: 'instant' },
    { id: 'fives-teams', variant: 'fives', players: 4, teams: true, target: 15, tempo: 'instant' },
  ]),
);

describe('quick match on one process', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', join(dir, 'rooms.db'), ...ROOMY, '--pools', POOLS, '--grace', '2']);
  });
  after(async () => {
    if (process.env.QM_DEBUG) console.log(server.output.filter((l) => /match|rated|table|error|warn/.test(l)).join('\n'));
    assert.deepEqual(serverErrors(server), []);
    await server.stop();
  });

  test('pools lists the pools with the number waiting; seek needs an identity and a pool the server has; cancel-seek ends the wait at once', async () => {
    const stranger = await Player.connect(server.wsUrl, 'stranger');
    const listed = await stranger.request({ type: 'pools' }, 'pools');
    assert.equal(listed.type, 'pools');
    if (listed.type !== 'pools') return;
    assert.deepEqual(
      listed.pools.map((p) => [p.id, p.family, p.settings.variant, p.settings.players, p.computersAfter]),
      [
        ['draw-2', 'two', 'draw', 2, null],
        ['block-2', 'two', 'block', 2, null],
        ['fives-teams', 'teams', 'fives', 4, 30],
      ],
    );
    const refused = await stranger.request({ type: 'seek', pool: 'draw-2' }, 'error');
    assert.equal(refused.type === 'error' && refused.code, 'not-identified');

    const { player: ann } = await identified(server, 'Ann');
    const unknown = await ann.request({ type: 'seek', pool: 'chess' }, 'error');
    assert.equal(unknown.type === 'error' && unknown.code, 'no-such-pool');
    const seeking = await ann.request({ type: 'seek', pool: 'block-2' }, 'seeking');
    assert.deepEqual(seeking, { type: 'seeking', pool: 'block-2', waiting: 1 });
    const counted = await stranger.request({ type: 'pools' }, 'pools');
    assert.equal(counted.type === 'pools' && counted.pools.find((p) => p.id === 'block-2')?.waiting, 1);
    const cancelled = await ann.request({ type: 'cancel-seek' }, 'seek-cancelled');
    assert.deepEqual(cancelled, { type: 'seek-cancelled', pool: 'block-2' });
    const after = await stranger.request({ type: 'pools' }, 'pools');
    assert.equal(after.type === 'pools' && after.pools.find((p) => p.id === 'block-2')?.waiting, 0);
    const again = await ann.request({ type: 'cancel-seek' }, 'seek-cancelled');
    assert.deepEqual(again, { type: 'seek-cancelled', pool: null }, 'nothing to cancel');
    await Promise.all([stranger.close(), ann.close()]);
  });

  test('two identities are seated together: matched, resumed on the room’s URL, a closed room of one match with each seat’s identity and rating; rated at its end', async () => {
    const ann = await identified(server, 'Ann');
    const bob = await identified(server, 'Bob');
    const matchedAnn = ann.player.next('matched', () => true, 15_000);
    const matchedBob = bob.player.next('matched', () => true, 15_000);
    await ann.player.request({ type: 'seek', pool: 'draw-2' }, 'seeking');
    await bob.player.request({ type: 'seek', pool: 'draw-2' }, 'seeking');
    const [forAnn, forBob] = await Promise.all([matchedAnn, matchedBob]);
    assert.equal(forAnn.room, forBob.room, 'one table');
    assert.deepEqual([forAnn.seat, forBob.seat].sort(), [0, 1]);
    assert.notEqual(forAnn.token, forBob.token);

    const seats = [await seatOf(server, forAnn, 'Ann at the table'), await seatOf(server, forBob, 'Bob at the table')];
    const welcome = seats[0]!.last('welcome')!;
    assert.equal(welcome.keys.invite, null, 'nobody is invited to a quick-match table');
    assert.match(welcome.keys.watch ?? '', /^[A-Za-z0-9_-]{22}$/, 'it may be watched');
    const info = (await seats[0]!.waitFor('room', () => true, 0)).room;
    assert.equal(info.phase, 'playing');
    assert.equal(info.newcomers, false);
    assert.deepEqual(info.rated, { pool: 'draw-2', family: 'two', result: null });
    const byId = new Map(info.seats.map((s) => [s.player?.id, s]));
    assert.deepEqual(byId.get(ann.me.id)?.player, { id: ann.me.id, rating: 1000, provisional: true });
    assert.equal(byId.get(ann.me.id)?.seat, forAnn.seat);
    assert.equal(byId.get(bob.me.id)?.name, 'Bob');

    const outsider = await identified(server, 'Cy');
    const join = await outsider.player.request({ type: 'join', room: forAnn.room, name: 'Cy' }, 'error');
    assert.equal(join.type === 'error' && join.code, 'bad-key', 'the room id is no invite');

    const rated = Promise.all(seats.map((p) => ratedRoom(p, (room) => room.rated?.result != null)));
    await autoplay(seats).done;
    const [result] = (await rated).map((m) => m.room.rated!.result!);
    assert.equal(result!.outcome, 'rated');
    const changes = new Map(result!.changes.map((c) => [c.id, c]));
    const view = seats[0]!.last('view')!.view;
    const winnerSeat = view.winningSide!;
    const winner = winnerSeat === forAnn.seat ? ann.me.id : bob.me.id;
    const loser = winner === ann.me.id ? bob.me.id : ann.me.id;
    assert.ok(changes.get(winner)!.after > changes.get(winner)!.before, 'the winner rises');
    assert.ok(changes.get(loser)!.after < changes.get(loser)!.before, 'the loser falls');
    assert.deepEqual([changes.get(winner)!.forfeit, changes.get(loser)!.forfeit], [false, false]);

    const replay = await seats[0]!.request({ type: 'play-again' }, 'error');
    assert.equal(replay.type === 'error' && replay.code, 'wrong-phase', 'one match a table: Play again is a new seek');

    // Their identities carry the rated match now.
    const annAgain = await identified(server, 'Ann', ann.secret);
    assert.equal(annAgain.me.ratings.two?.matches, 1);
    assert.equal(annAgain.me.ratings.two?.rating, changes.get(ann.me.id)!.after);
    await Promise.all([...seats, ann.player, bob.player, outsider.player, annAgain.player].map((p) => p.close()));
  });

  test('a leaver forfeits: placed last, and loses rating, whatever the score', async () => {
    const ann = await identified(server, 'Ann');
    const bob = await identified(server, 'Bob');
    const matched = [ann.player.next('matched', () => true, 15_000), bob.player.next('matched', () => true, 15_000)];
    await ann.player.request({ type: 'seek', pool: 'draw-2' }, 'seeking');
    await bob.player.request({ type: 'seek', pool: 'draw-2' }, 'seeking');
    const [forAnn, forBob] = await Promise.all(matched);
    const annSeat = await seatOf(server, forAnn!, 'Ann at the table');
    const bobSeat = await seatOf(server, forBob!, 'Bob at the table');
    await bobSeat.request({ type: 'leave' }, 'room');
    const rated = ratedRoom(annSeat, (room) => room.rated?.result != null);
    await autoplay([annSeat]).done;
    const result = (await rated).room.rated!.result!;
    const bobs = result.changes.find((c) => c.id === bob.me.id)!;
    const anns = result.changes.find((c) => c.id === ann.me.id)!;
    assert.equal(bobs.forfeit, true);
    assert.equal(anns.forfeit, false);
    assert.ok(bobs.after < bobs.before, `the leaver falls (${bobs.before} → ${bobs.after})`);
    assert.ok(anns.after > anns.before, 'the one who stayed rises');
    await Promise.all([annSeat, bobSeat, ann.player, bob.player].map((p) => p.close()));
  });

  test('one identity in two windows is one seeker: it never meets itself, and its later window’s seek replaces the first', async () => {
    const secret = secretOf();
    const first = await identified(server, 'Dee', secret);
    const second = await identified(server, 'Dee', secret);
    await first.player.request({ type: 'seek', pool: 'block-2' }, 'seeking');
    const replaced = first.player.next('seek-cancelled');
    const seeking = await second.player.request({ type: 'seek', pool: 'block-2' }, 'seeking');
    assert.deepEqual(seeking, { type: 'seeking', pool: 'block-2', waiting: 1 });
    assert.deepEqual(await replaced, { type: 'seek-cancelled', pool: 'block-2' });
    // Two waves at least: nobody else waits, so no table.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    assert.equal(second.player.since(0, 'matched').length, 0, 'never seated with itself');
    await Promise.all([first.player.close(), second.player.close()]);
  });
});
