/**
 * A hint for the person: the move the hard computer would make in their seat, and one reason for it
 * read from the position (what the move scores, a number an opponent is known to lack, the heaviest
 * tile, a double…). The reason is a code and its numbers; the widget words it in the person's language.
 */
import { ALL_TILES, isDouble, legalMoves, pipValue, sameTile, sideOf, type LegalMove, type Play, type PlayerView, type Seat } from '../engine/index.js';
import { tileIndex } from '../engine/internal.js';
import { chooseMove } from './choose.js';
import { impossibleTiles, unseenMask } from './knowledge.js';
import type { ChooseOptions } from './levels.js';

/** Why the hinted move, most telling first. */
export type HintReason =
  /** Nothing fits: draw from the boneyard. */
  | { why: 'draw' }
  /** Nothing fits and nothing is left to draw. */
  | { why: 'pass' }
  /** Only one tile fits. */
  | { why: 'only' }
  /** Your last tile: you go out. */
  | { why: 'domino' }
  /** All Fives: the move scores `points`. */
  | { why: 'scores'; points: number }
  /** It leaves a `number` open that `seat`, an opponent, is known to hold none of. */
  | { why: 'lacks'; number: number; seat: Seat }
  /** The heaviest tile that fits: fewer points are left in your hand. */
  | { why: 'heaviest' }
  /** A double, laid while it still can be. */
  | { why: 'double' }
  /** None of those: the move did best when the computer played the round out many times. */
  | { why: 'best' };

export interface Hint {
  move: LegalMove;
  reason: HintReason;
}

/** The hard computer's move for the seat of `view` (which must be the seat to act), and why. */
export function hintFor(view: PlayerView, options: Omit<ChooseOptions, 'level'> = {}): Hint {
  const move = chooseMove(view, { ...options, level: 'hard' });
  return { move, reason: reasonFor(view, move) };
}

/** One reason for `move` in `view`, from the position alone. */
export function reasonFor(view: PlayerView, move: LegalMove): HintReason {
  if (move.type !== 'play') return { why: move.type };
  const plays = legalMoves(view).filter((m): m is Play => m.type === 'play');
  if (plays.every((p) => sameTile(p.tile, move.tile))) return { why: 'only' };
  if (view.hand.length === 1) return { why: 'domino' };
  if ((move.points ?? 0) > 0) return { why: 'scores', points: move.points! };
  const lacking = opponentLacking(view, move);
  if (lacking) return lacking;
  if (plays.every((p) => pipValue(p.tile) <= pipValue(move.tile))) return { why: 'heaviest' };
  if (isDouble(move.tile)) return { why: 'double' };
  return { why: 'best' };
}

/** The numbers `move` leaves open: the tile's other half (both halves of a lead). */
function numbersLeft(move: Play): number[] {
  const [a, b] = move.tile;
  if (move.pip === null) return a === b ? [a] : [a, b];
  return [a === move.pip ? b : a];
}

/** An opponent (the soonest to act) known to hold none of a number `move` leaves open. */
function opponentLacking(view: PlayerView, move: Play): HintReason | null {
  const impossible = impossibleTiles(view);
  const unseen = unseenMask(view);
  const mySide = sideOf(view.config, view.seat);
  const players = view.config.players;
  for (let step = 1; step < players; step++) {
    const seat = (view.seat + step) % players;
    if (sideOf(view.config, seat) === mySide) continue;
    for (const number of numbersLeft(move)) {
      let unseenWithNumber = 0;
      for (const tile of ALL_TILES) if (tile[0] === number || tile[1] === number) unseenWithNumber |= (1 << tileIndex(tile)) & unseen;
      // None of that number is unseen: nobody holds one, which says nothing about this opponent.
      if (unseenWithNumber !== 0 && (unseenWithNumber & ~impossible[seat]!) === 0) return { why: 'lacks', number, seat };
    }
  }
  return null;
}
