/**
 * Turn clocks and quick phrases across processes sharing Redis: a phrase said on one process
 * reaches the seats on the other (its notice on the bus carries the seat and the id, nothing else); a
 * turn clock running out with the seats on two processes is played once, by whichever acts first; and
 * with the process that led the room's clock killed, the other finds the deadline in the room itself.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { legalMoves } from '../../src/engine/index.js';
import type { RoomSettings } from '../../src/net/protocol.js';
import { INSTANT, Player, ROOMY, playUntil, resumeSeat, startServerProcess, wireMove, type ServerProcess, type ViewMessage } from './harness.js';
import { startRedis, type RedisProcess } from './redis-server.js';
import { publishedOn, type Published } from './redis-spy.js';

const SCALE = 0.05;
const SETTINGS: RoomSettings = { variant: 'draw', players: 2, target: 500, ...INSTANT, clock: 15 };

describe('clocks and phrases over two processes', () => {
  let redis: RedisProcess;
  let one: ServerProcess;
  let two: ServerProcess;
  let spy: Redis;
  const published: Published[] = [];

  before(async () => {
    redis = await startRedis();
    spy = await publishedOn(redis, published);
    const args = ['--redis', redis.url, '--clock-scale', String(SCALE), ...ROOMY];
    [one, two] = await Promise.all([startServerProcess(args), startServerProcess(args)]);
  });

  after(async () => {
    spy.disconnect();
    await Promise.all([one?.stop(), two?.stop()]);
    await redis?.stop();
  });

  async function pair(): Promise<[Player, Player]> {
    const ann = await Player.connect(one.wsUrl, 'Ann');
    const created = await ann.request({ type: 'create', name: 'Ann', settings: SETTINGS }, 'welcome');
    assert.equal(created.type, 'welcome');
    const bob = await Player.connect(two.wsUrl, 'Bob');
    const joined = await bob.request({ type: 'join', ...ann.invitation, name: 'Bob' }, 'welcome');
    assert.equal(joined.type, 'welcome');
    await ann.waitFor('room', (m) => m.room.seats[1]!.connected, 0);
    const started = [ann, bob].map((p) => p.next('view'));
    ann.send({ type: 'start' });
    await Promise.all(started);
    return [ann, bob];
  }

  const bobsTurn = (ann: Player, bob: Player): Promise<ViewMessage> => playUntil([ann], (m) => m.view.round.result === null && m.view.turn === bob.seat);

  test('a phrase said on one process reaches the seats on the other, with nothing but its seat and id on the bus', async () => {
    const [ann, bob] = await pair();
    const from = published.length;
    ann.send({ type: 'phrase', phrase: 'goodLuck' });
    const heard = await bob.next('phrase');
    assert.deepEqual(heard, { type: 'phrase', seat: 0, phrase: 'goodLuck' });
    await ann.waitFor('phrase', () => true, 0);
    bob.send({ type: 'phrase', phrase: 'thanks' });
    assert.deepEqual(await ann.next('phrase'), { type: 'phrase', seat: 1, phrase: 'thanks' });
    // The bus's own listener may hear a notice after the seat it was for: wait for it (5 s at most).
    const notices = () => published.slice(from).map((p) => p.message).filter((m) => m.startsWith('phrase:'));
    for (const start = Date.now(); notices().length < 2 && Date.now() - start < 5000; ) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(notices(), ['phrase:0:goodLuck', 'phrase:1:thanks']);
    // Each process relays a phrase once to each of its seats.
    assert.equal(ann.since(0, 'phrase').length, 2);
    assert.equal(bob.since(0, 'phrase').length, 2);
    await Promise.all([ann.close(), bob.close()]);
  });

  test('a clock running out with seats on both processes is played once; with the leader killed, the other plays it', async () => {
    let [ann, bob] = await pair();
    const turn = await bobsTurn(ann, bob);
    assert.equal(turn.clock?.seat, bob.seat);
    const played = await ann.waitFor('view', (m) => m.seq > turn.seq, 0);
    assert.equal(played.seq, turn.seq + 1, 'more than one change for one expired turn');
    assert.equal(played.view.log.length, turn.view.log.length + 1);
    assert.equal(played.view.log.at(-1)!.seat, bob.seat);
    const bobSaw = await bob.waitFor('view', (m) => m.seq >= played.seq, 0);
    assert.equal(bobSaw.seq, played.seq);

    // Ann's process (the leader: it holds the first connected seat) dies; Ann comes back on the other.
    await one.stop('SIGKILL');
    ann = await resumeSeat(two, ann.room!, ann.token!, 'Ann on two');
    const mine = await ann.waitFor('view', () => true, 0);
    if (mine.view.turn === ann.seat && mine.view.round.result === null) {
      const next = ann.next('view');
      ann.send({ type: 'move', seq: mine.seq, move: wireMove(legalMoves(mine.view)[0]!) });
      await next;
    }
    const again = await bobsTurn(ann, bob);
    assert.equal(again.clock?.seat, bob.seat);
    const playedAgain = await ann.waitFor('view', (m) => m.seq > again.seq, 0);
    assert.equal(playedAgain.view.log.at(-1)!.seat, bob.seat);
    await Promise.all([ann.close(), bob.close()]);
  });
});
