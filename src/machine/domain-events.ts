/**
 * The domain events of one applied move, derived from the engine states before and after it. Deriving
 * them from the state (rather than from the intent) keeps them true to what the engine did: the tile as
 * logged, the points as scored, the round and match results as recorded.
 */
import { sideOf, type MatchState } from '../engine/index.js';
import type { MatchEmitted, PublicMove, SeatKind, TurnEmitted } from './types.js';

export function moveEvents(before: MatchState, after: MatchState): MatchEmitted[] {
  const entry = after.log[before.log.length];
  if (!entry) return [];
  const events: MatchEmitted[] = [];
  // A drawn tile is never named: these events are public (the UI re-emits them as DOM events).
  const move: PublicMove = entry.type === 'play' ? { type: 'play', tile: entry.tile, end: entry.end } : { type: entry.type };
  const points = entry.type === 'play' ? entry.points : 0;
  events.push({ type: 'move', seat: entry.seat, move, points });

  if (points > 0) {
    const side = sideOf(after.config, entry.seat);
    // The scores right after the in-play points; a round award of the same move comes with roundEnd.
    const scores = before.scores.slice();
    scores[side]! += points;
    events.push({ type: 'score', seat: entry.seat, side, points, scores });
  }

  const result = after.round.result;
  if (before.round.result === null && result !== null) {
    const { reason, winner, side, points: award } = result;
    events.push({ type: 'roundEnd', round: after.round.number, reason, winner, side, points: award, scores: after.scores.slice() });
  }
  if (before.winningSide === null && after.winningSide !== null) {
    events.push({ type: 'matchEnd', winningSide: after.winningSide, scores: after.scores.slice() });
  }
  return events;
}

export function turnEvent(game: MatchState, seats: readonly SeatKind[]): TurnEmitted | null {
  const seat = game.turn;
  return seat === null ? null : { type: 'turn', seat, yours: seats[seat] === 'human' };
}
