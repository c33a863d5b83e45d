/**
 * Where one move's time goes inside the room server, in this process (no sockets): rooms of four
 * clients of a real RoomService over SQLite on a temporary file, mid-round moves of 4-player
 * `variant` picked at random, the round's end and the next deal included.
 *
 * First the whole path as the server runs it (`service.handle` of a parsed move: the entry built and
 * applied by the room core, appended to the log in the tick's group commit, then the four views
 * assembled and handed to the clients), then the same moves step by step: parse the frame (valibot),
 * apply the entry (the core: stepMatch and the engine), encode it, the four view frames (shared part
 * once, each seat's own), and the log's append on its own.
 *
 *   node --import tsx bench/server-permove.ts [--moves 3000] [--variant fives]
 * (printed by `npm run bench -- server` after its steps.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { legalMoves, playerView } from '../src/engine/index.js';
import { parseClientMessage, type RoomSettings, type ServerMessage } from '../src/net/protocol.js';
import { soloCluster } from '../server/src/cluster.js';
import { encodeEntry, type Entry } from '../server/src/core/entries.js';
import { applyEntry, matchPhase, newRoom, sha256Hex, type RoomState } from '../server/src/core/room.js';
import { ViewFrames, wireEvents } from '../server/src/core/views.js';
import { RoomService, type Client } from '../server/src/rooms/room-service.js';
import { SqliteLog } from '../server/src/storage/sqlite.js';

const STEPS = ['parse', 'apply', 'encode', 'views', 'append'] as const;

export class BenchClient implements Client {
  static ids = 0;
  readonly id = ++BenchClient.ids;
  readonly address = 'bench';
  room: string | null = null;
  seat: number | null = null;
  seq = -1;
  /** The last view frame received, parsed only when the bench reads it (a client's parsing is no cost of the server's). */
  private viewText: string | null = null;
  private parsed: Extract<ServerMessage, { type: 'view' }> | null = null;
  get view(): Extract<ServerMessage, { type: 'view' }> | null {
    if (this.viewText !== null) {
      this.parsed = JSON.parse(this.viewText) as Extract<ServerMessage, { type: 'view' }>;
      this.viewText = null;
    }
    return this.parsed;
  }
  welcomeRoom = '';
  invite = '';
  bytes = 0;
  send(message: ServerMessage) {
    if (message.type === 'welcome') {
      this.welcomeRoom = message.room;
      this.invite = message.keys.invite ?? '';
    }
    if (message.type === 'error') throw new Error(`refused: ${message.code} ${message.message}`);
  }
  sendText(text: string) {
    this.bytes += text.length;
    if (text.startsWith('{"type":"view"')) this.viewText = text;
  }
  close() {}
}

/** A real RoomService over SQLite on a temporary file (`temp`), without computers: what the in-process benches drive. */
export function benchService(name: string): { temp: string; store: SqliteLog; service: RoomService } {
  const temp = mkdtempSync(join(tmpdir(), `domino-bench-${name}-`));
  const store = new SqliteLog(join(temp, 'rooms.sqlite'));
  const service = new RoomService({
    store,
    pool: { choose: () => Promise.reject(new Error('no computers here')), close: async () => undefined },
    log: pino({ level: 'silent' }),
    cluster: soloCluster(),
    graceMs: 60_000,
    nextRoundMs: 30_000,
    ttl: { lobbyMs: 3_600_000, idleMs: 86_400_000 },
  });
  return { temp, store, service };
}

/** 4-player `variant` to 100, no computers, no pauses. */
export const benchSettings = (variant: RoomSettings['variant']): RoomSettings => ({ variant, players: 4, level: 'easy', tempo: 'instant', target: 100 });

/** A room of four bench clients (`newClient`'s), started: the host creates it, three join. */
export async function openBenchRoom<C extends Client & { welcomeRoom: string; invite: string }>(service: RoomService, settings: RoomSettings, newClient: () => C): Promise<C[]> {
  const host = newClient();
  await service.handle(host, { type: 'create', name: 'Host', settings });
  const clients = [host];
  for (let seat = 1; seat < 4; seat++) {
    const guest = newClient();
    await service.handle(guest, { type: 'join', room: host.welcomeRoom, key: host.invite, name: `Guest ${seat}` });
    clients.push(guest);
  }
  await service.handle(host, { type: 'start' });
  return clients;
}

export async function benchPerMove(
  options: { moves: number; variant: RoomSettings['variant'] },
  print: (line: string) => void = console.log,
): Promise<void> {
  const { temp, store, service } = benchService('permove');
  const settings = benchSettings(options.variant);
  const freshRoom = () => openBenchRoom(service, settings, () => new BenchClient());

  // 1. The whole path through the service, warmed up first.
  let clients = await freshRoom();
  let wholeMs = 0;
  let whole = 0;
  let frameBytes = 0;
  for (let pass = 0; pass < 2; pass++) {
    const count = pass === 0 ? Math.min(500, options.moves) : options.moves;
    wholeMs = 0;
    whole = 0;
    frameBytes = 0;
    while (whole < count) {
      const { seq, view } = clients[0]!.view!;
      if (view.winningSide !== null) {
        clients = await freshRoom();
        continue;
      }
      if (view.round.result !== null) {
        for (const client of clients) await service.handle(client, { type: 'next-round', seq });
        continue;
      }
      const mover = clients.find((c) => c.seat === view.turn)!;
      const moves = legalMoves(mover.view!.view);
      const move = moves[Math.floor(Math.random() * moves.length)]!;
      const frame = JSON.stringify({ type: 'move', seq, move: move.type === 'play' ? { type: 'play', tile: move.tile, end: move.end } : { type: move.type } });
      const before = clients.reduce((sum, c) => sum + c.bytes, 0);
      const t = performance.now();
      const parsed = parseClientMessage(frame);
      if (!parsed.ok) throw new Error(parsed.message);
      await service.handle(mover, parsed.message);
      wholeMs += performance.now() - t;
      frameBytes += clients.reduce((sum, c) => sum + c.bytes, 0) - before;
      whole++;
    }
  }
  await service.drain();
  service.close();

  // 2. The same work step by step, on rooms of the core alone.
  const spent: Record<(typeof STEPS)[number], number> = { parse: 0, apply: 0, encode: 0, views: 0, append: 0 };
  let entryBytes = 0;
  let done = 0;
  let version = 0;
  let room = coreRoom(settings);
  const id = `bench-${Date.now()}`;
  await store.create(id, JSON.stringify(room), Date.now() + 3_600_000);
  version = 1;
  while (done < options.moves) {
    const match = room.match!;
    if (matchPhase(match) !== 'playing') {
      const next = applyEntry(room, matchPhase(match) === 'roundOver' ? { type: 'deal', at: Date.now(), seq: room.seq } : { type: 'new-match', at: Date.now(), seat: 0 });
      if (!next.ok) throw new Error(next.message);
      room = next.room;
      continue;
    }
    const turn = match.game.turn!;
    const moves = legalMoves(playerView(match.game, turn));
    const move = moves[Math.floor(Math.random() * moves.length)]!;
    const frame = JSON.stringify({ type: 'move', seq: room.seq, move: move.type === 'play' ? { type: 'play', tile: move.tile, end: move.end } : { type: move.type } });

    let t = performance.now();
    const parsed = parseClientMessage(frame);
    if (!parsed.ok || parsed.message.type !== 'move') throw new Error('bad frame');
    let u = performance.now();
    spent.parse += u - t;

    t = u;
    const entry: Entry = { type: 'move', at: Date.now(), seat: turn, seq: parsed.message.seq, by: 'person', move: parsed.message.move };
    const applied = applyEntry(room, entry);
    if (!applied.ok) throw new Error(applied.message);
    u = performance.now();
    spent.apply += u - t;

    t = u;
    const encoded = encodeEntry(entry);
    u = performance.now();
    spent.encode += u - t;
    entryBytes += encoded.length;

    t = u;
    const frames = new ViewFrames(applied.room.match!.game, applied.room.seq);
    const events = JSON.stringify(wireEvents(applied.events));
    for (let seat = 0; seat < 4; seat++) frames.frame(seat, events);
    u = performance.now();
    spent.views += u - t;

    t = u;
    if (!(await store.append(id, version, [encoded], null, Date.now() + 3_600_000))) throw new Error('append lost');
    u = performance.now();
    spent.append += u - t;
    version++;
    room = applied.room;
    done++;
  }
  await store.close();
  rmSync(temp, { recursive: true, force: true });
  const total = STEPS.reduce((sum, step) => sum + spent[step], 0);
  print(
    `server: one move inside the server, ${whole} moves of 4-player ${options.variant} in this process (no sockets): ` +
      `${((wholeMs / whole) * 1000).toFixed(0)} µs a move through RoomService (parse, core, SQLite append committed, four views), ` +
      `${(frameBytes / whole / 4 / 1024).toFixed(1)} KB a view frame on average`,
  );
  print(
    `server:   step by step: ${STEPS.map((step) => `${step} ${((spent[step] / done) * 1000).toFixed(0)} µs (${((100 * spent[step]) / total).toFixed(0)}%)`).join(', ')}; ` +
      `an entry is ${(entryBytes / done).toFixed(0)} bytes (the append alone, its own transaction here, shares one with the turn's others in the server)`,
  );
}

/** A room of four people, started, built by the core alone. */
function coreRoom(settings: RoomSettings): RoomState {
  const at = Date.now();
  let room = newRoom({ id: 'core', serverSeed: sha256Hex('00'), name: 'P0', tokenHash: 'hash-0', settings, secrets: { invite: 'I'.repeat(22), watch: 'W'.repeat(22) }, at });
  for (const entry of [1, 2, 3].map((seat): Entry => ({ type: 'join', at, name: `P${seat}`, tokenHash: `hash-${seat}` })).concat({ type: 'start', at, seat: 0 })) {
    const outcome = applyEntry(room, entry);
    if (!outcome.ok) throw new Error(outcome.message);
    room = outcome.room;
  }
  return room;
}

// Run directly: node --import tsx bench/server-permove.ts [--moves N] [--variant V]
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const at = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  await benchPerMove({ moves: Number(at('--moves') ?? 3000), variant: (at('--variant') ?? 'fives') as RoomSettings['variant'] });
}
