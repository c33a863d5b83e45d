/**
 * Committing a room's changes, save before send: a change's entries are built on the room as
 * committed and applied by the pure core, appended to the room's log with a compare-and-set on its
 * version, and only once they are stored does the room take the new state and broadcast the change
 * to its connections. A compare-and-set lost to another process catches up on what it stored and
 * builds the change again; another process's change, announced by a version notice, is caught up on
 * the same way.
 */
import type { Seat } from 'domino-game/engine';
import { decodeEntry, encodeEntry, type Entry } from '../core/entries.js';
import { othersHold } from '../core/presence.js';
import type { Refused, RoomState } from '../core/room.js';
import { noSuchRoom, Refusal, refusal } from './refusal.js';
import type { RoomEnv } from './room-env.js';
import { replay, restore, type Replayed, type RoomHistory } from './room-history.js';

/** What a change makes of the room it is made on: its entries, or why it is refused. */
export type Build = (room: RoomState, now: number) => Entry[] | Refused;

export interface Committed {
  room: RoomState;
  /** For `join`: the seat taken. */
  seat?: Seat;
}

/** The room a change is committed to (a LiveRoom). */
export interface CommitTarget {
  readonly id: string;
  readonly env: RoomEnv;
  readonly history: RoomHistory;
  /** Whether the room left this process's memory. */
  readonly released: boolean;
  /** Runs `work` after everything queued for the room before it. */
  queued<T>(work: () => Promise<T>): Promise<T>;
  /** After a change is taken (or caught up on): the connections hear of it, and what is due is scheduled. */
  afterChange(changes: Replayed['changes']): void;
  /** The room is gone from storage (expired): its connections are closed and it leaves memory. */
  expire(reason: string): void;
}

/** How often a change that lost a compare-and-set is made again on the caught-up room before giving up. */
const MAX_ATTEMPTS = 5;
/** A catch-up on another process's change that failed is tried again after this long, doubling up to the most. */
const FOLLOW_RETRY_MS = 250;
const FOLLOW_RETRY_MAX_MS = 4000;

/** How long to wait before trying again a room's storage work that failed `attempt + 1` times in a row. */
export const storageRetryMs = (attempt: number) => Math.min(FOLLOW_RETRY_MS * 2 ** attempt, FOLLOW_RETRY_MAX_MS);

/**
 * Makes one change to the room, after the changes queued before it: builds its entries on the room as
 * committed, applies them, appends them (with a snapshot now and then), and only once they are stored
 * takes the new state, runs `committed` (to welcome the client the change seated) and broadcasts
 * the change. A compare-and-set lost to another process catches up and builds again.
 */
export function commitChange(room: CommitTarget, build: Build, committed?: (result: Committed) => void): Promise<Committed> {
  const { env, history } = room;
  return room.queued(async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const now = env.now();
      const built = build(history.state, now);
      if (!Array.isArray(built)) throw refusal(built);
      const { state, changes, seat } = replay(history.state, built, [], refusal);
      const snapshot = history.wantsSnapshot(built) ? history.snapshotOf(state, changes) : null;
      // Told to the processes holding connections of the room before the change or after it (a seat's
      // connection taken from another process: that process lets its own go once it hears).
      const announce = othersHold(history.state, env.processId) || othersHold(state, env.processId);
      const encoded = built.map(encodeEntry);
      let appended: boolean;
      try {
        appended = await env.store.append(room.id, history.version, encoded, snapshot, env.expiry(state, now), { announce });
      } catch (error) {
        // Storage may have taken the entries and lost only its answer (its connection dropped mid-reply):
        // what it holds says whether the change was made, so that one made is not refused as not made.
        if (!(await landedAfterAll(room, encoded))) {
          // Whatever storage holds is taken once it answers again, without waiting for the room's next change.
          followChange(room, history.version + 1);
          throw error;
        }
        appended = true;
      }
      if (env.debug) env.log.debug({ event: 'append', room: room.id, version: history.version, entries: built.map((e) => e.type), appended, announce }, 'append');
      if (appended) {
        history.advance(state, history.version + built.length, changes, { snapshotted: snapshot !== null });
        const result = { room: state, ...(seat !== undefined ? { seat } : {}) };
        committed?.(result);
        room.afterChange(changes);
        return result;
      }
      // Another process changed the room first: take its changes, then build this one again.
      await catchUp(room);
    }
    throw new Refusal('unavailable', 'the room is changing too fast; try again');
  });
}

/**
 * Catches up on a change another process announced (the room's log at `version`). The notice may come
 * before storage answers again (after Redis comes back, the channel's connection may be ready before
 * the commands' one): a read that fails is tried again, less and less often, while this process still
 * holds the room, so that its seats never stay behind. A notice of a version the room reached by the
 * time its turn in the queue comes (this process's own append, whose notice beat its answer) reads
 * nothing.
 */
export function followChange(room: CommitTarget, version: number, attempt = 0): void {
  void room.queued(async () => (version > room.history.version ? catchUp(room) : undefined)).catch((error: unknown) => {
    if (error instanceof Refusal || room.released) return;
    room.env.log.warn({ err: error, room: room.id, attempt }, 'could not follow a change from another process; trying again');
    setTimeout(() => followChange(room, version, attempt + 1), storageRetryMs(attempt)).unref();
  });
}

/** Whether the room's log holds `encoded` right after the version this process holds (false when that cannot be read or told). */
async function landedAfterAll(room: CommitTarget, encoded: readonly string[]): Promise<boolean> {
  const { env, history } = room;
  try {
    const stored = await env.store.since(room.id, history.version);
    return stored !== null && stored.snapshot === null && encoded.every((entry, i) => stored.entries[i] === entry);
  } catch {
    return false;
  }
}

/** Reads the entries this process lacks and applies them; throws no-such-room when the room is gone. */
async function catchUp(room: CommitTarget): Promise<void> {
  const { env, history } = room;
  const stored = await env.store.since(room.id, history.version);
  if (env.debug) env.log.debug({ event: 'catch-up', room: room.id, version: history.version, stored: stored && { version: stored.version, snapshot: stored.snapshot !== null, entries: stored.entries.length } }, 'catch up');
  if (!stored) {
    room.expire('the room expired');
    throw noSuchRoom();
  }
  if (stored.version <= history.version) return;
  if (stored.snapshot !== null) {
    // Our version is older than the log keeps: start again from its snapshot.
    // The snapshot keeps its last changes' events: a seat here behind by a few still hears them.
    history.reset(restore(stored), stored.version, stored.snapshotVersion);
  } else {
    const replayed = replay(history.state, stored.entries.map(decodeEntry));
    history.advance(replayed.state, stored.version, replayed.changes, { snapshotted: false });
  }
  room.afterChange([]);
}
