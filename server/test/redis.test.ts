/**
 * Several server processes sharing a real redis-server: seats spread over two processes, one seat's
 * moves sent through both at once, a process killed mid-match, Redis restarted mid-match, and what
 * passes on Redis's channels.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { legalMoves } from 'domino-game/engine';
import type { MatchEmitted } from 'domino-game/machine';
import { RedisLog } from '../src/storage/redis.js';
import { Player, ROOMY, startServerProcess } from './harness.js';
import { play, room, sendUntilTaken, startedRoomOfFour, twoProcessesSharing, viewAt, wire } from './redis-play.js';
import { startRedis } from './redis-server.js';

describe('two server processes sharing Redis', () => {
  const shared = twoProcessesSharing({
    start: () => startRedis(),
    nodes: (redis) => [redis],
    argsFor: (redis) => ['--redis', redis.url, ...ROOMY, '--metrics-port', '0'],
  });
  const tokens: string[] = [];

  test('a match whose seats are on both processes, with a computer, plays to its end', async () => {
    const ann = await Player.connect(shared.one.wsUrl);
    const bob = await room(ann, shared.two, 3);
    tokens.push(ann.token!, bob.token!);
    await play(new Map([[0, ann], [1, bob]]), bob);
    const end = bob.last('view')!;
    assert.notEqual(end.view.winningSide, null);
    assert.equal((await viewAt(ann, end.seq)).seq, end.seq, 'both processes sent the last view');
    await ann.close();
    await bob.close();
  });

  test('a spectator on the other process follows every change live, and both processes count it', async () => {
    const ann = await Player.connect(shared.one.wsUrl);
    ann.send({ type: 'create', name: 'Ann', settings: { variant: 'draw', players: 2, level: 'easy', tempo: 'instant', target: 30 } });
    await ann.next('welcome');
    const eve = await Player.connect(shared.two.wsUrl, 'eve');
    const watching = await eve.request({ type: 'watch', ...ann.watchLink }, 'room');
    assert.equal(watching.type, 'room');
    // The count is stored in the room's log, so Ann's process shows it, and a peek on either does.
    await ann.waitFor('room', (m) => m.room.watchers === 1, 0);
    const started = ann.next('view');
    ann.send({ type: 'start' });
    await started;
    await play(new Map([[0, ann]]), ann);
    const end = ann.last('view')!;
    assert.notEqual(end.view.winningSide, null);
    const last = await eve.waitFor('table', (m) => m.seq >= end.seq, 0);
    assert.equal(last.seq, end.seq);
    assert.deepEqual(last.view.table, end.view.table, 'the spectator sees the table the seat sees');
    assert.equal(last.view.hand.length, 0);
    const heard = eve.messages.flatMap((m) => (m.type === 'table' ? m.events.filter((e) => e.type === 'move') : [])).length;
    const played = ann.messages.flatMap((m) => (m.type === 'view' ? m.events.filter((e) => e.type === 'move') : [])).length;
    assert.equal(heard, played, 'the spectator heard every move');
    const mark = ann.mark();
    await eve.close();
    await ann.waitFor('room', (m) => m.room.watchers === 0, mark);
    await ann.close();
  });

  test('a spectator on the other process who comes after the room went quiet on Redis (every connection on one process) hears each next change', async () => {
    const ann = await Player.connect(shared.one.wsUrl);
    const bob = await room(ann, shared.one, 2);
    const seats = new Map([[0, ann], [1, bob]]);
    const { room: id } = ann.watchLink;
    const channel = `domino:room-version:{${id}}`;
    const log = new RedisLog(new Redis(shared.redis.url));
    // A first spectator there comes and goes: from then on every connection is on process one again.
    const first = await Player.connect(shared.two.wsUrl, 'first spectator');
    assert.equal((await first.request({ type: 'watch', ...ann.watchLink }, 'room')).type, 'room');
    await ann.waitFor('room', (m) => m.room.watchers === 1, 0);
    const mark = ann.mark();
    await first.close();
    await ann.waitFor('room', (m) => m.room.watchers === 0, mark);
    const quietFrom = (await log.load(id))!.version;
    await play(seats, ann, 2);
    const quietTo = (await log.load(id))!.version;
    assert.ok(quietTo >= quietFrom + 2);

    const eve = await Player.connect(shared.two.wsUrl, 'eve');
    assert.equal((await eve.request({ type: 'watch', ...ann.watchLink }, 'room')).type, 'room');
    // Each move is made once the spectator saw the one before: none is found by the look at the room
    // its process takes once subscribed, only by the notice of its own change.
    for (let moves = 0; moves < 4; moves++) {
      await play(seats, ann, 1);
      const seq = ann.last('view')!.seq;
      await eve.waitFor('table', (m) => m.seq >= seq, 0);
    }
    // The spy records in the order Redis ran the commands: once it has a notice of the spectator's
    // time, it has every one before it, and none was of the changes made while the room was quiet.
    const versions = () => shared.published.filter((p) => p.channel === channel).map((p) => Number(p.message));
    for (let look = 0; look < 500 && !versions().some((v) => v > quietTo); look++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(versions().some((v) => v > quietTo), "the spectator's changes were announced");
    assert.deepEqual(versions().filter((v) => v > quietFrom && v <= quietTo), [], 'nothing was announced while every connection was on process one');
    await log.close();
    await eve.close();
    await ann.close();
    await bob.close();
  });

  test('an append is a compare-and-set: of many appends on one version exactly one lands', async () => {
    const client = new Redis(shared.redis.url, { enableAutoPipelining: true });
    const store = new RedisLog(client);
    const id = `cas-test-${Date.now()}`;
    const later = Date.now() + 60_000;
    assert.equal(await store.create(id, '{"n":0}', later), true);
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => store.append(id, 1, [`["entry",${n}]`], null, later)));
    assert.equal(results.filter(Boolean).length, 1);
    const kept = await store.load(id);
    assert.equal(kept!.version, 2);
    assert.equal(kept!.entries.length, 1);
    assert.equal(kept!.entries[0], `["entry",${results.indexOf(true)}]`, 'the entry that landed is the one stored');
    assert.equal(await store.create(id, '{"n":99}', later), false, 'a room that exists cannot be created again');
    assert.equal(await store.append(`${id}-absent`, 1, ['["x",1]'], null, later), false, 'nothing is appended to a room that is not there');
    await store.close();
  });

  test('seats spread over both processes hear every event of every change, in order', async () => {
    // Two people, one on each process, and two computers: computers' moves come in runs, which the
    // other process catches up on together.
    const people = await startedRoomOfFour(shared.one, shared.two);
    const guest = people[1]!;
    tokens.push(...people.map((p) => p.token!));
    await play(new Map(people.map((p) => [p.seat!, p])), guest);
    const last = guest.last('view')!;
    assert.notEqual(last.view.winningSide, null);
    // What each seat heard: the events of all its views, in order.
    const heard = await Promise.all(
      people.map(async (p) => {
        await viewAt(p, last.seq);
        return p.messages.flatMap((m) => (m.type === 'view' ? (m.events as MatchEmitted[]) : []));
      }),
    );
    assert.deepEqual(heard[1], heard[0], 'both seats heard the same events in the same order');
    // Change 1 is the start; every later one is a move (one `move` event each) or the deal of a round,
    // whose only event is the `turn` right after the round's end (an All Fives match can also end
    // inside a round, with no round end).
    const events = heard[0]!;
    const moves = events.filter((e) => e.type === 'move').length;
    const deals = events.filter((e, i) => e.type === 'turn' && events[i - 1]?.type === 'roundEnd').length;
    assert.ok(deals >= 1, 'the match had rounds');
    assert.equal(moves + deals, last.seq - 1, 'no change went unheard by either seat');
    assert.equal(heard[0]!.filter((e) => e.type === 'matchEnd').length, 1);
    for (const p of people) await p.close();
  });

  test('one seat moving through both processes at once: exactly one move is applied', async () => {
    const ann = await Player.connect(shared.one.wsUrl);
    const bob = await room(ann, shared.two, 2);
    tokens.push(ann.token!, bob.token!);
    // Play until it is Ann's turn with two different moves to choose from.
    let view = bob.last('view')!;
    for (let i = 0; i < 200; i++) {
      view = bob.last('view')!;
      const mine = view.view.turn === 0 && !view.view.round.result ? legalMoves((await viewAt(ann, view.seq)).view) : [];
      if (mine.length >= 2) break;
      await play(new Map([[0, ann], [1, bob]]), bob, 1);
    }
    const moves = legalMoves((await viewAt(ann, view.seq)).view);
    assert.ok(moves.length >= 2, 'a position with two moves was reached');
    const annTwo = await Player.connect(shared.two.wsUrl);
    // The second connection resumes Ann's seat on the other process; both send a move on the same seq.
    annTwo.send({ type: 'resume', room: ann.room!, token: ann.token! });
    annTwo.send({ type: 'move', seq: view.seq, move: wire(moves[1]!) });
    ann.send({ type: 'move', seq: view.seq, move: wire(moves[0]!) });
    const applied = await bob.next('view', (m) => m.seq === view.seq + 1);
    // Whatever came second was refused (stale), or its connection was replaced before it was read.
    const settle = await Promise.race([
      annTwo.next('error', () => true, 3000).then((e) => e.code),
      ann.next('error', () => true, 3000).then((e) => e.code),
    ]).catch(() => 'no error');
    assert.ok(['stale', 'not-seated', 'no error', 'not-your-turn', 'wrong-phase'].includes(settle), settle);
    const peek = await Player.connect(shared.one.wsUrl);
    peek.send({ type: 'resume', room: bob.room!, token: bob.token! });
    const fresh = await peek.next('view');
    assert.equal(fresh.seq, view.seq + 1, 'exactly one change');
    assert.equal(fresh.view.log.length, applied.view.log.length);
    assert.equal(fresh.view.log.filter((e) => e.seat === 0).length, view.view.log.filter((e) => e.seat === 0).length + 1, 'one move of Ann');
    for (const p of [ann, annTwo, bob, peek]) await p.close();
  });

  test('a process killed mid-match: its players resume on the other and the match finishes', async () => {
    const victim = await startServerProcess([...shared.args]);
    const ann = await Player.connect(victim.wsUrl);
    const bob = await room(ann, shared.two, 2);
    tokens.push(ann.token!, bob.token!);
    await play(new Map([[0, ann], [1, bob]]), bob, 3);
    const before = bob.last('view')!;
    await victim.stop('SIGKILL');
    const back = await Player.connect(shared.two.wsUrl);
    back.send({ type: 'resume', room: ann.room!, token: ann.token! });
    const resumed = await back.next('view');
    assert.equal(resumed.seq, before.seq, 'nothing lost');
    assert.deepEqual(resumed.view.table, before.view.table);
    await play(new Map([[0, back], [1, bob]]), bob);
    assert.notEqual(bob.last('view')!.view.winningSide, null);
    await back.close();
    await bob.close();
  });

  test('Redis restarted mid-match: moves are refused meanwhile, nothing is lost after', async () => {
    const ann = await Player.connect(shared.one.wsUrl);
    const bob = await room(ann, shared.two, 2);
    tokens.push(ann.token!, bob.token!);
    await play(new Map([[0, ann], [1, bob]]), bob, 2);
    let view = bob.last('view')!;
    while (view.view.turn !== 0 || view.view.round.result) {
      await play(new Map([[0, ann], [1, bob]]), bob, 1);
      view = bob.last('view')!;
    }
    const move = wire(legalMoves((await viewAt(ann, view.seq)).view)[0]!);
    await shared.redis.kill();
    const refused = await ann.request({ type: 'move', seq: view.seq, move }, 'view', 5000);
    assert.equal(refused.type, 'error', 'a move while Redis is away is refused');
    assert.equal(refused.type === 'error' && refused.code, 'unavailable');
    const health = await fetch(`${shared.one.url}/healthz`);
    assert.equal(health.status, 503, '/healthz says the process is unhealthy');
    await shared.redis.start();
    const accepted = await sendUntilTaken(ann, { type: 'move', seq: view.seq, move });
    assert.ok(accepted, 'the move is accepted once Redis is back');
    assert.equal(accepted.seq, view.seq + 1, 'nothing lost, nothing applied twice');
    await play(new Map([[0, ann], [1, bob]]), bob);
    assert.notEqual(bob.last('view')!.view.winningSide, null);
    await ann.close();
    await bob.close();
  });

  test('SIGTERM drains: the socket closes with 1012, the process exits, the player resumes on the other', async () => {
    const leaving = await startServerProcess([...shared.args]);
    const ann = await Player.connect(leaving.wsUrl);
    const bob = await room(ann, shared.two, 2);
    tokens.push(ann.token!, bob.token!);
    await play(new Map([[0, ann], [1, bob]]), bob, 2);
    const before = bob.last('view')!;
    const exited = new Promise<number | null>((resolve) => leaving.child.once('exit', (code) => resolve(code)));
    leaving.child.kill('SIGTERM');
    assert.equal(await exited, 0, 'a clean exit');
    assert.equal(ann.closed?.code, 1012);
    const back = await Player.connect(shared.two.wsUrl);
    back.send({ type: 'resume', room: ann.room!, token: ann.token! });
    assert.equal((await back.next('view')).seq, before.seq);
    await play(new Map([[0, back], [1, bob]]), bob);
    assert.notEqual(bob.last('view')!.view.winningSide, null);
    await back.close();
    await bob.close();
  });

  test('GET /metrics (on each process’s metrics listener) speaks Prometheus: rooms, connections, messages, refusals, move latency, storage errors, turns, Redis traffic', async () => {
    const response = await fetch(shared.two.metricsUrl!);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await response.text();
    for (const name of ['domino_rooms', 'domino_connections', 'domino_messages_total', 'domino_move_seconds_bucket', 'domino_storage_errors_total']) {
      assert.match(text, new RegExp(`^${name}`, 'm'), name);
    }
    assert.match(text, /^domino_messages_total\{type="move"\} [1-9]/m);
    // What a move costs the process: its loop's turns, the commands it sent to Redis, the notices it heard (Bob's process hears Ann's moves).
    for (const name of ['domino_event_loop_turns_total', 'domino_redis_commands_total', 'domino_redis_notices_total']) assert.match(text, new RegExp(`^${name} [1-9]`, 'm'), name);
    // Ann's moves went through process one while Redis was away.
    const oneText = await (await fetch(shared.one.metricsUrl!)).text();
    assert.match(oneText, /^domino_refusals_total\{code="unavailable"\} [1-9]/m, 'the refusals while Redis was away are counted');
    assert.match(oneText, /^domino_storage_errors_total [1-9]/m, 'and the storage errors');
  });

  test('what passes on the channels: room versions only, no tile and no token, on sharded channels', async () => {
    assert.ok(shared.published.length > 10, 'the processes published');
    for (const { command, channel, message } of shared.published) {
      assert.equal(command, 'SPUBLISH', 'sharded pub/sub');
      assert.match(channel, /^domino:room-version:\{[A-Za-z0-9_-]{22}\}$/);
      assert.match(message, /^\d+$/);
      for (const token of tokens) assert.ok(!message.includes(token) && !channel.includes(token));
    }
  });
});
