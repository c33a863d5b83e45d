/**
 * Rooms in an SQLite file (better-sqlite3): the embedded default for one server process. Write-ahead
 * logging, so a process killed at any moment restarts with every room it had saved.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RoomStore, Stored } from './store.js';

interface PendingSave {
  id: string;
  state: string;
  expected: number;
  expiresAt: number;
  resolve(version: number | null): void;
  reject(error: unknown): void;
}

/**
 * Copies the write-ahead log back into the database file, from a thread of its own with a connection
 * of its own: better-sqlite3 is synchronous, and a checkpoint on the serving thread (SQLite's automatic
 * one, every 1000 pages) stalled every room's moves for tens of milliseconds (bench/server.ts p99).
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy now: the next one copies what this one would have.
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;
const CHECKPOINT_EVERY_MS = 1000;

export class SqliteStore<T> implements RoomStore<T> {
  private pending: PendingSave[] = [];
  private readonly checkpointer: Worker | null = null;
  private readonly db: Database.Database;
  private readonly loadRoom: Database.Statement<[string, number], { version: number; state: string }>;
  private readonly insertRoom: Database.Statement<[string, number, string, number]>;
  private readonly updateRoom: Database.Statement<[number, string, number, string, number, number]>;
  private readonly replaceExpired: Database.Statement<[number, string, number, string, number]>;
  private readonly sweepRooms: Database.Statement<[number]>;
  private readonly countRooms: Database.Statement<[number], { n: number }>;

  constructor(file: string, private readonly now: () => number = Date.now) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // WAL with NORMAL survives a process crash (not a power cut) without an fsync per move.
    this.db.pragma('synchronous = NORMAL');
    if (file !== ':memory:') {
      this.db.pragma('wal_autocheckpoint = 0');
      this.checkpointer = new Worker(CHECKPOINTER, {
        eval: true,
        workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), everyMs: CHECKPOINT_EVERY_MS },
      });
      // It neither keeps the process alive nor may take it down: the next start checkpoints what is left.
      this.checkpointer.unref();
      this.checkpointer.on('error', () => undefined);
    }
    this.db.exec(`CREATE TABLE IF NOT EXISTS rooms (
      id TEXT PRIMARY KEY,
      version INTEGER NOT NULL,
      state TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    ) WITHOUT ROWID`);
    this.db.exec('CREATE INDEX IF NOT EXISTS rooms_expiry ON rooms (expires_at)');
    this.loadRoom = this.db.prepare('SELECT version, state FROM rooms WHERE id = ? AND expires_at > ?');
    this.insertRoom = this.db.prepare('INSERT OR IGNORE INTO rooms (id, version, state, expires_at) VALUES (?, ?, ?, ?)');
    // An expired room is absent to a change made on it before it expired, as to everyone else.
    this.updateRoom = this.db.prepare('UPDATE rooms SET version = ?, state = ?, expires_at = ? WHERE id = ? AND version = ? AND expires_at > ?');
    // An expired room not yet swept counts as absent: a new one may take its id.
    this.replaceExpired = this.db.prepare('UPDATE rooms SET version = ?, state = ?, expires_at = ? WHERE id = ? AND expires_at <= ?');
    this.sweepRooms = this.db.prepare('DELETE FROM rooms WHERE expires_at <= ?');
    this.countRooms = this.db.prepare('SELECT count(*) AS n FROM rooms WHERE expires_at > ?');
  }

  async load(id: string): Promise<Stored<T> | null> {
    const row = this.loadRoom.get(id, this.now());
    return row ? { version: row.version, value: JSON.parse(row.state) as T } : null;
  }

  /**
   * Saves wait for the end of this turn of the event loop and are committed together, in one
   * transaction: a commit costs about as much as the write itself, and under load many rooms change
   * in the same turn. Each save is still its own compare-and-set, in order.
   */
  save(id: string, value: T, expected: number, expiresAt: number): Promise<number | null> {
    return new Promise((resolve, reject) => {
      this.pending.push({ id, state: JSON.stringify(value), expected, expiresAt, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.commit());
    });
  }

  private commit(): void {
    const batch = this.pending;
    this.pending = [];
    let versions: (number | null)[];
    try {
      versions = this.db.transaction(() => batch.map((save) => this.saveNow(save)))();
    } catch (error) {
      for (const save of batch) save.reject(error);
      return;
    }
    batch.forEach((save, i) => save.resolve(versions[i]!));
  }

  private saveNow({ id, state, expected, expiresAt }: PendingSave): number | null {
    if (expected === 0) {
      if (this.insertRoom.run(id, 1, state, expiresAt).changes === 1) return 1;
      return this.replaceExpired.run(1, state, expiresAt, id, this.now()).changes === 1 ? 1 : null;
    }
    return this.updateRoom.run(expected + 1, state, expiresAt, id, expected, this.now()).changes === 1 ? expected + 1 : null;
  }

  async sweep(now: number): Promise<number> {
    return this.sweepRooms.run(now).changes;
  }

  async count(): Promise<number> {
    return this.countRooms.get(this.now())?.n ?? 0;
  }

  async close(): Promise<void> {
    if (this.pending.length > 0) this.commit();
    if (this.checkpointer) {
      const stopped = new Promise((resolve) => this.checkpointer!.once('exit', resolve));
      this.checkpointer.ref();
      this.checkpointer.postMessage('stop');
      await stopped;
      // Leaving, the log goes back into the file at once: nothing serves from this thread any more.
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    }
    this.db.close();
  }
}
