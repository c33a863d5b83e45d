/**
 * The online seat kept to resume, {server, room, token}, saved beside the widget's other entries
 * (persistence.ts): `domino-game:<key>:online` in localStorage, or only in memory with `persist="none"`
 * or without storage. A kept entry that is no seat is dropped with one warning, like the others.
 */
import { readVersioned } from '../../storage/index.js';
import type { OnlineSeatKey, SeatKeyStore } from '../session/online-session.js';
import type { Persistence } from './persistence.js';

/** A room id or a seat token: 128 random bits in base64url (ID_PATTERN in protocol.ts, whose module brings valibot along). */
const ONLINE_ID = /^[\w-]{22}$/;

export function seatKeyStore({ store, seatEntry }: Persistence): SeatKeyStore {
  let memory: OnlineSeatKey | null = null;
  return {
    load() {
      if (!store) return memory;
      const data = readVersioned(store, seatEntry, 1, {});
      if (data === null) return null;
      const { server, room, token } = Object(data) as Partial<Record<keyof OnlineSeatKey, unknown>>;
      if (typeof server === 'string' && typeof room === 'string' && typeof token === 'string' && ONLINE_ID.test(room) && ONLINE_ID.test(token)) {
        return { server, room, token };
      }
      console.warn(`<domino-game>: the saved ${seatEntry} could not be used (not an online seat); starting afresh.`);
      store.remove(seatEntry);
      return null;
    },
    save(key) {
      if (store) store.write(seatEntry, JSON.stringify({ version: 1, data: key }));
      else memory = key;
    },
    clear() {
      if (store) store.remove(seatEntry);
      else memory = null;
    },
  };
}
