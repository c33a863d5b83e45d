/**
 * Drives the real server process over real WebSockets: `startServerProcess` runs `src/server/main.ts`
 * on a free port and waits for its `listening on` line (noting its `metrics on` line, printed before);
 * `Player` is a raw `ws` client that records every frame it receives; `autoplay` lets raw clients play
 * random legal moves until a match ends.
 *
 * Waiting is always on a message (or a close), never on a fixed sleep: `waitFor` also looks at the
 * messages already received from a given index on, so a message that arrived during another await
 * is not missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { legalMoves } from '../../src/engine/index.js';
import { nextInt, seedRng, type RngState } from '../../src/engine/rng.js';
import type { ClientMessage, RoomKeys, RoomSettings, ServerMessage } from '../../src/net/protocol.js';
import { RAISED_LIMITS } from '../../scripts/raised-limits.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  url: string;
  wsUrl: string;
  /** The metrics listener's `/metrics` (with `--metrics-port`), else null. */
  metricsUrl: string | null;
  child: ChildProcess;
  /** Every line the process printed (JSON logs and the listening line). */
  output: string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Tests create many rooms and connections from one address and play faster than people: the per-address limits raised. */
export const ROOMY = RAISED_LIMITS;

const START_MS = 120_000;

export async function startServerProcess(args: string[] = ['--db', ':memory:'], env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', '--port', '0', '--host', '127.0.0.1', '--static', 'none', '--threads', '1', ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let buffered = '';
  let metricsUrl: string | null = null;
  const url = await new Promise<string>((resolve, reject) => {
    // A ceiling, not a measure: on a busy 2-core machine tsx's first compile of the server takes long.
    // A server that did not start is killed, or the test's process would wait for it forever.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${START_MS / 1000} s:\n${output.join('\n')}`));
    }, START_MS);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        output.push(line);
        // Printed before the listening line.
        metricsUrl ??= /^metrics on (http:\/\/\S+)$/.exec(line)?.[1] ?? null;
        const found = /^listening on (http:\/\/\S+)$/.exec(line);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]!);
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${String(code)}:\n${output.join('\n')}`));
    });
  });
  return {
    url,
    wsUrl: `${url.replace('http', 'ws')}/ws`,
    metricsUrl,
    child,
    output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

/** The server's health answer (throws when it does not answer). */
export async function health(server: ServerProcess): Promise<{ ok: boolean; draining: boolean; rooms: number; connections: number }> {
  const response = await fetch(`${server.url}/healthz`);
  if (!response.ok) throw new Error(`healthz answered ${response.status}`);
  return (await response.json()) as { ok: boolean; draining: boolean; rooms: number; connections: number };
}

/** Any log line the server wrote at error level (50) or above: a bad message must never cause one. */
export function serverErrors(server: ServerProcess): string[] {
  return server.output.filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });
}

/**
 * How long a wait for a message lasts before it fails: generous, since the suite runs several test
 * files at once on two cores; a wait that is met returns at once whatever the ceiling.
 */
export const WAIT_MS = 30_000;

const PACED_RATE = 18;
const PACED_BURST = 36;

export type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;
export type ViewMessage = Of<'view'>;

interface Waiter {
  match: (m: ServerMessage) => boolean;
  resolve: (m: ServerMessage) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** A raw client: it sends what a test says and keeps every frame it gets. */
export class Player {
  readonly frames: string[] = [];
  readonly messages: ServerMessage[] = [];
  private waiters: Waiter[] = [];
  private readonly listeners = new Set<(m: ServerMessage) => void>();
  closed: { code: number; reason: string } | null = null;
  readonly whenClosed: Promise<{ code: number; reason: string }>;
  room: string | null = null;
  seat: number | null = null;
  token: string | null = null;
  /** The room's keys, from the last `welcome` (a seat's only). */
  keys: RoomKeys | null = null;

  private constructor(readonly ws: WebSocket, readonly label: string) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.frames.push(text);
      const message = JSON.parse(text) as ServerMessage;
      this.messages.push(message);
      if (message.type === 'welcome') {
        this.room = message.room;
        this.seat = message.seat;
        if (message.token) this.token = message.token;
        this.keys = message.keys;
      }
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(message)) return true;
        clearTimeout(w.timer);
        w.resolve(message);
        return false;
      });
      for (const listener of this.listeners) listener(message);
    });
    this.whenClosed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closed = { code, reason: reason.toString() };
        // Nothing more will come: whoever waits learns it now rather than at the timeout.
        for (const w of this.waiters.splice(0)) {
          clearTimeout(w.timer);
          w.reject(new Error(`${this.label}: closed (${code} ${reason.toString()}) while waiting; last: ${this.frames.slice(-2).join(' | ')}`));
        }
        resolve(this.closed);
      });
    });
    // A test that expects a failure to connect never sees this one fail; everything else asserts on messages.
    ws.on('error', () => undefined);
  }

  static async connect(url: string, label = 'player', headers: Record<string, string> = {}): Promise<Player> {
    const ws = new WebSocket(url, { headers });
    await once(ws, 'open');
    return new Player(ws, label);
  }

  send(message: ClientMessage | Record<string, unknown>): void {
    this.spend();
    this.ws.send(JSON.stringify(message));
  }

  // The server allows 20 messages a second (a burst of 40) per connection; a client that plays at
  // the speed of computers keeps below that, a little more strictly than the server counts.
  private tokens = PACED_BURST;
  private refilled = Date.now();
  private pacing: Promise<void> = Promise.resolve();

  private spend(): void {
    const now = Date.now();
    this.tokens = Math.min(PACED_BURST, this.tokens + ((now - this.refilled) / 1000) * PACED_RATE) - 1;
    this.refilled = now;
  }

  /** Sends `message` as soon as the server's rate limit allows, keeping the order of paced messages. */
  sendPaced(message: ClientMessage | Record<string, unknown>): void {
    this.pacing = this.pacing.then(async () => {
      await this.slot();
      if (this.ws.readyState === WebSocket.OPEN) this.send(message);
    });
  }

  sendRaw(data: string | Buffer, binary = false): void {
    this.ws.send(data, { binary });
  }

  /** How many messages have arrived: pass it to `waitFor` to wait for one from now on. */
  mark(): number {
    return this.messages.length;
  }

  onMessage(listener: (m: ServerMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The first message from index `from` on (already here or still to come) that fits, within `ms`. */
  waitAny(match: (m: ServerMessage) => boolean, what: string, from = this.messages.length, ms = WAIT_MS): Promise<ServerMessage> {
    for (let i = from; i < this.messages.length; i++) if (match(this.messages[i]!)) return Promise.resolve(this.messages[i]!);
    if (this.closed) return Promise.reject(new Error(`${this.label}: closed (${this.closed.code}) before ${what}`));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(new Error(`${this.label}: no ${what} within ${ms} ms; last: ${this.frames.slice(-3).join(' | ')}`));
        }, ms),
      };
      this.waiters.push(waiter);
    });
  }

  /** The first message of `type` from index `from` on that fits, within `ms`. */
  waitFor<T extends ServerMessage['type']>(type: T, where: (m: Of<T>) => boolean = () => true, from = this.messages.length, ms = WAIT_MS): Promise<Of<T>> {
    return this.waitAny((m) => m.type === type && where(m as Of<T>), type, from, ms) as Promise<Of<T>>;
  }

  /** The next message (from now on) that fits, within `ms`. */
  next<T extends ServerMessage['type']>(type: T, where: (m: Of<T>) => boolean = () => true, ms = WAIT_MS): Promise<Of<T>> {
    return this.waitFor(type, where, this.messages.length, ms);
  }

  /** The latest message of a type received so far. */
  last<T extends ServerMessage['type']>(type: T): Of<T> | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) if (this.messages[i]!.type === type) return this.messages[i] as Of<T>;
    return undefined;
  }

  /** What this seat's invite link carries: the room and its invite key (as `join` and `peek` take them). */
  get invitation(): Invitation {
    if (!this.room || !this.keys?.invite) throw new Error(`${this.label}: no invite to hand out (not welcomed to a room with one)`);
    return { room: this.room, key: this.keys.invite };
  }

  /** What this seat's watch link carries: the room and its watch key (as `watch` takes them). */
  get watchLink(): Invitation {
    if (!this.room || !this.keys?.watch) throw new Error(`${this.label}: no watch key to hand out`);
    return { room: this.room, key: this.keys.watch };
  }

  /** The latest view's seq, or -1. */
  get seq(): number {
    return this.last('view')?.seq ?? -1;
  }

  /** Messages of a type received from index `from` on. */
  since<T extends ServerMessage['type']>(from: number, type: T): Of<T>[] {
    return this.messages.slice(from).filter((m) => m.type === type) as Of<T>[];
  }

  /** Waits until the rate limit allows one more message. */
  async slot(): Promise<void> {
    const tokens = Math.min(PACED_BURST, this.tokens + ((Date.now() - this.refilled) / 1000) * PACED_RATE);
    if (tokens < 1) await new Promise((resolve) => setTimeout(resolve, ((1 - tokens) / PACED_RATE) * 1000));
  }

  /** Sends `message` (within the rate limit) and waits for its answer: the first message of `type`, or the error that refused it. */
  async request<T extends ServerMessage['type']>(message: ClientMessage | Record<string, unknown>, type: T, ms = WAIT_MS): Promise<Of<T> | Of<'error'>> {
    await this.slot();
    const from = this.mark();
    this.send(message);
    return this.waitAny((m) => m.type === type || m.type === 'error', `${type} or error`, from, ms) as Promise<Of<T> | Of<'error'>>;
  }

  /** Sends `message` (within the rate limit) and waits for the error refusing it. */
  async refused(message: ClientMessage | Record<string, unknown>, ms = WAIT_MS): Promise<Of<'error'>> {
    await this.slot();
    const from = this.mark();
    this.send(message);
    return this.waitFor('error', () => true, from, ms);
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close();
    await this.whenClosed;
  }
}

export const INSTANT = { level: 'easy', tempo: 'instant' } as const;

/** A new connection that creates a room (with `settings`) and is welcomed to seat 0. */
export async function createRoom(server: Pick<ServerProcess, 'wsUrl'>, name: string, settings: RoomSettings, label = name): Promise<Player> {
  const player = await Player.connect(server.wsUrl, label);
  const answer = await player.request({ type: 'create', name, settings }, 'welcome');
  if (answer.type !== 'welcome') throw new Error(`${label}: create refused: ${JSON.stringify(answer)}`);
  return player;
}

/** A room and a key for it, as a link carries them. */
export interface Invitation {
  room: string;
  key: string;
}

/** A new connection that joins the room an invitation names and is welcomed to a seat. */
export async function joinRoom(server: Pick<ServerProcess, 'wsUrl'>, { room, key }: Invitation, name: string, label = name): Promise<Player> {
  const player = await Player.connect(server.wsUrl, label);
  const answer = await player.request({ type: 'join', room, key, name }, 'welcome');
  if (answer.type !== 'welcome') throw new Error(`${label}: join refused: ${JSON.stringify(answer)}`);
  return player;
}

/** A new connection that resumes a seat with its token. */
export async function resumeSeat(server: Pick<ServerProcess, 'wsUrl'>, room: string, token: string, label = 'resumed'): Promise<Player> {
  const player = await Player.connect(server.wsUrl, label);
  const answer = await player.request({ type: 'resume', room, token }, 'welcome');
  if (answer.type !== 'welcome') throw new Error(`${label}: resume refused: ${JSON.stringify(answer)}`);
  player.token = token;
  return player;
}

/** A legal move as the wire carries it (no `pip` or `points`). */
export function wireMove(move: ReturnType<typeof legalMoves>[number]): Extract<ClientMessage, { type: 'move' }>['move'] {
  return move.type === 'play' ? { type: 'play', tile: [move.tile[0], move.tile[1]], end: move.end } : { type: move.type };
}

export function randomLegalMove(view: ViewMessage['view'], rng: RngState): Extract<ClientMessage, { type: 'move' }>['move'] {
  const moves = legalMoves(view);
  if (moves.length === 0) throw new Error(`no legal move for seat ${view.seat}`);
  return wireMove(moves[nextInt(rng, moves.length)]!);
}

export interface Autoplay {
  /** Settles once every player still connected has seen the match end (or `until` held for one of them). */
  done: Promise<void>;
  stop(): void;
}

/**
 * Each player answers its own views: a random legal move on its turn, `next-round` after a round
 * (unless `nextRound` is false). Any refusal of such a message fails `done`: an honest client is
 * never refused.
 */
export function autoplay(
  players: Player[],
  options: { seed?: string; nextRound?: boolean; until?: (m: ViewMessage, player: Player) => boolean; dealSeeds?: boolean } = {},
): Autoplay {
  const stops: (() => void)[] = [];
  let stopped = false;
  const done = new Promise<void>((resolve, reject) => {
    const finished = new Set<Player>();
    const check = () => {
      if (players.every((p) => finished.has(p) || p.closed)) {
        stopAll();
        resolve();
      }
    };
    const stopAll = () => {
      stopped = true;
      for (const stop of stops) stop();
    };
    for (const player of players) {
      const rng = seedRng(`${options.seed ?? 'autoplay'}/${player.label}/${player.seat}`);
      const act = (m: ServerMessage) => {
        if (stopped) return;
        // A seed that came after its deal (the room was dealt meanwhile) is late, not wrong: the deal went without it.
        if (m.type === 'error' && m.ref === 'deal-seed' && m.code === 'stale') return;
        if (m.type === 'error') {
          stopAll();
          reject(new Error(`${player.label} (seat ${player.seat}) was refused: ${JSON.stringify(m)}`));
          return;
        }
        if (m.type === 'room' && options.dealSeeds) sendDealSeed(player, m.room.nextDeal.commitment, rng);
        if (m.type !== 'view') return;
        // Only the newest view counts: an older one may already have been answered by a newer one.
        if (player.last('view') !== m) return;
        if (options.until?.(m, player)) {
          stopAll();
          resolve();
          return;
        }
        const { view } = m;
        if (view.winningSide !== null) {
          finished.add(player);
          check();
        } else if (view.round.result !== null) {
          if (options.nextRound !== false) player.sendPaced({ type: 'next-round', seq: m.seq });
        } else if (view.turn === view.seat) {
          player.sendPaced({ type: 'move', seq: m.seq, move: randomLegalMove(view, rng) });
        }
      };
      stops.push(player.onMessage(act));
      void player.whenClosed.then(check);
      const room = player.last('room');
      if (room) act(room);
      const latest = player.last('view');
      if (latest) act(latest);
    }
  });
  return {
    done,
    stop() {
      stopped = true;
      for (const stop of stops) stop();
    },
  };
}

/** The seeds each player sent, by the commitment they answered (what a widget adds to each deal). */
export const sentDealSeeds = new WeakMap<Player, Map<string, string>>();

/** Sends the player's seed for the deal `commitment` names, once per commitment. */
export function sendDealSeed(player: Player, commitment: string, rng: RngState): void {
  let sent = sentDealSeeds.get(player);
  if (!sent) sentDealSeeds.set(player, (sent = new Map()));
  if (sent.has(commitment)) return;
  const seed = Array.from({ length: 8 }, () => nextInt(rng, 2 ** 32).toString(16).padStart(8, '0')).join('');
  sent.set(commitment, seed);
  player.sendPaced({ type: 'deal-seed', commitment, seed });
}

/** Waits until every player holds a view of at least the newest seq any of them holds; returns theirs, newest first player's. */
export async function synced(players: Player[]): Promise<ViewMessage> {
  const seq = Math.max(...players.map((p) => p.seq));
  // The last view each holds, not the first at that seq: a view sent again at its seq (with a fresh turn clock) is newer.
  const views = await Promise.all(players.map(async (p) => (await p.waitFor('view', (m) => m.seq >= seq, 0), p.last('view')!)));
  return views.reduce((a, b) => (b.seq > a.seq ? b : a));
}

/**
 * One change of the match, driven step by step: the person to act (one of `players`) makes a legal
 * move (the first, or a random one with `rng`); a computer's turn is waited for; after a round every
 * player sends `next-round`. Resolves once every player has seen the change.
 */
export async function playOne(players: Player[], rng?: RngState): Promise<ViewMessage> {
  const latest = await synced(players);
  const { view } = latest;
  if (view.winningSide !== null) throw new Error('playOne: the match is over');
  if (view.round.result !== null) {
    for (const p of players) {
      await p.slot();
      p.send({ type: 'next-round', seq: latest.seq });
    }
    const next = await Promise.all(players.map((p) => p.waitFor('view', (m) => m.seq > latest.seq, 0)));
    return next[0]!;
  }
  const mover = players.find((p) => p.seat === view.turn);
  if (mover) {
    const mine = await mover.waitFor('view', (m) => m.seq === latest.seq, 0);
    const moves = legalMoves(mine.view);
    await mover.slot();
    mover.send({ type: 'move', seq: latest.seq, move: wireMove(moves[rng ? nextInt(rng, moves.length) : 0]!) });
  }
  const next = await Promise.all(players.map((p) => p.waitFor('view', (m) => m.seq > latest.seq, 0)));
  return next[0]!;
}

/** Plays (see playOne) until `done` holds for the synced view. */
export async function playUntil(players: Player[], done: (m: ViewMessage) => boolean, rng?: RngState): Promise<ViewMessage> {
  for (let i = 0; i < 5000; i++) {
    const latest = await synced(players);
    if (done(latest)) return latest;
    await playOne(players, rng);
  }
  throw new Error('playUntil: never done');
}
