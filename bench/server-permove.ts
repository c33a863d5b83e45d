/**
 * Where one move's time goes inside the room server, step by step as room-service.ts `change()` does
 * it, in this process (no sockets): parse the frame, load the room (SQLite row + JSON.parse), the move
 * (the match machine restored, stepped, persisted), save (JSON.stringify + the SQLite update), and
 * tell (room info + four views, each JSON.stringify'd). Rooms mid-round of 4-player `variant`, stored
 * in SQLite on a temporary file, moves picked at random until the round ends, over and over.
 *
 *   node --import tsx bench/server-permove.ts [--moves 3000] [--variant fives]
 * (printed by `npm run bench -- server` after its steps.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { legalMoves } from '../src/engine/index.js';
import { parseClientMessage, type RoomSettings } from '../src/net/protocol.js';
import { viewOf } from '../src/server/match-runner.js';
import * as rooms from '../src/server/room.js';
import type { RoomRecord } from '../src/server/room.js';
import { SqliteStore } from '../src/server/storage/sqlite.js';

const STEPS = ['parse', 'load', 'move', 'save', 'tell'] as const;

export async function benchPerMove(
  options: { moves: number; variant: RoomSettings['variant'] },
  print: (line: string) => void = console.log,
): Promise<void> {
  const temp = mkdtempSync(join(tmpdir(), 'domino-bench-permove-'));
  const store = new SqliteStore<RoomRecord>(join(temp, 'rooms.sqlite'));
  const alive = (process: string) => process === 'p';
  const settings: RoomSettings = { variant: options.variant, players: 4, level: 'easy', tempo: 'instant' };
  const spent: Record<(typeof STEPS)[number], number> = { parse: 0, load: 0, move: 0, save: 0, tell: 0 };
  let stateBytes = 0;
  let stringify = 0;
  let parse = 0;
  let viewBytes = 0;
  let done = 0;
  let room = freshRoom();
  await store.save(room.id, room, 0, Date.now() + 3_600_000);
  let version = 1;

  function freshRoom(): RoomRecord {
    let r = rooms.newRoom('Host', settings, Date.now()).room;
    for (let seat = 1; seat < 4; seat++) r = (rooms.join(r, `Guest ${seat}`, Date.now()) as { room: RoomRecord }).room;
    for (let seat = 0; seat < 4; seat++) r = rooms.connect(r, seat, 'p', Date.now());
    const started = rooms.start(r, 0, Date.now());
    if (!started.ok) throw new Error(started.message);
    return started.room;
  }

  // Warm-up first (JIT), then measured.
  for (let pass = 0; pass < 2; pass++) {
    const count = pass === 0 ? Math.min(500, options.moves) : options.moves;
    for (const step of STEPS) spent[step] = 0;
    stateBytes = viewBytes = done = stringify = parse = 0;
    while (done < count) {
      const turn = room.match!.context.game.turn;
      if (room.phase !== 'playing' || turn === null) {
        // The round or match is over: a new room (kept apart from the figures).
        room = freshRoom();
        await store.save(room.id, room, 0, Date.now() + 3_600_000);
        version = 1;
        continue;
      }
      const moves = legalMoves(viewOf(room.match!, turn));
      const move = moves[Math.floor(Math.random() * moves.length)]!;
      const wire = move.type === 'play' ? { type: 'play' as const, tile: move.tile, end: move.end } : { type: move.type };
      const frame = JSON.stringify({ type: 'move', seq: room.seq, move: wire });

      let t = performance.now();
      const parsed = parseClientMessage(frame);
      if (!parsed.ok || parsed.message.type !== 'move') throw new Error('bad frame');
      let u = performance.now();
      spent.parse += u - t;

      t = u;
      const stored = await store.load(room.id);
      u = performance.now();
      spent.load += u - t;

      t = u;
      const outcome = rooms.move(stored!.value, turn, parsed.message.seq, parsed.message.move, Date.now());
      u = performance.now();
      spent.move += u - t;
      if (!outcome.ok) throw new Error(outcome.message);

      t = u;
      const saved = await store.save(room.id, outcome.room, version, rooms.expiresAt(outcome.room, alive, Date.now(), { lobbyMs: 3_600_000, idleMs: 86_400_000 }));
      u = performance.now();
      spent.save += u - t;
      if (saved === null) throw new Error('save lost');
      version = saved;

      t = u;
      // As tell() does: the room info stringified (to compare with the last sent), then each seat's view.
      JSON.stringify(rooms.roomInfo(outcome.room, alive, Date.now(), 60_000));
      let bytes = 0;
      for (let seat = 0; seat < 4; seat++) {
        bytes += JSON.stringify({ type: 'view', seq: outcome.room.seq, view: viewOf(outcome.room.match!, seat), events: outcome.room.events }).length;
      }
      u = performance.now();
      spent.tell += u - t;

      // The JSON halves of load and save, timed again on their own.
      t = performance.now();
      const state = JSON.stringify(outcome.room);
      u = performance.now();
      stringify += u - t;
      JSON.parse(state);
      parse += performance.now() - u;
      stateBytes += state.length;
      viewBytes += bytes / 4;
      room = outcome.room;
      done++;
    }
  }
  await store.close();
  rmSync(temp, { recursive: true, force: true });
  const total = STEPS.reduce((sum, step) => sum + spent[step], 0);
  print(
    `server: one move inside the server, ${done} moves of 4-player ${options.variant} in this process (no sockets): ` +
      `${((total / done) * 1000).toFixed(0)} µs a move = at most ${(1000 / (total / done)).toFixed(0)} moves/s on one core before the sockets; ` +
      `stored room ${(stateBytes / done / 1024).toFixed(1)} KB, view ${(viewBytes / done / 1024).toFixed(1)} KB on average`,
  );
  print(
    `server:   ${STEPS.map((step) => `${step} ${((spent[step] / done) * 1000).toFixed(0)} µs (${((100 * spent[step]) / total).toFixed(0)}%)`).join(', ')}; ` +
      `of load and save, the room's JSON.parse ${((parse / done) * 1000).toFixed(0)} µs and JSON.stringify ${((stringify / done) * 1000).toFixed(0)} µs`,
  );
}

// Run directly: node --import tsx bench/server-permove.ts [--moves N] [--variant V]
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const at = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  await benchPerMove({ moves: Number(at('--moves') ?? 3000), variant: (at('--variant') ?? 'fives') as RoomSettings['variant'] });
}
