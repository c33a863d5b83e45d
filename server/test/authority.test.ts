/**
 * The server is the authority, over real sockets: every message a seat may not send (out of turn, a
 * stale or replayed seq, a tile not in hand, an end that is not there, a move after the round, a
 * host's message from another seat, a bad token, a malformed, unknown, oversized, binary or
 * prototype-keyed message, a bad name, a flood) is refused with its code and `ref`, and:
 *
 * - the room is unchanged: a `peek` shows the same room, nobody gets a new view or room frame, and a
 *   seat resumed at the end gets the very view it had (same seq, same bytes);
 * - the server lives on: /healthz answers, a new room can be created, and it logged no error.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ALL_TILES } from '../../src/engine/index.js';
import type { ClientMessage, ErrorCode, RoomSettings } from '../../src/net/protocol.js';
import { REFUSALS_BEFORE_CLOSE } from '../src/sockets.js';
import { tileKey } from './frames.js';
import {
  INSTANT,
  Player,
  ROOMY,
  autoplay,
  createRoom,
  health,
  joinRoom,
  playOne,
  playUntil,
  resumeSeat,
  serverErrors,
  startServerProcess,
  synced,
  type ServerProcess,
  type ViewMessage,
} from './harness.js';

const SETTINGS: RoomSettings = { variant: 'draw', players: 2, target: 500, ...INSTANT };

describe('the server refuses what a seat may not do, and nothing changes', () => {
  let server: ServerProcess;
  let ann: Player;
  let bob: Player;
  let observer: Player;
  let room: string;

  before(async () => {
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
    ann = await createRoom(server, 'Ann', SETTINGS);
    room = ann.room!;
    bob = await joinRoom(server, ann.invitation, 'Bob');
    observer = await Player.connect(server.wsUrl, 'observer');
    const started = [ann, bob].map((p) => p.next('view'));
    ann.send({ type: 'start' });
    await Promise.all(started);
    // A few moves in: the table has open ends to get wrong.
    await playUntil([ann, bob], (m) => m.view.log.filter((e) => e.type === 'play').length >= 3);
  });
  after(async () => {
    await Promise.all([ann, bob, observer].map((p) => p?.close()));
    await server.stop();
  });

  const seated = () => [ann, bob];
  const peekRoom = async () => {
    const answer = await observer.request({ type: 'peek', ...ann.invitation }, 'room');
    assert.equal(answer.type, 'room');
    return JSON.stringify(answer);
  };

  /**
   * Sends what `send` sends from `sender`, expects `code` (and `ref`), then proves nothing changed:
   * the same peek, and no frame to any seat but the refusal (each seat's own peek is the barrier
   * that every frame of the change, had there been one, arrived before).
   */
  async function refusedUnchanged(sender: Player, send: ClientMessage | Record<string, unknown> | (() => void), code: ErrorCode, ref: string | undefined, message?: RegExp): Promise<void> {
    const before = await peekRoom();
    const views = seated().map((p) => p.last('view')!.seq);
    const marks = seated().map((p) => p.mark());
    const from = sender.mark();
    await sender.slot();
    if (typeof send === 'function') send();
    else sender.send(send);
    const error = await sender.waitFor('error', () => true, from);
    assert.equal(error.code, code, error.message);
    assert.equal(error.ref, ref, 'ref');
    if (message) assert.match(error.message, message);
    assert.equal(await peekRoom(), before, 'the room changed');
    for (const [i, player] of seated().entries()) {
      const barrier = player.mark();
      const answer = await player.request({ type: 'peek', ...ann.invitation }, 'room');
      assert.equal(answer.type, 'room');
      const got = player.messages.slice(marks[i]!, barrier).filter((m) => !(player === sender && m === error));
      assert.deepEqual(got, [], `${player.label} was told of a change: ${JSON.stringify(got)}`);
      assert.equal(player.last('view')!.seq, views[i]);
    }
  }

  const current = async (): Promise<{ view: ViewMessage; mover: Player; other: Player }> => {
    const view = await synced(seated());
    const mover = view.view.turn === ann.seat ? ann : bob;
    return { view, mover, other: mover === ann ? bob : ann };
  };
  const hand = (p: Player) => p.last('view')!.view.hand;
  const legal = (p: Player) => {
    const view = p.last('view')!.view;
    return { type: 'play' as const, tile: view.hand[0]!, end: view.openEnds[0]!.id };
  };

  test('a move out of turn: not-your-turn', async () => {
    const { view, other } = await current();
    await refusedUnchanged(other, { type: 'move', seq: view.seq, move: { type: 'draw' } }, 'not-your-turn', 'move');
    await refusedUnchanged(other, { type: 'move', seq: view.seq, move: legal(other) }, 'not-your-turn', 'move');
  });

  test('a stale seq, before the turn is even looked at: stale', async () => {
    const { view, mover, other } = await current();
    for (const seq of [view.seq - 1, view.seq + 1, 0]) await refusedUnchanged(mover, { type: 'move', seq, move: { type: 'pass' } }, 'stale', 'move');
    // Out of turn and stale: the seq is checked first.
    await refusedUnchanged(other, { type: 'move', seq: view.seq - 1, move: { type: 'pass' } }, 'stale', 'move');
  });

  test('a replayed move: stale, whoever replays it', async () => {
    const { view, mover } = await current();
    const moved = await playOne(seated());
    const played = moved.view.log.at(-1)!;
    assert.equal(played.seat, mover.seat);
    const replay = {
      type: 'move',
      seq: view.seq,
      move: played.type === 'play' ? { type: 'play', tile: played.tile, end: played.end } : { type: played.type },
    };
    for (const p of seated()) await refusedUnchanged(p, replay, 'stale', 'move');
  });

  test('a tile not in hand: illegal-move, in the engine’s words', async () => {
    const { view, mover } = await current();
    const onTable = new Set(view.view.table.map((p) => tileKey(p.tile)));
    const mine = new Set(hand(mover).map(tileKey));
    const notMine = ALL_TILES.find((t) => !mine.has(tileKey(t)) && !onTable.has(tileKey(t)))!;
    for (const end of view.view.openEnds.map((e) => e.id)) {
      await refusedUnchanged(mover, { type: 'move', seq: view.seq, move: { type: 'play', tile: notMine, end } }, 'illegal-move', 'move', /hand/i);
    }
    const played = view.view.table[0]!.tile;
    await refusedUnchanged(mover, { type: 'move', seq: view.seq, move: { type: 'play', tile: played, end: view.view.openEnds[0]!.id } }, 'illegal-move', 'move');
  });

  test('an end that is not there, or does not match: illegal-move', async () => {
    const { view, mover } = await current();
    const tile = hand(mover)[0]!;
    for (const end of ['nowhere', 'lead', '', 'e'.repeat(32)]) {
      await refusedUnchanged(mover, { type: 'move', seq: view.seq, move: { type: 'play', tile, end } }, 'illegal-move', 'move');
    }
    const mismatch = view.view.openEnds.flatMap((end) => hand(mover).filter((t) => t[0] !== end.pip && t[1] !== end.pip).map((t) => ({ tile: t, end: end.id })))[0];
    if (mismatch) await refusedUnchanged(mover, { type: 'move', seq: view.seq, move: { type: 'play', ...mismatch } }, 'illegal-move', 'move');
  });

  test('a draw or pass while a play is possible: illegal-move', async () => {
    // Advance to a position where the mover can play.
    const latest = await playUntil(seated(), (m) => {
      const mover = m.view.turn === ann.seat ? ann : bob;
      const mine = mover.last('view')!;
      return mine.seq === m.seq && mine.view.openEnds.some((e) => mine.view.hand.some((t) => t[0] === e.pip || t[1] === e.pip));
    });
    const mover = latest.view.turn === ann.seat ? ann : bob;
    if (latest.view.drawable > 0) await refusedUnchanged(mover, { type: 'move', seq: latest.seq, move: { type: 'draw' } }, 'illegal-move', 'move');
    await refusedUnchanged(mover, { type: 'move', seq: latest.seq, move: { type: 'pass' } }, 'illegal-move', 'move');
  });

  test('host messages from another seat: not-host; from the host at the wrong time: wrong-phase', async () => {
    const guest = ann.seat === 0 ? bob : ann;
    await refusedUnchanged(guest, { type: 'new-match' }, 'not-host', 'new-match');
    await refusedUnchanged(ann, { type: 'new-match' }, 'wrong-phase', 'new-match');
    await refusedUnchanged(ann, { type: 'start' }, 'wrong-phase', 'start');
    await refusedUnchanged(ann, { type: 'settings', settings: { ...SETTINGS, variant: 'block' } }, 'wrong-phase', 'settings');
    const { view } = await current();
    await refusedUnchanged(bob, { type: 'next-round', seq: view.seq }, 'wrong-phase', 'next-round');
  });

  test('a bad token, an unknown room, a seat message without a seat', async () => {
    await refusedUnchanged(observer, { type: 'resume', room, token: 'A'.repeat(22) }, 'bad-token', 'resume');
    await refusedUnchanged(observer, { type: 'resume', room, token: ann.token!.split('').reverse().join('') }, 'bad-token', 'resume');
    await refusedUnchanged(observer, { type: 'resume', room: 'B'.repeat(22), token: ann.token! }, 'no-such-room', 'resume');
    await refusedUnchanged(observer, { type: 'join', room: 'B'.repeat(22), name: 'Eve' }, 'no-such-room', 'join');
    await refusedUnchanged(observer, { type: 'peek', room: 'B'.repeat(22) }, 'no-such-room', 'peek');
    const { view } = await current();
    await refusedUnchanged(observer, { type: 'move', seq: view.seq, move: { type: 'draw' } }, 'not-seated', 'move');
    for (const type of ['start', 'new-match', 'leave'] as const) await refusedUnchanged(observer, { type }, 'not-seated', type);
    await refusedUnchanged(observer, { type: 'next-round', seq: view.seq }, 'not-seated', 'next-round');
    await refusedUnchanged(observer, { type: 'settings', settings: SETTINGS }, 'not-seated', 'settings');
  });

  test('malformed, unknown, unknown-field, binary and prototype-keyed messages: bad-message', async () => {
    const { view, mover } = await current();
    const raw = (text: string | Buffer, binary = false) => () => mover.sendRaw(text, binary);
    await refusedUnchanged(mover, raw('{"type":"move"'), 'bad-message', undefined, /not JSON/);
    await refusedUnchanged(mover, raw('[]'), 'bad-message', undefined);
    await refusedUnchanged(mover, { type: 'cheat', seq: view.seq }, 'bad-message', undefined, /unknown message type/);
    const wrong = (message: Record<string, unknown>) => message;
    await refusedUnchanged(mover, wrong({ type: 'move', seq: view.seq, move: { type: 'draw' }, seat: 1 }), 'bad-message', 'move', /unknown field "seat"/);
    await refusedUnchanged(mover, wrong({ type: 'move', seq: view.seq, move: { type: 'play', tile: [9, 9], end: 'lead' } }), 'bad-message', 'move');
    await refusedUnchanged(mover, wrong({ type: 'move', seq: String(view.seq), move: { type: 'draw' } }), 'bad-message', 'move');
    await refusedUnchanged(mover, raw(`{"type":"move","seq":${view.seq},"move":{"type":"draw"},"__proto__":{"seat":1}}`), 'bad-message', 'move', /__proto__/);
    await refusedUnchanged(mover, raw(`{"type":"move","seq":${view.seq},"move":{"type":"draw","constructor":{}}}`), 'bad-message', 'move', /constructor/);
    await refusedUnchanged(mover, raw(Buffer.from(JSON.stringify({ type: 'move', seq: view.seq, move: { type: 'draw' } })), true), 'bad-message', undefined, /binary/);
    await refusedUnchanged(mover, raw(Buffer.from([0xff, 0x00, 0x13]), true), 'bad-message', undefined, /binary/);
    await refusedUnchanged(mover, raw('\u0000'), 'bad-message', undefined);
  });

  test('bad names and bad settings: bad-message, and nobody joins', async () => {
    for (const name of ['', ' ', 'x'.repeat(25), 'a\u0007b', 'a\u202Eb', ' Ann']) {
      await refusedUnchanged(observer, { type: 'join', ...ann.invitation, name }, 'bad-message', 'join', /^name: /);
      await refusedUnchanged(observer, { type: 'create', name, settings: SETTINGS }, 'bad-message', 'create', /^name: /);
    }
    await refusedUnchanged(observer, { type: 'create', name: 'Eve', settings: { ...SETTINGS, players: 3, teams: true } }, 'bad-message', 'create', /partnerships/);
    await refusedUnchanged(ann, { type: 'settings', settings: { ...SETTINGS, target: 0 } }, 'bad-message', 'settings', /target/);
  });

  test('join while every seat is taken: room-full', async () => {
    await refusedUnchanged(observer, { type: 'join', ...ann.invitation, name: 'Eve' }, 'room-full', 'join');
  });

  test('a frame over 4 KiB closes the socket with 1009; 4 KiB exactly is read', async () => {
    const before = await peekRoom();
    const big = await Player.connect(server.wsUrl, 'big');
    const peek = JSON.stringify({ type: 'peek', ...ann.invitation });
    const exactly = peek.slice(0, -1) + ' '.repeat(4096 - peek.length) + '}';
    assert.equal(Buffer.byteLength(exactly), 4096);
    assert.equal((await big.request(JSON.parse(exactly) as never, 'room')).type, 'room');
    big.sendRaw(exactly);
    await big.next('room');
    big.sendRaw(`${peek.slice(0, -1)}${' '.repeat(4097 - peek.length)}}`);
    assert.equal((await big.whenClosed).code, 1009);
    const move = await Player.connect(server.wsUrl, 'big move');
    move.sendRaw(JSON.stringify({ type: 'move', seq: 1, move: { type: 'play', tile: [1, 1], end: 'x'.repeat(5000) } }));
    assert.equal((await move.whenClosed).code, 1009);
    assert.equal(await peekRoom(), before);
  });

  test('a flood: refused with rate-limited, then closed with 1008', async () => {
    const before = await peekRoom();
    const flood = await Player.connect(server.wsUrl, 'flood');
    const peek = { type: 'peek', ...ann.invitation };
    for (let i = 0; i < 200; i++) flood.send(peek);
    const closed = await flood.whenClosed;
    assert.equal(closed.code, 1008);
    // At most the burst is handled (answers still under way when the socket closes are dropped).
    const answers = flood.messages.filter((m) => m.type === 'room').length;
    assert.ok(answers <= 40, `${answers} messages of a flood were answered`);
    // Every refused frame answered, naming it, until the close (more than the 20 in a row should a token come back meanwhile).
    const limited = flood.since(0, 'error');
    assert.ok(limited.length >= REFUSALS_BEFORE_CLOSE, JSON.stringify(limited));
    assert.ok(limited.every((e) => e.code === 'rate-limited' && e.ref === 'peek'), JSON.stringify(limited[0]));
    assert.equal(await peekRoom(), before);
  });

  test('a seated flood is closed too, and its seat is only disconnected', async () => {
    const { view, mover } = await current();
    const flooder = mover === ann ? bob : ann;
    for (let i = 0; i < 200; i++) flooder.send({ type: 'move', seq: view.seq, move: { type: 'pass' } });
    assert.equal((await flooder.whenClosed).code, 1008);
    // The server lets the seat go when its side of the socket closes, which may come after ours: ask
    // until it has (a ceiling, not a measure).
    const expected = seated().map((p) => ['human', p !== flooder]);
    let seats: unknown[] = [];
    for (const start = Date.now(); Date.now() - start < 30_000; await new Promise((resolve) => setTimeout(resolve, 20))) {
      const peek = await observer.request({ type: 'peek', ...ann.invitation }, 'room');
      assert.ok(peek.type === 'room');
      seats = peek.room.seats.map((s) => [s.kind, s.connected]);
      if (JSON.stringify(seats) === JSON.stringify(expected)) break;
    }
    assert.deepEqual(seats, expected);
    // Back in with the token: the same view, seq and bytes.
    const back = await resumeSeat(server, room, flooder.token!, flooder.label);
    const resumed = await back.waitFor('view', () => true, 0);
    assert.equal(resumed.seq, view.seq);
    assert.equal(JSON.stringify(resumed.view), JSON.stringify(flooder.last('view')!.view));
    if (flooder === ann) ann = back;
    else bob = back;
  });

  test('a move for a finished round: wrong-phase; next-round with an old seq: stale', async () => {
    const end = await playUntil(seated(), (m) => m.view.round.result !== null);
    for (const p of seated()) {
      await refusedUnchanged(p, { type: 'move', seq: end.seq, move: { type: 'pass' } }, 'wrong-phase', 'move');
      await refusedUnchanged(p, { type: 'move', seq: end.seq - 1, move: { type: 'pass' } }, 'stale', 'move');
      await refusedUnchanged(p, { type: 'next-round', seq: end.seq - 1 }, 'stale', 'next-round');
    }
    if (end.view.winningSide === null) await refusedUnchanged(ann, { type: 'new-match' }, 'wrong-phase', 'new-match');
  });

  test('a seat resumed on a new connection gets the very view it had; the old connection is replaced (4000)', async () => {
    for (const player of seated()) {
      const before = player.last('view')!;
      const again = await resumeSeat(server, room, player.token!, `${player.label} again`);
      const view = await again.waitFor('view', () => true, 0);
      assert.equal(view.seq, before.seq);
      assert.equal(JSON.stringify(view.view), JSON.stringify(before.view));
      assert.deepEqual(view.events, []);
      assert.equal(again.messages[0]!.type, 'welcome');
      assert.equal('token' in again.messages[0]!, false, 'a resume is not sent the token again');
      assert.equal((await player.whenClosed).code, 4000);
      if (player === ann) ann = again;
      else bob = again;
    }
  });

  test('the server lives on: healthz answers, a new room is created and played, no error was logged', async () => {
    const healthy = await health(server);
    assert.equal(healthy.ok, true);
    const fresh = await createRoom(server, 'Fay', { ...SETTINGS, target: 10, players: 3 });
    const first = fresh.next('view');
    fresh.send({ type: 'start' });
    await first;
    await autoplay([fresh]).done;
    await fresh.close();
    assert.deepEqual(serverErrors(server), []);
  });
});

describe('host-only messages in the lobby and after the match', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
  });
  after(async () => server.stop());

  test('start and settings from a guest in the lobby: not-host, the lobby unchanged', async () => {
    const host = await createRoom(server, 'Host', { ...SETTINGS, players: 3 });
    const guest = await joinRoom(server, host.invitation, 'Guest');
    await host.waitFor('room', (m) => m.room.seats[1]!.kind === 'human', 0);
    const before = JSON.stringify(await guest.waitFor('room', () => true, 0));
    const marks = [host.mark(), guest.mark()];
    for (const message of [{ type: 'start' }, { type: 'settings', settings: { ...SETTINGS, variant: 'fives' } }, { type: 'new-match' }] as const) {
      const error = await guest.refused(message);
      assert.deepEqual([error.code, error.ref], ['not-host', message.type]);
    }
    const next = await guest.refused({ type: 'next-round', seq: 0 });
    assert.deepEqual([next.code, next.ref], ['wrong-phase', 'next-round']);
    const move = await host.refused({ type: 'move', seq: 0, move: { type: 'pass' } });
    assert.deepEqual([move.code, move.ref], ['wrong-phase', 'move']);
    const peek = await guest.request({ type: 'peek', ...host.invitation }, 'room');
    assert.equal(JSON.stringify(peek), before);
    assert.deepEqual(host.messages.slice(marks[0]).map((m) => m.type), ['error']);
    await Promise.all([host.close(), guest.close()]);
  });

  test('new-match from a guest after the match: not-host; from the host: a new match', async () => {
    const host = await createRoom(server, 'Host', { ...SETTINGS, target: 1 });
    const guest = await joinRoom(server, host.invitation, 'Guest');
    const started = [host, guest].map((p) => p.next('view'));
    host.send({ type: 'start' });
    await Promise.all(started);
    await autoplay([host, guest]).done;
    const over = host.last('view')!;
    assert.notEqual(over.view.winningSide, null);
    // The old name too, for pages loaded before the rename: in the view and in the matchEnd event.
    assert.equal(over.view.winner, over.view.winningSide);
    const matchEnd = host.messages.flatMap((m) => (m.type === 'view' ? m.events : [])).find((e) => e.type === 'matchEnd');
    assert.deepEqual(matchEnd && [matchEnd.winningSide, 'winner' in matchEnd && matchEnd.winner], [over.view.winningSide, over.view.winningSide]);
    const refused = await guest.refused({ type: 'new-match' });
    assert.deepEqual([refused.code, refused.ref], ['not-host', 'new-match']);
    const move = await guest.refused({ type: 'move', seq: over.seq, move: { type: 'pass' } });
    assert.deepEqual([move.code, move.ref], ['wrong-phase', 'move']);
    const fresh = [host, guest].map((p) => p.next('view'));
    host.send({ type: 'new-match' });
    const [a, b] = await Promise.all(fresh);
    assert.equal(a.seq, over.seq + 1);
    assert.equal(b.seq, over.seq + 1);
    assert.equal(a.view.winningSide, null);
    assert.equal(a.view.winner, null);
    assert.deepEqual(a.view.scores, [0, 0]);
    await Promise.all([host.close(), guest.close()]);
  });
});

describe('per-address limits', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', '--rooms-per-minute-per-address', '3', '--max-connections-per-address', '4']);
  });
  after(async () => server.stop());

  test('too many rooms from one address: too-many; too many connections: 429', async () => {
    const players: Player[] = [];
    const maker = await Player.connect(server.wsUrl, 'maker');
    players.push(maker);
    for (let i = 0; i < 3; i++) assert.equal((await maker.request({ type: 'create', name: `R${i}`, settings: SETTINGS }, 'welcome')).type, 'welcome');
    const refused = await maker.refused({ type: 'create', name: 'R4', settings: SETTINGS });
    assert.deepEqual([refused.code, refused.ref], ['too-many', 'create']);
    for (let i = 0; i < 3; i++) players.push(await Player.connect(server.wsUrl, `c${i}`));
    await assert.rejects(Player.connect(server.wsUrl, 'one too many'), /429/);
    await players.pop()!.close();
    // A freed connection may be taken again.
    players.push(await Player.connect(server.wsUrl, 'again'));
    assert.equal((await health(server)).ok, true);
    await Promise.all(players.map((p) => p.close()));
  });
});
