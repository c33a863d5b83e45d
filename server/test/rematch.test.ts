/**
 * Play again, over real sockets: after a match every seat may send `play-again`; the room shows
 * who is ready; the next match starts once every connected person is, or when the host starts it,
 * with the same seats and settings, in the same room (its invite still takes a computer's seat).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RoomSettings } from '../../src/net/protocol.js';
import { INSTANT, ROOMY, autoplay, createRoom, joinRoom, serverErrors, startServerProcess, type Player, type ServerProcess, type ViewMessage } from './harness.js';

// A match of one or two rounds.
const SETTINGS: RoomSettings = { variant: 'block', players: 3, target: 1, ...INSTANT, clock: 0 };

async function playToTheEnd(players: Player[]): Promise<ViewMessage> {
  const play = autoplay(players, { seed: 'rematch' });
  await play.done;
  const ends = players.map((p) => p.last('view')!);
  assert.ok(ends.every((m) => m.view.winningSide !== null), 'the match did not end');
  return ends[0]!;
}

describe('play again', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
  });
  after(async () => server.stop());

  async function startedPair(): Promise<[Player, Player]> {
    const ann = await createRoom(server, 'Ann', SETTINGS);
    const bob = await joinRoom(server, ann.invitation, 'Bob');
    const started = [ann, bob].map((p) => p.next('view'));
    ann.send({ type: 'start' });
    await Promise.all(started);
    return [ann, bob];
  }

  test('every connected person ready: a new match with the same seats and settings', async () => {
    const [ann, bob] = await startedPair();
    const end = await playToTheEnd([ann, bob]);
    const before = ann.last('room')!.room;
    assert.equal(before.phase, 'over');
    // Too early or too late: refused, nothing changes.
    const early = await bob.refused({ type: 'next-round', seq: end.seq });
    assert.equal(early.code, 'wrong-phase');

    const from = ann.mark();
    bob.send({ type: 'play-again' });
    const ready = await ann.waitFor('room', (m) => m.room.seats[bob.seat!]!.ready, from);
    assert.deepEqual(ready.room.seats.map((s) => [s.kind, s.ready]), [['human', false], ['human', true], ['computer', true]]);
    assert.equal(ann.since(from, 'view').length, 0, 'a new match before everyone was ready');
    ann.send({ type: 'play-again' });
    const [annNew, bobNew] = await Promise.all([ann, bob].map((p) => p.waitFor('view', (m) => m.seq > end.seq, 0)));
    assert.equal(annNew!.seq, end.seq + 1);
    assert.deepEqual([annNew!.view.scores, annNew!.view.winningSide, annNew!.view.round.number], [[0, 0, 0], null, 1]);
    assert.deepEqual([annNew!.view.seat, bobNew!.view.seat], [ann.seat, bob.seat]);
    const room = await ann.waitFor('room', (m) => m.room.phase === 'playing', from);
    assert.deepEqual(room.room.seats.map((s) => [s.name, s.kind]), before.seats.map((s) => [s.name, s.kind]));
    assert.deepEqual(room.room.settings, before.settings);
    assert.equal(room.room.id, before.id);
    // Not during a match.
    const during = await bob.refused({ type: 'play-again' });
    assert.deepEqual([during.code, during.ref], ['wrong-phase', 'play-again']);

    // The invite still works: a newcomer takes the computer's seat.
    const cid = await joinRoom(server, ann.invitation, 'Cid');
    assert.equal(cid.seat, 2);
    await Promise.all([ann.close(), bob.close(), cid.close()]);
  });

  test('the host starts it without waiting; nobody else may', async () => {
    const [ann, bob] = await startedPair();
    const end = await playToTheEnd([ann, bob]);
    const refused = await bob.refused({ type: 'new-match' });
    assert.equal(refused.code, 'not-host');
    const next = bob.next('view');
    ann.send({ type: 'new-match' });
    const started = await next;
    assert.equal(started.seq, end.seq + 1);
    assert.equal(started.view.winningSide, null);
    await Promise.all([ann.close(), bob.close()]);
  });

  test('a person who does not answer does not hold the others back once gone', async () => {
    const [ann, bob] = await startedPair();
    const end = await playToTheEnd([ann, bob]);
    ann.send({ type: 'play-again' });
    await bob.waitFor('room', (m) => m.room.seats[ann.seat!]!.ready, 0);
    const next = ann.next('view');
    await bob.close();
    assert.equal((await next).seq, end.seq + 1);
    await ann.close();
    assert.deepEqual(serverErrors(server), []);
  });
});
