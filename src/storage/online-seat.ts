/**
 * The online seat kept to resume, an entry of the saved game (saved.ts) checked here, apart: only
 * online play, loaded on demand, reads it whole.
 */
import type { OnlineSeatKey, SavedGame } from './saved.js';

/** A room id or a seat token: 128 random bits in base64url (ID_PATTERN in protocol.ts, whose module brings valibot along). */
const ONLINE_ID = /^[\w-]{22}$/;

/** A kept online seat, or null for anything else. */
export function parseOnlineSeat(value: unknown): OnlineSeatKey | null {
  const { server, room, token } = Object(value) as Partial<Record<keyof OnlineSeatKey, unknown>>;
  if (typeof server !== 'string' || typeof room !== 'string' || typeof token !== 'string') return null;
  return ONLINE_ID.test(room) && ONLINE_ID.test(token) ? { server, room, token } : null;
}

/** The seat kept in `saved`; an entry that is no seat is dropped with one warning, as the other entries are. */
export function loadOnlineSeat(saved: SavedGame): OnlineSeatKey | null {
  const data = saved.readOnlineSeat();
  if (data === null) return null;
  const seat = parseOnlineSeat(data);
  if (!seat) saved.dropOnlineSeat('not an online seat');
  return seat;
}
