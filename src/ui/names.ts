/** How seats, sides and ends are called in the interface. */
import type { Translator } from '../i18n/index.js';
import type { Play, ResolvedConfig, Seat } from '../engine/index.js';
import type { SeatInfo } from './session/session.js';

/** Who sits where, as the screen sees it: the person's seat and every seat's occupant (a `SessionState` is one). */
export interface Seating {
  /** The person's seat; a spectator's is WATCHING_SEAT (-1: nobody's, so no seat is "you"; docs/ARCHITECTURE.md, Spectators). */
  seat: Seat;
  seats: readonly SeatInfo[];
}

/** The person is "you"; a person with a name goes by it; a computer by its seat number. */
export function seatName(t: Translator, seat: Seat, seating: Seating): string {
  if (seat === seating.seat) return t.t('you');
  const name = seating.seats.find((s) => s.seat === seat)?.name;
  return name ? name : t.t('computer', { n: seat });
}

/** A seat's mark where a name has no room: an initial, and the number of a "Computer 2" (enough to tell the seats apart). */
export function seatTag(name: string): string {
  return name.charAt(0).toUpperCase() + (/\d+/.exec(name)?.[0] ?? '');
}

/** A seat, or in partnerships a team: the person's team (seats of the same parity) is "your team". */
export function sideName(t: Translator, config: ResolvedConfig, side: number, seating: Seating): string {
  if (!config.teams) return seatName(t, side, seating);
  return side === seating.seat % 2 ? t.t('yourTeam') : t.t('team', { n: side + 1 });
}

/** An end's name: the four arms by direction, Doubles' branches by their place in the list. */
export function endName(t: Translator, id: string, openEndIds: readonly string[]): string {
  switch (id) {
    case 'left':
      return t.t('endLeft');
    case 'right':
      return t.t('endRight');
    case 'up':
      return t.t('endUp');
    case 'down':
      return t.t('endDown');
    case 'lead':
      return t.t('endLead');
    default:
      return t.t('endBranch', { n: Math.max(1, openEndIds.indexOf(id) + 1) });
  }
}

/**
 * What a place shows: in All Fives (where a place may score) its points when it scores and a dot when
 * it does not, since a bare number would read as points; elsewhere the pip the tile meets.
 */
export function placeMark(move: Play, number: (n: number) => string): string {
  if (move.points === undefined) return move.pip === null ? '•' : number(move.pip);
  return move.points > 0 ? `+${number(move.points)}` : '•';
}

/** Each variant's name in the catalogs. */
export const VARIANT_NAMES = {
  draw: 'variantDraw',
  block: 'variantBlock',
  fives: 'variantFives',
  doubles: 'variantDoubles',
} as const;
