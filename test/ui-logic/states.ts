/** SessionStates for the UI helpers' tests, built from real engine states rather than by hand. */
import { applyMove, legalMoves, playerView, type LegalMove, type MatchState, type Seat } from '../../src/engine/index.js';
import type { Phase, SeatInfo, SessionState } from '../../src/ui/session/session.js';

function phaseOf(game: MatchState): Phase {
  if (game.winningSide !== null) return 'matchOver';
  if (game.round.result !== null) return 'roundOver';
  return 'playing';
}

/** Local seats: the person in `seat`, computers elsewhere (a computer's name is null: the UI numbers it). */
export function localSeating(players: number, seat: Seat): SeatInfo[] {
  return Array.from({ length: players }, (_, s) => ({
    seat: s,
    name: null,
    kind: s === seat ? 'human' : 'computer',
    connected: true,
    away: false,
  }));
}

/** What the person in `seat` is shown of `game`; `changes` overrides any part (phase, seats, rejection…). */
export function stateOf(game: MatchState, seat: Seat, changes: Partial<SessionState> = {}): SessionState {
  return {
    phase: phaseOf(game),
    view: playerView(game, seat),
    seat,
    seats: localSeating(game.config.players, seat),
    legal: game.turn === seat && game.round.result === null ? legalMoves(game) : [],
    rejection: null,
    pending: false,
    ...changes,
  };
}

/** Applies the legal move that `describe` names ("play 6-5@right", "draw", "pass"). */
export function act(game: MatchState, describe: string): MatchState {
  const moves = legalMoves(game);
  const found = moves.find((move) => describeMove(move) === describe);
  if (!found) throw new Error(`"${describe}" is not legal; legal: ${moves.map(describeMove).join(', ')}`);
  return applyMove(game, found);
}

function describeMove(move: LegalMove): string {
  return move.type === 'play' ? `play ${move.tile[0]}-${move.tile[1]}@${move.end}` : move.type;
}
