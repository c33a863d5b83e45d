/**
 * The heartbeat of the open connections: each one pinged once a period, ended when two pings in a row
 * went unanswered (the connection is dead, whatever TCP thinks).
 *
 * The connections are spread over `slices` ticks of the period, one slice a tick: pinging all of them
 * in one turn of the event loop (1,200 connections at 300 rooms) held every room's moves for tens of
 * milliseconds once a period, the slowest moves of `npm run bench -- server`.
 */

/** What the heartbeat needs of a connection (a `ws` WebSocket is one). */
export interface Pingable {
  ping(): void;
  terminate(): void;
}

export const HEARTBEAT_SLICES = 16;

export class Heartbeat<T extends Pingable> {
  /** Each slice's connections and the pings each has left unanswered in a row. */
  private readonly slices: Map<T, number>[];
  private readonly sliceOf = new Map<T, Map<T, number>>();
  private next = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(sliceCount = HEARTBEAT_SLICES) {
    this.slices = Array.from({ length: sliceCount }, () => new Map<T, number>());
  }

  /** Ticks every `periodMs / slices` ms; the timer keeps no process alive. */
  start(periodMs: number): void {
    this.stop();
    this.timer = setInterval(() => this.tick(), Math.max(1, Math.round(periodMs / this.slices.length)));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A new connection goes to the slice with the fewest, so the slices stay even as connections come and go. */
  add(connection: T): void {
    let smallest = this.slices[0]!;
    for (const slice of this.slices) if (slice.size < smallest.size) smallest = slice;
    smallest.set(connection, 0);
    this.sliceOf.set(connection, smallest);
  }

  /** Its pong came: it is alive. */
  answered(connection: T): void {
    const slice = this.sliceOf.get(connection);
    if (slice) slice.set(connection, 0);
  }

  remove(connection: T): void {
    this.sliceOf.get(connection)?.delete(connection);
    this.sliceOf.delete(connection);
  }

  get size(): number {
    return this.sliceOf.size;
  }

  /** One slice's turn: its connections pinged, or ended after two unanswered pings. */
  tick(): void {
    const slice = this.slices[this.next]!;
    this.next = (this.next + 1) % this.slices.length;
    for (const [connection, missed] of slice) {
      if (missed >= 2) {
        // Its close event removes it; until then it is not pinged again.
        slice.delete(connection);
        this.sliceOf.delete(connection);
        connection.terminate();
        continue;
      }
      slice.set(connection, missed + 1);
      connection.ping();
    }
  }
}
