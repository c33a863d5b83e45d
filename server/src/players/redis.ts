/**
 * Players in Redis (one server or a Redis Cluster), shared by every server process. Every key carries
 * the one hash tag `{players}`, so in a cluster they all sit in one slot of one node, and a rated match
 * (skills, histories, pair counts, leaderboards, its key) is one Lua script: atomic there as on one Redis.
 * One slot is enough (docs/ARCHITECTURE.md says why, and what it costs at scale): a rated match is one
 * script at a match's end, an identify one hash write, and the leaderboard's readers are served from
 * the HTTP side's cache.
 *
 * The keys, each `domino:players:{players}:` and:
 * - `profiles`: a hash, id → `BANNED FIRST_SEEN KIND NAME` (the name last: it may hold spaces);
 * - `skills:FAMILY`: a hash, id → `MATCHES SCORE MU SIGMA` (SCORE: its leaderboard score, so a script can
 *   put an unbanned identity back without the rating's formula; μ and σ as JavaScript writes them, exact);
 * - `board:FAMILY`: a sorted set of the ranked ids by SCORE, −(rating · 2²⁴ + matches): ascending scores are
 *   the leaderboard's order, and an equal score falls back to the id, as Redis orders members;
 * - `history:ID:FAMILY`: a list, newest first, trimmed to HISTORY_KEPT;
 * - `avoiding:ID` and `avoided-by:ID`: sets; `pairs:DAY`: a hash, pair → count (expires);
 * - `recorded:ROOM/MATCH`: a rated match's key (expires after RECORDED_KEPT_MS).
 */
import type { RatingFamily } from 'domino-game/protocol';
import { RATING_FAMILIES } from 'domino-game/protocol';
import type { Identity } from '../identity/identity.js';
import { dayOf, pairsOf, shownRating, type Skill } from '../ratings/rating-core.js';
import { STORAGE_DEADLINE_MS, within, type RedisClient } from '../storage/redis.js';
import {
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

const PREFIX = 'domino:players:{players}:';
export const playerKeys = {
  profiles: `${PREFIX}profiles`,
  skills: (family: RatingFamily) => `${PREFIX}skills:${family}`,
  board: (family: RatingFamily) => `${PREFIX}board:${family}`,
  history: (id: string, family: RatingFamily) => `${PREFIX}history:${id}:${family}`,
  avoiding: (id: string) => `${PREFIX}avoiding:${id}`,
  avoidedBy: (id: string) => `${PREFIX}avoided-by:${id}`,
  pairs: (day: string) => `${PREFIX}pairs:${day}`,
  recorded: (key: string) => `${PREFIX}recorded:${key}`,
};

/** A storage call bounded as the room log's are: the player feels `unavailable`, not a hang. */
const bounded = <T>(work: Promise<T>): Promise<T> => within(work, STORAGE_DEADLINE_MS);

const MATCHES_SPAN = 2 ** 24;
/** The board's score: ascending is the leaderboard's order (a higher rating, then more matches). */
const boardScore = (rating: number, matches: number): number => -(rating * MATCHES_SPAN + Math.min(matches, MATCHES_SPAN - 1));
function fromScore(score: string): { rating: number; matches: number } {
  const value = -Number(score);
  const rating = Math.floor(value / MATCHES_SPAN);
  return { rating, matches: value - rating * MATCHES_SPAN };
}

const skillText = (skill: Skill): string => `${skill.matches} ${boardScore(shownRating(skill), skill.matches)} ${skill.mu} ${skill.sigma}`;
function skillOf(text: string): Skill {
  const [matches, , mu, sigma] = text.split(' ');
  return { mu: Number(mu), sigma: Number(sigma), matches: Number(matches) };
}
function profileOf(id: string, text: string): PlayerProfile {
  const found = /^([01]) (\d+) (\S+) (.*)$/s.exec(text);
  if (!found) throw new Error(`a stored profile of ${id} that cannot be read`);
  return { id, name: found[4]!, kind: found[3] as PlayerProfile['kind'], firstSeen: Number(found[2]), banned: found[1] === '1' };
}

// KEYS: profiles. ARGV: id, name, kind, first seen. Returns the profile as stored.
const SAVE_PROFILE = `
local stored = redis.call('HGET', KEYS[1], ARGV[1])
if stored and string.sub(stored, 1, 1) == '1' then return stored end
local first = ARGV[4]
if stored then first = string.match(stored, '^%d (%d+) ') end
stored = '0 ' .. first .. ' ' .. ARGV[3] .. ' ' .. ARGV[2]
redis.call('HSET', KEYS[1], ARGV[1], stored)
return stored
`;

// KEYS: profiles, the skills of each family, the board of each family (in RATING_FAMILIES' order).
// ARGV: id, 1 to ban or 0 to unban. Returns 0 for an unknown identity.
const SET_BANNED = `
local stored = redis.call('HGET', KEYS[1], ARGV[1])
if not stored then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. string.sub(stored, 2))
local families = (#KEYS - 1) / 2
for i = 1, families do
  local skill = redis.call('HGET', KEYS[1 + i], ARGV[1])
  if skill then
    if ARGV[2] == '1' then redis.call('ZREM', KEYS[1 + families + i], ARGV[1])
    else redis.call('ZADD', KEYS[1 + families + i], string.match(skill, '^%d+ (%S+) '), ARGV[1]) end
  end
end
return 1
`;

// KEYS: profiles, the family's skills, its board, the match's key, the day's pairs, then each player's
// history. ARGV: the key's lifetime, the pairs' lifetime, history kept, players, then per player its id,
// matches before, skill after, score after, history entry; then the pairs.
const RECORD = `
if redis.call('EXISTS', KEYS[4]) == 1 then return 'already-recorded' end
local players = tonumber(ARGV[4])
local PER = 5
local first = 5
for i = 0, players - 1 do
  local id = ARGV[first + i * PER]
  if redis.call('HEXISTS', KEYS[1], id) == 0 then return 'unknown-player' end
  local stored = redis.call('HGET', KEYS[2], id)
  local matches = 0
  if stored then matches = tonumber(string.match(stored, '^(%d+) ')) end
  if matches ~= tonumber(ARGV[first + i * PER + 1]) then return 'skills-moved' end
end
for i = 0, players - 1 do
  local at = first + i * PER
  local id = ARGV[at]
  redis.call('HSET', KEYS[2], id, ARGV[at + 2])
  redis.call('ZREM', KEYS[3], id)
  if string.sub(redis.call('HGET', KEYS[1], id), 1, 1) == '0' then redis.call('ZADD', KEYS[3], ARGV[at + 3], id) end
  redis.call('LPUSH', KEYS[6 + i], ARGV[at + 4])
  redis.call('LTRIM', KEYS[6 + i], 0, tonumber(ARGV[3]) - 1)
end
for j = first + players * PER, #ARGV do redis.call('HINCRBY', KEYS[5], ARGV[j], 1) end
redis.call('PEXPIRE', KEYS[5], ARGV[2])
redis.call('SET', KEYS[4], '1', 'PX', ARGV[1])
return 'recorded'
`;

// KEYS: the one avoiding, the one avoided (their sets). ARGV: id, other, 1 to avoid or 0 to take it back.
const AVOID = `
local edit = 'SREM'
if ARGV[3] == '1' then edit = 'SADD' end
redis.call(edit, KEYS[1], ARGV[2])
redis.call(edit, KEYS[2], ARGV[1])
return 1
`;

// The board's rows from 0-based position ARGV[1] to ARGV[2], each as id, score, name (KEYS: board, profiles).
const ROWS = `
local function rows(from, to)
  local ranked = redis.call('ZRANGE', KEYS[1], from, to, 'WITHSCORES')
  local result = {}
  for i = 1, #ranked, 2 do
    local profile = redis.call('HGET', KEYS[2], ranked[i]) or ''
    result[#result + 1] = ranked[i]
    result[#result + 1] = ranked[i + 1]
    result[#result + 1] = string.match(profile, '^%d %d+ %S+ (.*)$') or ''
  end
  return result
end
`;
const TOP = `${ROWS}
return rows(0, tonumber(ARGV[1]) - 1)
`;
// ARGV: id, radius. Returns false when it is not ranked, else its 0-based position, the first row's, then the rows.
const AROUND = `${ROWS}
local position = redis.call('ZRANK', KEYS[1], ARGV[1])
if not position then return false end
local from = math.max(0, position - tonumber(ARGV[2]))
local result = rows(from, position + tonumber(ARGV[2]))
table.insert(result, 1, from)
table.insert(result, 1, position)
return result
`;

interface PlayerCommands {
  saveProfile(profiles: string, id: string, name: string, kind: string, at: number): Promise<string>;
  setPlayerBanned(...keysAndArgs: (string | number)[]): Promise<number>;
  recordMatch(...keysAndArgs: (string | number)[]): Promise<RecordOutcome>;
  setAvoid(avoiding: string, avoided: string, id: string, other: string, avoid: number): Promise<number>;
  leaderboardTop(board: string, profiles: string, count: number): Promise<string[]>;
  leaderboardAround(board: string, profiles: string, id: string, radius: number): Promise<(string | number)[] | null>;
}

/** Rows as a script gives them (id, score, name, …), ranked from `firstRank`. */
function rowsOf(flat: (string | number)[], firstRank: number): LeaderboardRow[] {
  const rows: LeaderboardRow[] = [];
  for (let i = 0; i + 2 < flat.length; i += 3) {
    const { rating, matches } = fromScore(String(flat[i + 1]));
    rows.push(leaderboardRow(firstRank + rows.length, String(flat[i]), String(flat[i + 2]), rating, matches));
  }
  return rows;
}

export class RedisPlayerStore implements PlayerStore {
  private readonly redis: RedisClient & PlayerCommands;

  /** `redis`: the commands client the room log uses; the room log closes it. */
  constructor(redis: RedisClient) {
    redis.defineCommand('saveProfile', { numberOfKeys: 1, lua: SAVE_PROFILE });
    redis.defineCommand('setPlayerBanned', { numberOfKeys: 1 + 2 * RATING_FAMILIES.length, lua: SET_BANNED });
    redis.defineCommand('recordMatch', { lua: RECORD });
    redis.defineCommand('setAvoid', { numberOfKeys: 2, lua: AVOID });
    redis.defineCommand('leaderboardTop', { numberOfKeys: 2, lua: TOP });
    redis.defineCommand('leaderboardAround', { numberOfKeys: 2, lua: AROUND });
    this.redis = redis as RedisClient & PlayerCommands;
  }

  async saveProfile(identity: Identity, at: number): Promise<PlayerProfile> {
    const stored = await bounded(this.redis.saveProfile(playerKeys.profiles, identity.id, identity.name, identity.kind, at));
    return profileOf(identity.id, stored);
  }

  async profile(id: string): Promise<PlayerProfile | null> {
    const stored = await bounded(this.redis.hget(playerKeys.profiles, id));
    return stored === null ? null : profileOf(id, stored);
  }

  async setBanned(id: string, banned: boolean): Promise<boolean> {
    const keys = [playerKeys.profiles, ...RATING_FAMILIES.map(playerKeys.skills), ...RATING_FAMILIES.map(playerKeys.board)];
    return (await bounded(this.redis.setPlayerBanned(...keys, id, banned ? 1 : 0))) === 1;
  }

  async setAvoid(id: string, other: string, avoid: boolean): Promise<void> {
    await bounded(this.redis.setAvoid(playerKeys.avoiding(id), playerKeys.avoidedBy(other), id, other, avoid ? 1 : 0));
  }

  async avoids(id: string): Promise<Avoids> {
    const [avoiding, avoidedBy] = await bounded(Promise.all([this.redis.smembers(playerKeys.avoiding(id)), this.redis.smembers(playerKeys.avoidedBy(id))]));
    return { avoiding: avoiding.sort(), avoidedBy: avoidedBy.sort() };
  }

  /** The fields of a hash that are there, each read by `read`. */
  private async fieldsOf<T>(key: string, fields: readonly string[], read: (text: string) => T): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    if (fields.length === 0) return found;
    const stored = await bounded(this.redis.hmget(key, ...fields));
    fields.forEach((field, i) => {
      if (stored[i]) found.set(field, read(stored[i]));
    });
    return found;
  }

  skills(family: RatingFamily, ids: readonly string[]): Promise<Map<string, Skill>> {
    return this.fieldsOf(playerKeys.skills(family), ids, skillOf);
  }

  async skillsOf(id: string): Promise<Partial<Record<RatingFamily, Skill>>> {
    const stored = await bounded(Promise.all(RATING_FAMILIES.map((family) => this.redis.hget(playerKeys.skills(family), id))));
    const found: Partial<Record<RatingFamily, Skill>> = {};
    RATING_FAMILIES.forEach((family, i) => {
      if (stored[i]) found[family] = skillOf(stored[i]);
    });
    return found;
  }

  async recordMatch(record: MatchRecord): Promise<RecordOutcome> {
    checkRecord(record);
    const day = dayOf(record.at);
    const keys = [
      playerKeys.profiles,
      playerKeys.skills(record.family),
      playerKeys.board(record.family),
      playerKeys.recorded(recordKey(record)),
      playerKeys.pairs(day),
      ...record.players.map((p) => playerKeys.history(p.id, record.family)),
    ];
    const perPlayer = record.players.flatMap((p) => [
      p.id,
      p.before.matches,
      skillText(p.after),
      boardScore(shownRating(p.after), p.after.matches),
      JSON.stringify(historyEntryOf(record, p)),
    ]);
    const args = [RECORDED_KEPT_MS, PAIR_DAYS_KEPT_MS, HISTORY_KEPT, record.players.length, ...perPlayer, ...pairsOf(record.players.map((p) => p.id))];
    return bounded(this.redis.recordMatch(keys.length, ...keys, ...args));
  }

  pairCounts(day: string, pairs: readonly string[]): Promise<Map<string, number>> {
    return this.fieldsOf(playerKeys.pairs(day), pairs, Number);
  }

  async leaderboard(family: RatingFamily, count: number): Promise<LeaderboardRow[]> {
    if (count <= 0) return [];
    return rowsOf(await bounded(this.redis.leaderboardTop(playerKeys.board(family), playerKeys.profiles, count)), 1);
  }

  async around(family: RatingFamily, id: string, radius: number): Promise<Neighbourhood | null> {
    const found = await bounded(this.redis.leaderboardAround(playerKeys.board(family), playerKeys.profiles, id, radius));
    if (!found) return null;
    const [position, from, ...flat] = found;
    return { rank: Number(position) + 1, rows: rowsOf(flat, Number(from) + 1) };
  }

  async history(id: string, family?: RatingFamily): Promise<HistoryEntry[]> {
    const families = family ? [family] : RATING_FAMILIES;
    const lists = await bounded(Promise.all(families.map((f) => this.redis.lrange(playerKeys.history(id, f), 0, HISTORY_KEPT - 1))));
    return newestFirst(lists.map((list) => list.map((text) => JSON.parse(text) as HistoryEntry)));
  }

  /** The client is the room log's: it closes it. */
  async close(): Promise<void> {}
}
