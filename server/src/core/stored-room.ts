/**
 * A room's snapshot as stored, read back once when the room is loaded: checked, and upgraded from
 * older formats, so nothing else ever reads an older shape. Format 1 is the room as the server kept it
 * before rooms were logs (the match inside as the statechart's persisted snapshot); the match state
 * inside either is checked and upgraded by the engine (`validateMatchState`: MatchState version 1
 * called its winning side `winner`).
 */
import { validateMatchState } from 'domino-game/engine';
import type { MatchContext } from 'domino-game/machine';
import { ROOM_FORMAT, type RoomState } from './room.js';

export class CorruptRoom extends Error {
  constructor(why: string) {
    super(`a stored room cannot be read: ${why}`);
  }
}

export function readStoredRoom(text: string): RoomState {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CorruptRoom('not JSON');
  }
  if (typeof data !== 'object' || data === null) throw new CorruptRoom('not an object');
  const stored = data as Record<string, unknown>;
  const format = stored['format'] ?? 1;
  if (format !== 1 && format !== ROOM_FORMAT) throw new CorruptRoom(`unknown format ${String(format)}`);
  if (typeof stored['id'] !== 'string' || !Array.isArray(stored['seats']) || !Number.isSafeInteger(stored['seq'])) {
    throw new CorruptRoom('no id, seats or seq');
  }
  const match = format === 1 ? legacyMatch(stored['match']) : (stored['match'] as MatchContext | null);
  const { events: _events, ...room } = stored;
  return { ...(room as unknown as RoomState), format: ROOM_FORMAT, match: match && checkedMatch(match) };
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
