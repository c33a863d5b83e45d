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

/** Why the hinted tile goes to the place named, when it fits more than one. */
export type PlaceReason =
  /** Every place leaves the same number open: the place does not matter. */
  | { why: 'same' }
  /** It leaves `number` open, which `count` of the person's other tiles match (no other place more). */
  | { why: 'follow'; number: number; count: number }
  /** None of those: the place did best when the computer played the round out many times. */
  | { why: 'best' };

export interface Hint {
  move: LegalMove;
  reason: HintReason;
  /** Why that place: null when the tile fits one place only, or when `reason` is already about the place. */
  place: PlaceReason | null;
}

/** The hard computer's move for the seat of `view` (which must be the seat to act), and why. */
export function hintFor(view: PlayerView, options: Omit<ChooseOptions, 'level'> = {}): Hint {
  const move = chooseMove(view, { ...options, level: 'hard' });
  const reason = reasonFor(view, move);
  return { move, reason, place: placeReasonFor(view, move, reason) };
}

/** Why `move` lays its tile where it does, when the tile fits elsewhere too and `reason` (what it scores, a number an opponent lacks) does not already say. */
export function placeReasonFor(view: PlayerView, move: LegalMove, reason: HintReason): PlaceReason | null {
  if (move.type !== 'play' || reason.why === 'scores' || reason.why === 'lacks') return null;
  const places = legalMoves(view).filter((m): m is Play => m.type === 'play' && sameTile(m.tile, move.tile));
  if (places.length < 2) return null;
  const left = (play: Play) => numbersLeft(play)[0]!;
  if (places.every((p) => left(p) === left(move))) return { why: 'same' };
  const others = view.hand.filter((tile) => !sameTile(tile, move.tile));
  const matching = (play: Play) => others.filter((tile) => tile[0] === left(play) || tile[1] === left(play)).length;
  const count = matching(move);
  return count > 0 && places.every((p) => matching(p) <= count) ? { why: 'follow', number: left(move), count } : { why: 'best' };
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
