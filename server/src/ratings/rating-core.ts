/**
 * Ratings, pure: a person's skill in a family of games (Weng–Lin, through `openskill`: teams and more
 * than two players in one model), what a finished quick-match match does to the skills of those who
 * played it, and the number people see.
 *
 * - One rating per family: two players; three or four each for themself; four in teams.
 * - The number shown is `1000 + 40 · (μ − 3σ)`, rounded: openskill's ordinal (a conservative estimate,
 *   0 for a newcomer) on a familiar scale, so a newcomer shows 1000 and climbs as σ shrinks and μ grows;
 *   it is provisional (shown with "?") until `PROVISIONAL_MATCHES` rated matches.
 * - Who is rated, and how (docs/RULES.md "Rated matches"): the people seated by the quick match, by where
 *   their seat finished; a person who left, was away when the match ended, or whose seat the computer
 *   played more than half of the moves of, finished last (a loss, shared by all such); the computer's
 *   seats are not rated.
 * - Farming is capped: the same two people's rated matches count at most `PAIR_MATCHES_PER_DAY` a UTC day;
 *   a match of people who met that often today already is not rated.
 */
import { ordinal, rate, rating as newRating, type Rating } from 'openskill';
import { RATING_FAMILIES, type RatingFamily } from 'domino-game/protocol';

// The families are named on the wire (ratings, the leaderboard): the protocol holds their list.
export { RATING_FAMILIES, type RatingFamily };

/** The family a table's games rate in. */
export function familyOf(settings: { players: number; teams?: boolean }): RatingFamily {
  if (settings.players === 2) return 'two';
  return settings.teams ? 'teams' : 'each';
}

/** A person's skill in one family, with how many rated matches made it. */
export interface Skill {
  mu: number;
  sigma: number;
  matches: number;
}

export const PROVISIONAL_MATCHES = 10;
export const PAIR_MATCHES_PER_DAY = 3;
const SHOWN_BASE = 1000;
const SHOWN_SCALE = 40;

export function newSkill(): Skill {
  const { mu, sigma } = newRating();
  return { mu, sigma, matches: 0 };
}

/** The number people see (a whole number). */
export const shownRating = (skill: Skill): number => Math.round(SHOWN_BASE + SHOWN_SCALE * ordinal({ mu: skill.mu, sigma: skill.sigma }));
export const isProvisional = (skill: Skill): boolean => skill.matches < PROVISIONAL_MATCHES;

/** One person at a rated table: their seat's side, and whether their result is a forfeit. */
export interface RatedSeat {
  id: string;
  /** The side: the seat, or the team in a partnership game. */
  side: number;
  /** Left, away at the end, or played mostly by the computer: finished last. */
  forfeit: boolean;
}

/** How the sides finished: `placeOf(side)` is 1 for the winner, higher behind (ties share a place). */
export interface RatedMatch {
  family: RatingFamily;
  seats: RatedSeat[];
  /** Each side's final score, by side index. */
  scores: number[];
  /** The side that won the match. */
  winningSide: number;
}

/**
 * The places of the people: the winning side first, then by score; anyone who forfeited below everyone
 * who did not (sharing the last place). Lower is better, as openskill's `rank` reads.
 */
export function placesOf(match: RatedMatch): Map<string, number> {
  const order = (side: number) => (side === match.winningSide ? -Infinity : -(match.scores[side] ?? 0));
  const finishers = match.seats.filter((s) => !s.forfeit);
  const keys = [...new Set(finishers.map((s) => order(s.side)))].sort((a, b) => a - b);
  const places = new Map<string, number>();
  for (const seat of finishers) places.set(seat.id, keys.indexOf(order(seat.side)) + 1);
  for (const seat of match.seats) if (seat.forfeit) places.set(seat.id, keys.length + 1);
  return places;
}

/** A person's change from one rated match. */
export interface RatingChange {
  id: string;
  before: Skill;
  after: Skill;
  place: number;
}

/**
 * The skills after `match`, for every person at it: one openskill update over the teams (a side's
 * people together when they finished together; a forfeiting partner on a team of their own, so that a
 * leaver's loss is theirs alone). A table of one person has nothing to rate: an empty list.
 */
export function rateMatch(match: RatedMatch, skillOf: (id: string) => Skill): RatingChange[] {
  if (new Set(match.seats.map((s) => s.id)).size < 2) return [];
  const places = placesOf(match);
  const teams = new Map<string, RatedSeat[]>();
  for (const seat of match.seats) {
    const key = seat.forfeit ? `forfeit:${seat.id}` : `side:${seat.side}`;
    teams.set(key, [...(teams.get(key) ?? []), seat]);
  }
  const groups = [...teams.values()];
  const ratings: Rating[][] = groups.map((group) => group.map((seat) => ({ mu: skillOf(seat.id).mu, sigma: skillOf(seat.id).sigma })));
  const rank = groups.map((group) => places.get(group[0]!.id)!);
  const updated = rate(ratings, { rank });
  return groups.flatMap((group, g) =>
    group.map((seat, i) => {
      const before = skillOf(seat.id);
      const { mu, sigma } = updated[g]![i]!;
      return { id: seat.id, before, after: { mu, sigma, matches: before.matches + 1 }, place: places.get(seat.id)! };
    }),
  );
}

/** The UTC day of `at` (ms), as the farming cap counts days. */
export const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** The two people of a pair, in one order whoever is named first. */
export const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Every pair of people at a table (the farming cap counts each). */
export function pairsOf(ids: readonly string[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) pairs.push(pairKey(ids[i]!, ids[j]!));
  return pairs;
}

/**
 * Whether a match of these people is rated, given how many rated matches each pair of them played today
 * already (`metToday`): not when any pair reached the cap.
 */
export function withinPairCap(ids: readonly string[], metToday: (pair: string) => number): boolean {
  return pairsOf(ids).every((pair) => metToday(pair) < PAIR_MATCHES_PER_DAY);
}
