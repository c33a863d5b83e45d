/**
 * The baseline of `npm run bench -- server`: a bare `ws` server speaking just enough of the protocol
 * for the same clients (bench/server-clients.ts, mode `echo`). `create` and `join` are welcomed, four
 * to a room; `start` and each move of the seat whose turn it is send every seat of the room one
 * `view` frame of `--frame-bytes` (about a real view's size), the turn passing round. No rules, no
 * storage: what is left is the sockets, the JSON and the clients, on the same machine.
 *
 *   node --import tsx bench/server-echo.ts --port 0 --host 127.0.0.1 --frame-bytes 3500
 *
 * Prints `listening on http://HOST:PORT` once it accepts connections; SIGTERM stops it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { WebSocketServer, type WebSocket } from 'ws';
import { MAX_MESSAGE_BYTES } from '../src/net/protocol.js';

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' }, 'frame-bytes': { type: 'string' } } });
const frameBytes = Number(values['frame-bytes'] ?? 3500);

interface Room {
  id: string;
  seats: WebSocket[];
  seq: number;
  turn: number;
}

const rooms = new Map<string, Room>();
let nextRoom = 1;
const where = new Map<WebSocket, { room: Room; seat: number }>();

/** The same shape as a real view frame where the clients look (turn, winningSide, round), padded to size. */
function viewFrame(room: Room): string {
  const head = { type: 'view', seq: room.seq, view: { turn: room.turn, winningSide: null, round: { result: null } }, events: [] as unknown[] };
  const bare = JSON.stringify({ ...head, view: { ...head.view, pad: '' } });
  return JSON.stringify({ ...head, view: { ...head.view, pad: 'x'.repeat(Math.max(0, frameBytes - bare.length)) } });
}

function broadcast(room: Room): void {
  const frame = viewFrame(room);
  for (const ws of room.seats) if (ws.readyState === ws.OPEN) ws.send(frame);
}

const http = createServer((_request, response) => response.writeHead(404).end());
const wss = new WebSocketServer({ server: http, path: '/ws', maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false, clientTracking: false });

wss.on('connection', (ws) => {
  const refuse = (code: string, message: string) => ws.send(JSON.stringify({ type: 'error', code, message }));
  ws.on('message', (data: Buffer) => {
    let message: { type?: string; room?: string; seq?: number };
    try {
      message = JSON.parse(data.toString()) as typeof message;
    } catch {
      return refuse('bad-message', 'not JSON');
    }
    const at = where.get(ws);
    switch (message.type) {
      case 'create': {
        const id = String(nextRoom++).padStart(22, '0');
        const room: Room = { id, seats: [ws], seq: 0, turn: 0 };
        rooms.set(id, room);
        where.set(ws, { room, seat: 0 });
        ws.send(JSON.stringify({ type: 'welcome', room: id, seat: 0, token: 'x'.repeat(22) }));
        return;
      }
      case 'join': {
        const room = rooms.get(message.room ?? '');
        if (!room) return refuse('no-such-room', 'there is no such room');
        if (room.seats.length >= 4) return refuse('room-full', 'every seat is taken');
        room.seats.push(ws);
        where.set(ws, { room, seat: room.seats.length - 1 });
        ws.send(JSON.stringify({ type: 'welcome', room: message.room, seat: room.seats.length - 1, token: 'x'.repeat(22) }));
        return;
      }
      case 'start': {
        if (!at) return refuse('not-seated', 'join or resume a room first');
        at.room.seq = 1;
        broadcast(at.room);
        return;
      }
      case 'move': {
        if (!at) return refuse('not-seated', 'join or resume a room first');
        if (message.seq !== at.room.seq) return refuse('stale', `seq ${String(message.seq)} is not the current one`);
        if (at.seat !== at.room.turn) return refuse('not-your-turn', `it is seat ${at.room.turn}'s turn`);
        at.room.seq++;
        at.room.turn = (at.room.turn + 1) % at.room.seats.length;
        broadcast(at.room);
        return;
      }
      default:
        return;
    }
  });
  ws.on('error', () => ws.terminate());
  ws.on('close', () => {
    const seated = where.get(ws);
    where.delete(ws);
    if (!seated) return;
    const index = seated.room.seats.indexOf(ws);
    if (index >= 0) seated.room.seats.splice(index, 1);
    if (seated.room.seats.length === 0) rooms.delete(seated.room.id);
  });
});

http.listen(Number(values.port ?? 0), values.host ?? '127.0.0.1', () => {
  const { port, address } = http.address() as AddressInfo;
  console.log(`listening on http://${address}:${port}`);
});
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
