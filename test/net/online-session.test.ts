import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import { once } from 'node:events';
import WebSocket, { WebSocketServer } from 'ws';
import { OnlineSession, type OnlineSeatKey, type SeatKeyStore } from '../../src/ui/session/online-session.js';
import { ROOMY, startServerProcess, type ServerProcess } from '../../server/test/harness.js';

class MemoryKeys implements SeatKeyStore {
  key: OnlineSeatKey | null = null;
  load = () => this.key;
  save = (key: OnlineSeatKey) => void (this.key = key);
  clear = () => void (this.key = null);
}

const options = { WebSocket: WebSocket as unknown as typeof globalThis.WebSocket, backoff: { first: 20, most: 200 } };

/**
 * Options whose WebSocket keeps each socket the session opens in `opened` (the last one is the live
 * line): the session takes its WebSocket class as an option, so the test sees its sockets without
 * reaching into the session.
 */
function watched(opened: WebSocket[]): typeof options {
  class SeenWebSocket extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      opened.push(this);
    }
  }
  return { ...options, WebSocket: SeenWebSocket as unknown as typeof globalThis.WebSocket };
}

let waits = 0;
function until(session: OnlineSession, check: () => boolean, ms = 10_000): Promise<void> {
  const label = `wait ${++waits}: ${check.toString().slice(0, 90)}`;
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out (${label}); status ${session.status}, problem ${JSON.stringify(session.problem)}, rejection ${JSON.stringify(session.state?.rejection)}`));
    }, ms);
    const stop = session.onChange(() => {
      if (!check()) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

describe('OnlineSession against the real server', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
  });
  after(async () => server.stop());

  test('two sessions create, join and play a whole match; a dropped line resumes the seat', async () => {
    const hostKeys = new MemoryKeys();
    const guestKeys = new MemoryKeys();
    const lines = { host: [] as WebSocket[], guest: [] as WebSocket[] };
    const host = new OnlineSession(server.url, hostKeys, watched(lines.host));
    host.create('Ann', { variant: 'block', players: 2, level: 'easy', tempo: 'instant', target: 15 });
    await until(host, () => host.room !== null);
    assert.equal(host.seat, 0);
    assert.equal(hostKeys.key?.room, host.room!.id);
    const guest = new OnlineSession(server.url, guestKeys, watched(lines.guest));
    guest.join({ room: host.room!.id, key: host.keys!.invite! }, 'Bob');
    await until(host, () => host.room!.seats[1]!.kind === 'human');
    assert.equal(host.room!.seats[1]!.name, 'Bob');
    host.start();
    await until(guest, () => guest.state !== null);
    let dropped = false;
    const sessions = [host, guest];
    for (let step = 0; step < 3000; step++) {
      const state = guest.state!;
      if (state.phase === 'matchOver') break;
      if (state.phase === 'roundOver') {
        const round = state.view.round.number;
        for (const s of sessions) {
          // Each sends with the seq of the view it holds: wait until it holds the round's end.
          await until(s, () => s.state!.phase === 'roundOver' && s.state!.view.round.number === round);
          s.send({ type: 'next-round' });
        }
        await until(guest, () => guest.state!.view.round.number > round || guest.state!.phase === 'matchOver');
        continue;
      }
      const actor = sessions[state.view.turn!]!;
      await until(actor, () => actor.state!.legal.length > 0);
      const seq = actor.state!.view.log.length;
      if (!dropped && step > 3) {
        // A dropped line: the session reconnects by itself and resumes with the kept token.
        dropped = true;
        const before = JSON.stringify(actor.state!.view);
        (actor === host ? lines.host : lines.guest).at(-1)!.close(4999, 'test drop');
        await until(actor, () => actor.status === 'reconnecting');
        await until(actor, () => actor.status === 'open' && actor.seat !== null);
        assert.equal(JSON.stringify(actor.state!.view), before, 'the same view after resuming');
      }
      const move = actor.state!.legal[0]!;
      const round = actor.state!.view.round.number;
      actor.send(move.type === 'play' ? { type: 'play', tile: move.tile, end: move.end } : move);
      await until(actor, () => actor.state!.rejection !== null || actor.state!.view.log.length !== seq || actor.state!.view.round.number !== round);
      assert.equal(actor.state!.rejection, null);
      await until(guest, () => guest.state!.view.log.length !== seq || guest.state!.view.round.number !== round);
    }
    assert.equal(guest.state!.phase, 'matchOver');
    await until(host, () => host.state!.phase === 'matchOver');
    assert.ok(dropped);
    host.dispose();
    guest.dispose();
  });

  test('a refused move goes to its sender as a rejection; an unknown room is a problem', async () => {
    const keys = new MemoryKeys();
    const session = new OnlineSession(server.url, keys, options);
    session.create('Cy', { variant: 'draw', players: 2, level: 'easy', tempo: 'instant' });
    await until(session, () => session.room !== null);
    session.start();
    await until(session, () => session.state !== null);
    // Wait for our turn (the computer may lead), then play a tile that is not in hand.
    await until(session, () => session.state!.legal.length > 0);
    const missing = ([[0, 0], [1, 0], [1, 1], [2, 0]] as const).find((t) => !session.state!.view.hand.some((h) => h[0] === t[0] && h[1] === t[1]))!;
    session.send({ type: 'play', tile: [missing[0], missing[1]], end: 'lead' });
    await until(session, () => session.state!.rejection !== null);
    assert.equal(session.state!.rejection!.type, 'play');
    assert.match(session.state!.rejection!.code, /illegal-move|stale/);
    session.dispose();

    const lost = new OnlineSession(server.url, new MemoryKeys(), options);
    lost.peek({ room: 'AAAAAAAAAAAAAAAAAAAAAA', key: 'BBBBBBBBBBBBBBBBBBBBBB' });
    await until(lost, () => lost.problem !== null);
    assert.equal(lost.problem!.code, 'no-such-room');
    lost.dispose();
  });

  test('every line names its room in its URL: the one that creates it (under the id the session made), a join, a resume', async () => {
    const opened: WebSocket[] = [];
    const keys = new MemoryKeys();
    const host = new OnlineSession(server.url, keys, watched(opened));
    host.create('Ro', { variant: 'draw', players: 2, level: 'easy', tempo: 'instant' });
    await until(host, () => host.room !== null);
    const room = host.room!.id;
    assert.equal(new URL(opened.at(-1)!.url).searchParams.get('room'), room, 'the creating line names the new room');
    const guestLines: WebSocket[] = [];
    const guest = new OnlineSession(server.url, new MemoryKeys(), watched(guestLines));
    guest.join({ room, key: host.keys!.invite! }, 'Gu');
    await until(guest, () => guest.seat !== null);
    assert.equal(new URL(guestLines.at(-1)!.url).searchParams.get('room'), room, 'the joining line names it');
    host.dispose();
    const resumedLines: WebSocket[] = [];
    const resumed = new OnlineSession(server.url, keys, watched(resumedLines));
    await until(resumed, () => resumed.seat === 0);
    assert.deepEqual(resumedLines.map((line) => new URL(line.url).searchParams.get('room')), [room], 'a reload resumes on a line for the room, the first one');
    resumed.dispose();
    guest.dispose();
  });

  test('a room id the session made that is taken already is made again, unseen by the person', async (t) => {
    // The first two room ids (16 random bytes each) come out the same: the second session's first id is the first room's.
    const random = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    let sameIds = 2;
    const bytes = mock.method(globalThis.crypto, 'getRandomValues', (array: Uint8Array) => {
      if (array.length !== 16 || sameIds === 0) return random(array);
      sameIds--;
      return array.fill(7);
    });
    const first = new OnlineSession(server.url, new MemoryKeys(), options);
    const second = new OnlineSession(server.url, new MemoryKeys(), options);
    t.after(() => {
      bytes.mock.restore();
      first.dispose();
      second.dispose();
    });
    first.create('One', { variant: 'draw', players: 2, level: 'easy', tempo: 'instant' });
    await until(first, () => first.room !== null);
    second.create('Two', { variant: 'draw', players: 2, level: 'easy', tempo: 'instant' });
    await until(second, () => second.room !== null || second.problem !== null);
    assert.equal(sameIds, 0, 'the second session did try the taken id');
    assert.equal(second.problem, null, 'nothing for the person to see');
    assert.notEqual(second.room!.id, first.room!.id, 'created under a fresh id');
  });

  test('a move on its way is the only one: a second tap sends nothing, and the tiles wait for the answer', async () => {
    const opened: WebSocket[] = [];
    const session = new OnlineSession(server.url, new MemoryKeys(), watched(opened));
    session.create('Di', { variant: 'draw', players: 2, level: 'easy', tempo: 'instant' });
    await until(session, () => session.room !== null);
    session.start();
    await until(session, () => session.state !== null && session.state.legal.length > 0);
    const sent: string[] = [];
    const socket = opened.at(-1)!;
    const send = socket.send.bind(socket);
    socket.send = ((data: string) => (sent.push(data), send(data))) as typeof socket.send;
    const seq = session.state!.view.log.length;
    const move = session.state!.legal[0]!;
    const intent = move.type === 'play' ? ({ type: 'play', tile: move.tile, end: move.end } as const) : move;
    session.send(intent);
    assert.deepEqual(session.state!.legal, [], 'no tile to tap while the move is on its way');
    assert.equal(session.waitingForAnswer, true);
    session.send(intent);
    await until(session, () => session.state!.view.log.length !== seq);
    assert.equal(sent.filter((m) => JSON.parse(m).type === 'move').length, 1);
    assert.equal(session.state!.rejection, null);
    assert.equal(session.waitingForAnswer, false);
    session.dispose();
  });

  test('a view at the seq held gives only its clock; an older one nothing', async (t) => {
    const opened: WebSocket[] = [];
    const session = new OnlineSession(server.url, new MemoryKeys(), watched(opened));
    t.after(() => session.dispose());
    session.create('Cy', { variant: 'draw', players: 2, level: 'easy', tempo: 'instant', clock: 60 });
    await until(session, () => session.room !== null);
    const socket = opened.at(-1)!;
    const views: { seq: number; events: unknown[] }[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; seq: number; events: unknown[] };
      if (message.type === 'view') views.push(message);
    });
    session.start();
    // Cy's own turn: nothing more comes from the server until Cy moves (the clock is a minute).
    await until(session, () => session.state !== null && session.state.legal.length > 0);
    const held = views.at(-1)!;
    const state = session.state;
    const heard: unknown[] = [];
    session.onEvent((event) => heard.push(event));
    // As the server sends it when the turn's clock started afresh: the same view, a new clock (the events are
    // left as they were, to show none is heard twice).
    const again = { ...held, clock: { seat: 1, msLeft: 45_000 }, events: held.events.length > 0 ? held.events : [{ type: 'turn', seat: 1, yours: false }] };
    const sentAt = performance.now();
    socket.emit('message', Buffer.from(JSON.stringify(again)), false);
    await until(session, () => session.clock?.seat === 1);
    assert.ok(session.clock!.endsAt >= sentAt + 45_000, `the clock counts from its arrival: ends ${session.clock!.endsAt - sentAt} ms after`);
    assert.equal(session.state, state, 'the view was applied again');
    assert.deepEqual(heard, [], 'events heard again');
    const older = { ...held, seq: held.seq - 1, clock: { seat: 0, msLeft: 1000 } };
    socket.emit('message', Buffer.from(JSON.stringify(older)), false);
    assert.equal(session.clock!.seat, 1, 'an older view’s clock taken');
    assert.equal(session.state, state);
  });
});

describe('OnlineSession when the server cannot take its seat back just now', () => {
  for (const [code, why] of [
    ['unavailable', 'the game could not be reached (storage unavailable); nothing changed, try again'],
    ['rate-limited', 'at most 20 messages a second from one address'],
  ] as const) test(`a resume refused as ${code} keeps the seat and is asked again on a new line; another refusal forgets it`, async (t) => {
    // A stand-in server: the first resume is refused for a passing reason, the second is welcomed, a third finds the token gone.
    const answers = [
      { type: 'error', code, message: why, ref: 'resume' },
      { type: 'welcome', room: 'AAAAAAAAAAAAAAAAAAAAAA', seat: 1 },
      { type: 'error', code: 'bad-token', message: 'this token holds no seat in this room', ref: 'resume' },
    ];
    const resumes: unknown[] = [];
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss, 'listening');
    wss.on('connection', (socket) => {
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type: string };
        if (message.type !== 'resume') return;
        resumes.push(message);
        socket.send(JSON.stringify(answers[resumes.length - 1]));
      });
    });
    const url = `http://127.0.0.1:${(wss.address() as { port: number }).port}`;
    const keys = new MemoryKeys();
    keys.key = { server: url, room: 'AAAAAAAAAAAAAAAAAAAAAA', token: 'BBBBBBBBBBBBBBBBBBBBBB' };
    const lines: WebSocket[] = [];
    const session = new OnlineSession(url, keys, watched(lines));
    t.after(() => {
      session.dispose();
      wss.close();
    });
    await until(session, () => resumes.length === 2 && session.status === 'open');
    assert.equal(lines.length, 2, 'asked again on a new line');
    assert.deepEqual(resumes[1], resumes[0], 'the same seat asked for again');
    assert.equal(session.problem, null, 'nothing for the person to see');
    assert.notEqual(keys.key, null, 'the seat is kept');
    // A refusal that says the seat is gone still forgets it.
    lines.at(-1)!.close();
    await until(session, () => session.problem !== null);
    assert.equal(session.problem!.code, 'bad-token');
    assert.equal(keys.key, null, 'a seat that is gone is forgotten');
  });
});
