/**
 * The per-address limits, keyed by who sends rather than by connection. The buckets alone (a bucket
 * per address forgets one that refilled, and keeps few), the grouping of addresses (an IPv6 /64 is
 * one sender, an IPv4-mapped address is its IPv4 one), then the real socket layer in this process with
 * the limits' clock in the test's hand: an address that reconnects in a loop is held to one budget, a
 * /64 shares one, new connections a minute are refused with 429 until the minute passed, every frame
 * refused for the rate is answered (with its type) until 20 in a row close the connection with 1008,
 * and an honest table of four behind one address, with a spectator and reconnects, never meets a
 * limit. Last, the real process takes the flags.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { newRoomId, type ClientMessage } from 'domino-game/protocol';
import { seedRng } from '../../src/engine/rng.js';
import { addressGroup } from '../src/address-group.js';
import { BucketPerAddress, TokenBucket } from '../src/limits.js';
import { PausedRefusals } from '../src/paused-refusals.js';
import { REFUSALS_BEFORE_CLOSE } from '../src/sockets.js';
import { INSTANT, Player, createRoom, joinRoom, randomLegalMove, startServerProcess, synced, type Of, type ViewMessage } from './harness.js';
import { ManualClock, startInProcessServer, type InProcessServer } from './in-process-server.js';

describe('buckets', () => {
  test('a token bucket refills at its rate up to its burst; canTake takes nothing', () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket(2, 3, clock.now);
    assert.equal(bucket.canTake(), true);
    assert.deepEqual([bucket.take(), bucket.take(), bucket.take(), bucket.take()], [true, true, true, false]);
    clock.advance(250);
    assert.equal(bucket.canTake(), false, 'half a token');
    clock.advance(250);
    assert.equal(bucket.canTake(), true);
    assert.equal(bucket.canTake(), true, 'looking took nothing');
    assert.equal(bucket.take(), true);
    assert.equal(bucket.fullAt, 500 + 1500);
    clock.advance(60_000);
    assert.deepEqual([bucket.take(), bucket.take(), bucket.take(), bucket.take()], [true, true, true, false], 'never more than the burst');
  });

  test('a bucket per address: each its own; one that refilled is forgotten, one that has not is kept', () => {
    const clock = new ManualClock();
    const buckets = new BucketPerAddress({ perSecond: 2, burst: 3, now: clock.now });
    assert.deepEqual([buckets.take('a'), buckets.take('a'), buckets.take('a'), buckets.take('a')], [true, true, true, false]);
    assert.equal(buckets.take('b'), true, 'another address has its own');
    assert.equal(buckets.size, 2);
    clock.advance(500);
    assert.equal(buckets.take('b'), true);
    // a: empty at 0, full at 1500; b: 2 of 3 at 500, full at 1000.
    clock.advance(999);
    assert.equal(buckets.take('c'), true);
    assert.equal(buckets.size, 3, 'a is not full at 1499, and b, used after it, waits behind it');
    assert.deepEqual([buckets.take('a'), buckets.take('a'), buckets.take('a')], [true, true, false], "a remembered: 2.998 tokens, not a new bucket's 3");
    clock.advance(1500);
    assert.equal(buckets.take('d'), true);
    assert.equal(buckets.size, 1, 'a, b and c all refilled: forgotten');
  });

  test('a bucket per address remembers at most `most` addresses', () => {
    const clock = new ManualClock();
    const buckets = new BucketPerAddress({ perSecond: 1, burst: 1, now: clock.now, most: 100 });
    for (let i = 0; i < 10_000; i++) buckets.take(`10.0.${i >> 8}.${i & 255}`);
    assert.equal(buckets.size, 100);
  });
});

describe('address groups', () => {
  test('IPv4 is its own group; IPv4-mapped IPv6 counts as its IPv4 address', () => {
    assert.equal(addressGroup('203.0.113.9'), '203.0.113.9');
    assert.equal(addressGroup('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(addressGroup('::FFFF:cb00:7109'), '203.0.113.9');
    assert.equal(addressGroup('0:0:0:0:0:ffff:203.0.113.9'), '203.0.113.9');
    assert.notEqual(addressGroup('203.0.113.9'), addressGroup('203.0.113.10'));
  });

  test('IPv6 counts by its /64, however written; another /64 is another group', () => {
    const one = addressGroup('2001:db8:1:2::a');
    for (const same of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:1', '2001:db8:1:2::', '2001:db8:1:2::1.2.3.4', '2001:db8:1:2::1%eth0']) {
      assert.equal(addressGroup(same), one, same);
    }
    assert.equal(one, '2001:db8:1:2::/64');
    assert.notEqual(addressGroup('2001:db8:1:3::a'), one);
    assert.notEqual(addressGroup('2001:db8::1:2:0:0'), one, 'the same digits in the low half');
    assert.equal(addressGroup('::'), addressGroup('::1'));
    assert.equal(addressGroup('fe80::1%eth0'), addressGroup('fe80::2%3'));
  });

  test('what is not an IP address is a group of its own, by its text', () => {
    assert.equal(addressGroup('unknown'), 'unknown');
    assert.equal(addressGroup('203.0.113.9:80'), '203.0.113.9:80');
  });
});

/** The frames a connection got, once it has `count` or the server closed it. */
async function answersOrClose(player: Player, count: number): Promise<void> {
  // Rejected when the connection closes first: then what came is all that will.
  await player.waitAny(() => player.messages.length >= count, `${count} answers`, 0).catch(() => undefined);
}

/** Messages of a type the server took (handled), from its /metrics: what a flood cost it. */
async function taken(server: InProcessServer, type: ClientMessage['type']): Promise<number> {
  const text = await (await fetch(server.metricsUrl!)).text();
  return Number(new RegExp(`^domino_messages_total\\{type="${type}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
}

const TWO = { variant: 'draw', players: 2, ...INSTANT } as const;

describe('an address that reconnects in a loop', () => {
  let server: InProcessServer;
  const clock = new ManualClock();
  before(async () => {
    server = await startInProcessServer({ trustProxy: true, limitsClock: clock.now });
  });
  after(() => server.close());

  test('is held to one budget across its connections (the defaults: burst 60, 20 a second)', async () => {
    const host = await Player.connect(server.wsUrl, 'host', { 'x-forwarded-for': '198.51.100.7' });
    await host.request({ type: 'create', name: 'Ann', settings: TWO }, 'welcome');
    const room = host.room!;
    const key = host.keys!.invite!;
    const FLOODER = { 'x-forwarded-for': '203.0.113.9' };
    const loop = async () => {
      const flood = await Player.connect(server.wsUrl, 'flood', FLOODER);
      for (let i = 0; i < 40; i++) flood.send({ type: 'peek', room, key });
      await answersOrClose(flood, 40);
      await flood.close();
      return flood;
    };
    const first = await loop();
    assert.equal(first.since(0, 'room').length, 40, 'a fresh address: its first 40 answered');
    const next = [await loop(), await loop(), await loop()];
    assert.equal(await taken(server, 'peek'), 60, "the address's burst, however many connections");
    for (const flood of next) {
      const refused = flood.since(0, 'error');
      assert.ok(refused.every((e) => e.code === 'rate-limited' && e.ref === 'peek'), JSON.stringify(refused[0]));
      assert.equal(refused.length, REFUSALS_BEFORE_CLOSE, 'each refused frame answered, up to the close');
      assert.equal(flood.closed?.code, 1008);
    }
    clock.advance(1000);
    await loop();
    assert.equal(await taken(server, 'peek'), 80, 'a second later, 20 more');
    // The flood's address alone is held: another's peek is answered at once.
    assert.equal((await host.request({ type: 'peek', room, key }, 'room')).type, 'room');
    await host.close();
  });
});

describe('addresses in groups (behind a proxy: X-Forwarded-For)', () => {
  let server: InProcessServer;
  let room: string;
  let key: string;
  before(async () => {
    server = await startInProcessServer({ trustProxy: true, limitsClock: new ManualClock().now, messagesPerSecondPerAddress: 1, messageBurstPerAddress: 3, maxConnectionsPerAddress: 2, refusalPauseMs: 0 });
    const host = await Player.connect(server.wsUrl, 'host', { 'x-forwarded-for': '198.51.100.7' });
    await host.request({ type: 'create', name: 'Ann', settings: TWO }, 'welcome');
    room = host.room!;
    key = host.keys!.invite!;
    await host.close();
  });
  after(() => server.close());

  /** How many of `count` peeks sent at once from `address` are answered with the room (the others are refused). */
  const peeksAnswered = async (address: string, count: number): Promise<number> => {
    const player = await Player.connect(server.wsUrl, address, { 'x-forwarded-for': address });
    for (let i = 0; i < count; i++) player.send({ type: 'peek', room, key });
    await answersOrClose(player, count);
    await player.close();
    assert.ok(player.since(0, 'error').every((e) => e.code === 'rate-limited'));
    return player.since(0, 'room').length;
  };

  test('the IPv6 addresses of one /64 share a budget; another /64 has its own', async () => {
    assert.equal(await peeksAnswered('2001:db8:1:2::a', 3), 3);
    assert.equal(await peeksAnswered('2001:db8:1:2:ffff:ffff:ffff:ffff', 1), 0, 'the same /64');
    assert.equal(await peeksAnswered('2001:db8:1:3::a', 3), 3, 'the next /64');
  });

  test('an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
    assert.equal(await peeksAnswered('192.0.2.7', 3), 3);
    assert.equal(await peeksAnswered('::ffff:192.0.2.7', 1), 0);
    assert.equal(await peeksAnswered('::ffff:c000:207', 1), 0);
    assert.equal(await peeksAnswered('::ffff:192.0.2.8', 1), 1, 'another IPv4 address');
  });

  test('the connections an address holds count by group too', async () => {
    const held = await Promise.all(['2001:db8:9:9::1', '2001:db8:9:9::2'].map((a) => Player.connect(server.wsUrl, a, { 'x-forwarded-for': a })));
    await assert.rejects(Player.connect(server.wsUrl, 'third', { 'x-forwarded-for': '2001:db8:9:9::3' }), /429/);
    const elsewhere = await Player.connect(server.wsUrl, 'another /64', { 'x-forwarded-for': '2001:db8:9:a::1' });
    await Promise.all([...held, elsewhere].map((p) => p.close()));
  });
});

describe('new connections a minute', () => {
  let server: InProcessServer;
  const clock = new ManualClock();
  before(async () => {
    server = await startInProcessServer({ trustProxy: true, limitsClock: clock.now, connectionsPerMinutePerAddress: 3, refusalPauseMs: 0 });
  });
  after(() => server.close());

  test('past the cap: 429 before the handshake; let through again as the minute passes', async () => {
    const from = (address: string) => Player.connect(server.wsUrl, address, { 'x-forwarded-for': address });
    const openAndClose = async (address: string) => (await from(address)).close();
    for (let i = 0; i < 3; i++) await openAndClose('203.0.113.9');
    await assert.rejects(from('203.0.113.9'), /Unexpected server response: 429/);
    await openAndClose('198.51.100.7');
    // Three a minute, spread evenly: one more every 20 s.
    clock.advance(19_999);
    await assert.rejects(from('203.0.113.9'), /429/);
    clock.advance(1);
    await openAndClose('203.0.113.9');
    await assert.rejects(from('203.0.113.9'), /429/);
    clock.advance(60_000);
    for (let i = 0; i < 3; i++) await openAndClose('203.0.113.9');
    await assert.rejects(from('203.0.113.9'), /429/);
  });
});

describe('a refused upgrade waits for its answer', () => {
  test('answered after the pause; past the most that may wait, at once; all at once when asked; not once gone', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const refusals = new PausedRefusals(1000, 2);
    const sockets = Array.from({ length: 4 }, () => new PassThrough());
    const answered = () => sockets.map((socket) => socket.writableEnded);
    for (const socket of sockets.slice(0, 3)) refusals.refuse(socket, 'HTTP/1.1 429 Too Many Requests\r\n\r\n');
    assert.deepEqual(answered(), [false, false, true, false], 'two wait; the third, past the most, is answered at once');
    t.mock.timers.tick(999);
    assert.deepEqual(answered(), [false, false, true, false]);
    t.mock.timers.tick(1);
    assert.deepEqual(answered(), [true, true, true, false]);
    assert.equal(refusals.size, 0);
    refusals.refuse(sockets[3]!, 'HTTP/1.1 429 Too Many Requests\r\n\r\n');
    refusals.answerAll();
    assert.equal(sockets[3]!.writableEnded, true, 'the server stopping answers them at once');
    const gone = new PassThrough();
    refusals.refuse(gone, 'HTTP/1.1 429 Too Many Requests\r\n\r\n');
    gone.destroy();
    gone.emit('close');
    assert.equal(refusals.size, 0, 'a client that went is forgotten');
  });

  // The timeout is a ceiling, not a measure: the pause is ten minutes, so only the server stopping answers the one that waits.
  test('over real sockets: one 429 waits while one past the most is answered at once; the server stopping answers it', { timeout: 60_000 }, async () => {
    const server = await startInProcessServer({ limitsClock: new ManualClock().now, connectionsPerMinutePerAddress: 1, refusalPauseMs: 600_000, mostPausedRefusals: 1 });
    const first = await Player.connect(server.wsUrl, 'first');
    const answered: string[] = [];
    const attempts = ['a', 'b'].map((label) =>
      Player.connect(server.wsUrl, label).then(
        () => 'opened',
        (error: Error) => {
          answered.push(label);
          return error.message;
        },
      ),
    );
    assert.match(await Promise.race(attempts), /429/);
    assert.equal(answered.length, 1, 'the other waits');
    await first.close();
    await server.close();
    assert.deepEqual((await Promise.all(attempts)).map((answer) => /429/.test(answer)), [true, true], 'answered when the server stops');
  });
});

describe('frames refused for the rate', () => {
  let server: InProcessServer;
  before(async () => {
    server = await startInProcessServer({ limitsClock: new ManualClock().now });
  });
  after(() => server.close());

  test(`each is answered with rate-limited and its type as ref; ${REFUSALS_BEFORE_CLOSE} in a row close the connection with 1008`, async () => {
    const host = await createRoom(server, 'Ann', TWO);
    const room = host.room!;
    const key = host.keys!.invite!;
    await host.close();
    const burst = await Player.connect(server.wsUrl, 'burst');
    // A connection's own burst is 40: of 50, 10 are refused, each answered. Its address's budget (60) had room.
    for (let i = 0; i < 50; i++) burst.send({ type: 'peek', room, key });
    await answersOrClose(burst, 50);
    assert.equal(burst.since(0, 'room').length, 40);
    const refused = burst.since(0, 'error');
    assert.deepEqual(
      refused.map((e) => [e.code, e.ref]),
      Array.from({ length: 10 }, () => ['rate-limited', 'peek']),
    );
    assert.match(refused[0]!.message, /on one connection/);
    assert.equal(burst.closed, null, 'ten refusals close nothing');

    // What the connection's bucket refused cost its address nothing: another connection has the 19 left (60 − 1 − 40).
    const other = await Player.connect(server.wsUrl, 'other');
    for (let i = 0; i < 20; i++) other.send({ type: 'peek', room, key });
    await answersOrClose(other, 20);
    assert.equal(other.since(0, 'room').length, 19);
    assert.match(other.since(0, 'error')[0]!.message, /from one address/);
    await other.close();

    // A ref whenever the frame named a valid type, read without the schemas; none otherwise.
    burst.sendRaw(Buffer.from([1, 2, 3]), true);
    burst.sendRaw('not json');
    burst.sendRaw(JSON.stringify({ type: 'nope' }));
    burst.sendRaw(JSON.stringify({ type: 'move', seq: 'not a number' }));
    for (let i = 0; i < REFUSALS_BEFORE_CLOSE - 14; i++) burst.send({ type: 'peek', room, key });
    // Sent after the one that closes: the connection is gone, nothing answers them.
    for (let i = 0; i < 5; i++) burst.send({ type: 'peek', room, key });
    assert.equal((await burst.whenClosed).code, 1008);
    assert.deepEqual(
      burst.since(50, 'error').map((e) => [e.code, e.ref]),
      [
        ['rate-limited', undefined],
        ['rate-limited', undefined],
        ['rate-limited', undefined],
        ['rate-limited', 'move'],
        ...Array.from({ length: REFUSALS_BEFORE_CLOSE - 14 }, () => ['rate-limited', 'peek']),
      ],
    );
    assert.equal(burst.messages.length, 50 + REFUSALS_BEFORE_CLOSE - 10);
  });
});

describe('honest traffic behind one address (the defaults)', () => {
  let server: InProcessServer;
  const clock = new ManualClock();
  before(async () => {
    server = await startInProcessServer({ limitsClock: clock.now });
  });
  after(() => server.close());

  test('four people at a brisk pace, a spectator, and the network dropped twice: never limited', async () => {
    /** A brisk person: each action 200 ms after the view that calls for it (bench/server-clients.ts: 200–400). */
    const BRISK_MS = 200;
    /** The widget's first reconnect comes 0.25–0.5 s after a drop. */
    const BACKOFF_MS = 250;
    const everyone: Player[] = [];
    const rng = seedRng('honest');
    // As the widget: a seat answers each deal's commitment once (its record of them outlives a connection).
    const answered = new Set<string>();
    const seat = (player: Player) => {
      everyone.push(player);
      player.onMessage((m) => {
        if (m.type !== 'room' || player.seat === null) return;
        const key = `${player.seat}/${m.room.nextDeal.commitment}`;
        if (answered.has(key)) return;
        answered.add(key);
        player.send({ type: 'deal-seed', commitment: m.room.nextDeal.commitment, seed: '0'.repeat(63) + String(player.seat) });
      });
      return player;
    };
    // 200 points: at least two rounds (one round's points are under 168, all the pips there are).
    const settings = { variant: 'draw', players: 4, target: 200, clock: 0, ...INSTANT } as const;
    let players = [seat(await createRoom(server, 'Ann', settings))];
    const room = players[0]!.room!;
    for (const name of ['Bob', 'Cat', 'Dan']) players.push(seat(await joinRoom(server, players[0]!.invitation, name)));
    const watch = async () => {
      const watcher = await Player.connect(server.wsUrl, 'watcher');
      everyone.push(watcher);
      watcher.send({ type: 'watch', ...players[0]!.watchLink });
      return watcher;
    };
    let watcher = await watch();
    clock.advance(BRISK_MS);
    players[0]!.send({ type: 'start' });

    /**
     * The household's network drops: every connection goes, and comes back at once after the backoff,
     * each sending `resume` with the view it holds, then what its person did meanwhile (`queued`).
     */
    const dropAndComeBack = async (queued: (player: Player, latest: ViewMessage) => ClientMessage[]) => {
      const latest = players.map((p) => p.last('view')!);
      await Promise.all([...players, watcher].map((p) => p.close()));
      clock.advance(BACKOFF_MS);
      players = await Promise.all(
        players.map(async (old, i) => {
          const back = await Player.connect(server.wsUrl, old.label);
          back.seat = old.seat;
          back.token = old.token;
          seat(back).send({ type: 'resume', room, token: old.token!, seq: latest[i]!.seq });
          for (const message of queued(old, latest[i]!)) back.send(message);
          return back;
        }),
      );
      watcher = await watch();
    };

    let moves = 0;
    let droppedAtRoundEnd = false;
    for (let step = 0; step < 2000; step++) {
      const latest = await synced(players);
      if (latest.view.winningSide !== null) break;
      if (latest.view.round.result !== null) {
        if (!droppedAtRoundEnd) {
          // Dropped as the round ended: everyone tapped "next round" meanwhile. The deal's seeds follow.
          droppedAtRoundEnd = true;
          await dropAndComeBack((_, view) => [{ type: 'next-round', seq: view.seq }]);
        } else {
          clock.advance(BRISK_MS);
          for (const player of players) player.send({ type: 'next-round', seq: latest.seq });
        }
      } else if (moves === 10) {
        // Dropped mid-round: the person to play tapped a tile meanwhile.
        moves++;
        await dropAndComeBack((player, view) => (view.view.turn === player.seat ? [{ type: 'move', seq: view.seq, move: randomLegalMove(view.view, rng) }] : []));
      } else {
        const mover = players.find((p) => p.seat === latest.view.turn)!;
        clock.advance(BRISK_MS);
        mover.send({ type: 'move', seq: latest.seq, move: randomLegalMove(mover.last('view')!.view, rng) });
        moves++;
      }
      await Promise.all(players.map((p) => p.waitFor('view', (m) => m.seq > latest.seq, 0)));
    }
    const end = await synced(players);
    assert.notEqual(end.view.winningSide, null, 'the match was played to its end');
    assert.ok(droppedAtRoundEnd && moves > 10, 'both drops happened');
    // Game refusals may come of the reconnect (the first seat back alone deals the next round, and the
    // others' next-round and seeds are then stale); a limit's never.
    const limited = everyone.flatMap((p) => p.messages.filter((m): m is Of<'error'> => m.type === 'error' && (m.code === 'rate-limited' || m.code === 'too-many')).map((e) => `${p.label}: ${JSON.stringify(e)}`));
    assert.deepEqual(limited, []);
    const closedByServer = everyone.filter((p) => p.closed && ![1000, 1005].includes(p.closed.code));
    assert.deepEqual(closedByServer.map((p) => [p.label, p.closed]), []);
    assert.ok(watcher.since(0, 'table').length > 0, 'the spectator watches');
    await Promise.all([...players, watcher].map((p) => p.close()));
  });
});

describe('the flags (the real process)', () => {
  test('reach the limits: messages and connections per address', async () => {
    const server = await startServerProcess(['--db', ':memory:', '--messages-per-second-per-address', '1', '--message-burst-per-address', '2', '--connections-per-minute-per-address', '2']);
    try {
      const first = await Player.connect(server.wsUrl, 'first');
      const room = newRoomId();
      // Ten at once: two of the burst, and one a second after (a ceiling: eight would take eight seconds).
      for (let i = 0; i < 10; i++) first.send({ type: 'peek', room });
      await answersOrClose(first, 10);
      const limited = first.since(0, 'error').filter((e) => e.code === 'rate-limited');
      assert.ok(limited.length >= 1 && limited.every((e) => e.ref === 'peek'), JSON.stringify(first.messages));
      assert.match(limited[0]!.message, /from one address, all its connections together: at most 1 a second/);
      await first.close();
      await (await Player.connect(server.wsUrl, 'second')).close();
      await assert.rejects(Player.connect(server.wsUrl, 'third'), /429/);
    } finally {
      await server.stop();
    }
  });

  test('a limit that is not a whole number of at least 1 stops the server with a clear message', async () => {
    await assert.rejects(startServerProcess(['--db', ':memory:', '--messages-per-second-per-address', '0']), /exited with 2[\s\S]*--messages-per-second-per-address must be a whole number from 1/);
  });
});
