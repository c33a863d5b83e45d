/**
 * The rooms this process holds in memory, by id. A room is taken through one function, `withRoom`
 * (found live, or loaded and kept), and given back when `use` settles; it leaves memory by itself
 * once nothing keeps it (LiveRoom: no connection, nothing queued, nobody holding it), and the
 * registry then forgets it, stops its clock and stops hearing of its changes: no path releases a
 * room by hand, so none forgets to and none does it twice.
 */
import type { RoomState } from '../core/room.js';
import { LiveRoom } from './live-room.js';
import { noSuchRoom } from './refusal.js';
import type { RoomEnv } from './room-env.js';
import { restore, RoomHistory } from './room-history.js';

export class RoomRegistry {
  private readonly rooms = new Map<string, LiveRoom>();
  private readonly loading = new Map<string, Promise<LiveRoom | null>>();

  constructor(private readonly env: RoomEnv) {}

  /** Rooms held in memory. */
  get size(): number {
    return this.rooms.size;
  }

  /** The room if it is in memory (a connection of it is held here, or someone holds it). */
  live(id: string | null): LiveRoom | undefined {
    return id === null ? undefined : this.rooms.get(id);
  }

  all(): IterableIterator<LiveRoom> {
    return this.rooms.values();
  }

  /** A room just created and stored by this process: its creator's connection is attached at once. */
  adopt(state: RoomState): LiveRoom {
    return this.keep(new LiveRoom(this.env, new RoomHistory(state, 1, 1, []), this.forget));
  }

  /**
   * Runs `use` on the room, found live or loaded (no-such-room when it is in no storage), and keeps
   * the room in memory until `use` settles. Taken in the same turn as the call when it is live.
   */
  async withRoom<T>(id: string, use: (room: LiveRoom) => Promise<T>): Promise<T> {
    const live = this.rooms.get(id);
    if (live) return live.hold(() => use(live));
    const loaded = await this.loadOnce(id);
    if (!loaded) throw noSuchRoom();
    // Two loads of one room at once give one room.
    const room = this.rooms.get(id) ?? this.keep(loaded);
    return room.hold(() => use(room));
  }

  /** The room as it is now, live or loaded (not kept): null when it is in no storage. */
  async peek(id: string): Promise<RoomState | null> {
    const room = this.rooms.get(id) ?? (await this.loadOnce(id));
    return room?.state ?? null;
  }

  private keep(room: LiveRoom): LiveRoom {
    this.rooms.set(room.id, room);
    this.env.cluster.watch(room.id);
    return room;
  }

  private readonly forget = (room: LiveRoom): void => {
    if (this.rooms.get(room.id) !== room) return;
    this.rooms.delete(room.id);
    this.env.scheduler.cancel(room.id);
    this.env.cluster.unwatch(room.id);
  };

  private loadOnce(id: string): Promise<LiveRoom | null> {
    let loading = this.loading.get(id);
    if (!loading) {
      loading = this.env.store
        .load(id)
        .then((stored) => {
          if (!stored) return null;
          const { state, changes, before } = restore(stored);
          return new LiveRoom(this.env, new RoomHistory(state, stored.version, stored.snapshotVersion, changes, before), this.forget);
        })
        .finally(() => this.loading.delete(id));
      this.loading.set(id, loading);
    }
    return loading;
  }
}
