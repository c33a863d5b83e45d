/** Rooms in this process's memory: for tests and `--db :memory:`; gone when the process ends. */
import { KEPT_BEFORE_SNAPSHOT, type RoomLog, type StoredRoom } from './log.js';

interface Log {
  version: number;
  snapshot: string;
  snapshotVersion: number;
  /** Entries `first` … `version`. */
  entries: string[];
  first: number;
  expiresAt: number;
}

export class MemoryLog implements RoomLog {
  private readonly rooms = new Map<string, Log>();
  constructor(private readonly now: () => number = Date.now) {}

  private live(id: string): Log | null {
    const log = this.rooms.get(id);
    return log && log.expiresAt > this.now() ? log : null;
  }

  async create(id: string, snapshot: string, expiresAt: number): Promise<boolean> {
    if (this.live(id)) return false;
    this.rooms.set(id, { version: 1, snapshot, snapshotVersion: 1, entries: [], first: 2, expiresAt });
    return true;
  }

  async append(id: string, expected: number, entries: string[], snapshot: string | null, expiresAt: number): Promise<boolean> {
    const log = this.live(id);
    if (!log || log.version !== expected) return false;
    log.entries.push(...entries);
    log.version += entries.length;
    log.expiresAt = expiresAt;
    if (snapshot !== null) {
      log.snapshot = snapshot;
      log.snapshotVersion = log.version;
      const drop = log.entries.length - KEPT_BEFORE_SNAPSHOT;
      if (drop > 0) {
        log.entries.splice(0, drop);
        log.first += drop;
      }
    }
    return true;
  }

  async load(id: string): Promise<StoredRoom | null> {
    const log = this.live(id);
    if (!log) return null;
    return { version: log.version, snapshot: log.snapshot, snapshotVersion: log.snapshotVersion, entries: log.entries.slice(log.snapshotVersion + 1 - log.first) };
  }

  async since(id: string, version: number): Promise<StoredRoom | null> {
    const log = this.live(id);
    if (!log) return null;
    if (version + 1 < log.first) return this.load(id);
    return { version: log.version, snapshot: null, snapshotVersion: log.snapshotVersion, entries: log.entries.slice(version + 1 - log.first) };
  }

  async sweep(now: number): Promise<number> {
    let removed = 0;
    for (const [id, log] of this.rooms) {
      if (log.expiresAt <= now) {
        this.rooms.delete(id);
        removed++;
      }
    }
    return removed;
  }

  async count(): Promise<number> {
    let live = 0;
    const now = this.now();
    for (const log of this.rooms.values()) if (log.expiresAt > now) live++;
    return live;
  }

  async close(): Promise<void> {
    this.rooms.clear();
  }
}
