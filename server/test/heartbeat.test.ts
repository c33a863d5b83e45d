import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { WebSocket } from 'ws';
import { Heartbeat, type Pingable } from '../src/heartbeat.js';
import { health, startServerProcess, type ServerProcess } from './harness.js';

class FakeConnection implements Pingable {
  pings = 0;
  terminated = false;
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
  }
}

const connections = (count: number) => Array.from({ length: count }, () => new FakeConnection());

test('a period pings every connection once, a slice a tick, never all of them in one tick', () => {
  const heartbeat = new Heartbeat<FakeConnection>(8);
  const all = connections(100);
  for (const connection of all) heartbeat.add(connection);
  const pingsPerTick: number[] = [];
  for (let tick = 0; tick < 8; tick++) {
    const before = all.reduce((sum, c) => sum + c.pings, 0);
    heartbeat.tick();
    for (const connection of all) heartbeat.answered(connection);
    pingsPerTick.push(all.reduce((sum, c) => sum + c.pings, 0) - before);
  }
  assert.deepEqual(
    all.map((c) => c.pings),
    all.map(() => 1),
  );
  // 100 over 8 slices: 12 or 13 a tick.
  assert.ok(Math.max(...pingsPerTick) <= 13 && Math.min(...pingsPerTick) >= 12, `pings a tick: ${pingsPerTick.join(', ')}`);
});

test('a connection that answers lives on; one that leaves two pings unanswered is ended at its next turn', () => {
  const heartbeat = new Heartbeat<FakeConnection>(4);
  const [alive, silent] = connections(2) as [FakeConnection, FakeConnection];
  heartbeat.add(alive);
  heartbeat.add(silent);
  for (let period = 0; period < 2; period++) {
    for (let tick = 0; tick < 4; tick++) heartbeat.tick();
    heartbeat.answered(alive);
  }
  assert.equal(silent.pings, 2);
  assert.equal(silent.terminated, false, 'two unanswered pings: not ended yet');
  for (let tick = 0; tick < 4; tick++) heartbeat.tick();
  assert.equal(silent.terminated, true);
  assert.equal(silent.pings, 2, 'ended, not pinged a third time');
  assert.equal(alive.terminated, false);
  assert.equal(alive.pings, 3);
  assert.equal(heartbeat.size, 1);
  for (let tick = 0; tick < 4; tick++) heartbeat.tick();
  assert.equal(silent.pings, 2, 'an ended connection is never pinged again');
});

test('a removed connection is not pinged; newcomers fill the emptiest slice', () => {
  const heartbeat = new Heartbeat<FakeConnection>(4);
  const first = connections(8);
  for (const connection of first) heartbeat.add(connection);
  // Two slices emptied by connections that closed.
  for (const connection of first.slice(0, 4)) heartbeat.remove(connection);
  const later = connections(4);
  for (const connection of later) heartbeat.add(connection);
  const perTick: number[] = [];
  for (let tick = 0; tick < 4; tick++) {
    const before = [...first, ...later].reduce((sum, c) => sum + c.pings, 0);
    heartbeat.tick();
    perTick.push([...first, ...later].reduce((sum, c) => sum + c.pings, 0) - before);
  }
  assert.deepEqual(
    first.slice(0, 4).map((c) => c.pings),
    [0, 0, 0, 0],
  );
  assert.deepEqual(perTick, [2, 2, 2, 2]);
});

test('start ticks on a timer and stop ends it', async () => {
  const heartbeat = new Heartbeat<FakeConnection>(4);
  const all = connections(4);
  for (const connection of all) heartbeat.add(connection);
  const pinged = () => all.reduce((sum, c) => sum + c.pings, 0);
  heartbeat.start(40);
  while (pinged() < 2) await new Promise((resolve) => setTimeout(resolve, 5));
  heartbeat.stop();
  const atStop = pinged();
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(pinged(), atStop, 'no tick after stop');
});

describe('the heartbeat over real sockets', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', '--ping', '1']);
  });
  after(async () => server.stop());

  test('a connection that never answers a ping is ended; one that answers stays', async () => {
    const { port } = new URL(server.url);
    // A raw socket through the upgrade, that never answers anything (a `ws` client would answer pings itself).
    const silent = connect(Number(port), '127.0.0.1');
    silent.write(
      `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    let received = Buffer.alloc(0);
    silent.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    const silentClosed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
    const answering = new WebSocket(server.wsUrl);
    await new Promise((resolve, reject) => answering.once('open', resolve).once('error', reject));
    let answeringPings = 0;
    answering.on('ping', () => answeringPings++);

    const ceiling = setTimeout(() => silent.destroy(new Error('not ended within 20 s')), 20_000);
    await silentClosed;
    clearTimeout(ceiling);
    const text = received.toString('latin1');
    assert.match(text, /^HTTP\/1\.1 101 /, 'the upgrade was taken');
    // After the upgrade the server sent the silent socket nothing but its pings (0x89: FIN and opcode 9, no payload).
    const frames = received.subarray(text.indexOf('\r\n\r\n') + 4);
    assert.equal(frames.length % 2, 0);
    assert.equal(frames.length / 2, 2, `two pings before it was ended: ${frames.toString('hex')}`);
    assert.ok(frames.every((byte, i) => byte === (i % 2 === 0 ? 0x89 : 0x00)));

    // A full period more: the one that answers is pinged and kept.
    const pingsBefore = answeringPings;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(answering.readyState, WebSocket.OPEN);
    assert.ok(answeringPings > pingsBefore, 'still pinged');
    assert.equal((await health(server)).connections, 1);
    answering.close();
  });
});
