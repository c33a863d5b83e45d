/**
 * The rules of a room's seats, over real sockets: join takes the lowest open seat (after the start,
 * the lowest a computer holds) until the room is full; start makes the open seats computers, and
 * they play; leave frees a seat before the start, hands it to a computer after it, and the token stops
 * working either way; the host's rights pass on when the host leaves; the next round waits for every
 * connected person (and only for them); a connection that takes another seat lets go of its old one;
 * a name the name rule refuses creates no room and takes no seat.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { newRoomId, type NameProblem, type RoomInfo, type RoomSettings } from '../../src/net/protocol.js';
import { INSTANT, Player, ROOMY, autoplay, createRoom, joinRoom, playOne, playUntil, startServerProcess, synced, type Invitation, type ServerProcess } from './harness.js';

const SETTINGS: RoomSettings = { variant: 'draw', players: 4, target: 300, ...INSTANT };

const kinds = (room: RoomInfo) => room.seats.map((s) => s.kind);
const names = (room: RoomInfo) => room.seats.map((s) => s.name);

describe('lobby and seats', () => {
  let server: ServerProcess;
  let observer: Player;
  before(async () => {
    // The next round is dealt 30 s after a round at the latest: far beyond these tests, so only readiness deals it.
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
    observer = await Player.connect(server.wsUrl, 'observer');
  });
  after(async () => {
    await observer.close();
    await server.stop();
  });

  const peek = async ({ room, key }: Invitation): Promise<RoomInfo> => {
    const answer = await observer.request({ type: 'peek', room, key }, 'room');
    assert.ok(answer.type === 'room', JSON.stringify(answer));
    return answer.room;
  };

  async function start(host: Player, players: Player[]): Promise<void> {
    const started = players.map((p) => p.next('view'));
    host.send({ type: 'start' });
    await Promise.all(started);
  }

  test('join takes the lowest open seat; leave frees it; a full room refuses', async () => {
    const ann = await createRoom(server, 'Ann', SETTINGS);
    const room = ann.room!;
    const first = await ann.waitFor('room', () => true, 0);
    assert.deepEqual(kinds(first.room), ['human', 'open', 'open', 'open']);
    const bob = await joinRoom(server, ann.invitation, 'Bob');
    const cid = await joinRoom(server, ann.invitation, 'Cid');
    assert.deepEqual([bob.seat, cid.seat], [1, 2]);
    assert.notEqual(bob.token, cid.token);
    const leaving = bob.mark();
    bob.send({ type: 'leave' });
    const left = await bob.waitFor('room', (m) => m.room.seats[1]!.kind === 'open', leaving);
    assert.deepEqual(names(left.room), ['Ann', null, 'Cid', null]);
    await ann.waitFor('room', (m) => m.room.seats[1]!.kind === 'open', 0);
    // The seat is free, and Bob's token no longer holds it.
    const resumed = await observer.request({ type: 'resume', room, token: bob.token! }, 'welcome');
    assert.ok(resumed.type === 'error' && resumed.code === 'bad-token', JSON.stringify(resumed));
    const refused = await bob.refused({ type: 'start' });
    assert.equal(refused.code, 'not-seated');
    const dan = await joinRoom(server, ann.invitation, 'Dan');
    assert.equal(dan.seat, 1);
    const eve = await joinRoom(server, ann.invitation, 'Eve');
    assert.equal(eve.seat, 3);
    const full = await observer.request({ type: 'join', ...ann.invitation, name: 'Fay' }, 'welcome');
    assert.ok(full.type === 'error' && full.code === 'room-full' && full.ref === 'join', JSON.stringify(full));
    assert.deepEqual(names(await peek(ann.invitation)), ['Ann', 'Dan', 'Cid', 'Eve']);
    await Promise.all([ann, bob, cid, dan, eve].map((p) => p.close()));
  });

  test('the host leaving hands the host on to the next person, before and after the start', async () => {
    const ann = await createRoom(server, 'Ann', SETTINGS);
    const bob = await joinRoom(server, ann.invitation, 'Bob');
    const cid = await joinRoom(server, ann.invitation, 'Cid');
    await ann.request({ type: 'leave' }, 'room');
    const info = await bob.waitFor('room', (m) => m.room.host !== 0, 0);
    assert.equal(info.room.host, 1);
    assert.equal((await cid.refused({ type: 'start' })).code, 'not-host');
    await start(bob, [bob, cid]);
    assert.deepEqual(kinds(await peek(ann.invitation)), ['computer', 'human', 'human', 'computer']);
    await bob.request({ type: 'leave' }, 'room');
    assert.equal((await cid.waitFor('room', (m) => m.room.host === 2, 0)).room.host, 2);
    assert.equal((await peek(ann.invitation)).host, 2);
    await Promise.all([ann, bob, cid].map((p) => p.close()));
  });

  test('start makes the open seats computers, and they play the match through', async () => {
    const ann = await createRoom(server, 'Ann', { ...SETTINGS, target: 30 });
    const bob = await joinRoom(server, ann.invitation, 'Bob');
    await start(ann, [ann, bob]);
    const info = await bob.waitFor('room', (m) => m.room.phase === 'playing', 0);
    assert.deepEqual(kinds(info.room), ['human', 'human', 'computer', 'computer']);
    assert.deepEqual(info.room.seats.map((s) => s.ready), [false, false, true, true]);
    await autoplay([ann, bob], { seed: 'lobby/start' }).done;
    const moved = new Set(ann.messages.flatMap((m) => (m.type === 'view' ? m.view.log.map((e) => e.seat) : [])));
    assert.ok(moved.has(2) && moved.has(3), `the computers never moved: ${[...moved]}`);
    assert.notEqual(ann.last('view')!.view.winningSide, null);
    await Promise.all([ann, bob].map((p) => p.close()));
  });

  test('after the start a newcomer takes the lowest seat a computer holds, and plays it from then on', async () => {
    const ann = await createRoom(server, 'Ann', { ...SETTINGS, players: 3 });
    await start(ann, [ann]);
    const idle = await synced([ann]);
    const nia = await joinRoom(server, ann.invitation, 'Nia');
    assert.equal(nia.seat, 1);
    // The whole view at once, of the match as it stands.
    const first = await nia.waitFor('view', () => true, 0);
    assert.ok(first.seq >= idle.seq);
    assert.equal(first.view.seat, 1);
    const info = await ann.waitFor('room', (m) => m.room.seats[1]!.kind === 'human', 0);
    assert.deepEqual(info.room.seats[1], { seat: 1, name: 'Nia', kind: 'human', connected: true, ready: false, away: false });
    // Seat 1's turns are Nia's now: the room waits for her, and takes her move.
    const hers = await playUntil([ann, nia], (m) => m.view.round.result === null && m.view.turn === 1);
    const next = await playOne([ann, nia]);
    assert.equal(next.seq, hers.seq + 1);
    assert.equal(next.view.log.at(-1)?.seat ?? 1, 1);
    const olga = await joinRoom(server, ann.invitation, 'Olga');
    assert.equal(olga.seat, 2);
    const full = await observer.request({ type: 'join', ...ann.invitation, name: 'Pia' }, 'welcome');
    assert.ok(full.type === 'error' && full.code === 'room-full', JSON.stringify(full));
    await Promise.all([ann, nia, olga].map((p) => p.close()));
  });

  test('leave after the start: a computer plays the seat at once, and the token stops working', async () => {
    const ann = await createRoom(server, 'Ann', { ...SETTINGS, players: 2 });
    const room = ann.room!;
    const bob = await joinRoom(server, ann.invitation, 'Bob');
    await start(ann, [ann, bob]);
    const his = await playUntil([ann, bob], (m) => m.view.round.result === null && m.view.turn === 1);
    const from = ann.mark();
    const left = await bob.request({ type: 'leave' }, 'room');
    assert.ok(left.type === 'room');
    assert.deepEqual(left.room.seats[1], { seat: 1, name: null, kind: 'computer', connected: false, ready: true, away: false });
    const played = await ann.waitFor('view', (m) => m.seq > his.seq, from);
    assert.equal(played.view.log[his.view.log.length]?.seat, 1, 'the computer did not take the turn');
    const bobMarks = bob.mark();
    const resumed = await observer.request({ type: 'resume', room, token: bob.token! }, 'welcome');
    assert.ok(resumed.type === 'error' && resumed.code === 'bad-token', JSON.stringify(resumed));
    assert.equal((await bob.refused({ type: 'move', seq: played.seq, move: { type: 'pass' } })).code, 'not-seated');
    assert.deepEqual(bob.since(bobMarks, 'view'), [], 'a seat that left is still sent views');
    await Promise.all([ann, bob].map((p) => p.close()));
  });

  test('the next round waits for every connected person, and only for them', async () => {
    const ann = await createRoom(server, 'Ann', { ...SETTINGS, players: 3, variant: 'block' });
    const bob = await joinRoom(server, ann.invitation, 'Bob');
    const cid = await joinRoom(server, ann.invitation, 'Cid');
    await start(ann, [ann, bob, cid]);
    const players = [ann, bob, cid];
    const end = await playUntil(players, (m) => m.view.round.result !== null);
    assert.equal(end.view.winningSide, null);
    const from = players.map((p) => p.mark());
    ann.send({ type: 'next-round', seq: end.seq });
    const marked = await cid.waitFor('room', (m) => m.room.seats[0]!.ready, from[2]);
    assert.deepEqual(marked.room.seats.map((s) => s.ready), [true, false, false]);
    bob.send({ type: 'next-round', seq: end.seq });
    await cid.waitFor('room', (m) => m.room.seats[1]!.ready, from[2]);
    // A peek is answered after anything the ready messages caused: no deal yet.
    await peek(ann.invitation);
    for (const [i, p] of players.entries()) {
      await p.request({ type: 'peek', ...ann.invitation }, 'room');
      assert.deepEqual(p.since(from[i]!, 'view'), [], `${p.label} was dealt before Cid was ready`);
    }
    cid.send({ type: 'next-round', seq: end.seq });
    const dealt = await Promise.all(players.map((p) => p.waitFor('view', (m) => m.seq > end.seq, from[players.indexOf(p)])));
    for (const m of dealt) {
      assert.equal(m.seq, end.seq + 1);
      assert.equal(m.view.round.number, end.view.round.number + 1);
    }

    // Someone without a connection is not waited for: Cid is gone, Ann and Bob ready, the round is dealt.
    const second = await playUntil(players, (m) => m.view.round.result !== null);
    if (second.view.winningSide === null) {
      await cid.close();
      await ann.waitFor('room', (m) => !m.room.seats[2]!.connected, 0);
      const at = ann.mark();
      ann.send({ type: 'next-round', seq: second.seq });
      bob.send({ type: 'next-round', seq: second.seq });
      const next = await ann.waitFor('view', (m) => m.seq > second.seq, at);
      assert.equal(next.view.round.number, second.view.round.number + 1);
    }
    await Promise.all(players.map((p) => p.close()));
  });

  test('the last person not ready going away lets the round be dealt', async () => {
    const ann = await createRoom(server, 'Ann', { ...SETTINGS, players: 2, variant: 'block' });
    const bob = await joinRoom(server, ann.invitation, 'Bob');
    await start(ann, [ann, bob]);
    const end = await playUntil([ann, bob], (m) => m.view.round.result !== null);
    assert.equal(end.view.winningSide, null);
    const from = ann.mark();
    ann.send({ type: 'next-round', seq: end.seq });
    await ann.waitFor('room', (m) => m.room.seats[0]!.ready, from);
    // Bob, the only one not ready, loses his connection: everyone connected is ready now.
    await bob.close();
    const next = await ann.waitFor('view', (m) => m.seq > end.seq, from);
    assert.equal(next.view.round.number, end.view.round.number + 1);
    await ann.close();
  });

  test('a name the rule refuses: create and join are bad-message naming the reason, and change nothing', async () => {
    const ann = await createRoom(server, 'Ann', SETTINGS);
    const before = await peek(ann.invitation);
    const eve = await Player.connect(server.wsUrl, 'eve');
    const refusedNames: [string, NameProblem][] = [
      ['\u200B', 'invisible'],
      ['\u200D', 'invisible'],
      ['\u00AD', 'invisible'],
      ['\u3164', 'invisible'],
      [`e${'\u0301'.repeat(20)}`, 'too-many-marks'],
      ['Ann  Lee', 'spaces-in-a-row'],
      ['...', 'no-letter'],
    ];
    for (const [name, problem] of refusedNames) {
      const id = newRoomId();
      const created = await eve.refused({ type: 'create', name, settings: SETTINGS, room: id });
      assert.deepEqual([created.code, created.ref], ['bad-message', 'create'], JSON.stringify(name));
      assert.match(created.message, new RegExp(`^name: .+ \\(${problem}\\)$`));
      const none = await observer.request({ type: 'peek', room: id }, 'room');
      assert.ok(none.type === 'error' && none.code === 'no-such-room', `no room was created: ${JSON.stringify(none)}`);
      const joined = await eve.refused({ type: 'join', ...ann.invitation, name });
      assert.deepEqual([joined.code, joined.ref], ['bad-message', 'join'], JSON.stringify(name));
      assert.match(joined.message, new RegExp(`^name: .+ \\(${problem}\\)$`));
    }
    assert.deepEqual(await peek(ann.invitation), before, 'the room is as it was');
    assert.equal((await eve.refused({ type: 'start' })).code, 'not-seated', 'the refused connection holds no seat');
    // A name sent in another normalisation form is kept and shown in NFC.
    await eve.request({ type: 'join', ...ann.invitation, name: 'Zoe\u0308' }, 'welcome');
    assert.deepEqual(names(await peek(ann.invitation)), ['Ann', 'Zo\u00EB', null, null]);
    await Promise.all([ann, eve].map((p) => p.close()));
  });

  test('a connection that takes another seat lets go of its old one', async () => {
    const ann = await createRoom(server, 'Ann', { ...SETTINGS, players: 2 });
    const room = ann.room!;
    const bob = await joinRoom(server, ann.invitation, 'Bob');
    await start(ann, [ann, bob]);
    await synced([ann, bob]);
    const from = ann.mark();
    // Bob's connection creates a room of its own: his seat here has no connection any more.
    const created = await bob.request({ type: 'create', name: 'Bob', settings: SETTINGS }, 'welcome');
    assert.ok(created.type === 'welcome' && created.room !== room);
    const info = await ann.waitFor('room', (m) => !m.room.seats[1]!.connected, from);
    assert.equal(info.room.seats[1]!.kind, 'human');
    assert.equal((await peek(ann.invitation)).seats[1]!.connected, false);
    await Promise.all([ann, bob].map((p) => p.close()));
  });
});
