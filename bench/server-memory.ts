/**
 * What a hot room holds in the room server's heap, without the garbage collector's headroom (which the
 * RSS figures of `npm run bench -- server` include): rooms of four clients of a real RoomService over
 * SQLite on a temporary file, in this process (no sockets), each playing `moves` moves of 4-player
 * draw; the heap in use after a full collection, a room, after the set-up and after each pass of moves
 * (the same rooms playing on: a figure that grows means something is kept that should not be).
 *
 *   node --import tsx bench/server-memory.ts [--rooms 300] [--moves 120] [--passes 3]
 */
import { rmSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { legalMoves } from '../src/engine/index.js';
import { benchService, benchSettings, openBenchRoom, BenchClient } from './server-permove.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROOMS = flag('rooms', 300);
const MOVES = flag('moves', 120);
const PASSES = flag('passes', 3);

const { temp, store, service } = benchService('memory');
const settings = benchSettings('draw');

/** The heap in use after a full collection, in bytes. */
const heapAfterGc = async () => {
  // A collection in a later turn: what the last one made and let go is no longer held by its frames.
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  return process.memoryUsage().heapUsed;
};
const perRoom = (bytes: number) => `${(bytes / ROOMS / 1000).toFixed(1)} kB a room`;

const baseline = await heapAfterGc();
const rooms: BenchClient[][] = [];
for (let r = 0; r < ROOMS; r++) rooms.push(await openBenchRoom(service, settings, () => new BenchClient()));
console.log(`server memory: ${ROOMS} rooms of four (in process, no sockets, SQLite), heap in use after a full collection`);
console.log(`server memory:   set up: ${perRoom((await heapAfterGc()) - baseline)}`);

for (let pass = 1; pass <= PASSES; pass++) {
  for (const clients of rooms) {
    for (let i = 0; i < MOVES; i++) {
      const { seq, view } = clients[0]!.view!;
      if (view.winningSide !== null) await service.handle(clients[0]!, { type: 'new-match' });
      else if (view.round.result !== null) for (const client of clients) await service.handle(client, { type: 'next-round', seq });
      else {
        const mover = clients.find((c) => c.seat === view.turn)!;
        const moves = legalMoves(mover.view!.view);
        const move = moves[Math.floor(Math.random() * moves.length)]!;
        await service.handle(mover, { type: 'move', seq, move: move.type === 'play' ? { type: 'play', tile: move.tile, end: move.end } : { type: move.type } });
      }
    }
  }
  // The bench's clients hold each seat's last view; what the server holds is the rest.
  console.log(`server memory:   after ${pass * MOVES} changes a room: ${perRoom((await heapAfterGc()) - baseline)} (the clients' last views included)`);
}
await service.drain();
service.close();
await store.close();
rmSync(temp, { recursive: true, force: true });
