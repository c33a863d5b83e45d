/**
 * Three server processes on one Redis behind a real nginx running the shipped deploy/nginx.conf
 * (scripts/local-nginx.mjs): every connection of a room, the creating one included, reaches one
 * process; when that process is killed mid-match its rooms' seats come back through nginx on another
 * one and play on, with no move lost and none applied twice; a room held by one process announces
 * nothing on Redis. Skipped, saying why, when nginx is not
 * installed (.ci/run installs Debian's).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { legalMoves, type PlayerView } from 'domino-game/engine';
import { newRoomId, type ClientMessage, type ServerMessage } from 'domino-game/protocol';
import { restore } from '../src/rooms/room-history.js';
import { RedisLog } from '../src/storage/redis.js';
import type { RoomState } from '../src/core/room.js';
import { nginxMissing, startNginx, type RunningNginx } from '../../scripts/local-nginx.mjs';
import { Player, ROOMY, WAIT_MS, startServerProcess, type ServerProcess } from './harness.js';
import { startRedis, type RedisProcess } from './redis-server.js';
import { publishedOn, type Published } from './redis-spy.js';

const missing = nginxMissing();
if (missing) console.log(`# skipped: ${missing}`);

const FOUR = { variant: 'draw', players: 4, level: 'easy', tempo: 'instant' } as const;

/** Waits until `check` holds, looking again every 20 ms (the state it reads comes from sockets). */
async function until(check: () => boolean, what: string, ms = WAIT_MS): Promise<void> {
  const began = Date.now();
  while (!check()) {
    if (Date.now() - began > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('three processes on one Redis behind nginx (deploy/nginx.conf)', { skip: missing ?? false }, () => {
  let redis: RedisProcess;
  let servers: ServerProcess[] = [];
  let nginx: RunningNginx;
  let commands: Redis;
  let store: RedisLog;
  let spy: Redis;
  /** What the processes publish on Redis. */
  const published: Published[] = [];
  /** Each process's id in the rooms' state (a seat's `connectedVia`), by its server. */
  const processIds = new Map<ServerProcess, string>();

  /** The room as stored in Redis now. */
  const stored = async (room: string): Promise<RoomState> => {
    const found = await store.load(room);
    assert.ok(found, `room ${room} is stored`);
    return restore(found).state;
  };
  /** The connections a process holds now (its /healthz). */
  const connectionsOf = async (server: ServerProcess): Promise<number> => ((await (await fetch(`${server.url}/healthz`)).json()) as { connections: number }).connections;
  const processOf = (id: string) => [...processIds].find(([, processId]) => processId === id)?.[0];
  const through = (room: string) => `${nginx.url.replace('http', 'ws')}/ws?room=${encodeURIComponent(room)}`;

  before(async () => {
    redis = await startRedis();
    // A long grace: nobody is played for by a computer while their line is down.
    servers = await Promise.all([1, 2, 3].map(() => startServerProcess(['--redis', redis.url, '--trust-proxy', '--grace', '600', ...ROOMY])));
    nginx = await startNginx({ servers: servers.map((s) => new URL(s.url).host), failTimeout: 2 });
    commands = new Redis(redis.url);
    store = new RedisLog(commands);
    spy = await publishedOn(redis, published);
    // A room created on each process directly tells that process's id.
    for (const server of servers) {
      const host = await Player.connect(server.wsUrl, 'probe');
      const welcome = await host.request({ type: 'create', name: 'Probe', settings: FOUR }, 'welcome');
      assert.equal(welcome.type, 'welcome');
      const state = await stored(host.room!);
      const seat = state.seats[0]!;
      assert.equal(seat.kind, 'human');
      processIds.set(server, (seat as { connectedVia: string }).connectedVia);
      await host.close();
    }
  });

  after(async () => {
    spy?.disconnect();
    commands?.disconnect();
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await redis?.stop();
  });

  test('a room created through nginx under the id the client made, its joins and its spectator all reach one process', async () => {
    const players: Player[] = [];
    const rooms: string[] = [];
    for (let i = 0; i < 6; i++) {
      const room = newRoomId();
      const host = await Player.connect(through(room), `host ${i}`);
      const welcome = await host.request({ type: 'create', name: `Host ${i}`, settings: FOUR, room }, 'welcome');
      assert.deepEqual(welcome.type === 'welcome' && { room: welcome.room, seat: welcome.seat }, { room, seat: 0 }, 'created under the id the client made');
      players.push(host);
      for (let seat = 1; seat < 4; seat++) {
        const guest = await Player.connect(through(room), `guest ${i}.${seat}`);
        assert.equal((await guest.request({ type: 'join', ...host.invitation, name: `Guest ${seat}` }, 'welcome')).type, 'welcome');
        players.push(guest);
      }
      const spectator = await Player.connect(through(room), `spectator ${i}`);
      spectator.send({ type: 'watch', ...host.watchLink });
      await spectator.waitFor('room', (m) => m.room.watchers === 1);
      players.push(spectator);
      rooms.push(room);
    }
    const holders = new Set<string>();
    for (const room of rooms) {
      const state = await stored(room);
      const via = new Set(state.seats.map((s) => (s.kind === 'human' ? s.connectedVia : null)));
      assert.equal(via.size, 1, `room ${room}: its four seats are connected through one process (${[...via].join(', ')})`);
      const [process] = via;
      assert.ok(process && processOf(process), `room ${room}: held by one of the three processes`);
      assert.deepEqual(Object.entries(state.watchers).filter(([, count]) => count > 0), [[process, 1]], `room ${room}: its spectator is on the seats' process`);
      holders.add(process);
    }
    // Six rooms on three processes: the rooms themselves are spread (the hash is on the room, not on nothing).
    assert.ok(holders.size >= 2, `the rooms are spread over the processes (${holders.size} used)`);
    // No other process holds a connection of these rooms: none of their changes was announced. (A
    // marker published after them reaches the spy after whatever they published.)
    await commands.publish('domino:test-marker', 'rooms');
    await until(() => published.some((p) => p.channel === 'domino:test-marker'), 'the marker reached the spy');
    assert.deepEqual(published.filter((p) => rooms.some((room) => p.channel.includes(room))), [], 'nothing published for a room held by one process');

    // The id a client makes is checked: a room's id taken already, or one of the wrong form, creates nothing.
    const before = JSON.stringify(await stored(rooms[0]!));
    const again = await Player.connect(through(rooms[0]!), 'again');
    const taken = await again.refused({ type: 'create', name: 'Again', settings: FOUR, room: rooms[0]! });
    assert.deepEqual([taken.code, taken.ref], ['room-taken', 'create']);
    const malformed = await again.refused({ type: 'create', name: 'Again', settings: FOUR, room: 'not an id' });
    assert.deepEqual([malformed.code, malformed.ref], ['bad-message', 'create']);
    assert.equal(JSON.stringify(await stored(rooms[0]!)), before, 'the taken room is unchanged');
    await Promise.all([...players, again].map((p) => p.close()));
  });

  test('quick match through nginx: seekers spread over the processes meet at tables, and each table’s seats resumed through nginx reach one process', async () => {
    const lobby = `${nginx.url.replace('http', 'ws')}/ws`;
    const seekers: Player[] = [];
    const connectionsBefore = await Promise.all(servers.map(connectionsOf));
    for (let i = 0; i < 8; i++) {
      const seeker = await Player.connect(lobby, `seeker ${i}`);
      const identity = await seeker.request({ type: 'identify', secret: randomBytes(32).toString('base64url'), name: `Seeker ${i}` }, 'identity');
      assert.equal(identity.type, 'identity');
      seekers.push(seeker);
    }
    // A connection without a room has an empty hash key, which nginx balances round robin (its hash
    // module's rule): the seekers are spread, not all on the process an empty key would hash to.
    const gained = (await Promise.all(servers.map(connectionsOf))).map((n, i) => n - connectionsBefore[i]!);
    assert.equal(gained.reduce((a, b) => a + b, 0), 8);
    assert.ok(gained.filter((n) => n > 0).length >= 2, `the seekers are spread over the processes (${gained.join(', ')})`);
    const matched = seekers.map((s) => s.next('matched', () => true, 20_000));
    for (const seeker of seekers) assert.equal((await seeker.request({ type: 'seek', pool: 'draw-2' }, 'seeking')).type, 'seeking');
    const tables = await Promise.all(matched);
    const rooms = [...new Set(tables.map((t) => t.room))];
    assert.equal(rooms.length, 4, 'eight seekers, four tables of two');
    const seats: Player[] = [];
    for (const table of tables) {
      const seat = await Player.connect(through(table.room), `at ${table.room}`);
      assert.equal((await seat.request({ type: 'resume', room: table.room, token: table.token }, 'welcome')).type, 'welcome');
      seats.push(seat);
    }
    for (const room of rooms) {
      const state = await stored(room);
      const via = new Set(state.seats.map((s) => s.connectedVia));
      assert.equal(via.size, 1, `table ${room}: both seats on one process`);
      assert.ok(processOf([...via][0]!), 'one of the three');
    }
    await Promise.all([...seekers, ...seats].map((p) => p.close()));
  });

  test('one of the three processes killed mid-match: every seat of its rooms resumes through nginx and the matches end with every move seen, none twice', async () => {
    const rooms = await Promise.all(Array.from({ length: 6 }, (_, i) => openTable(through, i)));
    for (const table of rooms) table.seats[0]!.send({ type: 'start' });
    // Mid-match: every room has moved a few times.
    await until(() => rooms.every((table) => table.seats.every((seat) => seat.lastSeq >= 4)), 'every room moved');
    const holders = await Promise.all(rooms.map(async (table) => (await stored(table.room)).seats.map((s) => (s.kind === 'human' ? s.connectedVia : null))[0]!));
    // The process holding the most rooms is killed.
    const counts = new Map<string, number>();
    for (const holder of holders) counts.set(holder, (counts.get(holder) ?? 0) + 1);
    const [victimId] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const victim = processOf(victimId)!;
    const orphaned = rooms.filter((_, i) => holders[i] === victimId);
    assert.ok(orphaned.length > 0);
    const killedAt = Date.now();
    await victim.stop('SIGKILL');

    await until(() => rooms.every((table) => table.seats.every((seat) => seat.finished)), 'every match ended', 4 * WAIT_MS);
    const problems = rooms.flatMap((table) => table.seats.flatMap((seat) => seat.problems));
    assert.deepEqual(problems, [], 'no refusal, no move lost, none twice');
    for (const table of orphaned) {
      for (const seat of table.seats) assert.ok(seat.resumes >= 1, `${seat.label}: resumed after its process died`);
      const via = new Set((await stored(table.room)).seats.map((s) => (s.kind === 'human' ? s.connectedVia : null)));
      assert.equal(via.size, 1, `${table.room}: its seats came back together on one process`);
      assert.notEqual([...via][0], victimId);
    }
    for (const table of rooms) {
      // Every seat ends on the same last change, and what each saw of a round is the start of the same
      // log (a seat away at a round's end saw less of it, never something else).
      assert.equal(new Set(table.seats.map((s) => s.lastSeq)).size, 1, `${table.room}: every seat saw the last change`);
      const rounds = new Set(table.seats.flatMap((seat) => [...seat.logs.keys()]));
      for (const round of rounds) {
        const logs = table.seats.map((seat) => (seat.logs.get(round) ?? []).map(publicEntry));
        const longest = logs.reduce((a, b) => (b.length > a.length ? b : a));
        for (const [i, log] of logs.entries()) assert.deepEqual(log, longest.slice(0, log.length), `${table.seats[i]!.label}: round ${round}'s log`);
      }
    }
    const backWithin = Math.max(...orphaned.flatMap((table) => table.seats.map((s) => (s.firstViewAfterResume ?? killedAt) - killedAt)));
    console.log(`# failover: ${orphaned.length} rooms of the killed process, every seat back and a view received within ${backWithin} ms`);
    for (const table of rooms) for (const seat of table.seats) seat.stop();
    servers = servers.filter((s) => s !== victim);
  });
});

/** A log entry as every seat sees it (another seat's drawn tile is not named). */
function publicEntry(entry: PlayerView['log'][number]): string {
  return `${entry.seat}:${entry.type}${entry.type === 'play' ? `:${entry.tile.join('-')}:${entry.end}` : ''}`;
}

/**
 * A seat that plays by itself through nginx and comes back by itself: after a close it did not ask for,
 * it connects again (to the same URL: the room is in it) and resumes with its token and the last view
 * it holds, as the widget does. It notes what would show a lost or doubled move: a view older than one
 * it saw, a round's log that does not go on from the one it saw, a seat with more moves in a round's
 * log than it sent moves for (a move is sent once per view, and the server takes one per `seq`).
 */
class SelfPlayingSeat {
  seat = -1;
  token = '';
  lastSeq = -1;
  resumes = 0;
  /** The room's invite, from this seat's welcome. */
  invite: string | null = null;
  finished = false;
  firstViewAfterResume: number | null = null;
  readonly problems: string[] = [];
  /** Each round's log, as of the last view of it. */
  readonly logs = new Map<number, PlayerView['log']>();
  /** The seqs this seat sent a move at, by round. */
  private readonly sentAt = new Map<number, Set<number>>();
  private ws: WebSocket | null = null;
  private stopped = false;
  private awaitingResume = false;
  private welcomed: ((ok: boolean) => void) | null = null;

  constructor(
    readonly url: string,
    readonly room: string,
    readonly label: string,
  ) {}

  /** Connects and sends `hello`; resolves with whether it was welcomed. */
  open(hello: ClientMessage): Promise<boolean> {
    return new Promise((resolve) => {
      this.welcomed = resolve;
      const ws = new WebSocket(this.url);
      this.ws = ws;
      ws.on('open', () => ws.send(JSON.stringify(hello)));
      ws.on('message', (data) => this.receive(JSON.parse(data.toString()) as ServerMessage));
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (this.ws !== ws || this.stopped) return;
        this.ws = null;
        this.welcomed?.(false);
        this.awaitingResume = true;
        // As the widget: a first retry soon after the drop.
        setTimeout(() => void this.open({ type: 'resume', room: this.room, token: this.token, ...(this.lastSeq >= 0 ? { seq: this.lastSeq } : {}) }), 100 + Math.random() * 150);
      });
    });
  }

  send(message: ClientMessage): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close();
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case 'welcome':
        this.seat = message.seat;
        if (message.token) this.token = message.token;
        this.invite = message.keys.invite;
        if (this.awaitingResume) this.resumes++;
        this.welcomed?.(true);
        this.welcomed = null;
        return;
      case 'error':
        this.problems.push(`${this.label}: refused ${message.code} (${message.ref ?? '?'}): ${message.message}`);
        return;
      case 'view':
        return this.onView(message.seq, message.view);
    }
  }

  private onView(seq: number, view: PlayerView): void {
    if (seq < this.lastSeq) this.problems.push(`${this.label}: view ${seq} after view ${this.lastSeq} (a change it saw is gone)`);
    if (seq <= this.lastSeq && !this.awaitingResume) return;
    if (this.awaitingResume) {
      this.awaitingResume = false;
      this.firstViewAfterResume ??= Date.now();
    }
    const round = view.round.number;
    const before = this.logs.get(round) ?? [];
    if (JSON.stringify(view.log.slice(0, before.length)) !== JSON.stringify(before)) {
      this.problems.push(`${this.label}: round ${round}'s log does not go on from the one it saw`);
    }
    this.logs.set(round, view.log);
    const mine = view.log.filter((entry) => entry.seat === this.seat).length;
    const sent = this.sentAt.get(round)?.size ?? 0;
    if (mine > sent) this.problems.push(`${this.label}: ${mine} moves of its own in round ${round}'s log, ${sent} sent`);
    this.lastSeq = seq;
    if (view.winningSide !== null) {
      this.finished = true;
      return;
    }
    const act = (message: ClientMessage) => setTimeout(() => this.lastSeq === seq && this.send(message), 5 + Math.random() * 20);
    if (view.round.result !== null) {
      act({ type: 'next-round', seq });
    } else if (view.turn === this.seat) {
      const moves = legalMoves(view);
      const move = moves[Math.floor(Math.random() * moves.length)]!;
      if (!this.sentAt.has(round)) this.sentAt.set(round, new Set());
      this.sentAt.get(round)!.add(seq);
      act({ type: 'move', seq, move: move.type === 'play' ? { type: 'play', tile: [move.tile[0], move.tile[1]], end: move.end } : { type: move.type } });
    }
  }
}

/** A four-person room made through nginx under an id this side made, every seat a SelfPlayingSeat. */
async function openTable(through: (room: string) => string, index: number): Promise<{ room: string; seats: SelfPlayingSeat[] }> {
  const room = newRoomId();
  const seats = [0, 1, 2, 3].map((seat) => new SelfPlayingSeat(through(room), room, `room ${index} seat ${seat}`));
  assert.ok(await seats[0]!.open({ type: 'create', name: 'Host', settings: { ...FOUR, target: 150 }, room }), 'created');
  for (const seat of seats.slice(1)) assert.ok(await seat.open({ type: 'join', room, key: seats[0]!.invite!, name: 'Guest' }), 'joined');
  return { room, seats };
}
