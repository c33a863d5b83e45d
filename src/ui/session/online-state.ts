/**
 * What the root renders of a room's match, from what the server last said: the seat's view (or a
 * spectator's, as a view of nobody's seat), the room's seats, and the moves the person may make now.
 */
import { legalMoves, type PlayerView, type Seat, type SpectatorView } from '../../engine/index.js';
import { phaseOfMatch } from '../../machine/light.js';
import type { RoomInfo } from '../../net/protocol.js';
import type { SessionRejection, SessionState } from './session.js';

/**
 * The seat a spectator's state names: nobody's (no seat is "you", no side is "your team"). A spectator's
 * view is the engine's SpectatorView (no hand), given to the root as a view of this seat.
 */
export const WATCHING_SEAT: Seat = -1;

/** A spectator's view as the root renders it: a view of nobody's seat, with no hand. */
export function watchedView(view: SpectatorView): PlayerView {
  return { ...view, seat: WATCHING_SEAT, hand: [] };
}

/** What the online session knows when it works out the state. */
export interface OnlineFacts {
  view: PlayerView | null;
  seat: Seat | null;
  /** The room watched read only, if any. */
  watching: string | null;
  room: RoomInfo | null;
  /** A move sent and not yet answered: no other is offered meanwhile. */
  awaitingMove: boolean;
  rejection: SessionRejection | null;
}

/** The state the root renders; null until there is a view of a seat held or a room watched. */
export function onlineStateOf({ view, seat: held, watching, room, awaitingMove, rejection }: OnlineFacts): SessionState | null {
  if (!view || (held === null && !watching)) return null;
  const seat = held ?? WATCHING_SEAT;
  const phase = phaseOfMatch(view);
  const seats = (room?.seats ?? []).map((s) => ({ seat: s.seat, name: s.name, kind: s.kind, connected: s.connected, away: s.away }));
  return {
    phase,
    view,
    seat,
    seats,
    legal: phase === 'playing' && view.turn === seat && !awaitingMove ? legalMoves(view) : [],
    rejection,
    pending: false,
  };
}
