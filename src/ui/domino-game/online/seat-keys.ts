/**
 * The online seat kept to resume, {server, room, token}: an entry of the widget's saved game
 * (storage/saved.ts: `domino-game:<key>:online` in localStorage), or only memory with `persist="none"`
 * or without storage.
 */
import { loadOnlineSeat, type OnlineSeatKey } from '../../../storage/index.js';
import type { SeatKeyStore } from '../../session/online-session.js';
import type { PersistenceController } from '../persistence.js';

export function seatKeyStore({ saved }: PersistenceController): SeatKeyStore {
  let memory: OnlineSeatKey | null = null;
  return {
    load: () => (saved ? loadOnlineSeat(saved) : memory),
    save(key) {
      if (saved) saved.saveOnlineSeat(key);
      else memory = key;
    },
    clear() {
      if (saved) saved.dropOnlineSeat();
      else memory = null;
    },
  };
}
