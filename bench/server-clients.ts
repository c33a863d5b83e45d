/**
 * A client process of `npm run bench -- server` (bench/server.ts forks it with an IPC channel): raw
 * `ws` clients, four to a room, playing like people: each move, `next-round` and `new-match` is sent
 * after a think time, uniform from half to one and a half times `thinkMs`. For each move it records
 * the time from the move sent to the mover receiving the view that move made (the next `seq`).
 *
 * Against the room server (`mode: 'server'`) the clients play whole matches, again and again: a legal
 * move picked at random, `next-round` from all four after a round, `new-match` from the host after a
 * match. Against the bare echo server (bench/server-echo.ts, `mode: 'echo'`) the views are one real
 * mid-round view, and the seat whose turn it is picks a legal move in it and sends it (the echo takes
 * any move as the next turn): the same pacing, frames and work in the clients, no rules.
 *
 * Through a load balancer (`roomInUrl`, bench/cluster.ts): each connection names its room in its URL
 * (`/ws?room=ID`), the host's too, under an id it made for the room (`create` carries it), as the widget
 * does. With `reconnect`, a connection closed by the server side connects again and resumes its seat
 * with its token and the last view it holds, as the widget does (asking again on a new line when the
 * resume is refused as `unavailable`), and the report tells how long each
 * took to see its room change again, and any sign of a move lost (a view older than one seen, a round's
 * log that does not go on from the one seen) or applied twice (more moves of its own in a round's log
 * than it sent).
 *
 * Parent → child: setup, measure (start recording), stop (send the report), close (close every socket).
 * Child → parent: ready, report, closed.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { legalMoves, type PlayerView, type Variant } from '../src/engine/index.js';
import type { MatchEmitted } from '../src/machine/index.js';
import { newRoomId, type ClientMessage, type ServerMessage } from '../src/net/protocol.js';

export interface Setup {
  cmd: 'setup';
  /** The server processes; a room's seats are spread over them (seat s of room k on process (k + s) mod n). */
  wsUrls: string[];
  rooms: number;
  /** Rooms opened a second by this process while ramping up. */
  roomsPerSecond: number;
  /** Each action waits uniform `thinkMs[0]`–`thinkMs[1]` ms after the view that calls for it. */
  thinkMs: [number, number];
  mode: 'server' | 'echo';
  variant: Variant;
  /** Each connection names its room in its URL (`?room=ID`), the room's id made here for `create`. */
  roomInUrl?: boolean;
  /** A connection the server side closed connects again and resumes its seat. */
  reconnect?: boolean;
  /**
   * Each room's four connections from their own local address, `127.0.<k / 250>.<10 + k % 250>` for room
   * k (Linux routes all of 127/8 to the loopback): a room is one household to the server's per-address
   * limits. Otherwise every connection comes from 127.0.0.1.
   */
  addressPerRoom?: boolean;
}

export type Command = Setup | { cmd: 'measure' } | { cmd: 'stop' } | { cmd: 'close' };

export interface Report {
  type: 'report';
  /** Milliseconds from a move sent to its view received by the mover, within the measured window. */
  samples: number[];
  /** View frames received in the window, and their bytes. */
  viewFrames: number;
  viewBytes: number;
  /** Since setup: `error` frames and closes nobody asked for, with the first few of each. */
  errors: number;
  examples: string[];
  /** CPU time of this process in the window (ms). */
  cpuMs: number;
  /** Views whose `seq` grew by more than the changes their `events` tell of (a change went unheard), since setup. */
  unheardJumps: number;
  /** With `reconnect`: for each drop, ms from it (Date.now) to the first view of a later change after the resume. */
  recoveries: { droppedAt: number; backAt: number | null }[];
  /** With `reconnect`: seats that saw a change then lost it, and moves of a seat applied more often than it sent them. */
  lost: number;
  twice: number;
  /** The rooms' ids as opened (to look them up in storage), with `roomInUrl`. */
  roomIds: string[];
}

export type Reply =
  | { type: 'ready'; rooms: number; failed: number; examples: string[]; setupMs: number }
  | Report
  | { type: 'closed' };

const send = (reply: Reply) => process.send!(reply);

let setup: Setup | null = null;
let recording = false;
let closing = false;
let samples: number[] = [];
let viewFrames = 0;
let viewBytes = 0;
let errors = 0;
const examples: string[] = [];
let cpuAtStart = process.cpuUsage();
const clients: Client[] = [];

function problem(text: string): void {
  errors++;
  if (examples.length < 5) examples.push(text);
}

let unheardJumps = 0;
const recoveries: Report['recoveries'] = [];
let lost = 0;
let twice = 0;
const roomIds: string[] = [];

const think = () => {
  const [least, most] = setup!.thinkMs;
  return least + (most - least) * Math.random();
};

/**
 * How many changes a view's events tell of: a move each, and a deal or a new match (the `turn` right
 * after a round's or a match's end).
 */
function changesTold(events: MatchEmitted[], before: MatchEmitted | undefined): number {
  const all = before ? [before, ...events] : events;
  const fresh = all.filter((e, i) => e.type === 'turn' && (all[i - 1]?.type === 'roundEnd' || all[i - 1]?.type === 'matchEnd')).length;
  return events.filter((e) => e.type === 'move').length + fresh;
}

/** The local address room `index`'s connections come from, with `addressPerRoom`. */
function roomAddress(index: number): string | undefined {
  return setup?.addressPerRoom ? `127.0.${Math.floor(index / 250)}.${10 + (index % 250)}` : undefined;
}

class Client {
  seat = -1;
  room = '';
  token = '';
  /** The room's invite, from the welcome (the host's hands it to the guests). */
  invite = '';
  private url = '';
  private localAddress: string | undefined;
  /** The drop being recovered from, until a view of a later change comes. */
  private recovering: { entry: Report['recoveries'][number]; seq: number } | null = null;
  /** Each round's log as last seen, and the seqs a move was sent at, by round (to see a lost or doubled move). */
  private readonly logs = new Map<number, string>();
  private readonly sentAt = new Map<number, Set<number>>();
  private round = 0;
  private lastSeq = -1;
  private lastView: PlayerView | null = null;
  private lastEvent: MatchEmitted | undefined;
  private scheduledSeq = -1;
  private pending: { seq: number; at: number } | null = null;
  private welcomed: ((ok: boolean) => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(public ws: WebSocket) {
    this.listen(ws);
  }

  private listen(ws: WebSocket): void {
    ws.on('message', (data: Buffer) => this.receive(data));
    ws.on('close', (code, reason) => {
      if (this.ws !== ws) return;
      if (this.timer) clearTimeout(this.timer);
      this.welcomed?.(false);
      if (closing) return;
      if (setup?.reconnect && this.token) return this.comeBack();
      problem(`closed ${code} ${reason.toString()}`.trim());
    });
    ws.on('error', (error) => {
      if (!closing && !setup?.reconnect) problem(`socket error: ${error.message}`);
    });
  }

  /** After a drop: connects again (soon, as the widget does) and resumes the seat with the view it holds. */
  private comeBack(): void {
    const entry = { droppedAt: Date.now(), backAt: null };
    if (!this.recovering) {
      recoveries.push(entry);
      this.recovering = { entry, seq: this.lastSeq };
    }
    this.scheduledSeq = -1;
    this.pending = null;
    setTimeout(() => {
      if (closing) return;
      const ws = new WebSocket(this.url, { perMessageDeflate: false, ...(this.localAddress ? { localAddress: this.localAddress } : {}) });
      this.ws = ws;
      this.listen(ws);
      ws.once('open', () => ws.send(JSON.stringify({ type: 'resume', room: this.room, token: this.token, ...(this.lastSeq >= 0 ? { seq: this.lastSeq } : {}) } satisfies ClientMessage)));
    }, 100 + Math.random() * 150);
  }

  static open(url: string, localAddress?: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, ...(localAddress ? { localAddress } : {}) });
      const fail = (error: Error) => reject(error);
      ws.once('error', fail);
      ws.once('unexpected-response', (_request, response) => {
        ws.off('error', fail);
        reject(new Error(`upgrade refused: ${response.statusCode ?? '?'}`));
      });
      ws.once('open', () => {
        ws.off('error', fail);
        const client = new Client(ws);
        client.url = url;
        client.localAddress = localAddress;
        clients.push(client);
        resolve(client);
      });
    });
  }

  send(message: ClientMessage): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  /** Sends `message` and waits for the `welcome` (false: an error or a close came instead). */
  request(message: ClientMessage): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), 30_000);
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.welcomed = null;
        resolve(ok);
      };
      this.welcomed = finish;
      this.send(message);
    });
  }

  private receive(data: Buffer): void {
    const message = JSON.parse(data.toString()) as ServerMessage;
    switch (message.type) {
      case 'welcome':
        this.seat = message.seat;
        this.room = message.room;
        if (message.token) this.token = message.token;
        this.invite = message.keys.invite ?? '';
        this.welcomed?.(true);
        return;
      case 'error':
        problem(`error ${message.code}${message.ref ? ` (${message.ref})` : ''}: ${message.message}`);
        this.pending = null;
        this.welcomed?.(false);
        if (message.code === 'unavailable') this.tryAgain(message.ref);
        return;
      case 'room':
        return;
      case 'view':
        if (recording) {
          viewFrames++;
          viewBytes += data.length;
        }
        if (this.pending && message.seq > this.pending.seq) {
          if (recording) samples.push(performance.now() - this.pending.at);
          this.pending = null;
        }
        // Every change since this seat's previous view must come with its events (a new match starts afresh).
        if (this.lastSeq >= 0 && message.seq > this.lastSeq) {
          const events = message.events as MatchEmitted[];
          const told = changesTold(events, this.lastEvent);
          if (told < message.seq - this.lastSeq) {
            unheardJumps++;
            if (examples.length < 5) examples.push(`seq ${this.lastSeq} → ${message.seq} with events ${JSON.stringify(events.map((e) => e.type))}`);
          }
        }
        if (message.events.length > 0) this.lastEvent = message.events[message.events.length - 1] as MatchEmitted;
        if (setup!.reconnect) this.check(message.seq, message.view);
        this.lastSeq = message.seq;
        this.lastView = message.view;
        this.react(message.seq, message.view);
        return;
    }
  }

  /**
   * `unavailable` says nothing changed: as a person (and the widget) would, the seat asks again. A
   * resume on a new line; a move, a ready or a new match after another think on the view it holds
   * (without this, one refusal under load left its room waiting for good).
   */
  private tryAgain(ref: ClientMessage['type'] | undefined): void {
    if (ref === 'resume') {
      if (setup?.reconnect) this.ws.close(1000, 'again');
      return;
    }
    if ((ref === 'move' || ref === 'next-round' || ref === 'new-match') && this.lastView && !closing) {
      this.scheduledSeq = -1;
      this.react(this.lastSeq, this.lastView);
    }
  }

  /** What a drop may have cost: a change seen then gone, a move of this seat applied twice; and when the room moved again. */
  private check(seq: number, view: PlayerView): void {
    if (seq < this.lastSeq) lost++;
    if (this.recovering && seq > this.recovering.seq) {
      this.recovering.entry.backAt = Date.now();
      this.recovering = null;
    }
    const round = view.round.number;
    this.round = round;
    // A round's first view (of a new match too, whose rounds count from 1 again) starts its log afresh.
    if (view.log.length === 0) {
      this.logs.delete(round);
      this.sentAt.delete(round);
    }
    const seen = this.logs.get(round);
    const log = JSON.stringify(view.log.map((e) => [e.seat, e.type, e.type === 'play' ? e.tile : null]));
    if (seen && !log.startsWith(seen.slice(0, -1))) lost++;
    this.logs.set(round, log);
    const mine = view.log.filter((e) => e.seat === this.seat).length;
    if (mine > (this.sentAt.get(round)?.size ?? 0)) {
      twice++;
      this.sentAt.set(round, new Set([...(this.sentAt.get(round) ?? []), -twice]));
    }
  }

  /** What a person at this seat does next, after thinking. */
  private react(seq: number, view: PlayerView): void {
    if (this.scheduledSeq === seq) return;
    let action: (() => void) | null = null;
    if (view.winningSide !== null) {
      if (this.seat === 0) action = () => this.send({ type: 'new-match' });
    } else if (view.round.result !== null) {
      action = () => this.send({ type: 'next-round', seq });
    } else if (view.turn === this.seat) {
      const moves = legalMoves(view);
      const move = moves[Math.floor(Math.random() * moves.length)];
      if (!move) {
        problem(`no legal move at seq ${seq}`);
        return;
      }
      action = () => this.move(seq, move.type === 'play' ? { type: 'play', tile: move.tile, end: move.end } : { type: move.type });
    }
    if (!action) return;
    this.scheduledSeq = seq;
    const run = action;
    this.timer = setTimeout(() => {
      this.timer = null;
      // Something newer came meanwhile (nothing should): act on that instead.
      if (this.lastSeq === seq && !closing) run();
    }, think());
  }

  private move(seq: number, move: Extract<ClientMessage, { type: 'move' }>['move']): void {
    this.pending = { seq, at: performance.now() };
    if (setup!.reconnect) {
      const round = this.round;
      if (!this.sentAt.has(round)) this.sentAt.set(round, new Set());
      this.sentAt.get(round)!.add(seq);
    }
    this.send({ type: 'move', seq, move });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One room: the host creates it, three others join, the host starts. False when any step failed. */
async function openRoom(s: Setup, index: number): Promise<boolean> {
  try {
    const id = s.roomInUrl ? newRoomId() : null;
    const urlOf = (seat: number) => {
      const url = s.wsUrls[(index + seat) % s.wsUrls.length]!;
      return id ? `${url}?room=${id}` : url;
    };
    const host = await Client.open(urlOf(0), roomAddress(index));
    const created = await host.request({
      type: 'create',
      name: `Host ${index}`,
      settings: { variant: s.variant, players: 4, level: 'easy', tempo: 'instant' },
      ...(id ? { room: id } : {}),
    });
    if (id && created) roomIds.push(host.room);
    if (!created) return false;
    for (let seat = 1; seat < 4; seat++) {
      const guest = await Client.open(urlOf(seat), roomAddress(index));
      if (!(await guest.request({ type: 'join', room: host.room, key: host.invite, name: `Guest ${index}.${seat}` }))) return false;
    }
    host.send({ type: 'start' });
    return true;
  } catch (error) {
    problem(`room ${index}: ${(error as Error).message}`);
    return false;
  }
}

async function start(s: Setup): Promise<void> {
  setup = s;
  const opening: Promise<boolean>[] = [];
  const gap = 1000 / Math.max(0.1, s.roomsPerSecond);
  const began = performance.now();
  for (let i = 0; i < s.rooms; i++) {
    opening.push(openRoom(s, i));
    // Paced from the start, so a slow open does not slow the ramp (nor a fast one hurry it).
    const wait = began + (i + 1) * gap - performance.now();
    if (wait > 0) await sleep(wait);
  }
  const opened = await Promise.all(opening);
  const rooms = opened.filter(Boolean).length;
  send({ type: 'ready', rooms, failed: s.rooms - rooms, examples: [...examples], setupMs: performance.now() - began });
}

process.on('message', (command: Command) => {
  switch (command.cmd) {
    case 'setup':
      void start(command);
      return;
    case 'measure':
      samples = [];
      viewFrames = 0;
      viewBytes = 0;
      cpuAtStart = process.cpuUsage();
      recording = true;
      return;
    case 'stop': {
      recording = false;
      const cpu = process.cpuUsage(cpuAtStart);
      send({ type: 'report', samples, viewFrames, viewBytes, errors, examples: [...examples], cpuMs: (cpu.user + cpu.system) / 1000, unheardJumps, recoveries, lost, twice, roomIds });
      return;
    }
    case 'close': {
      closing = true;
      const closed = clients.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.ws.readyState === WebSocket.CLOSED) return resolve();
            c.ws.once('close', () => resolve());
            c.ws.close(1000, 'bench over');
            setTimeout(() => {
              c.ws.terminate();
              resolve();
            }, 5000).unref();
          }),
      );
      void Promise.all(closed).then(() => {
        send({ type: 'closed' });
        process.disconnect();
      });
      return;
    }
  }
});

// The parent gone (it stopped, or died): nothing left to do here.
process.on('disconnect', () => process.exit(0));
