/**
 * A quick-match table's part of its room: who sits where (identity and rating when the table was
 * formed), whose hands made each seat's moves, and once the match is over, what rating it did. A rated
 * room is made whole by the pool (`newTable`): every seat taken, nobody invited (no invite key, closed to
 * newcomers), the match started. It plays one match: "Play again" is a new seek in the same pool.
 *
 * Who is rated, and how (docs/PROTOCOL.md "Quick match", "Rated matches"): every person seated by the pool;
 * computers filling seats are not rated. A person **forfeits** (placed last, below everyone who
 * finished) when, at the match's end, they had left, were away (gone past the grace period, or their
 * clock ran out twice in a row), or more than half of their seat's moves were made for them (by the
 * computer or the clock): leaving a losing match early never pays, and coming back for the last move
 * does not undo the rest.
 */
import type { Seat } from 'domino-game/engine';
import type { RatedResult, RatingFamily, SeatPlayer } from 'domino-game/protocol';
import type { RatedMatch } from '../ratings/rating-core.js';
import type { MoveBy } from './entries.js';
import { isAway, type Alive } from './presence.js';
import type { RoomState } from './room.js';

/** A person seated by a pool: the identity, its name then, and its rating as shown when the table was formed. */
export interface TablePlayer extends SeatPlayer {
  name: string;
}

export interface RatedTable {
  pool: string;
  family: RatingFamily;
  /** By seat: who the pool seated there, or null for a computer's seat. */
  players: (TablePlayer | null)[];
  /** By seat: the moves its person made (`own`) and those made for them, by the computer or the clock (`forThem`). */
  moves: { own: number; forThem: number }[];
  /** Set once the match is over and rated (the `rated` entry). */
  result: RatedResult | null;
}

export function newRatedTable(pool: string, family: RatingFamily, players: (TablePlayer | null)[]): RatedTable {
  return { pool, family, players, moves: players.map(() => ({ own: 0, forThem: 0 })), result: null };
}

/** The table after a seat's move, counted as its person's own or made for them. */
export function countedMove(table: RatedTable, seat: Seat, by: MoveBy): RatedTable {
  const own = by === 'person';
  return { ...table, moves: table.moves.map((m, i) => (i !== seat ? m : own ? { ...m, own: m.own + 1 } : { ...m, forThem: m.forThem + 1 })) };
}

/** Whether the person at `seat` forfeits the match as it stands: left, away, or mostly played for. */
export function forfeits(room: RoomState, table: RatedTable, seat: Seat, alive: Alive, now: number, graceMs: number): boolean {
  const held = room.seats[seat]!;
  if (held.kind !== 'human') return true;
  if (isAway(room, held, alive, now, graceMs)) return true;
  const { own, forThem } = table.moves[seat]!;
  return forThem > own;
}

/**
 * The match to rate, from a room whose match is over (null when it is not, or nobody is to be rated):
 * each person's side (their seat, or their team), forfeit or not, the final scores and the winning side.
 */
export function ratedMatchOf(room: RoomState, alive: Alive, now: number, graceMs: number): RatedMatch | null {
  const table = room.rated;
  const game = room.match?.game;
  if (!table || !game || room.phase !== 'over' || game.winningSide === null) return null;
  const teams = room.settings.teams === true && room.settings.players === 4;
  const seats = table.players.flatMap((player, seat) =>
    player === null ? [] : [{ id: player.id, side: teams ? seat % 2 : seat, forfeit: forfeits(room, table, seat, alive, now, graceMs) }],
  );
  if (seats.length < 2) return null;
  return { family: table.family, seats, scores: [...game.scores], winningSide: game.winningSide };
}
