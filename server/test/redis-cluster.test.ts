/**
 * Server processes sharing a real Redis Cluster of three masters (`--redis-cluster`): whole matches
 * with seats spread over two processes, the notices on the room's shard only, subscriptions dropped and
 * made again (the room looked at again), and a node restarted
 * mid-match (the moves meanwhile are refused with `unavailable`, the servers live on, and the match
 * ends with every move once).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { legalMoves } from 'domino-game/engine';
import { roomKey } from '../src/storage/redis.js';
import { Player, ROOMY } from './harness.js';
import { heardEvents, play, playUntilTurnOf, room, sendUntilTaken, startedRoomOfFour, twoProcessesSharing, viewAt, wire } from './redis-play.js';
import { clusterSeeds, startCluster } from './redis-server.js';

describe('two server processes sharing a Redis Cluster of three masters', () => {
  const shared = twoProcessesSharing({
    start: () => startCluster(),
    nodes: (redis) => redis.nodes,
    argsFor: (redis) => ['--redis-cluster', clusterSeeds(redis), ...ROOMY, '--metrics-port', '0'],
  });

  /** The index of the node holding `key` (each node answers for its own slots only). */
  async function nodeHolding(key: string): Promise<number> {
    const held = await Promise.all(
      shared.redis.nodes.map(async (node) => {
        const client = new Redis(node.port, node.host, { lazyConnect: true });
        try {
          await client.connect();
          return Number(await client.call('EXISTS', key).catch(() => 0));
        } finally {
          client.disconnect();
        }
      }),
    );
    assert.equal(held.filter((n) => n === 1).length, 1, `one node holds ${key}`);
    return held.indexOf(1);
  }

  /** Both seats heard the same events, each change once: nothing lost, nothing applied twice. */
  async function heardEveryChangeOnce(people: Player[], seq: number) {
    const heard = await Promise.all(people.map((p) => heardEvents(p, seq)));
    for (const other of heard.slice(1)) assert.deepEqual(other.events, heard[0]!.events, 'every seat heard the same events in the same order');
    assert.equal(heard[0]!.moves + heard[0]!.deals, seq - 1, 'no change went unheard, none was heard twice');
    assert.equal(heard[0]!.events.filter((e) => e.type === 'matchEnd').length, 1);
  }

  /** Plays the match to its end, then checks every seat heard every change once, and leaves. */
  async function playToTheEndHeardOnce(seats: Map<number, Player>, watcher: Player): Promise<void> {
    await play(seats, watcher);
    const last = watcher.last('view')!;
    assert.notEqual(last.view.winningSide, null);
    const people = [...seats.values()];
    await heardEveryChangeOnce(people, last.seq);
    for (const p of people) await p.close();
  }

  test('a match of four whose people are on both processes (with two computers) plays to its end, every change heard once by both', async () => {
    const people = await startedRoomOfFour(shared.one, shared.two);
    const guest = people[1]!;
    await play(new Map(people.map((p) => [p.seat!, p])), guest);
    const last = guest.last('view')!;
    assert.notEqual(last.view.winningSide, null);
    await heardEveryChangeOnce(people, last.seq);
    for (const p of people) await p.close();
  });

  test('a room\'s notices are sharded: SPUBLISHed only by the node serving its slot, versions only', async () => {
    const notices = shared.published.filter((p) => p.channel.startsWith('domino:room-version:'));
    assert.ok(notices.length > 10, 'the processes published');
    const rooms = new Set(notices.map((p) => /\{(.+)\}/.exec(p.channel)![1]!));
    for (const id of rooms) {
      const owner = shared.redis.nodes[await nodeHolding(roomKey(id))]!;
      const own = notices.filter((p) => p.channel === `domino:room-version:{${id}}`);
      assert.deepEqual([...new Set(own.map((p) => `${p.command} on ${p.port}`))], [`SPUBLISH on ${owner.port}`]);
      for (const notice of own) assert.match(notice.message, /^\d+$/);
    }
  });

  test('sharded subscriptions dropped by the node are made again, and a move made meanwhile still reaches the other process\'s seat', async () => {
    const ann = await Player.connect(shared.one.wsUrl, 'Ann');
    const bob = await room(ann, shared.two, 2);
    const seats = new Map([[0, ann], [1, bob]]);
    const view = await playUntilTurnOf(0, seats, bob);
    const move = wire(legalMoves((await viewAt(ann, view.seq)).view)[0]!);
    const node = shared.redis.nodes[await nodeHolding(roomKey(ann.room!))]!;
    const admin = new Redis(node.port, node.host);
    try {
      // Every subscribed connection of the room's node is dropped: the notice of a move made right
      // after goes out before the processes have subscribed again, and is lost.
      await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    } finally {
      admin.disconnect();
    }
    const heard = bob.next('view', (m) => m.seq === view.seq + 1);
    const accepted = await sendUntilTaken(ann, { type: 'move', seq: view.seq, move });
    assert.equal(accepted.seq, view.seq + 1);
    assert.equal((await heard).seq, view.seq + 1, 'the seat on the other process has the move');
    await playToTheEndHeardOnce(seats, bob);
  });

  test('the node holding a room restarted mid-match: moves meanwhile get `unavailable`, the servers live on, the match ends with every move once', async () => {
    const ann = await Player.connect(shared.one.wsUrl, 'Ann');
    const bob = await room(ann, shared.two, 2);
    const seats = new Map([[0, ann], [1, bob]]);
    await play(seats, bob, 2);
    const view = await playUntilTurnOf(0, seats, bob);
    const move = wire(legalMoves((await viewAt(ann, view.seq)).view)[0]!);
    const node = shared.redis.nodes[await nodeHolding(roomKey(ann.room!))]!;
    await node.kill();
    const refused = await ann.request({ type: 'move', seq: view.seq, move }, 'view', 5000);
    assert.equal(refused.type === 'error' && refused.code, 'unavailable', 'a move while the room\'s node is away is refused');
    await node.start();
    for (const server of [shared.one, shared.two]) {
      assert.equal(server.child.exitCode, null, 'the server is still running');
      assert.equal((await fetch(server.metricsUrl!)).status, 200);
    }
    const accepted = await sendUntilTaken(ann, { type: 'move', seq: view.seq, move });
    assert.equal(accepted.seq, view.seq + 1, 'the move is taken once the node is back, once');
    await playToTheEndHeardOnce(seats, bob);
  });
});
