/**
 * A room as last committed: its state, its log's version, how far its last snapshot is, and the
 * events of its recent changes (so a seat that missed some, on another process or across a
 * reconnect, hears every one). The state is replaced only once a change is stored (`advance`).
 */
import type { Seat } from 'domino-game/engine';
import type { MatchEmitted } from 'domino-game/machine';
import { CorruptEntry, decodeEntry, type Entry } from '../core/entries.js';
import { applyEntry, type Refused, type RoomState } from '../core/room.js';
import { wireEvents } from '../core/views.js';
import { eventsMembers, readSnapshot, snapshotText, type RecentChange } from '../core/stored-room.js';
import type { StoredRoom } from '../storage/log.js';

/** How many changes' events a room keeps for seats that missed some. */
const RECENT_CHANGES = 64;
/** A snapshot at least this often (changes), besides every deal, so a load replays little. */
const SNAPSHOT_EVERY = 50;

export interface Replayed {
  state: RoomState;
  /** The match's events of each change of `seq` replayed, oldest first. */
  changes: { seq: number; events: MatchEmitted[] }[];
  /** For a `join` among the entries: the seat it took. */
  seat?: Seat;
}

/**
 * Applies entries in order, keeping each change of the match's events by its seq. A refused entry
 * throws: by default a CorruptEntry (a stored log that does not fit its snapshot); a live change
 * passes `refused` to throw the refusal to its sender instead.
 */
export function replay(state: RoomState, entries: readonly Entry[], changes: Replayed['changes'] = [], refused?: (refusal: Refused) => Error): Replayed {
  let room = state;
  let seat: Seat | undefined;
  for (const entry of entries) {
    const applied = applyEntry(room, entry);
    if (!applied.ok) throw refused ? refused(applied) : new CorruptEntry(JSON.stringify(entry), `refused on replay: ${applied.code} ${applied.message}`);
    if (applied.room.seq !== room.seq) changes.push({ seq: applied.room.seq, events: applied.events });
    if (applied.seat !== undefined) seat = applied.seat;
    room = applied.room;
  }
  return { state: room, changes, ...(seat !== undefined ? { seat } : {}) };
}

/**
 * A room as stored: its snapshot (upgraded when older) with the entries after it replayed, and the
 * recent changes' events the snapshot kept (`before`: those up to the snapshot).
 */
export function restore(stored: StoredRoom): Replayed & { before: RecentChange[] } {
  if (stored.snapshot === null) throw new Error('restore needs a snapshot');
  const { room, recent } = readSnapshot(stored.snapshot);
  return { ...replay(room, stored.entries.map(decodeEntry)), before: recent };
}

export class RoomHistory {
  /** Entries appended since the last snapshot: a snapshot is taken before the replay grows long. */
  private sinceSnapshot: number;
  /**
   * The recent changes' events as sent (the members of their wire JSON array, '' for none): kept as
   * text, a third of what the event objects took, and serialized once, not for each seat that asks.
   */
  private recent: RecentChange[];

  constructor(
    private current: RoomState,
    private committedVersion: number,
    snapshotVersion: number,
    changes: Replayed['changes'],
    before: readonly RecentChange[] = [],
  ) {
    this.sinceSnapshot = committedVersion - snapshotVersion;
    this.recent = lastRecent(before, asText(changes));
  }

  get state(): RoomState {
    return this.current;
  }

  /** The room log's version this state is at. */
  get version(): number {
    return this.committedVersion;
  }

  get id(): string {
    return this.state.id;
  }

  /** Takes a committed change (or changes caught up from another process). */
  advance(state: RoomState, version: number, changes: Replayed['changes'], { snapshotted }: { snapshotted: boolean }): void {
    this.current = state;
    this.committedVersion = version;
    this.sinceSnapshot = snapshotted ? 0 : this.sinceSnapshot + changes.length;
    if (changes.length > 0) {
      this.recent.push(...asText(changes.slice(-RECENT_CHANGES)));
      if (this.recent.length > RECENT_CHANGES) this.recent.splice(0, this.recent.length - RECENT_CHANGES);
    }
  }

  /** Replaces everything with a fresh copy of the stored room (the log no longer reaches back to ours). */
  reset(restored: ReturnType<typeof restore>, version: number, snapshotVersion: number): void {
    this.current = restored.state;
    this.committedVersion = version;
    this.sinceSnapshot = version - snapshotVersion;
    this.recent = lastRecent(restored.before, asText(restored.changes));
  }

  /** The snapshot of `state`, reached by `changes` from this room's: it keeps the recent changes' events with it. */
  snapshotOf(state: RoomState, changes: Replayed['changes']): string {
    return snapshotText(state, lastRecent(this.recent, asText(changes)));
  }

  /**
   * The wire JSON array of the events of every change after `seq` up to the room's, in order; null
   * when the room no longer has them all (the seat then gets the whole view with no events, which is
   * the view anyway).
   */
  eventsSince(seq: number): string | null {
    if (seq >= this.current.seq) return '[]';
    // The list is usually in unbroken seq order, so the change after `seq` is found by arithmetic (a
    // search from its end otherwise): this runs for every seat at every change.
    const guess = this.recent.length - (this.current.seq - seq);
    let from = this.recent[guess]?.seq === seq + 1 ? guess : -1;
    for (let i = this.recent.length - 1; from < 0 && i >= 0 && this.recent[i]!.seq > seq; i--) if (this.recent[i]!.seq === seq + 1) from = i;
    if (from < 0) return null;
    const parts: string[] = [];
    for (let i = from; i < this.recent.length; i++) if (this.recent[i]!.eventsJson !== '') parts.push(this.recent[i]!.eventsJson);
    return `[${parts.join(',')}]`;
  }

  /** A snapshot with every deal (the log of a round starts empty, so it is small then) and every SNAPSHOT_EVERY changes. */
  wantsSnapshot(entries: readonly Entry[]): boolean {
    return this.sinceSnapshot + entries.length >= SNAPSHOT_EVERY || entries.some((e) => e.type === 'deal' || e.type === 'start' || e.type === 'new-match');
  }
}

function asText(changes: Replayed['changes']): RecentChange[] {
  return changes.map(({ seq, events }) => ({ seq, eventsJson: eventsMembers(wireEvents(events)) }));
}

/** The last RECENT_CHANGES of `earlier` then `later`, skipping what `later` holds again (a snapshot's own changes). */
function lastRecent(earlier: readonly RecentChange[], later: readonly RecentChange[]): RecentChange[] {
  const first = later[0]?.seq ?? Infinity;
  const kept = earlier.filter((change) => change.seq < first);
  return [...kept, ...later].slice(-RECENT_CHANGES);
}
