/** Quick match's clients in the tests: an identified connection, a seat taken from `matched`, a rated room awaited. */
import type { PlayerSummary, RoomInfo } from 'domino-game/protocol';
import { randomBytes } from 'node:crypto';
import { Player, type Of, type ServerProcess } from './harness.js';

export const secretOf = () => randomBytes(32).toString('base64url');

/** A connection holding the anonymous identity of `secret`. */
export async function identified(server: ServerProcess, name: string, secret = secretOf()): Promise<{ player: Player; me: PlayerSummary; secret: string }> {
  const player = await Player.connect(server.wsUrl, name);
  const answer = await player.request({ type: 'identify', secret, name }, 'identity');
  if (answer.type !== 'identity') throw new Error(`${name}: identify refused: ${JSON.stringify(answer)}`);
  return { player, me: answer.player, secret };
}

/** The seat `matched` gave, resumed on the room's own URL (as nginx's hash wants it). */
export async function seatOf(server: ServerProcess, matched: Of<'matched'>, label: string): Promise<Player> {
  const player = await Player.connect(`${server.wsUrl}?room=${matched.room}`, label);
  const answer = await player.request({ type: 'resume', room: matched.room, token: matched.token }, 'welcome');
  if (answer.type !== 'welcome') throw new Error(`${label}: resume refused: ${JSON.stringify(answer)}`);
  player.token = matched.token;
  return player;
}

export const ratedRoom = (player: Player, done: (room: RoomInfo) => boolean) => player.waitFor('room', (m) => done(m.room));

