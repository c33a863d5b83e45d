/**
 * Players in the rooms' SQLite file, on the room log's own connection (SqliteLog's `database`: one
 * writer per file; `ban` from the command line opens a second one for a moment). Nothing is kept in
 * memory: every answer is read from the file, so a ban made by another connection counts at once.
 *
 * The tables: `players` (the profiles), `player_skills` (μ, σ, matches and the shown rating, by identity
 * and family), `player_board` (the leaderboards: a row per ranked identity and family, keyed by the
 * family then the rank's order, so the top N is the first N rows of the key), `player_board_counts` (how
 * many ranked identities have each rating: a rank is the sum of the counts of the better ratings, a
 * few thousand rows at most, and a count of the keys before it among its own rating's; counting the keys
 * before it in the whole board took milliseconds at 100,000), `player_history` (each identity's last HISTORY_KEPT rated matches per family),
 * `player_avoids`, `player_pairs` (by UTC day) and `rated_matches` (the keys of the matches recorded, for
 * exactly once). A match is recorded in one transaction.
 */
import type Database from 'better-sqlite3';
import type { RatingFamily } from 'domino-game/protocol';
import type { Identity } from '../identity/identity.js';
import { dayOf, pairsOf, shownRating, type Skill } from '../ratings/rating-core.js';
import {
  checkRecord,
  HISTORY_KEPT,
  historyEntryOf,
  leaderboardRow,
  PAIR_DAYS_KEPT_MS,
  RECORDED_KEPT_MS,
  type Avoids,
  type HistoryEntry,
  type LeaderboardRow,
  type MatchRecord,
  type Neighbourhood,
  type PlayerProfile,
  type PlayerStore,
  type RecordOutcome,
} from './player-store.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, first_seen INTEGER NOT NULL, banned INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS player_skills (id TEXT NOT NULL, family TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, matches INTEGER NOT NULL, rating INTEGER NOT NULL, PRIMARY KEY (id, family)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS player_board (family TEXT NOT NULL, neg_rating INTEGER NOT NULL, neg_matches INTEGER NOT NULL, id TEXT NOT NULL, PRIMARY KEY (family, neg_rating, neg_matches, id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS player_board_counts (family TEXT NOT NULL, neg_rating INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (family, neg_rating)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS player_history (id TEXT NOT NULL, family TEXT NOT NULL, number INTEGER NOT NULL, at INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (id, family, number)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS player_history_by_time ON player_history (id, at);
CREATE TABLE IF NOT EXISTS player_avoids (id TEXT NOT NULL, other TEXT NOT NULL, PRIMARY KEY (id, other)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS player_avoided_by ON player_avoids (other, id);
CREATE TABLE IF NOT EXISTS player_pairs (day TEXT NOT NULL, pair TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (day, pair)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rated_matches (room TEXT NOT NULL, match INTEGER NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (room, match)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rated_matches_by_time ON rated_matches (at);
`;

interface ProfileRow {
  id: string;
  name: string;
  kind: PlayerProfile['kind'];
  first_seen: number;
  banned: number;
}
interface SkillRow {
  family: RatingFamily;
  mu: number;
  sigma: number;
  matches: number;
  rating: number;
}
interface BoardRow {
  id: string;
  name: string;
  neg_rating: number;
  neg_matches: number;
}

const profileOf = (row: ProfileRow): PlayerProfile => ({ id: row.id, name: row.name, kind: row.kind, firstSeen: row.first_seen, banned: row.banned === 1 });
const skillOf = (row: { mu: number; sigma: number; matches: number }): Skill => ({ mu: row.mu, sigma: row.sigma, matches: row.matches });

export class SqlitePlayerStore implements PlayerStore {
  private readonly statements;
  private readonly record: (record: MatchRecord) => RecordOutcome;
  private readonly ban: (id: string, banned: boolean) => boolean;

  /** `db`: the rooms' connection (SqliteLog's `database`), or one of its own for the command line. */
  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.statements = {
      profile: db.prepare<[string], ProfileRow>('SELECT id, name, kind, first_seen, banned FROM players WHERE id = ?'),
      insertProfile: db.prepare<[string, string, string, number]>('INSERT INTO players (id, name, kind, first_seen, banned) VALUES (?, ?, ?, ?, 0)'),
      rename: db.prepare<[string, string]>('UPDATE players SET name = ? WHERE id = ?'),
      setBanned: db.prepare<[number, string]>('UPDATE players SET banned = ? WHERE id = ?'),
      skill: db.prepare<[string, string], SkillRow>('SELECT family, mu, sigma, matches, rating FROM player_skills WHERE id = ? AND family = ?'),
      skillsOf: db.prepare<[string], SkillRow>('SELECT family, mu, sigma, matches, rating FROM player_skills WHERE id = ?'),
      putSkill: db.prepare<[string, string, number, number, number, number]>('INSERT OR REPLACE INTO player_skills (id, family, mu, sigma, matches, rating) VALUES (?, ?, ?, ?, ?, ?)'),
      boardPut: db.prepare<[string, number, number, string]>('INSERT OR IGNORE INTO player_board (family, neg_rating, neg_matches, id) VALUES (?, ?, ?, ?)'),
      boardRemove: db.prepare<[string, number, number, string]>('DELETE FROM player_board WHERE family = ? AND neg_rating = ? AND neg_matches = ? AND id = ?'),
      countRating: db.prepare<[string, number, number]>(
        'INSERT INTO player_board_counts (family, neg_rating, count) VALUES (?, ?, ?) ON CONFLICT (family, neg_rating) DO UPDATE SET count = count + excluded.count',
      ),
      forgetRating: db.prepare<[string, number]>('DELETE FROM player_board_counts WHERE family = ? AND neg_rating = ? AND count = 0'),
      top: db.prepare<[string, number], BoardRow>(
        'SELECT b.id, p.name, b.neg_rating, b.neg_matches FROM player_board b JOIN players p ON p.id = b.id WHERE b.family = ? ORDER BY b.neg_rating, b.neg_matches, b.id LIMIT ?',
      ),
      // How many rank before a key: those of better ratings (their counts), then those of its own rating before it.
      ahead: db.prepare<[string, number, string, number, number, string], { ahead: number }>(
        `SELECT (SELECT COALESCE(SUM(count), 0) FROM player_board_counts WHERE family = ? AND neg_rating < ?)
          + (SELECT COUNT(*) FROM player_board WHERE family = ? AND neg_rating = ? AND (neg_matches, id) < (?, ?)) AS ahead`,
      ),
      before: db.prepare<[string, number, number, string, number], BoardRow>(
        'SELECT b.id, p.name, b.neg_rating, b.neg_matches FROM player_board b JOIN players p ON p.id = b.id WHERE b.family = ? AND (b.neg_rating, b.neg_matches, b.id) < (?, ?, ?) ORDER BY b.neg_rating DESC, b.neg_matches DESC, b.id DESC LIMIT ?',
      ),
      from: db.prepare<[string, number, number, string, number], BoardRow>(
        'SELECT b.id, p.name, b.neg_rating, b.neg_matches FROM player_board b JOIN players p ON p.id = b.id WHERE b.family = ? AND (b.neg_rating, b.neg_matches, b.id) >= (?, ?, ?) ORDER BY b.neg_rating, b.neg_matches, b.id LIMIT ?',
      ),
      onBoard: db.prepare<[string, number, number, string], { found: number }>('SELECT 1 AS found FROM player_board WHERE family = ? AND neg_rating = ? AND neg_matches = ? AND id = ?'),
      historyOfFamily: db.prepare<[string, string, number], { entry: string }>('SELECT entry FROM player_history WHERE id = ? AND family = ? ORDER BY number DESC LIMIT ?'),
      historyOfAll: db.prepare<[string, number], { entry: string }>('SELECT entry FROM player_history WHERE id = ? ORDER BY at DESC, family, number DESC LIMIT ?'),
      putHistory: db.prepare<[string, string, number, number, string]>('INSERT OR REPLACE INTO player_history (id, family, number, at, entry) VALUES (?, ?, ?, ?, ?)'),
      trimHistory: db.prepare<[string, string, number]>('DELETE FROM player_history WHERE id = ? AND family = ? AND number <= ?'),
      avoid: db.prepare<[string, string]>('INSERT OR IGNORE INTO player_avoids (id, other) VALUES (?, ?)'),
      unavoid: db.prepare<[string, string]>('DELETE FROM player_avoids WHERE id = ? AND other = ?'),
      avoiding: db.prepare<[string], { other: string }>('SELECT other FROM player_avoids WHERE id = ? ORDER BY other'),
      avoidedBy: db.prepare<[string], { id: string }>('SELECT id FROM player_avoids WHERE other = ? ORDER BY id'),
      pairCount: db.prepare<[string, string], { count: number }>('SELECT count FROM player_pairs WHERE day = ? AND pair = ?'),
      countPair: db.prepare<[string, string]>('INSERT INTO player_pairs (day, pair, count) VALUES (?, ?, 1) ON CONFLICT (day, pair) DO UPDATE SET count = count + 1'),
      forgetDays: db.prepare<[string]>('DELETE FROM player_pairs WHERE day < ?'),
      recorded: db.prepare<[string, number], { found: number }>('SELECT 1 AS found FROM rated_matches WHERE room = ? AND match = ?'),
      putRecorded: db.prepare<[string, number, number]>('INSERT INTO rated_matches (room, match, at) VALUES (?, ?, ?)'),
      forgetRecorded: db.prepare<[number]>('DELETE FROM rated_matches WHERE at < ?'),
    };
    this.record = db.transaction((record: MatchRecord) => this.recordNow(record));
    this.ban = db.transaction((id: string, banned: boolean) => this.banNow(id, banned));
  }

  async saveProfile(identity: Identity, at: number): Promise<PlayerProfile> {
    const { profile, insertProfile, rename } = this.statements;
    const stored = profile.get(identity.id);
    if (!stored) insertProfile.run(identity.id, identity.name, identity.kind, at);
    else if (stored.banned === 0 && stored.name !== identity.name) rename.run(identity.name, identity.id);
    return profileOf(profile.get(identity.id)!);
  }

  async profile(id: string): Promise<PlayerProfile | null> {
    const row = this.statements.profile.get(id);
    return row ? profileOf(row) : null;
  }

  async setBanned(id: string, banned: boolean): Promise<boolean> {
    return this.ban(id, banned);
  }

  private banNow(id: string, banned: boolean): boolean {
    const { setBanned, skillsOf } = this.statements;
    if (setBanned.run(banned ? 1 : 0, id).changes === 0) return false;
    for (const skill of skillsOf.all(id)) {
      if (banned) this.unrank(skill.family, skill.rating, skill.matches, id);
      else this.rank(skill.family, skill.rating, skill.matches, id);
    }
    return true;
  }

  /** Puts an identity on a family's board (once), counting its rating. */
  private rank(family: RatingFamily, rating: number, matches: number, id: string): void {
    if (this.statements.boardPut.run(family, -rating, -matches, id).changes === 1) this.statements.countRating.run(family, -rating, 1);
  }

  /** Takes an identity off a family's board, if it was on it, uncounting its rating. */
  private unrank(family: RatingFamily, rating: number, matches: number, id: string): void {
    if (this.statements.boardRemove.run(family, -rating, -matches, id).changes === 0) return;
    this.statements.countRating.run(family, -rating, -1);
    this.statements.forgetRating.run(family, -rating);
  }

  async setAvoid(id: string, other: string, avoid: boolean): Promise<void> {
    (avoid ? this.statements.avoid : this.statements.unavoid).run(id, other);
  }

  async avoids(id: string): Promise<Avoids> {
    return { avoiding: this.statements.avoiding.all(id).map((r) => r.other), avoidedBy: this.statements.avoidedBy.all(id).map((r) => r.id) };
  }

  async skills(family: RatingFamily, ids: readonly string[]): Promise<Map<string, Skill>> {
    const found = new Map<string, Skill>();
    for (const id of ids) {
      const row = this.statements.skill.get(id, family);
      if (row) found.set(id, skillOf(row));
    }
    return found;
  }

  async skillsOf(id: string): Promise<Partial<Record<RatingFamily, Skill>>> {
    const found: Partial<Record<RatingFamily, Skill>> = {};
    for (const row of this.statements.skillsOf.all(id)) found[row.family] = skillOf(row);
    return found;
  }

  async recordMatch(record: MatchRecord): Promise<RecordOutcome> {
    checkRecord(record);
    return this.record(record);
  }

  private recordNow(record: MatchRecord): RecordOutcome {
    const s = this.statements;
    if (s.recorded.get(record.room, record.match)) return 'already-recorded';
    const profiles = new Map<string, ProfileRow>();
    const olds = new Map<string, SkillRow | undefined>();
    for (const player of record.players) {
      const profile = s.profile.get(player.id);
      if (!profile) return 'unknown-player';
      const old = s.skill.get(player.id, record.family);
      if ((old?.matches ?? 0) !== player.before.matches) return 'skills-moved';
      profiles.set(player.id, profile);
      olds.set(player.id, old);
    }
    for (const player of record.players) {
      const old = olds.get(player.id);
      const { mu, sigma, matches } = player.after;
      const rating = shownRating(player.after);
      if (old) this.unrank(record.family, old.rating, old.matches, player.id);
      s.putSkill.run(player.id, record.family, mu, sigma, matches, rating);
      if (profiles.get(player.id)!.banned === 0) this.rank(record.family, rating, matches, player.id);
      s.putHistory.run(player.id, record.family, matches, record.at, JSON.stringify(historyEntryOf(record, player)));
      s.trimHistory.run(player.id, record.family, matches - HISTORY_KEPT);
    }
    for (const pair of pairsOf(record.players.map((p) => p.id))) s.countPair.run(dayOf(record.at), pair);
    s.putRecorded.run(record.room, record.match, record.at);
    s.forgetDays.run(dayOf(record.at - PAIR_DAYS_KEPT_MS));
    s.forgetRecorded.run(record.at - RECORDED_KEPT_MS);
    return 'recorded';
  }

  async pairCounts(day: string, pairs: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (const pair of pairs) {
      const row = this.statements.pairCount.get(day, pair);
      if (row) found.set(pair, row.count);
    }
    return found;
  }

  async leaderboard(family: RatingFamily, count: number): Promise<LeaderboardRow[]> {
    return this.statements.top.all(family, count).map((row, i) => rowOf(row, i + 1));
  }

  async around(family: RatingFamily, id: string, radius: number): Promise<Neighbourhood | null> {
    const s = this.statements;
    const skill = s.skill.get(id, family);
    if (!skill) return null;
    const key = [family, -skill.rating, -skill.matches, id] as const;
    if (!s.onBoard.get(...key)) return null;
    const ahead = s.ahead.get(family, -skill.rating, family, -skill.rating, -skill.matches, id)!.ahead;
    const before = s.before.all(...key, radius).reverse();
    const from = s.from.all(...key, radius + 1);
    const first = ahead + 1 - before.length;
    return { rank: ahead + 1, rows: [...before, ...from].map((row, i) => rowOf(row, first + i)) };
  }

  async history(id: string, family?: RatingFamily): Promise<HistoryEntry[]> {
    const rows = family ? this.statements.historyOfFamily.all(id, family, HISTORY_KEPT) : this.statements.historyOfAll.all(id, HISTORY_KEPT);
    return rows.map((row) => JSON.parse(row.entry) as HistoryEntry);
  }

  /** The connection is the room log's: it closes it. */
  async close(): Promise<void> {}
}

const rowOf = (row: BoardRow, rank: number): LeaderboardRow => leaderboardRow(rank, row.id, row.name, -row.neg_rating, -row.neg_matches);
