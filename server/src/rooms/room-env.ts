/**
 * What a live room needs of its process: the storage, the computers, the other processes, the one
 * scheduler, the log, the time and the server's settings. The service makes one for all its rooms.
 */
import type { Logger } from 'pino';
import type { Cluster } from '../cluster.js';
import type { ComputerPool } from '../computer-pool.js';
import type { Timing } from '../core/due.js';
import type { Alive } from '../core/presence.js';
import type { RoomState } from '../core/room.js';
import type { RoomLog } from '../storage/log.js';
import type { LiveRoom } from './live-room.js';
import type { Scheduler } from './scheduler.js';

export interface RoomEnv {
  readonly store: RoomLog;
  readonly pool: ComputerPool;
  readonly log: Logger;
  readonly cluster: Cluster;
  readonly scheduler: Scheduler;
  readonly processId: string;
  readonly alive: Alive;
  readonly now: () => number;
  /** A person without a connection this long is away (the room info shows it). */
  readonly graceMs: number;
  /** Debug lines name every append and catch-up: built only when they are written. */
  readonly debug: boolean;
  /** Whether the service was closed: no clock runs and no presence is stored any more. */
  stopped(): boolean;
  /** The room's clock: the server's timings with the room's own settings (core/policies.ts). */
  timing(state: RoomState): Timing;
  /** When the room, as it is now, expires from storage. */
  expiry(state: RoomState, now: number): number;
  /** A change left the room's match over (the room is a quick-match table's: its match is rated). */
  matchOver(room: LiveRoom): void;
}
