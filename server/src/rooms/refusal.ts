/** A message refused: its code and words go back to the client, and nothing changed. */
import type { ErrorCode } from 'domino-game/protocol';
import type { Refused } from '../core/room.js';

export class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The core's refusal as one the service throws to the client. */
export const refusal = (refused: Refused): Refusal => new Refusal(refused.code, refused.message);
export const noSuchRoom = (): Refusal => new Refusal('no-such-room', 'there is no such room (it may have expired)');
