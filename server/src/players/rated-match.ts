/**
 * A finished rated match, from the table to the store: under the farming cap (rating-core's
 * `withinPairCap`, over the pair counts of the match's UTC day), rated by `rateMatch` from the skills
 * stored now, and recorded once (the store's `recordMatch`); when a player's skill moved meanwhile
 * (another match of theirs was recorded first), rated again from the fresh skills. The next part (quick
 * match) calls it as a rated room's match ends. The cap is read before the match is recorded: two
 * matches of the same two people ending at the same moment could both pass it, which one seat per
 * identity in quick match's pools makes all but impossible, and would cost one match over the cap.
 */
import { dayOf, newSkill, pairsOf, rateMatch, withinPairCap, type RatedMatch, type RatingChange } from '../ratings/rating-core.js';
import type { PlayerStore, RecordOutcome } from './player-store.js';

/** The match as it ended: where (its room and the room's match number), when, how, and the people's names then. */
export interface FinishedMatch {
  room: string;
  match: number;
  at: number;
  rated: RatedMatch;
  names: ReadonlyMap<string, string>;
}

/** What became of it: recorded (now or before), not rated (`over-pair-cap`, `nobody-to-rate`), or refused by the store. */
export type RatedOutcome = Exclude<RecordOutcome, 'skills-moved'> | 'over-pair-cap' | 'nobody-to-rate';

/** How often a match is rated again when its players' skills keep moving under it. */
const MOST_TRIES = 5;

export async function recordRatedMatch(store: PlayerStore, finished: FinishedMatch): Promise<RatedOutcome> {
  return (await recordAndReport(store, finished)).outcome;
}

/** As recordRatedMatch, with the skills' changes when the match was recorded now (empty otherwise). */
export async function recordAndReport(store: PlayerStore, finished: FinishedMatch): Promise<{ outcome: RatedOutcome; changes: RatingChange[] }> {
  const { rated } = finished;
  const ids = [...new Set(rated.seats.map((seat) => seat.id))];
  if (ids.length < 2) return { outcome: 'nobody-to-rate', changes: [] };
  const metToday = await store.pairCounts(dayOf(finished.at), pairsOf(ids));
  if (!withinPairCap(ids, (pair) => metToday.get(pair) ?? 0)) return { outcome: 'over-pair-cap', changes: [] };
  for (let tries = 1; ; tries++) {
    const skills = await store.skills(rated.family, ids);
    const changes = rateMatch(rated, (id) => skills.get(id) ?? newSkill());
    const sideOf = new Map(rated.seats.map((seat) => [seat.id, seat.side]));
    const outcome = await store.recordMatch({
      room: finished.room,
      match: finished.match,
      at: finished.at,
      family: rated.family,
      players: changes.map((change) => ({ ...change, name: finished.names.get(change.id) ?? '', side: sideOf.get(change.id)! })),
    });
    if (outcome !== 'skills-moved') return { outcome, changes: outcome === 'recorded' ? changes : [] };
    if (tries === MOST_TRIES) throw new Error(`the skills of ${finished.room}/${finished.match}'s players kept moving: not recorded after ${MOST_TRIES} tries`);
  }
}
