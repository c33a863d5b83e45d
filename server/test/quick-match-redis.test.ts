/**
 * Quick match across processes sharing a real redis-server: seekers connected to different processes
 * are seated together (the table's room made once, its seats resumed where the room's URL leads), the
 * match rated in the shared store; a process SIGKILLed while people wait loses none of them (they seek
 * again on the other process and are seated, once), and its seekers who never come back are dropped, so
 * nobody is seated with a person who is gone.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ROOMY, autoplay, startServerProcess } from './harness.js';
import { identified, ratedRoom, seatOf } from './quick-match-clients.js';
import { twoProcessesSharing } from './redis-play.js';
import { startRedis } from './redis-server.js';

const dir = mkdtempSync(join(tmpdir(), 'domino-quick-match-redis-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const POOLS = join(dir, 'pools.json');
writeFileSync(POOLS, JSON.stringify([{ id: 'draw-2', variant: 'draw', players: 2, target: 10, tempo: 'instant' }, { id: 'block-2', variant: 'block', players: 2, target: 10, tempo: 'instant' }]));

const waitingIn = async (player: Awaited<ReturnType<typeof identified>>['player'], pool: string) => {
  const listed = await player.request({ type: 'pools' }, 'pools');
  return listed.type === 'pools' ? (listed.pools.find((p) => p.id === pool)?.waiting ?? -1) : -1;
};

describe('quick match on two processes sharing Redis', () => {
  const shared = twoProcessesSharing({
    start: () => startRedis(),
    nodes: (redis) => [redis],
    argsFor: (redis) => ['--redis', redis.url, ...ROOMY, '--pools', POOLS, '--grace', '2'],
  });

  test('seekers on two processes meet at one table, rated in the shared store', async () => {
    const ann = await identified(shared.one, 'Ann');
    const bob = await identified(shared.two, 'Bob');
    const matched = [ann.player.next('matched', () => true, 20_000), bob.player.next('matched', () => true, 20_000)];
    await ann.player.request({ type: 'seek', pool: 'draw-2' }, 'seeking');
    await bob.player.request({ type: 'seek', pool: 'draw-2' }, 'seeking');
    const [forAnn, forBob] = await Promise.all(matched);
    assert.equal(forAnn!.room, forBob!.room);
    // nginx's hash sends both to one process: here, the second.
    const seats = [await seatOf(shared.two, forAnn!, 'Ann at the table'), await seatOf(shared.two, forBob!, 'Bob at the table')];
    const rated = ratedRoom(seats[0]!, (room) => room.rated?.result != null);
    await autoplay(seats).done;
    const result = (await rated).room.rated!.result!;
    assert.equal(result.outcome, 'rated');
    assert.deepEqual(result.changes.map((c) => c.id).sort(), [ann.me.id, bob.me.id].sort());
    // Ann's rating, read on the other process, is the one recorded.
    const annThere = await identified(shared.one, 'Ann', ann.secret);
    assert.equal(annThere.me.ratings.two?.rating, result.changes.find((c) => c.id === ann.me.id)!.after);
    for (const p of [...seats, ann.player, bob.player, annThere.player]) await p.close();
  });

  test('a process SIGKILLed while people wait: its seekers seek again on the other and are seated once; one who never comes back is dropped', async () => {
    const victim = await startServerProcess([...shared.args]);
    const cy = await identified(victim, 'Cy');
    const eve = await identified(victim, 'Eve');
    await cy.player.request({ type: 'seek', pool: 'block-2' }, 'seeking');
    await eve.player.request({ type: 'seek', pool: 'draw-2' }, 'seeking');
    await victim.stop('SIGKILL');

    // Eve never comes back. A process that has not beaten for 2 s has its seekers set aside (it may have
    // died), and once it is seen dead (4.5 s) their seeks go: Fay, seeking after those 2 s, waits alone.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const fay = await identified(shared.one, 'Fay');
    await fay.player.request({ type: 'seek', pool: 'draw-2' }, 'seeking');
    const deadline = Date.now() + 15_000;
    while ((await waitingIn(fay.player, 'draw-2')) !== 1) {
      assert.ok(Date.now() < deadline, 'the dead process’s seek was never dropped');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal(fay.player.since(0, 'matched').length, 0, 'nobody is seated with a seeker who is gone');

    // Cy's widget reconnects (to the other process) and seeks again; Dee joins the pool there.
    const cyBack = await identified(shared.two, 'Cy', cy.secret);
    const dee = await identified(shared.one, 'Dee');
    const matched = [cyBack.player.next('matched', () => true, 20_000), dee.player.next('matched', () => true, 20_000)];
    await cyBack.player.request({ type: 'seek', pool: 'block-2' }, 'seeking');
    await dee.player.request({ type: 'seek', pool: 'block-2' }, 'seeking');
    const [forCy, forDee] = await Promise.all(matched);
    assert.equal(forCy!.room, forDee!.room);
    const seat = await seatOf(shared.two, forCy!, 'Cy at the table');
    const info = (await seat.waitFor('room', () => true, 0)).room;
    assert.deepEqual(info.seats.map((s) => s.player?.id).sort(), [cy.me.id, dee.me.id].sort(), 'each seated once, at one table');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(cyBack.player.since(0, 'matched').length, 1, 'Cy was seated once');
    for (const p of [seat, cyBack.player, dee.player, fay.player]) await p.close();
  });
});
