/**
 * The widget's line to the server, with a stand-in WebSocket and Node's mocked timers: the room goes in
 * the URL (what a load balancer routes by), turning to another room opens a new line for it, and a
 * server that hands its rooms over (1012, 1001) is left for another at once while any other drop waits
 * out the backoff.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { Connection, endpointOf } from '../../src/net/connection.js';

/** A WebSocket that never touches the network: the test opens and closes it. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send(data: string): void {
    this.sent.push(data);
  }
  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The server side accepts the line. */
  accept(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  /** The server side ends the line with `code`. */
  drop(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const connect = (room: string | null = null) =>
  new Connection({
    server: 'https://rooms.example.com/play/',
    room,
    hello: () => null,
    onMessage: () => undefined,
    onStatus: () => undefined,
    backoff: { first: 500, most: 15_000 },
    // The longest wait the backoff allows, so that a quick retry is quick by design, not by luck.
    random: () => 0.999,
    WebSocket: FakeSocket as unknown as typeof WebSocket,
  });

describe('Connection', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
    mock.timers.enable({ apis: ['setTimeout'] });
  });
  afterEach(() => mock.timers.reset());

  test('the endpoint names the room, escaped, and only the room', () => {
    assert.equal(endpointOf('https://rooms.example.com/play/?x=1#y'), 'wss://rooms.example.com/play/ws');
    assert.equal(endpointOf('http://localhost:8000', undefined, 'ab_C-d'), 'ws://localhost:8000/ws?room=ab_C-d');
    assert.equal(endpointOf('http://localhost:8000', undefined, 'a b&c'), 'ws://localhost:8000/ws?room=a%20b%26c');
  });

  test('a room named right after the connection is made is the first line\'s: no line opened for nothing', async () => {
    const connection = connect();
    connection.route('named-room-id');
    await Promise.resolve();
    assert.deepEqual(FakeSocket.opened.map((socket) => socket.url), ['wss://rooms.example.com/play/ws?room=named-room-id']);
    connection.close();
  });

  test('turning to another room opens a new line whose URL names it; the same room keeps the line', async () => {
    const connection = connect('first-room-id');
    await Promise.resolve();
    assert.equal(FakeSocket.opened[0]!.url, 'wss://rooms.example.com/play/ws?room=first-room-id');
    FakeSocket.opened[0]!.accept();
    connection.route('first-room-id');
    assert.equal(FakeSocket.opened.length, 1, 'the same room: the same line');
    connection.route('other-room-id');
    assert.equal(FakeSocket.opened[0]!.closedWith, 1000, 'the old line is closed');
    assert.equal(FakeSocket.opened.length, 2);
    assert.equal(FakeSocket.opened[1]!.url, 'wss://rooms.example.com/play/ws?room=other-room-id');
    // What is sent before the new line is up waits (the session queues it).
    assert.equal(connection.send({ type: 'peek', room: 'other-room-id' }), false);
    FakeSocket.opened[1]!.accept();
    assert.equal(connection.send({ type: 'peek', room: 'other-room-id' }), true);
    // The old line closing late is not taken for a drop of the new one.
    FakeSocket.opened[0]!.drop(1006);
    assert.equal(connection.status, 'open');
    connection.close();
  });

  test('a handover (1012, 1001) reconnects within a quarter of a second; another drop waits out the backoff', async () => {
    const connection = connect('room-id');
    await Promise.resolve();
    FakeSocket.opened[0]!.accept();
    connection.welcomed();
    FakeSocket.opened[0]!.drop(1012);
    mock.timers.tick(250);
    assert.equal(FakeSocket.opened.length, 2, 'reconnected after a 1012');
    assert.equal(FakeSocket.opened[1]!.url, 'wss://rooms.example.com/play/ws?room=room-id', 'to the same room');
    FakeSocket.opened[1]!.accept();
    FakeSocket.opened[1]!.drop(1001);
    mock.timers.tick(250);
    assert.equal(FakeSocket.opened.length, 3, 'reconnected after a 1001');
    FakeSocket.opened[2]!.accept();
    FakeSocket.opened[2]!.drop(1006);
    mock.timers.tick(250);
    assert.equal(FakeSocket.opened.length, 3, 'a plain drop does not reconnect this soon');
    mock.timers.tick(250);
    assert.equal(FakeSocket.opened.length, 4, 'it does within the first backoff');
    connection.close();
  });
});
