/**
 * Who has played, and how well: the player store's contract, the same for memory, SQLite and Redis
 * (memory.ts, sqlite.ts, redis.ts here; server/test/player-store.test.ts runs one suite over the three).
 *
 * Per identity it keeps the profile (id, name, kind, first seen, banned); per rating family the skill
 * (μ, σ, rated matches) and the last HISTORY_KEPT rated matches; whom the identity asked not to be
 * paired with; and per UTC day how many rated matches each pair of identities played (the farming cap).
 * A rated match is recorded in one step, exactly once: keyed by its room and match number, its skills,
 * histories, pair counts and leaderboard places are stored together or not at all, and only over the
 * skills it was computed from (each skill's `matches` is its version), so two matches of one person
 * finishing at once cannot lose one's update.
 *
 * The leaderboard of a family ranks the identities with at least one rated match in it that are not
 * banned: the shown rating descending, then more matches, then the id (as text, ascending).
 */
import type { HistoryEntry, IdentityKind, LeaderboardRow, RatingFamily, TablePerson } from 'domino-game/protocol';

export type { HistoryEntry, LeaderboardRow, TablePerson } from 'domino-game/protocol';
import type { Identity } from '../identity/identity.js';
import { PROVISIONAL_MATCHES, shownRating, type Skill } from '../ratings/rating-core.js';

export interface PlayerProfile {
  id: string;
  name: string;
  kind: IdentityKind;
  /** When the identity was first saved (ms since the epoch). */
  firstSeen: number;
  banned: boolean;
}

/** One person of a rated match: their skill before and after it (rating-core's `rateMatch`), and their place. */
export interface RatedPlayer {
  id: string;
  /** Their name at the table (the histories keep it). */
  name: string;
  /** The seat, or the team in a partnership game: people of one side are partners. */
  side: number;
  place: number;
  before: Skill;
  after: Skill;
}

/** A rated match, as recorded: its key (the room and the room's match number), when, the family and the people. */
export interface MatchRecord {
  room: string;
  match: number;
  at: number;
  family: RatingFamily;
  players: RatedPlayer[];
}

/**
 * What `recordMatch` did: `recorded`; `already-recorded` (that room's match was recorded before: nothing
 * changed); `skills-moved` (a player's stored skill is no longer the `before` given, another match of
 * theirs was recorded meanwhile: nothing changed, rate it again from the fresh skills); `unknown-player`
 * (a player has no profile: nothing changed).
 */
export type RecordOutcome = 'recorded' | 'already-recorded' | 'skills-moved' | 'unknown-player';

/** An identity's place on a leaderboard: its rank, and the rows around it (itself among them). */
export interface Neighbourhood {
  rank: number;
  rows: LeaderboardRow[];
}

/** Both directions of avoiding: whom the identity asked not to be paired with, and who asked so of it. */
export interface Avoids {
  avoiding: string[];
  avoidedBy: string[];
}

export interface PlayerStore {
  /**
   * Creates the identity's profile (first seen `at`, not banned) or renames it; a banned profile is left as
   * it is. Returns the profile as stored.
   */
  saveProfile(identity: Identity, at: number): Promise<PlayerProfile>;
  /** The profile, or null for an identity never saved. */
  profile(id: string): Promise<PlayerProfile | null>;
  /** Bans or unbans (a banned identity leaves the leaderboards; unbanned, it is back). False when the identity is unknown. */
  setBanned(id: string, banned: boolean): Promise<boolean>;
  /** `id` asks not to be paired with `other` (or, `avoid` false, takes it back). */
  setAvoid(id: string, other: string, avoid: boolean): Promise<void>;
  avoids(id: string): Promise<Avoids>;
  /** The skills of `ids` in `family`; an identity that never played in it is not in the map. */
  skills(family: RatingFamily, ids: readonly string[]): Promise<Map<string, Skill>>;
  /** The identity's skill in each family it has played. */
  skillsOf(id: string): Promise<Partial<Record<RatingFamily, Skill>>>;
  /** Records a rated match atomically and exactly once (see RecordOutcome). */
  recordMatch(record: MatchRecord): Promise<RecordOutcome>;
  /** How many rated matches each pair (rating-core's `pairKey`) played on the UTC `day` (`dayOf`); absent: none. */
  pairCounts(day: string, pairs: readonly string[]): Promise<Map<string, number>>;
  /** The leaderboard's first `count` rows. */
  leaderboard(family: RatingFamily, count: number): Promise<LeaderboardRow[]>;
  /** The identity's rank and the `radius` rows each side of it; null when it is not ranked in the family. */
  around(family: RatingFamily, id: string, radius: number): Promise<Neighbourhood | null>;
  /** The identity's last HISTORY_KEPT rated matches, of one family or of all, newest first. */
  history(id: string, family?: RatingFamily): Promise<HistoryEntry[]>;
  close(): Promise<void>;
}

/** Rated matches each identity's history keeps, per family (the card shows as many). */
export const HISTORY_KEPT = 50;
/** How long a rated match's key is kept to refuse recording it again (far longer than any room lives). */
export const RECORDED_KEPT_MS = 30 * 24 * 3_600_000;
/** How long a day's pair counts are kept after its last match (the cap reads today's only). */
export const PAIR_DAYS_KEPT_MS = 2 * 24 * 3_600_000;

/** The key a rated match is recorded once under. */
export const recordKey = (record: Pick<MatchRecord, 'room' | 'match'>): string => `${record.room}/${record.match}`;

/** A leaderboard row from what the board keeps. */
export function leaderboardRow(rank: number, id: string, name: string, rating: number, matches: number): LeaderboardRow {
  return { rank, id, name, rating, matches, provisional: matches < PROVISIONAL_MATCHES };
}

/** The leaderboard's order of two entries (negative: `a` ranks higher). */
export function boardOrder(a: { rating: number; matches: number; id: string }, b: { rating: number; matches: number; id: string }): number {
  return b.rating - a.rating || b.matches - a.matches || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** What `player`'s history keeps of the match `record`. */
export function historyEntryOf(record: MatchRecord, player: RatedPlayer): HistoryEntry {
  const others = record.players.filter((p) => p.id !== player.id);
  const person = (p: RatedPlayer): TablePerson => ({ id: p.id, name: p.name });
  return {
    at: record.at,
    family: record.family,
    opponents: others.filter((p) => p.side !== player.side).map(person),
    partners: others.filter((p) => p.side === player.side).map(person),
    place: player.place,
    places: new Set(record.players.map((p) => p.place)).size,
    before: shownRating(player.before),
    after: shownRating(player.after),
  };
}

/** Histories of several families merged, newest first, the first HISTORY_KEPT. */
export function newestFirst(lists: readonly HistoryEntry[][]): HistoryEntry[] {
  return lists
    .flat()
    .sort((a, b) => b.at - a.at)
    .slice(0, HISTORY_KEPT);
}

/**
 * Throws when a record is not one of a rated match (a bug of the caller's, never a person's input): two
 * people at least, each once, each skill one match on from its `before`.
 */
export function checkRecord(record: MatchRecord): void {
  const ids = record.players.map((p) => p.id);
  if (new Set(ids).size !== ids.length || ids.length < 2) throw new Error(`a rated match needs two people or more, each once: ${ids.join(', ')}`);
  for (const p of record.players) {
    if (p.after.matches !== p.before.matches + 1) throw new Error(`${p.id}'s skill after the match must count one match more than before`);
    if (!(Number.isInteger(p.place) && p.place >= 1)) throw new Error(`${p.id}'s place must be a whole number from 1`);
  }
  if (!Number.isInteger(record.match) || record.match < 1) throw new Error('the match number must be a whole number from 1');
}
