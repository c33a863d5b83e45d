/**
 * A room kept hot in this process's memory while it holds connections for it: its history as last
 * committed, its connections (RoomClients), its clock and computers (RoomClock), and the committing
 * of its changes (room-commit.ts). Changes to it run one after another (`queued`).
 *
 * It leaves memory by itself, exactly once, when nothing keeps it: no connection here, nothing
 * queued, and nobody holding it (`hold`: whoever works on a room without a connection to it, such
 * as a join being checked or a seat's presence being stored, holds it meanwhile).
 */
import type { Seat } from 'domino-game/engine';
import type { PhraseId } from 'domino-game/protocol';
import { PhraseLimit } from '../core/phrase-limit.js';
import type { RoomState } from '../core/room.js';
import { RoomClients, type Client } from './room-clients.js';
import { RoomClock, type ClockTarget } from './room-clock.js';
import { commitChange, followChange, type Build, type CommitTarget, type Committed } from './room-commit.js';
import type { RoomEnv } from './room-env.js';
import type { Replayed, RoomHistory } from './room-history.js';

export class LiveRoom implements CommitTarget, ClockTarget {
  /** How often each seat held here may say a quick phrase. */
  readonly phrases = new PhraseLimit();
  private readonly clients: RoomClients;
  private readonly clock: RoomClock;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private holds = 0;
  private left = false;

  /** `leave`: takes the room out of the process's memory (the registry's part); called once. */
  constructor(
    readonly env: RoomEnv,
    readonly history: RoomHistory,
    private readonly leave: (room: LiveRoom) => void,
  ) {
    this.clients = new RoomClients(history.state.id, env);
    this.clock = new RoomClock(this);
  }

  get id(): string {
    return this.history.state.id;
  }

  get state(): RoomState {
    return this.history.state;
  }

  get version(): number {
    return this.history.version;
  }

  /** Whether the room left this process's memory (its clock stopped; a change still in hand may end). */
  get released(): boolean {
    return this.left;
  }

  get hasSeatsHere(): boolean {
    return this.clients.anySeated;
  }

  /** How many spectators of the room this process holds. */
  get spectatorsHere(): number {
    return this.clients.spectators;
  }

  // ---- Its connections

  /**
   * Binds a connection on `seat`, or as a spectator (null). Before the start it has seen the room from
   * seq 0: its first view carries every event since (a start and a computer's lead may come to it as
   * one view). A seat resumed with the view it holds (`lastSeq`) hears the events since, when the room
   * still has them.
   */
  attach(client: Client, seat: Seat | null, lastSeq = -1): void {
    this.clients.attach(client, seat, this.state.match ? lastSeq : this.state.seq);
  }

  detach(client: Client): void {
    this.clients.detach(client);
    // Looked at once the caller's turn is done: a caller that lets go of a connection and stores what
    // that means (a seat's disconnect) holds the room in the same turn.
    if (this.clients.size === 0) queueMicrotask(() => this.releaseIfIdle());
  }

  /** Sends every connection here the room info when it changed (`resendInfo`: in any case) and its view of the room now. */
  broadcastChange({ resendInfo = false } = {}): void {
    this.clients.broadcastChange(this.state, (seq) => this.history.eventsSince(seq), { resendInfo });
    // A seat's newer connection on another process may have replaced the last one here.
    if (this.clients.size === 0) queueMicrotask(() => this.releaseIfIdle());
  }

  /** A seat's quick phrase, to everyone in the room here. */
  broadcastPhrase(seat: Seat, phrase: PhraseId): void {
    this.clients.broadcast(JSON.stringify({ type: 'phrase', seat, phrase }));
  }

  /** The room is gone from storage: its connections are closed, and it leaves memory. */
  expire(reason: string): void {
    this.clients.closeAll(reason);
    this.release();
  }

  // ---- Its changes

  /** Commits one change (room-commit.ts); `committed` runs once it is stored, before anyone hears of it. */
  change(build: Build, committed?: (result: Committed) => void): Promise<Committed> {
    return commitChange(this, build, committed);
  }

  /** Catches up on a change another process stored (the room's log at `version`). */
  follow(version: number): void {
    followChange(this, version);
  }

  afterChange(changes: Replayed['changes'], { resendInfo = false } = {}): void {
    if (changes.some((c) => c.events.some((e) => e.type === 'matchEnd'))) this.env.log.info({ event: 'match-ended', room: this.id }, 'match ended');
    this.broadcastChange({ resendInfo });
    this.clock.schedule();
    if (this.state.phase === 'over' && this.state.rated?.result === null) this.env.matchOver(this);
  }

  lookAgain(): Promise<void> {
    return this.queued(async () => this.afterChange([], { resendInfo: true }));
  }

  /** Runs `work` after everything queued for this room before it. */
  queued<T>(work: () => Promise<T>): Promise<T> {
    this.pending++;
    const run = async () => {
      try {
        return await work();
      } finally {
        this.pending--;
        // Before the caller hears the result, so a caller may count on it at once.
        this.releaseIfIdle();
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Waits until nothing is queued. */
  async drained(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  // ---- Its time in memory

  /** Keeps the room in memory while `use` runs (the one way to work on a room without a connection to it). */
  async hold<T>(use: () => Promise<T>): Promise<T> {
    this.holds++;
    try {
      return await use();
    } finally {
      this.holds--;
      this.releaseIfIdle();
    }
  }

  private releaseIfIdle(): void {
    if (this.holds === 0 && this.pending === 0 && this.clients.size === 0) this.release();
  }

  private release(): void {
    if (this.left) return;
    this.left = true;
    this.leave(this);
  }
}
