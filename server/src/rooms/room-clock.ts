/**
 * A room's clock and computers: what is due next is derived from the room after every change (a
 * computer's move after the tempo pause, a person's turn clock running out, the next deal, a grace
 * period ending) and kept in the process's one scheduler; when it comes, it is made as a change like
 * any other. A computer starts thinking as its turn begins, beside the pause.
 */
import { legalMoves, playerView, type LegalMove, type Move, type Seat } from 'domino-game/engine';
import { computerSeed } from 'domino-game/machine';
import { due as dueOf, type Due } from '../core/due.js';
import { isConnected } from '../core/presence.js';
import type { RoomState } from '../core/room.js';
import { freshSeed } from '../tokens.js';
import { Refusal } from './refusal.js';
import type { Build, Committed } from './room-commit.js';
import type { RoomEnv } from './room-env.js';

/** The room the clock acts on (a LiveRoom). */
export interface ClockTarget {
  readonly id: string;
  readonly env: RoomEnv;
  readonly state: RoomState;
  /** Whether the room left this process's memory. */
  readonly released: boolean;
  /** Whether a seat's connection is held here (a process holding only spectators leaves the clock to the seats' processes). */
  readonly hasSeatsHere: boolean;
  change(build: Build): Promise<Committed>;
  queued<T>(work: () => Promise<T>): Promise<T>;
  /** Looks again at what the room shows and what is due (a grace period ended), in the room's queue. */
  lookAgain(): Promise<void>;
}

/**
 * With several processes, the one holding the room's first connected seat acts on the room's clock;
 * the others only this much later, should it not have (a notice of its change cancels theirs).
 */
const FOLLOWER_DELAY_MS = 1500;
/** A timed step that failed (not refused) is tried again after this long. */
const RETRY_MS = 1000;

export class RoomClock {
  /** The key of the job scheduled for the room (what is due, for which seq, when). */
  private dueKey = '';
  /** A computer's move being chosen: for which job key, and the choice. */
  private thinking: { key: string; move: Promise<Move> } | null = null;

  constructor(private readonly room: ClockTarget) {}

  /** Schedules what is due now in the room (replacing what was), or nothing. */
  schedule(): void {
    const { room } = this;
    const { env } = room;
    if (env.stopped()) return;
    if (!room.hasSeatsHere) {
      this.dueKey = '';
      env.scheduler.cancel(room.id);
      return;
    }
    const state = room.state;
    const now = env.now();
    const due = dueOf(state, env.alive, now, env.timing(state));
    const key = due ? `${state.seq}:${due.kind}:${due.kind === 'computer' || due.kind === 'clock' ? due.seat : ''}:${due.at}` : '';
    if (key === this.dueKey) return;
    this.dueKey = key;
    if (!due) {
      env.scheduler.cancel(room.id);
      return;
    }
    if (due.kind === 'computer' && this.thinking?.key !== key) {
      // Thinking starts now and runs beside the tempo pause.
      this.thinking = { key, move: this.think(state, due.seat) };
      this.thinking.move.catch(() => undefined);
    }
    const at = this.leads(state) ? due.at : due.at + FOLLOWER_DELAY_MS;
    env.scheduler.set(room.id, at, () => void this.fire(due, key));
  }

  /** Whether this process holds the room's first connected seat (so it acts on the room's clock on time). */
  private leads(state: RoomState): boolean {
    const { alive, processId } = this.room.env;
    const first = state.seats.find((s) => isConnected(s, alive));
    return !first || first.connectedVia === processId;
  }

  private async fire(due: Due, key: string): Promise<void> {
    const { room } = this;
    const { env } = room;
    if (this.dueKey !== key || room.released) return;
    const thinking = this.thinking?.key === key ? this.thinking : null;
    // Whatever this step leads to is scheduled afresh.
    this.dueKey = '';
    const seq = room.state.seq;
    try {
      if (due.kind === 'computer' || due.kind === 'clock') {
        // A person's clock running out is played like a computer's turn (thought of only then: most turns never run out).
        const move = await (thinking?.move ?? this.think(room.state, due.seat));
        if (this.thinking === thinking) this.thinking = null;
        await room.change((state, at) => {
          const still = dueOf(state, env.alive, at, env.timing(state));
          if (state.seq !== seq || still?.kind !== due.kind || still.seat !== due.seat || (due.kind === 'clock' && still.at > at)) return { ok: false, code: 'stale', message: 'the turn moved on' };
          return [{ type: 'move', at, seat: due.seat, seq, by: due.kind === 'clock' ? 'clock' : 'computer', move }];
        });
      } else if (due.kind === 'next-round') {
        await room.change((state, at) => (state.seq === seq ? [{ type: 'deal', at, seq, nextSeed: freshSeed() }] : { ok: false, code: 'stale', message: 'already dealt' }));
      } else {
        // A grace period ended: nothing to store, but the others see the person away now.
        await room.lookAgain();
      }
    } catch (error) {
      // Refused: the room moved on meanwhile, and what is due now is scheduled. Failed (the storage is
      // away): tried again a little later, so the room's clock never stops for good.
      const failed = !(error instanceof Refusal);
      if (failed) env.log.error({ err: error, room: room.id }, 'a timed step failed');
      const again = () => void room.queued(async () => this.schedule()).catch(() => undefined);
      if (failed) setTimeout(again, RETRY_MS).unref();
      else again();
    }
  }

  /**
   * The computer's move for `seat`, chosen in the pool from that seat's view alone. A player that fails
   * or picks an illegal move gets the first legal one instead, as the match machine does: a stalled
   * room is worse than a weak move.
   */
  private async think(state: RoomState, seat: Seat): Promise<Move> {
    const { env } = this.room;
    const match = state.match!;
    const view = playerView(match.game, seat);
    const legal = legalMoves(view);
    let move: LegalMove | undefined;
    try {
      const chosen = await env.pool.choose(view, { level: state.settings.level, seed: computerSeed(match) });
      move = legal.find((m) => JSON.stringify(wire(m)) === JSON.stringify(wire(chosen)));
      if (!move) env.log.warn({ event: 'computer-illegal', room: state.id }, 'the computer player chose no legal move');
    } catch (error) {
      env.log.warn({ err: error, room: state.id }, 'the computer player failed');
    }
    return wire(move ?? legal[0]!);
  }
}

/** A move as the wire and the log carry it (no `pip` or `points`). */
function wire(move: LegalMove): Move {
  return move.type === 'play' ? { type: 'play', tile: [move.tile[0], move.tile[1]], end: move.end } : { type: move.type };
}
