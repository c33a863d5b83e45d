/**
 * localStorage, made safe: where there is none (blocked cookies, private modes, sandboxed iframes) or it
 * is full, the game plays on without saving and says nothing alarming to the player.
 */
export interface KeyValueStore {
  read(key: string): string | null;
  /** Whether it was written (false when the quota is full or storage broke). */
  write(key: string, value: string): boolean;
  remove(key: string): void;
}

/** The page's localStorage, or null when it cannot be used at all. */
export function browserStore(): KeyValueStore | null {
  let storage: Storage;
  try {
    // Merely reading window.localStorage throws in sandboxed iframes and with storage blocked.
    storage = globalThis.localStorage;
    const probe = '__domino-game-probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
  } catch {
    return null;
  }
  return {
    read: (key) => {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    write: (key, value) => {
      try {
        storage.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove: (key) => {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing to do: the data simply stays.
      }
    },
  };
}
