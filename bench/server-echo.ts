/**
 * The baseline of `npm run bench -- server`: a bare `ws` server speaking just enough of the protocol
 * for the same clients (bench/server-clients.ts, mode `echo`). `create` and `join` are welcomed, four
 * to a room; `start` and each move of the seat whose turn it is send every seat of the room one
 * `view` frame, the turn passing round. The frame is a real one (a mid-round view of 4-player draw made
 * by the engine, with the events of a move), its `seq` and `turn` the room's, padded to `--frame-bytes`
 * (the server's average view): the clients parse the same JSON and choose a move in it as they do
 * under the server. No rules, no storage: what is left is the sockets, the JSON and the clients, on
 * the same machine.
 *
 *   node --import tsx bench/server-echo.ts --port 0 --host 127.0.0.1 --frame-bytes 3500
 *
 * Prints `listening on http://HOST:PORT` once it accepts connections; SIGTERM stops it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { WebSocketServer, type WebSocket } from 'ws';
import { applyMove, createMatch, legalMoves, playerView, type MatchState } from '../src/engine/index.js';
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

/** A 4-player draw round, 12 random moves in: what a view is like mid-round. */
function midRound(): MatchState {
  let game = createMatch({ variant: 'draw', players: 4, seed: 'bench-echo' });
  for (let i = 0; i < 12; i++) {
    const moves = legalMoves(game);
    game = applyMove(game, moves[i % moves.length]);
  }
  return game;
}

/**
 * The view frame for `seat` of a room at `seq` with `turn` to move: a real view's JSON (seat 0's hand,
 * the `seat`, `seq` and `turn` put in, padded to `frameBytes`), with the events a move's view carries.
 */
const viewFrame: (seat: number, seq: number, turn: number) => string = (() => {
  const game = midRound();
  const last = game.log[game.log.length - 1];
  const events = [{ type: 'move', seat: 0, move: last }, { type: 'turn', seat: 1 }];
  const template = (pad: string) => JSON.stringify({ type: 'view', seq: -1, view: { ...playerView(game, 0), seat: -3, turn: -2, pad }, events });
  const bare = template('');
  const [head, afterSeq] = template('x'.repeat(Math.max(0, frameBytes - bare.length))).split('"seq":-1');
  const [beforeSeat, afterSeat] = afterSeq!.split('"seat":-3');
  const [beforeTurn, tail] = afterSeat!.split('"turn":-2');
  return (seat, seq, turn) => `${head}"seq":${seq}${beforeSeat}"seat":${seat}${beforeTurn}"turn":${turn}${tail}`;
})();

function broadcast(room: Room): void {
  room.seats.forEach((ws, seat) => {
    if (ws.readyState === ws.OPEN) ws.send(viewFrame(seat, room.seq, room.turn));
  });
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
        ws.send(JSON.stringify({ type: 'welcome', room: id, seat: 0, token: 'x'.repeat(22), keys: { invite: id, watch: null } }));
        return;
      }
      case 'join': {
        const room = rooms.get(message.room ?? '');
        if (!room) return refuse('no-such-room', 'there is no such room');
        if (room.seats.length >= 4) return refuse('room-full', 'every seat is taken');
        room.seats.push(ws);
        where.set(ws, { room, seat: room.seats.length - 1 });
        ws.send(JSON.stringify({ type: 'welcome', room: message.room, seat: room.seats.length - 1, token: 'x'.repeat(22), keys: { invite: message.room, watch: null } }));
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
