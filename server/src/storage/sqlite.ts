/**
 * Rooms in an SQLite file (better-sqlite3): the embedded default for one server process. A room is a
 * row with its last snapshot, and its changes are rows of a second table; write-ahead logging, so a
 * process killed at any moment restarts with every change it had committed.
 *
 * Group commit: every append of one turn of the event loop waits for the end of that turn and is
 * committed with the others in one transaction (a commit costs about as much as the writes in it, and
 * under load many rooms change in the same turn); each append is still its own compare-and-set, and
 * its promise settles only once the transaction is committed, so no view of a change goes out before
 * the change is stored.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { KEPT_BEFORE_SNAPSHOT, type RoomLog, type StoredRoom } from './log.js';

interface PendingAppend {
  id: string;
  expected: number;
  entries: string[];
  snapshot: string | null;
  expiresAt: number;
  resolve(appended: boolean): void;
  reject(error: unknown): void;
}

/**
 * Copies the write-ahead log back into the database file, from a thread of its own with a connection
 * of its own: better-sqlite3 is synchronous, and a checkpoint on the serving thread (SQLite's automatic
 * one, every 1000 pages) stalled every room's moves for tens of milliseconds.
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

type Row = { version: number; snapshot: string; snapshot_version: number };

export class SqliteLog implements RoomLog {
  private pending: PendingAppend[] = [];
  private readonly checkpointer: Worker | null = null;
  private readonly db: Database.Database;
  private readonly statements;

  constructor(file: string, private readonly now: () => number = Date.now) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // WAL with NORMAL survives a process crash (not a power cut) without an fsync per commit.
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
    this.db.exec(`CREATE TABLE IF NOT EXISTS room_logs (
      id TEXT PRIMARY KEY,
      version INTEGER NOT NULL,
      snapshot TEXT NOT NULL,
      snapshot_version INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    ) WITHOUT ROWID`);
    this.db.exec('CREATE INDEX IF NOT EXISTS room_logs_expiry ON room_logs (expires_at)');
    this.db.exec(`CREATE TABLE IF NOT EXISTS room_entries (
      room TEXT NOT NULL,
      version INTEGER NOT NULL,
      entry TEXT NOT NULL,
      PRIMARY KEY (room, version)
    ) WITHOUT ROWID`);
    const legacy = this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rooms'").get() !== undefined;
    this.statements = {
      load: this.db.prepare<[string, number], Row>('SELECT version, snapshot, snapshot_version FROM room_logs WHERE id = ? AND expires_at > ?'),
      entriesAfter: this.db.prepare<[string, number], { entry: string }>('SELECT entry FROM room_entries WHERE room = ? AND version > ? ORDER BY version'),
      oldest: this.db.prepare<[string], { version: number }>('SELECT min(version) AS version FROM room_entries WHERE room = ?'),
      insert: this.db.prepare<[string, string, number]>('INSERT OR IGNORE INTO room_logs (id, version, snapshot, snapshot_version, expires_at) VALUES (?, 1, ?, 1, ?)'),
      // An expired room not yet swept counts as absent: a new one may take its id.
      replaceExpired: this.db.prepare<[string, number, string, number]>(
        'UPDATE room_logs SET version = 1, snapshot = ?, snapshot_version = 1, expires_at = ? WHERE id = ? AND expires_at <= ?',
      ),
      forgetEntries: this.db.prepare<[string]>('DELETE FROM room_entries WHERE room = ?'),
      // The compare-and-set: an expired room is absent to a change made on it before it expired, as to everyone else.
      advance: this.db.prepare<[number, number, string, number, number]>('UPDATE room_logs SET version = ?, expires_at = ? WHERE id = ? AND version = ? AND expires_at > ?'),
      advanceWithSnapshot: this.db.prepare<[number, number, string, number, string, number, number]>(
        'UPDATE room_logs SET version = ?, expires_at = ?, snapshot = ?, snapshot_version = ? WHERE id = ? AND version = ? AND expires_at > ?',
      ),
      insertEntry: this.db.prepare<[string, number, string]>('INSERT INTO room_entries (room, version, entry) VALUES (?, ?, ?)'),
      trimEntries: this.db.prepare<[string, number]>('DELETE FROM room_entries WHERE room = ? AND version <= ?'),
      sweepEntries: this.db.prepare<[number]>('DELETE FROM room_entries WHERE room IN (SELECT id FROM room_logs WHERE expires_at <= ?)'),
      sweepRooms: this.db.prepare<[number]>('DELETE FROM room_logs WHERE expires_at <= ?'),
      count: this.db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM room_logs WHERE expires_at > ?'),
      legacyLoad: legacy ? this.db.prepare<[string, number], { state: string; expires_at: number }>('SELECT state, expires_at FROM rooms WHERE id = ? AND expires_at > ?') : null,
      legacyDelete: legacy ? this.db.prepare<[string]>('DELETE FROM rooms WHERE id = ?') : null,
      legacySweep: legacy ? this.db.prepare<[number]>('DELETE FROM rooms WHERE expires_at <= ?') : null,
    };
  }

  async create(id: string, snapshot: string, expiresAt: number): Promise<boolean> {
    return this.db.transaction(() => {
      const created = this.statements.insert.run(id, snapshot, expiresAt).changes === 1 || this.statements.replaceExpired.run(snapshot, expiresAt, id, this.now()).changes === 1;
      if (created) this.statements.forgetEntries.run(id);
      return created;
    })();
  }

  append(id: string, expected: number, entries: string[], snapshot: string | null, expiresAt: number): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.pending.push({ id, expected, entries, snapshot, expiresAt, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.commit());
    });
  }

  private commit(): void {
    const batch = this.pending;
    this.pending = [];
    let appended: boolean[];
    try {
      appended = this.db.transaction(() => batch.map((append) => this.appendNow(append)))();
    } catch (error) {
      for (const append of batch) append.reject(error);
      return;
    }
    batch.forEach((append, i) => append.resolve(appended[i]!));
  }

  private appendNow({ id, expected, entries, snapshot, expiresAt }: PendingAppend): boolean {
    const version = expected + entries.length;
    const now = this.now();
    const moved =
      snapshot === null
        ? this.statements.advance.run(version, expiresAt, id, expected, now)
        : this.statements.advanceWithSnapshot.run(version, expiresAt, snapshot, version, id, expected, now);
    if (moved.changes !== 1) return false;
    entries.forEach((entry, i) => this.statements.insertEntry.run(id, expected + 1 + i, entry));
    if (snapshot !== null) this.statements.trimEntries.run(id, version - KEPT_BEFORE_SNAPSHOT);
    return true;
  }

  async load(id: string): Promise<StoredRoom | null> {
    const row = this.statements.load.get(id, this.now());
    if (!row) return this.loadLegacy(id);
    return {
      version: row.version,
      snapshot: row.snapshot,
      snapshotVersion: row.snapshot_version,
      entries: this.statements.entriesAfter.all(id, row.snapshot_version).map((r) => r.entry),
    };
  }

  async since(id: string, version: number): Promise<StoredRoom | null> {
    const row = this.statements.load.get(id, this.now());
    if (!row) return null;
    const oldest = this.statements.oldest.get(id)?.version ?? row.version + 1;
    if (version + 1 < oldest && version < row.version) return this.load(id);
    return { version: row.version, snapshot: null, snapshotVersion: row.snapshot_version, entries: this.statements.entriesAfter.all(id, version).map((r) => r.entry) };
  }

  /**
   * A room stored by the server before rooms were logs (one `rooms` row, the whole room as JSON): it
   * moves into the log tables as their snapshot, once, when it is first loaded (the room layer reads
   * the older format).
   */
  private loadLegacy(id: string): StoredRoom | null {
    const { legacyLoad, legacyDelete } = this.statements;
    const row = legacyLoad?.get(id, this.now());
    if (!row || !legacyDelete) return null;
    const snapshot = row.state;
    this.db.transaction(() => {
      this.statements.insert.run(id, snapshot, row.expires_at);
      legacyDelete.run(id);
    })();
    return { version: 1, snapshot, snapshotVersion: 1, entries: [] };
  }

  async sweep(now: number): Promise<number> {
    return this.db.transaction(() => {
      this.statements.sweepEntries.run(now);
      this.statements.legacySweep?.run(now);
      return this.statements.sweepRooms.run(now).changes;
    })();
  }

  async count(): Promise<number> {
    return this.statements.count.get(this.now())?.n ?? 0;
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
