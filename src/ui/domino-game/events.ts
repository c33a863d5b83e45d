/**
 * The DOM events a site listens to. The machine's domain events are re-emitted from the element,
 * bubbling and composed, named `domino-<what>` and typed in GlobalEventHandlersEventMap.
 */
import type { RoundResult, Seat, Tile } from '../../engine/index.js';
import type { RoomPhase, RoomSeat } from '../../net/protocol.js';
import type { MatchEmitted, SessionState } from '../session/session.js';

export interface DominoMoveDetail {
  seat: Seat;
  /** Another seat's drawn tile is not named; yours is. */
  move: { type: 'play' | 'draw' | 'pass'; tile?: Tile; end?: string };
  /** Points the move scored at once (All Fives); 0 otherwise. */
  points: number;
}
export interface DominoScoreDetail {
  seat: Seat;
  /** Index into `scores`: the seat, or its team in partnerships. */
  side: number;
  points: number;
  scores: number[];
}
export interface DominoRoundEndDetail {
  round: number;
  reason: RoundResult['reason'];
  winner: Seat | null;
  side: number | null;
  points: number;
  scores: number[];
}
export interface DominoMatchEndDetail {
  /** The winning seat, or team in partnerships. */
  winner: number;
  scores: number[];
}
export interface DominoTurnDetail {
  seat: Seat;
  /** Whether it is the player of this page who is to act. */
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
