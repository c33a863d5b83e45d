/**
 * The DOM events a site listens to. The machine's domain events are re-emitted from the element,
 * bubbling and composed, named `domino-<what>` and typed in GlobalEventHandlersEventMap. Their details
 * are the machine's events (machine/types.ts) without `type`, except where the page sees more or
 * names a field otherwise (said at each).
 */
import type { Seat, Tile } from '../../engine/index.js';
import type { MatchEndEmitted, MoveEmitted, PublicMove, RoundEndEmitted, ScoreEmitted, TurnEmitted } from '../../machine/index.js';
import type { RoomPhase, RoomSeat } from '../../net/protocol.js';
import type { MatchEmitted, SessionState } from '../session/session.js';

export interface DominoMoveDetail extends Omit<MoveEmitted, 'type' | 'move'> {
  /** Another seat's drawn tile is not named; yours is. */
  move: { type: PublicMove['type']; tile?: Tile; end?: string };
}
export type DominoScoreDetail = Omit<ScoreEmitted, 'type'>;
export type DominoRoundEndDetail = Omit<RoundEndEmitted, 'type'>;
export interface DominoMatchEndDetail extends Omit<MatchEndEmitted, 'type' | 'winningSide'> {
  /** The winning seat, or team in partnerships (the machine's `winningSide`). */
  winner: number;
}
export interface DominoTurnDetail extends Omit<TurnEmitted, 'type' | 'yours'> {
  /** Whether it is the player of this page who is to act (the session's seat, not the machine's seat kind). */
  yours: boolean;
}

/** Online play: the room as everyone in it sees it (never a token, never a tile). */
export interface DominoRoomDetail {
  /** The room's id, as the invite link carries it. */
  room: string;
  /** This player's seat; null while they only look at the room before joining. */
  seat: Seat | null;
  phase: RoomPhase;
  /** Every seat: a person (`name`, `connected`, `away`), a computer, or open (before the start). */
  seats: RoomSeat[];
}

export interface DominoEventMap {
  'domino-move': CustomEvent<DominoMoveDetail>;
  'domino-score': CustomEvent<DominoScoreDetail>;
  'domino-round-end': CustomEvent<DominoRoundEndDetail>;
  'domino-match-end': CustomEvent<DominoMatchEndDetail>;
  'domino-turn': CustomEvent<DominoTurnDetail>;
  'domino-room': CustomEvent<DominoRoomDetail>;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends DominoEventMap {}
}

export function emit<K extends keyof DominoEventMap>(target: EventTarget, name: K, detail: DominoEventMap[K]['detail']): void {
  target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

/** Re-emits a domain event of the match from `target`, as the person in `state.seat` sees it. */
export function emitDomEvent(target: EventTarget, event: MatchEmitted, state: SessionState): void {
  const { view, seat: you } = state;
  switch (event.type) {
    case 'move': {
      const move: DominoMoveDetail['move'] = { ...event.move };
      if (event.move.type === 'draw' && event.seat === you) {
        const drawn = [...view.log].reverse().find((e) => e.type === 'draw' && e.seat === you);
        if (drawn?.type === 'draw' && drawn.tile) move.tile = drawn.tile;
      }
      emit(target, 'domino-move', { seat: event.seat, move, points: event.points });
      break;
    }
    case 'score':
      emit(target, 'domino-score', { seat: event.seat, side: event.side, points: event.points, scores: event.scores });
      break;
    case 'roundEnd': {
      const { round, reason, winner, side, points, scores } = event;
      emit(target, 'domino-round-end', { round, reason, winner, side, points, scores });
      break;
    }
    case 'matchEnd':
      emit(target, 'domino-match-end', { winner: event.winningSide, scores: event.scores });
      break;
    case 'turn':
      emit(target, 'domino-turn', { seat: event.seat, yours: event.seat === you });
      break;
  }
}
