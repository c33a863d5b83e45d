/** Rooms in this process's memory: for tests and `--db :memory:`; gone when the process ends. */
import type { RoomStore, Stored } from './store.js';

interface Entry {
  version: number;
  /** Kept as text, as any real storage would: a caller can never change a stored room by mutating it. */
  text: string;
  expiresAt: number;
}

export class MemoryStore<T> implements RoomStore<T> {
  private readonly rooms = new Map<string, Entry>();
  constructor(private readonly now: () => number = Date.now) {}

  async load(id: string): Promise<Stored<T> | null> {
    const entry = this.rooms.get(id);
    if (!entry || entry.expiresAt <= this.now()) return null;
    return { version: entry.version, value: JSON.parse(entry.text) as T };
  }

  async save(id: string, value: T, expected: number, expiresAt: number): Promise<number | null> {
    const entry = this.rooms.get(id);
    const current = entry && entry.expiresAt > this.now() ? entry.version : 0;
    if (current !== expected) return null;
    const version = (entry?.version ?? 0) + 1;
    this.rooms.set(id, { version, text: JSON.stringify(value), expiresAt });
    return version;
  }

  async sweep(now: number): Promise<number> {
    let removed = 0;
    for (const [id, entry] of this.rooms) {
      if (entry.expiresAt <= now) {
        this.rooms.delete(id);
        removed++;
      }
    }
    return removed;
  }

  async count(): Promise<number> {
    // Expired rooms not yet swept are absent, as in every other store.
    const now = this.now();
    let live = 0;
    for (const entry of this.rooms.values()) if (entry.expiresAt > now) live++;
    return live;
  }

  async close(): Promise<void> {
    this.rooms.clear();
  }
}
