/**
 * Where rooms live between changes: each room is a log, its last snapshot plus the changes since, so
 * a change costs one small append rather than the whole room rewritten. One process (memory, SQLite)
 * and several (Redis) run the same room code through this interface. Snapshots and entries are text
 * here (the room layer encodes and checks them); versions count the room's changes, its creation
 * being the first.
 *
 * An append succeeds only when the stored version is still the one it was made on (compare-and-set),
 * so two processes never both add a change to the same state: the loser catches up and tries again.
 */
export interface StoredRoom {
  /** How many changes the room's log holds (its creation is version 1). */
  version: number;
  /** The room as of `snapshotVersion`, or null when `entries` alone bring the reader up to date (`since`). */
  snapshot: string | null;
  snapshotVersion: number;
  /** The changes after the snapshot (or after the version asked for), oldest first, up to `version`. */
  entries: string[];
}

export interface AppendOptions {
  /**
   * Whether the other processes sharing the log are told of the append (true when left out). False
   * when none of them holds a connection of the room: none needs the notice, and its own process
   * already has the change. The append is a compare-and-set, so it is made on the room as last stored,
   * whose presence says who holds its connections; a process that takes a connection of the room
   * stores that first, so the appends after it are announced.
   */
  announce?: boolean;
}

export interface RoomLog {
  /** Stores a new room at version 1; false when the id is taken (by a room not yet expired). */
  create(id: string, snapshot: string, expiresAt: number): Promise<boolean>;
  /**
   * Appends `entries` if the room is still at version `expected`; with `snapshot`, the room as of the
   * last of them, so later loads start there. False when another change got there first (or the room
   * is gone). `expiresAt` (ms since the epoch) replaces the room's expiry. A log shared by several
   * processes (Redis) announces a landed append's new version to them in the same step, so that a
   * change stored is a change heard of (AppendOptions.announce).
   */
  append(id: string, expected: number, entries: string[], snapshot: string | null, expiresAt: number, options?: AppendOptions): Promise<boolean>;
  /** The room: its snapshot and every entry after it; null when there is none (or it expired). */
  load(id: string): Promise<StoredRoom | null>;
  /**
   * What a reader at `version` lacks: the entries after it when the log still has them (`snapshot`
   * null), else the snapshot and the entries after that. Null when the room is gone.
   */
  since(id: string, version: number): Promise<StoredRoom | null>;
  /** Removes the rooms expired at `now`; returns how many. */
  sweep(now: number): Promise<number>;
  /** How many rooms are stored (for /healthz). */
  count(): Promise<number>;
  close(): Promise<void>;
}

/**
 * How many changes a log keeps from before its last snapshot: enough for another process that
 * missed a few (a notice in flight while a round ended) to read just those, and so to tell its
 * seats every change's events.
 */
export const KEPT_BEFORE_SNAPSHOT = 64;
