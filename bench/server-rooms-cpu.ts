/**
 * The server's own CPU a move, without sockets, in one room and in many rooms at once: a real
 * RoomService over SQLite on a temporary file (bench/server-permove.ts `benchService`), rooms of four
 * clients that keep nothing of what they are sent, moves made round the rooms in turn (one room's
 * move, then the next room's), so that every room's state is live while the others move, as on a
 * server under people. The figure is the process's CPU (user + system of every thread, the garbage
 * collector's included) over the moves, divided by them: what `npm run bench -- server` compares with
 * the echo, less the sockets (and with the clients' own small part: a frame parsed and a move chosen
 * a move, about 10 µs).
 *
 * Where the two figures differ, the difference is what many rooms cost beside one (the rooms' states
 * outliving a scavenge and promoted, caches); the sockets come on top of the many-room figure on a
 * real server (the echo's whole cost is what the same sockets and frames cost).
 *
 *   node --import tsx bench/server-rooms-cpu.ts [--rooms 1,300] [--moves 20000] [--variant draw]
 * (printed by `npm run bench -- server` after its steps.)
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { legalMoves } from '../src/engine/index.js';
import { parseClientMessage, type RoomSettings, type ServerMessage } from '../src/net/protocol.js';
import { BenchClient, benchService, benchSettings, openBenchRoom } from './server-permove.js';

/** Of a room's last view, the one frame a move is chosen from: the mover's (or seat 0's once nobody is to move). */
interface Table {
  frame: string | null;
}

/**
 * A bench client that holds on to nothing but the frame of its own turn: a remote client's memory is
 * no cost of the server's, and here the two share one heap.
 */
class LeanClient extends BenchClient {
  constructor(private readonly table: Table) {
    super();
  }

  override sendText(text: string) {
    if (!text.startsWith('{"type":"view"')) return;
    // A frame that is not the mover's makes the move it leads to refused, and the bench throws.
    const turn = /"turn":(\d|null)/.exec(text)?.[1];
    if (turn === String(this.seat) || (turn === 'null' && this.seat === 0)) this.table.frame = text;
  }
}

interface BenchRoom {
  table: Table;
  clients: LeanClient[];
}

export async function benchRoomsCpu(
  options: { rooms: number[]; moves: number; variant: RoomSettings['variant'] },
  print: (line: string) => void = console.log,
): Promise<void> {
  const figures: string[] = [];
  for (const count of options.rooms) {
    const { service, store, temp } = benchService('rooms-cpu');
    const settings = benchSettings(options.variant);
    const open = async (): Promise<BenchRoom> => {
      const table: Table = { frame: null };
      return { table, clients: await openBenchRoom(service, settings, () => new LeanClient(table)) };
    };
    const rooms: BenchRoom[] = [];
    for (let i = 0; i < count; i++) rooms.push(await open());

    /** The room's next action; true when it was a move (a deal or a new match is not counted). */
    const act = async (index: number): Promise<boolean> => {
      const { table, clients } = rooms[index]!;
      const { seq, view } = JSON.parse(table.frame!) as Extract<ServerMessage, { type: 'view' }>;
      if (view.winningSide !== null) {
        rooms[index] = await open();
        return false;
      }
      if (view.round.result !== null) {
        for (const client of clients) await service.handle(client, { type: 'next-round', seq });
        return false;
      }
      const moves = legalMoves(view);
      const move = moves[Math.floor(Math.random() * moves.length)]!;
      const frame = JSON.stringify({ type: 'move', seq, move: move.type === 'play' ? { type: 'play', tile: move.tile, end: move.end } : { type: move.type } });
      const parsed = parseClientMessage(frame);
      if (!parsed.ok) throw new Error(parsed.message);
      await service.handle(clients[view.seat]!, parsed.message);
      return true;
    };

    // A warm-up pass (the code compiled, every room past its first moves), then the measured one.
    let cpuPerMove = 0;
    for (const wanted of [Math.min(5000, options.moves), options.moves]) {
      let moves = 0;
      let next = 0;
      const before = process.cpuUsage();
      while (moves < wanted) {
        if (await act(next)) moves++;
        next = (next + 1) % count;
      }
      const used = process.cpuUsage(before);
      cpuPerMove = (used.user + used.system) / moves;
    }
    await service.drain();
    service.close();
    await store.close();
    rmSync(temp, { recursive: true, force: true });
    figures.push(`${count} room${count === 1 ? '' : 's'} ${cpuPerMove.toFixed(0)} µs`);
  }
  print(
    `server: the server's CPU a move without sockets (RoomService over SQLite, clients that keep nothing, ${options.moves} moves of 4-player ${options.variant} ` +
      `made round the rooms in turn; every thread of the process): ${figures.join(', ')}`,
  );
}

// Run directly: node --import tsx bench/server-rooms-cpu.ts [--rooms 1,300] [--moves 20000] [--variant draw]
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const at = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const rooms = (at('--rooms') ?? '1,300').split(',').map(Number);
  if (rooms.some((r) => !Number.isInteger(r) || r < 1)) throw new Error(`--rooms takes whole numbers like 1,300, got "${at('--rooms')}"`);
  await benchRoomsCpu({ rooms, moves: Number(at('--moves') ?? 20000), variant: (at('--variant') ?? 'draw') as RoomSettings['variant'] });
}
