/**
 * Time on the server's side (`--grace 1 --next-round 1`): a person whose connection has been gone past
 * the grace period is `away` in the room info and the computer plays their turns, never sooner; back
 * with `resume` they are neither away nor played for. A round left waiting is dealt once the
 * next-round wait is over, ready or not.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { legalMoves } from '../../src/engine/index.js';
import type { RoomSettings } from '../../src/net/protocol.js';
import { INSTANT, ROOMY, createRoom, joinRoom, playOne, playUntil, resumeSeat, serverErrors, startServerProcess, synced, wireMove, type Player, type ServerProcess } from './harness.js';

const GRACE_MS = 1000;
const SETTINGS: RoomSettings = { variant: 'draw', players: 2, target: 500, ...INSTANT };

async function startedPair(server: ServerProcess, settings = SETTINGS): Promise<[Player, Player]> {
  const ann = await createRoom(server, 'Ann', settings);
  const bob = await joinRoom(server, ann.invitation, 'Bob');
  const started = [ann, bob].map((p) => p.next('view'));
  ann.send({ type: 'start' });
  await Promise.all(started);
  return [ann, bob];
}

describe('away players and the next-round wait', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', '--grace', String(GRACE_MS / 1000), '--next-round', '1', ...ROOMY]);
  });
  after(async () => server.stop());

  test('gone past the grace: away, and the computer plays their turns; back: neither', async () => {
    let [ann, bob] = await startedPair(server);
    const both = () => [ann, bob];
    // Bob leaves on his turn.
    const turn = await playUntil(both(), (m) => m.view.round.result === null && m.view.turn === bob.seat && m.view.log.length >= 2);
    const awayFrom = ann.mark();
    await bob.close();
    const goneAt = Date.now();
    const away = await ann.waitFor('room', (m) => m.room.seats[bob.seat!]!.away, awayFrom);
    assert.ok(Date.now() - goneAt >= GRACE_MS - 50, `away after ${Date.now() - goneAt} ms, before the grace`);
    assert.deepEqual(away.room.seats[bob.seat!], { seat: bob.seat, name: 'Bob', kind: 'human', connected: false, ready: false, away: true });
    const played = await ann.waitFor('view', (m) => m.seq > turn.seq, awayFrom);
    assert.ok(Date.now() - goneAt >= GRACE_MS - 50);
    assert.equal(played.view.log[turn.view.log.length]?.seat, bob.seat, 'the computer moved for Bob');

    // Bob's later turns too, as soon as they come (Ann plays hers; rounds are dealt on her word alone).
    let playedFor = 0;
    for (let i = 0; i < 400 && playedFor < 3; i++) {
      const latest = ann.last('view')!;
      if (latest.view.winningSide !== null) break;
      if (latest.view.round.result !== null) {
        const next = ann.next('view');
        ann.send({ type: 'next-round', seq: latest.seq });
        await next;
      } else if (latest.view.turn === ann.seat) {
        await playOne([ann]);
      } else {
        const next = await ann.waitFor('view', (m) => m.seq > latest.seq, ann.mark());
        if (next.view.log.at(-1)?.seat === bob.seat) playedFor++;
      }
    }
    assert.ok(playedFor >= 1, 'the computer did not play Bob’s later turns');

    // Back: not away, and his turns are his again.
    const backFrom = ann.mark();
    bob = await resumeSeat(server, ann.room!, bob.token!, 'Bob back');
    const back = await ann.waitFor('room', (m) => m.room.seats[bob.seat!]!.connected, backFrom);
    assert.deepEqual([back.room.seats[bob.seat!]!.away, back.room.seats[bob.seat!]!.connected], [false, true]);
    const own = await bob.waitFor('room', () => true, 0);
    assert.equal(own.room.seats[bob.seat!]!.away, false);
    const his = await playUntil(both(), (m) => m.view.round.result === null && m.view.turn === bob.seat);
    // Nothing can be awaited for a move that must not come: wait past the grace, then Bob's own move must still be current.
    await sleep(GRACE_MS + 300);
    assert.equal(bob.last('view')!.seq, his.seq, 'somebody moved on Bob’s turn while he was back');
    const move = wireMove(legalMoves(bob.last('view')!.view)[0]!);
    const next = ann.next('view');
    bob.send({ type: 'move', seq: his.seq, move });
    const after = await next;
    assert.equal(after.seq, his.seq + 1);
    assert.equal(after.view.log.at(-1)?.seat ?? bob.seat, bob.seat);
    await Promise.all([ann.close(), bob.close()]);
  });

  test('a short absence is not away: back within the grace, nobody played for them', async () => {
    let [ann, bob] = await startedPair(server);
    const his = await playUntil([ann, bob], (m) => m.view.round.result === null && m.view.turn === bob.seat);
    const from = ann.mark();
    await bob.close();
    bob = await resumeSeat(server, ann.room!, bob.token!, 'Bob back soon');
    await ann.waitFor('room', (m) => m.room.seats[bob.seat!]!.connected, from);
    assert.ok(ann.since(from, 'room').every((m) => !m.room.seats[bob.seat!]!.away), 'away within the grace');
    await sleep(GRACE_MS + 300);
    assert.equal(ann.since(from, 'view').length, 0, 'the computer moved for a person back within the grace');
    const next = ann.next('view');
    bob.send({ type: 'move', seq: his.seq, move: wireMove(legalMoves(bob.last('view')!.view)[0]!) });
    assert.equal((await next).seq, his.seq + 1);
    await Promise.all([ann.close(), bob.close()]);
  });

  test('the next round is dealt when the wait is over, ready or not', async () => {
    const [ann, bob] = await startedPair(server, { ...SETTINGS, variant: 'block' });
    const end = await playUntil([ann, bob], (m) => m.view.round.result !== null);
    assert.equal(end.view.winningSide, null, 'the match ended in one round');
    const endedAt = Date.now();
    ann.send({ type: 'next-round', seq: end.seq });
    await bob.waitFor('room', (m) => m.room.seats[ann.seat!]!.ready, 0);
    const dealt = await bob.waitFor('view', (m) => m.seq > end.seq, 0);
    assert.ok(Date.now() - endedAt >= 1000 - 250, `dealt after ${Date.now() - endedAt} ms, not waiting for Bob`);
    assert.equal(dealt.seq, end.seq + 1);
    assert.equal(dealt.view.round.number, end.view.round.number + 1);
    assert.equal(dealt.view.round.result, null);
    // And with nobody ready at all.
    const again = await playUntil([ann, bob], (m) => m.view.round.result !== null);
    if (again.view.winningSide === null) {
      const next = await synced([ann, bob]).then(() => bob.waitFor('view', (m) => m.seq > again.seq, 0));
      assert.equal(next.view.round.number, again.view.round.number + 1);
    }
    await Promise.all([ann.close(), bob.close()]);
    assert.deepEqual(serverErrors(server), []);
  });
});
