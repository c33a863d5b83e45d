/** Players in this process's memory: for tests and `--db :memory:`; gone when the process ends. */
import { RATING_FAMILIES, type RatingFamily } from 'domino-game/protocol';
import type { Identity } from '../identity/identity.js';
import { dayOf, pairsOf, shownRating, type Skill } from '../ratings/rating-core.js';
import {
  boardOrder,
  checkRecord,
  HISTORY_KEPT,
  historyEntryOf,
  leaderboardRow,
  newestFirst,
  PAIR_DAYS_KEPT_MS,
  RECORDED_KEPT_MS,
  recordKey,
  type Avoids,
  type HistoryEntry,
  type LeaderboardRow,
  type MatchRecord,
  type Neighbourhood,
  type PlayerProfile,
  type PlayerStore,
  type RecordOutcome,
} from './player-store.js';

interface Ranked {
  id: string;
  rating: number;
  matches: number;
}

/** A family's leaderboard: its ranked identities in order (binary search to place one). */
class Board {
  private readonly rows: Ranked[] = [];

  private indexOf(entry: Ranked): number {
    let low = 0;
    let high = this.rows.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (boardOrder(this.rows[middle]!, entry) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  put(entry: Ranked): void {
    this.rows.splice(this.indexOf(entry), 0, entry);
  }

  remove(entry: Ranked): void {
    const at = this.indexOf(entry);
    if (this.rows[at]?.id === entry.id) this.rows.splice(at, 1);
  }

  /** The 0-based position of a ranked entry, or -1. */
  position(entry: Ranked): number {
    const at = this.indexOf(entry);
    return this.rows[at]?.id === entry.id ? at : -1;
  }

  slice(from: number, to: number): Ranked[] {
    return this.rows.slice(from, to);
  }
}

const days = (ms: number) => Math.floor(ms / 86_400_000);

export class MemoryPlayerStore implements PlayerStore {
  private readonly profiles = new Map<string, PlayerProfile>();
  private readonly skillsByFamily = new Map<RatingFamily, Map<string, Skill>>(RATING_FAMILIES.map((f) => [f, new Map()]));
  private readonly boards = new Map<RatingFamily, Board>(RATING_FAMILIES.map((f) => [f, new Board()]));
  /** By identity, then family: newest first. */
  private readonly histories = new Map<string, Map<RatingFamily, HistoryEntry[]>>();
  private readonly avoiding = new Map<string, Set<string>>();
  private readonly avoidedBy = new Map<string, Set<string>>();
  /** By UTC day: each pair's count. */
  private readonly pairs = new Map<string, Map<string, number>>();
  /** Each recorded match's key, with when it was recorded. */
  private readonly recorded = new Map<string, number>();

  async saveProfile(identity: Identity, at: number): Promise<PlayerProfile> {
    const stored = this.profiles.get(identity.id);
    if (stored?.banned) return { ...stored };
    const profile = { ...identity, firstSeen: stored?.firstSeen ?? at, banned: false };
    this.profiles.set(identity.id, profile);
    return { ...profile };
  }

  async profile(id: string): Promise<PlayerProfile | null> {
    const profile = this.profiles.get(id);
    return profile ? { ...profile } : null;
  }

  async setBanned(id: string, banned: boolean): Promise<boolean> {
    const profile = this.profiles.get(id);
    if (!profile) return false;
    profile.banned = banned;
    for (const family of RATING_FAMILIES) {
      const skill = this.skillsByFamily.get(family)!.get(id);
      if (!skill) continue;
      const entry = { id, rating: shownRating(skill), matches: skill.matches };
      const board = this.boards.get(family)!;
      board.remove(entry);
      if (!banned) board.put(entry);
    }
    return true;
  }

  async setAvoid(id: string, other: string, avoid: boolean): Promise<void> {
    const edit = (map: Map<string, Set<string>>, key: string, value: string) => {
      const set = map.get(key) ?? new Set<string>();
      if (avoid) set.add(value);
      else set.delete(value);
      if (set.size > 0) map.set(key, set);
      else map.delete(key);
    };
    edit(this.avoiding, id, other);
    edit(this.avoidedBy, other, id);
  }

  async avoids(id: string): Promise<Avoids> {
    return { avoiding: [...(this.avoiding.get(id) ?? [])].sort(), avoidedBy: [...(this.avoidedBy.get(id) ?? [])].sort() };
  }

  async skills(family: RatingFamily, ids: readonly string[]): Promise<Map<string, Skill>> {
    const stored = this.skillsByFamily.get(family)!;
    const found = new Map<string, Skill>();
    for (const id of ids) {
      const skill = stored.get(id);
      if (skill) found.set(id, { ...skill });
    }
    return found;
  }

  async skillsOf(id: string): Promise<Partial<Record<RatingFamily, Skill>>> {
    const found: Partial<Record<RatingFamily, Skill>> = {};
    for (const family of RATING_FAMILIES) {
      const skill = this.skillsByFamily.get(family)!.get(id);
      if (skill) found[family] = { ...skill };
    }
    return found;
  }

  async recordMatch(record: MatchRecord): Promise<RecordOutcome> {
    checkRecord(record);
    const key = recordKey(record);
    if (this.recorded.has(key)) return 'already-recorded';
    const skills = this.skillsByFamily.get(record.family)!;
    for (const player of record.players) {
      if (!this.profiles.has(player.id)) return 'unknown-player';
      if ((skills.get(player.id)?.matches ?? 0) !== player.before.matches) return 'skills-moved';
    }
    const board = this.boards.get(record.family)!;
    for (const player of record.players) {
      const old = skills.get(player.id);
      if (old) board.remove({ id: player.id, rating: shownRating(old), matches: old.matches });
      skills.set(player.id, { ...player.after });
      if (!this.profiles.get(player.id)!.banned) board.put({ id: player.id, rating: shownRating(player.after), matches: player.after.matches });
      const byFamily = this.histories.get(player.id) ?? new Map<RatingFamily, HistoryEntry[]>();
      this.histories.set(player.id, byFamily);
      byFamily.set(record.family, [historyEntryOf(record, player), ...(byFamily.get(record.family) ?? [])].slice(0, HISTORY_KEPT));
    }
    const day = dayOf(record.at);
    const counts = this.pairs.get(day) ?? new Map<string, number>();
    this.pairs.set(day, counts);
    for (const pair of pairsOf(record.players.map((p) => p.id))) counts.set(pair, (counts.get(pair) ?? 0) + 1);
    this.recorded.set(key, record.at);
    this.forgetBefore(record.at);
    return 'recorded';
  }

  /** Pair counts of days long past, and keys of matches recorded long ago. */
  private forgetBefore(now: number): void {
    for (const day of this.pairs.keys()) if (days(Date.parse(day)) < days(now - PAIR_DAYS_KEPT_MS)) this.pairs.delete(day);
    for (const [key, at] of this.recorded) if (at < now - RECORDED_KEPT_MS) this.recorded.delete(key);
  }

  async pairCounts(day: string, pairs: readonly string[]): Promise<Map<string, number>> {
    const counts = this.pairs.get(day);
    const found = new Map<string, number>();
    for (const pair of pairs) {
      const count = counts?.get(pair);
      if (count) found.set(pair, count);
    }
    return found;
  }

  private rowsOf(ranked: Ranked[], firstRank: number): LeaderboardRow[] {
    return ranked.map((entry, i) => leaderboardRow(firstRank + i, entry.id, this.profiles.get(entry.id)?.name ?? '', entry.rating, entry.matches));
  }

  async leaderboard(family: RatingFamily, count: number): Promise<LeaderboardRow[]> {
    return this.rowsOf(this.boards.get(family)!.slice(0, count), 1);
  }

  async around(family: RatingFamily, id: string, radius: number): Promise<Neighbourhood | null> {
    const skill = this.skillsByFamily.get(family)!.get(id);
    if (!skill) return null;
    const board = this.boards.get(family)!;
    const position = board.position({ id, rating: shownRating(skill), matches: skill.matches });
    if (position < 0) return null;
    const from = Math.max(0, position - radius);
    return { rank: position + 1, rows: this.rowsOf(board.slice(from, position + radius + 1), from + 1) };
  }

  async history(id: string, family?: RatingFamily): Promise<HistoryEntry[]> {
    const byFamily = this.histories.get(id);
    if (!byFamily) return [];
    const lists = (family ? [family] : RATING_FAMILIES).map((f) => byFamily.get(f) ?? []);
    return structuredClone(newestFirst(lists));
  }

  async close(): Promise<void> {
    this.profiles.clear();
  }
}
