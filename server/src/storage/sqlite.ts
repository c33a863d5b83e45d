/**
 * Rooms in an SQLite file (better-sqlite3): the embedded default for one server process (one process
 * per file: it keeps every room's head in memory). Write-ahead logging, so a process killed at any
 * moment restarts with every change it had committed.
 *
 * The tables: `room_snapshots` (a room's last snapshot and its version, written only when one is
 * taken), `room_journal` (every change, a row with the room, its version and the entry; keyed by an
 * increasing rowid alone, so an append adds a row at the end of one B-tree and touches no index) and
 * `room_heads` (a room's expiry). A room's version, its journal rows and its expiry live in memory
 * (`Head`), read once from the file when it is opened: the compare-and-set of an append is made there,
 * and an append writes its journal rows only. The stored expiry moves only when the room would
 * otherwise expire before the time asked, and then EXPIRY_SLACK_MS further: a room may outlive a
 * restart by up to that much, while the process that asked keeps the exact expiry.
 *
 * Group commit: every append of one turn of the event loop waits for the end of that turn and is
 * committed with the others in one transaction (a commit costs about as much as the writes in it, and
 * under load many rooms change in the same turn); each append is still its own compare-and-set, and
 * its promise settles only once the transaction is committed, so no view of a change goes out before
 * the change is stored. The journal rows no load needs any more (KEPT_BEFORE_SNAPSHOT changes before a
 * snapshot, or a swept room's) are deleted a few in each later transaction.
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

/** How much later than asked a room's stored expiry may be: the stored one moves at most once per this much. */
export const EXPIRY_SLACK_MS = 60_000;

/** The journal rows no load needs that one transaction deletes, beside its appends. */
const TRIM_PER_COMMIT = 256;

/** A room as this process knows it: its version, where its journal rows are, its expiry. */
interface Head {
  version: number;
  snapshotVersion: number;
  /** The version of `rows[0]`; the rows are every version from it to `version`, in order. */
  firstVersion: number;
  /** The journal's rowids of the room's kept changes. */
  rows: number[];
  /** The expiry asked for last (ms since the epoch). */
  expiresAt: number;
  /** The expiry in the file: never before `expiresAt`. */
  storedExpiresAt: number;
}

/** What one append changed in a head, to put it back when its transaction fails. */
interface HeadUndo {
  head: Head;
  before: Omit<Head, 'rows'>;
  /** Rowids it added at the end of `rows`. */
  added: number;
  /** Rowids it took off the start of `rows` at a snapshot (put in the trim queue), after adding its own. */
  dropped: number[];
}

export class SqliteLog implements RoomLog {
  private pending: PendingAppend[] = [];
  private readonly checkpointer: Worker | null = null;
  private readonly db: Database.Database;
  private readonly statements;
  private readonly heads = new Map<string, Head>();
  /** Journal rowids no load needs any more, deleted TRIM_PER_COMMIT at a time. */
  private trimQueue: number[] = [];
  /** The batch of one turn's appends, in one transaction (made once: better-sqlite3 prepares its BEGIN and COMMIT). */
  private readonly commitBatch: (batch: PendingAppend[], undo: HeadUndo[]) => boolean[];

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
    const exists = (table: string) => this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
    const earlierLogs = exists('room_logs');
    if (earlierLogs) this.db.exec('ALTER TABLE room_snapshots RENAME TO room_snapshots_earlier');
    this.db.exec('CREATE TABLE IF NOT EXISTS room_heads (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID');
    this.db.exec('CREATE TABLE IF NOT EXISTS room_snapshots (id TEXT PRIMARY KEY, version INTEGER NOT NULL, snapshot TEXT NOT NULL)');
    this.db.exec('CREATE TABLE IF NOT EXISTS room_journal (seq INTEGER PRIMARY KEY, room TEXT NOT NULL, version INTEGER NOT NULL, entry TEXT NOT NULL)');
    if (earlierLogs) this.moveEarlierLogs();
    const legacy = exists('rooms');
    this.statements = {
      snapshot: this.db.prepare<[string], { version: number; snapshot: string }>('SELECT version, snapshot FROM room_snapshots WHERE id = ?'),
      entry: this.db.prepare<[number], { entry: string }>('SELECT entry FROM room_journal WHERE seq = ?'),
      putHead: this.db.prepare<[string, number]>('INSERT OR REPLACE INTO room_heads (id, expires_at) VALUES (?, ?)'),
      putExpiry: this.db.prepare<[number, string]>('UPDATE room_heads SET expires_at = ? WHERE id = ?'),
      putSnapshot: this.db.prepare<[string, number, string]>('INSERT OR REPLACE INTO room_snapshots (id, version, snapshot) VALUES (?, ?, ?)'),
      insertEntry: this.db.prepare<[string, number, string]>('INSERT INTO room_journal (room, version, entry) VALUES (?, ?, ?)'),
      deleteEntry: this.db.prepare<[number]>('DELETE FROM room_journal WHERE seq = ?'),
      deleteHead: this.db.prepare<[string]>('DELETE FROM room_heads WHERE id = ?'),
      deleteSnapshot: this.db.prepare<[string]>('DELETE FROM room_snapshots WHERE id = ?'),
      legacyLoad: legacy ? this.db.prepare<[string, number], { state: string; expires_at: number }>('SELECT state, expires_at FROM rooms WHERE id = ? AND expires_at > ?') : null,
      legacyDelete: legacy ? this.db.prepare<[string]>('DELETE FROM rooms WHERE id = ?') : null,
      legacySweep: legacy ? this.db.prepare<[number]>('DELETE FROM rooms WHERE expires_at <= ?') : null,
    };
    this.readHeads();
    this.commitBatch = this.db.transaction((batch: PendingAppend[], undo: HeadUndo[]) => {
      const appended = batch.map((append) => this.appendNow(append, undo));
      this.trimSome(TRIM_PER_COMMIT);
      return appended;
    });
  }

  /** Every room's head, from the file: its expiry, its snapshot's version and its journal rows. */
  private readHeads(): void {
    const expiries = this.db.prepare<[], { id: string; expires_at: number }>('SELECT id, expires_at FROM room_heads').all();
    const snapshots = new Map(this.db.prepare<[], { id: string; version: number }>('SELECT id, version FROM room_snapshots').all().map((r) => [r.id, r.version]));
    for (const { id, expires_at } of expiries) {
      const snapshotVersion = snapshots.get(id) ?? 1;
      this.heads.set(id, { version: snapshotVersion, snapshotVersion, firstVersion: snapshotVersion + 1, rows: [], expiresAt: expires_at, storedExpiresAt: expires_at });
    }
    // Rows in the order they were written: a room's versions come in order, each once.
    const rows = this.db.prepare<[], [number, string, number]>('SELECT seq, room, version FROM room_journal ORDER BY seq').raw();
    for (const [seq, room, version] of rows.iterate()) {
      const head = this.heads.get(room);
      if (!head || version <= head.snapshotVersion - KEPT_BEFORE_SNAPSHOT) {
        this.trimQueue.push(seq);
        continue;
      }
      if (head.rows.length === 0) head.firstVersion = version;
      head.rows.push(seq);
      head.version = Math.max(head.version, version);
    }
  }

  /**
   * A file of the server before the journal (a row per room with its version in `room_logs`, its
   * changes keyed by room and version in `room_entries`): moved into the journal's tables once.
   */
  private moveEarlierLogs(): void {
    this.db.transaction(() => {
      this.db.exec(`INSERT OR REPLACE INTO room_heads (id, expires_at) SELECT id, expires_at FROM room_logs;
        INSERT OR REPLACE INTO room_snapshots (id, version, snapshot)
          SELECT s.id, l.snapshot_version, s.snapshot FROM room_snapshots_earlier s JOIN room_logs l ON l.id = s.id;
        INSERT INTO room_journal (room, version, entry) SELECT room, version, entry FROM room_entries ORDER BY room, version;
        DROP TABLE room_entries; DROP TABLE room_snapshots_earlier; DROP TABLE room_logs;`);
    })();
  }

  private live(id: string, now = this.now()): Head | undefined {
    const head = this.heads.get(id);
    return head && head.expiresAt > now ? head : undefined;
  }

  /** The file's connection, which the player store shares (players/sqlite.ts): one writer per file. */
  get database(): Database.Database {
    return this.db;
  }

  async create(id: string, snapshot: string, expiresAt: number): Promise<boolean> {
    // An expired room not yet swept counts as absent: a new one may take its id.
    const old = this.heads.get(id);
    if (old && old.expiresAt > this.now()) return false;
    this.db.transaction(() => {
      if (old) for (const seq of old.rows) this.statements.deleteEntry.run(seq);
      this.statements.putHead.run(id, expiresAt);
      this.statements.putSnapshot.run(id, 1, snapshot);
    })();
    this.heads.set(id, { version: 1, snapshotVersion: 1, firstVersion: 2, rows: [], expiresAt, storedExpiresAt: expiresAt });
    return true;
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
    // The heads change in place as the batch goes; a batch that fails puts them back as they were.
    const undo: HeadUndo[] = [];
    const trimQueue = this.trimQueue;
    const trimQueueLength = trimQueue.length;
    let appended: boolean[];
    try {
      appended = this.commitBatch(batch, undo);
    } catch (error) {
      for (let i = undo.length - 1; i >= 0; i--) {
        const { head, before, added, dropped } = undo[i]!;
        head.rows.unshift(...dropped);
        head.rows.length -= added;
        Object.assign(head, before);
      }
      // Nothing was deleted either: the rows it took off the queue go back, the ones it queued go.
      trimQueue.length = trimQueueLength;
      this.trimQueue = trimQueue;
      for (const append of batch) append.reject(error);
      return;
    }
    batch.forEach((append, i) => append.resolve(appended[i]!));
  }

  private appendNow({ id, expected, entries, snapshot, expiresAt }: PendingAppend, undo: HeadUndo[]): boolean {
    const now = this.now();
    const head = this.heads.get(id);
    // The compare-and-set: an expired room is absent to a change made on it before it expired, as to everyone else.
    if (!head || head.expiresAt <= now || head.version !== expected) return false;
    const { version, snapshotVersion, firstVersion, expiresAt: expiresBefore, storedExpiresAt } = head;
    const change: HeadUndo = { head, before: { version, snapshotVersion, firstVersion, expiresAt: expiresBefore, storedExpiresAt }, added: 0, dropped: [] };
    undo.push(change);
    for (const entry of entries) {
      const rowid = Number(this.statements.insertEntry.run(id, head.version + 1, entry).lastInsertRowid);
      head.version++;
      if (head.rows.length === 0) head.firstVersion = head.version;
      head.rows.push(rowid);
      change.added++;
    }
    head.expiresAt = expiresAt;
    if (head.storedExpiresAt < expiresAt || head.storedExpiresAt > expiresAt + EXPIRY_SLACK_MS) {
      head.storedExpiresAt = expiresAt + EXPIRY_SLACK_MS;
      this.statements.putExpiry.run(head.storedExpiresAt, id);
    }
    if (snapshot !== null) {
      this.statements.putSnapshot.run(id, head.version, snapshot);
      head.snapshotVersion = head.version;
      const drop = Math.max(0, head.version - KEPT_BEFORE_SNAPSHOT - head.firstVersion + 1);
      if (drop > 0) {
        change.dropped = head.rows.splice(0, drop);
        for (const seq of change.dropped) this.trimQueue.push(seq);
        head.firstVersion += drop;
      }
    }
    return true;
  }

  private trimSome(most: number): void {
    if (this.trimQueue.length === 0) return;
    const rows = this.trimQueue.length <= most ? this.trimQueue : this.trimQueue.slice(0, most);
    this.trimQueue = rows === this.trimQueue ? [] : this.trimQueue.slice(most);
    for (const seq of rows) this.statements.deleteEntry.run(seq);
  }

  /** The entries of `head` after `version`, oldest first. */
  private entriesAfter(head: Head, version: number): string[] {
    const from = Math.max(0, version + 1 - head.firstVersion);
    return head.rows.slice(from).map((seq) => this.statements.entry.get(seq)!.entry);
  }

  async load(id: string): Promise<StoredRoom | null> {
    const head = this.live(id);
    if (!head) return this.loadLegacy(id);
    const stored = this.statements.snapshot.get(id)!;
    return { version: head.version, snapshot: stored.snapshot, snapshotVersion: stored.version, entries: this.entriesAfter(head, stored.version) };
  }

  async since(id: string, version: number): Promise<StoredRoom | null> {
    const head = this.live(id);
    if (!head) return null;
    const oldest = head.rows.length > 0 ? head.firstVersion : head.version + 1;
    if (version + 1 < oldest && version < head.version) return this.load(id);
    return { version: head.version, snapshot: null, snapshotVersion: head.snapshotVersion, entries: this.entriesAfter(head, version) };
  }

  /**
   * A room stored by the server before rooms were logs (one `rooms` row, the whole room as JSON): it
   * moves into the log tables as their snapshot, once, when it is first loaded (the room layer reads
   * the older format).
   */
  private loadLegacy(id: string): StoredRoom | null {
    const { legacyLoad, legacyDelete } = this.statements;
    const row = legacyLoad?.get(id, this.now());
    if (!row || !legacyDelete || this.heads.has(id)) return null;
    const snapshot = row.state;
    this.db.transaction(() => {
      this.statements.putHead.run(id, row.expires_at);
      this.statements.putSnapshot.run(id, 1, snapshot);
      legacyDelete.run(id);
    })();
    this.heads.set(id, { version: 1, snapshotVersion: 1, firstVersion: 2, rows: [], expiresAt: row.expires_at, storedExpiresAt: row.expires_at });
    return { version: 1, snapshot, snapshotVersion: 1, entries: [] };
  }

  async sweep(now: number): Promise<number> {
    const expired = [...this.heads].filter(([, head]) => head.expiresAt <= now);
    this.db.transaction(() => {
      for (const [id, head] of expired) {
        this.statements.deleteHead.run(id);
        this.statements.deleteSnapshot.run(id);
        for (const seq of head.rows) this.trimQueue.push(seq);
      }
      this.trimSome(this.trimQueue.length);
      this.statements.legacySweep?.run(now);
    })();
    for (const [id] of expired) this.heads.delete(id);
    return expired.length;
  }

  async count(): Promise<number> {
    const now = this.now();
    let live = 0;
    for (const head of this.heads.values()) if (head.expiresAt > now) live++;
    return live;
  }

  async close(): Promise<void> {
    if (this.pending.length > 0) this.commit();
    this.db.transaction(() => this.trimSome(this.trimQueue.length))();
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
