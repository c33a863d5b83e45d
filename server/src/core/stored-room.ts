/**
 * A room's snapshot as stored, read back once when the room is loaded: checked, and upgraded from
 * older formats, so nothing else ever reads an older shape. Format 1 is the room as the server kept it
 * before rooms were logs (the match inside as the statechart's persisted snapshot); the match state
 * inside either is checked and upgraded by the engine (`validateMatchState`: MatchState version 1
 * called its winning side `winner`).
 */
import { validateMatchState } from 'domino-game/engine';
import type { MatchContext } from 'domino-game/machine';
import { ID_PATTERN } from 'domino-game/protocol';
import { ROOM_FORMAT, sha256Hex, type RoomState } from './room.js';

export class CorruptRoom extends Error {
  constructor(why: string) {
    super(`a stored room cannot be read: ${why}`);
  }
}

/**
 * The events of one recent change, as the wire carries them: the members of its JSON array, '' for
 * none. A snapshot keeps the room's last ones, so that a seat resuming after the room was loaded again
 * (a restart, a catch-up from a snapshot) still hears the changes it missed.
 */
export interface RecentChange {
  seq: number;
  eventsJson: string;
}

/**
 * The members of a JSON array of events, as `eventsJson` holds them: each event's JSON joined, not the
 * array's JSON sliced, since a slice keeps the whole text it was cut from alive beside it (a room keeps
 * 64 of these).
 */
export function eventsMembers(events: readonly unknown[]): string {
  return events.map((event) => JSON.stringify(event)).join(',');
}

/** The text of a snapshot: the room, and its recent changes' events (`recent`, oldest first). */
export function snapshotText(room: RoomState, recent: readonly RecentChange[]): string {
  const json = JSON.stringify(room);
  if (recent.length === 0) return json;
  return `${json.slice(0, -1)},"recent":[${recent.map((change) => `[${change.seq},[${change.eventsJson}]]`).join(',')}]}`;
}

/** A snapshot read back: the room, and the recent changes it kept (none in one written before they were). */
export function readSnapshot(text: string): { room: RoomState; recent: RecentChange[] } {
  const data = parseObject(text);
  return { room: roomOf(data), recent: recentOf(data['recent']) };
}

function parseObject(text: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CorruptRoom('not JSON');
  }
  if (typeof data !== 'object' || data === null) throw new CorruptRoom('not an object');
  return data as Record<string, unknown>;
}

/** A quick-match table's part as newTable makes it: a seat's player or null, and its move counts, for every seat. */
function validRatedTable(value: unknown, seats: number): boolean {
  const table = value as Record<string, unknown>;
  if (typeof value !== 'object' || value === null || typeof table['pool'] !== 'string' || typeof table['family'] !== 'string') return false;
  const { players, moves } = table;
  return (
    Array.isArray(players) &&
    players.length === seats &&
    players.every((p: unknown) => p === null || (typeof p === 'object' && typeof (p as Record<string, unknown>)['id'] === 'string' && typeof (p as Record<string, unknown>)['name'] === 'string')) &&
    Array.isArray(moves) &&
    moves.length === seats &&
    moves.every((m: unknown) => typeof m === 'object' && m !== null && Number.isSafeInteger((m as Record<string, unknown>)['own']) && Number.isSafeInteger((m as Record<string, unknown>)['forThem']))
  );
}

function recentOf(recent: unknown): RecentChange[] {
  if (recent === undefined) return [];
  const valid = Array.isArray(recent) && recent.every((change) => Array.isArray(change) && change.length === 2 && Number.isSafeInteger(change[0]) && Array.isArray(change[1]));
  if (!valid) throw new CorruptRoom('malformed recent changes');
  return (recent as [number, unknown[]][]).map(([seq, events]) => ({ seq, eventsJson: eventsMembers(events) }));
}

function roomOf(stored: Record<string, unknown>): RoomState {
  const format = stored['format'] ?? 1;
  if (format !== 1 && format !== 2 && format !== 3 && format !== ROOM_FORMAT) throw new CorruptRoom(`unknown format ${String(format)}`);
  if (typeof stored['id'] !== 'string' || !Array.isArray(stored['seats']) || !Number.isSafeInteger(stored['seq'])) {
    throw new CorruptRoom('no id, seats or seq');
  }
  if (format === ROOM_FORMAT && (!validSecrets(stored['secrets']) || typeof stored['newcomers'] !== 'boolean')) throw new CorruptRoom('malformed keys or newcomers');
  if (stored['rated'] !== undefined && !validRatedTable(stored['rated'], stored['seats'].length)) throw new CorruptRoom('a malformed quick-match table');
  const match = format === 1 ? legacyMatch(stored['match']) : (stored['match'] as MatchContext | null);
  const { events: _events, seed, recent: _recent, ...room } = stored;
  const upgraded = { ...(format === 1 || format === 2 ? { deals: legacyDeals(seed), watchers: {} } : {}), ...(format !== ROOM_FORMAT ? keyless(stored['id']) : {}) };
  return { ...(room as unknown as RoomState), ...upgraded, format: ROOM_FORMAT, match: match && checkedMatch(match) };
}

/**
 * Formats 1 to 3 had no keys: the room's id was its invite, and stays so (the links people hold keep
 * working); a watch key is minted when one of its seats comes back (the service's `watch-key` entry), and
 * meanwhile the id, as the invite, still watches. Open to newcomers, as every room was.
 */
function validSecrets(secrets: unknown): boolean {
  if (typeof secrets !== 'object' || secrets === null) return false;
  const { invite, watch } = secrets as Record<string, unknown>;
  const key = (x: unknown) => x === null || (typeof x === 'string' && ID_PATTERN.test(x));
  return key(invite) && key(watch);
}

function keyless(id: string): Pick<RoomState, 'secrets' | 'newcomers'> {
  return { secrets: { invite: id, watch: null }, newcomers: true };
}

/**
 * Formats 1 and 2 kept one secret `seed` for the room, which dealt every round: the round under way
 * stays as it was dealt (no proof for it), and the next deals are provable, their first secret derived
 * from the old one (so every process loading the room derives the same).
 */
function legacyDeals(seed: unknown): RoomState['deals'] {
  if (typeof seed !== 'string') throw new CorruptRoom('a format 1 or 2 room without its seed');
  return { next: { serverSeed: sha256Hex(Buffer.from(`domino-deal-upgrade:${seed}`).toString('hex')), clientSeeds: [] }, current: null };
}

/** Format 1 kept the match as the statechart's persisted snapshot: its context is the match. */
function legacyMatch(match: unknown): MatchContext | null {
  if (match === null || match === undefined) return null;
  const context = (match as { context?: unknown }).context;
  if (typeof context !== 'object' || context === null) throw new CorruptRoom('a format 1 match without its context');
  return context as MatchContext;
}

function checkedMatch(match: MatchContext): MatchContext {
  if (typeof match !== 'object' || !Array.isArray(match.seats) || !Number.isInteger(match.matchNumber)) throw new CorruptRoom('a malformed match');
  try {
    return { ...match, game: validateMatchState(match.game) };
  } catch (error) {
    throw new CorruptRoom(`its match: ${(error as Error).message}`);
  }
}
