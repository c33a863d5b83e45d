/**
 * Where rooms live between messages: a narrow interface, so one process (memory, SQLite) and several
 * (Redis) run the same room code. A room is stored whole with a version; a save succeeds only when
 * the version is still the one the change was made on (compare-and-set), so two changes never both
 * land on the same state.
 */
export interface Stored<T> {
  version: number;
  value: T;
}

export interface RoomStore<T> {
  /** The room and its version, or null when there is none (or it expired). */
  load(id: string): Promise<Stored<T> | null>;
  /**
   * Saves `value` if the stored version is `expected` (0: the room must not exist yet). Returns the new
   * version, or null when another change got there first. `expiresAt` (ms since the epoch) replaces
   * the room's expiry.
   */
  save(id: string, value: T, expected: number, expiresAt: number): Promise<number | null>;
  /** Removes the rooms expired at `now`; returns how many. */
  sweep(now: number): Promise<number>;
  /** How many rooms are stored (for /healthz). */
  count(): Promise<number>;
  close(): Promise<void>;
}
