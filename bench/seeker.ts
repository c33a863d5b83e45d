/**
 * One quick-match seeker as a widget is one, over raw WebSockets (the tests' `Player`): a fresh anonymous
 * identity connects (no room in its URL: nginx spreads it), identifies, seeks a pool and waits; on
 * `matched` it opens the room's own URL (`/ws?room=ID`, so nginx's hash takes it to the room's process),
 * resumes the seat, reads who the room shows in it, and closes (without `leave`: a table nobody is
 * connected to waits, so it costs nothing while the bench goes on). A connection that drops (its process
 * was killed) is opened again through nginx after a short random wait, as the widget does, and the
 * identity identifies and seeks again, or resumes again. What it lived is kept in `outcome`.
 */
import { randomBytes } from 'node:crypto';
import type { ServerMessage } from '../src/net/protocol.js';
import { Player, type Of } from '../server/test/harness.js';

export interface SeekerOutcome {
  index: number;
  pool: string;
  /** When it arrived (performance.now() ms): before its first connection. */
  arrivedAt: number;
  /** Its identity's public id, once `identify` was answered. */
  id: string | null;
  /** Every `matched` it heard (more than one is a seat given twice). */
  matched: { room: string; seat: number; at: number }[];
  /** When the seat was resumed (`welcome`), or null. */
  seatedAt: number | null;
  /** The identity the room's `room` frame shows on the seat resumed: its own, or the seat was given twice. */
  seatHolder: string | null;
  /** Waiting in its pool now (its last `seek` answered, no table yet). */
  seeking: boolean;
  /** Connections that dropped under it, or could not be opened, and were opened again. */
  reconnects: number;
  /** What the server told it instead of a seat (an `error`, `seek-cancelled`): the seeker was told why. */
  told: string[];
}

/** The longest any one wait for the server lasts before it counts as a drop. */
const ANSWER_MS = 30_000;

export class Seeker {
  readonly outcome: SeekerOutcome;
  private stopped = false;
  private readonly open = new Set<Player>();

  constructor(
    private readonly wsUrl: string,
    index: number,
    pool: string,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.outcome = { index, pool, arrivedAt: now(), id: null, matched: [], seatedAt: null, seatHolder: null, seeking: false, reconnects: 0, told: [] };
  }

  /** Seeks until seated, told why not, or stopped. */
  async run(): Promise<void> {
    const secret = randomBytes(32).toString('base64url');
    let table: Of<'matched'> | null = null;
    while (!this.stopped && table === null) {
      const got = await this.connected(this.wsUrl, (lobby) => this.seek(lobby, secret));
      if (got === 'told') return;
      table = got;
    }
    const matched = table;
    while (!this.stopped && matched !== null && this.outcome.seatedAt === null) {
      if ((await this.connected(`${this.wsUrl}?room=${matched.room}`, (seat) => this.resume(seat, matched))) === 'told') return;
    }
  }

  /** Ends the seeker: its connections close (a wait closed this way ends its seek on the server). */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.open].map((player) => player.close()));
  }

  /** Identifies and seeks: the table, or 'told' (then it stops); throws when the connection drops. */
  private async seek(lobby: Player, secret: string): Promise<Of<'matched'> | 'told'> {
    const identity = await lobby.request({ type: 'identify', secret, name: `Seeker ${this.outcome.index}` }, 'identity', ANSWER_MS);
    if (identity.type === 'error') return this.told(identity);
    this.outcome.id = identity.player.id;
    // From before the seek: `matched` may come in the same read as the `seeking` answer, before this
    // function goes on after it.
    const from = lobby.mark();
    const seeking = await lobby.request({ type: 'seek', pool: this.outcome.pool }, 'seeking', ANSWER_MS);
    if (seeking.type === 'error') return this.told(seeking);
    this.outcome.seeking = true;
    // As long as it takes: the run ends it by closing the connection.
    const answer = await lobby.waitAny((m) => m.type === 'matched' || m.type === 'seek-cancelled' || m.type === 'error', 'matched', from, 2 ** 31 - 1);
    this.outcome.seeking = false;
    if (answer.type !== 'matched') return this.told(answer);
    this.outcome.matched.push({ room: answer.room, seat: answer.seat, at: this.now() });
    return answer;
  }

  /** Resumes the seat `matched` gave: true once welcomed, null to try again, 'told'; throws when the connection drops. */
  private async resume(seat: Player, matched: Of<'matched'>): Promise<true | 'told' | null> {
    const from = seat.mark();
    const welcome = await seat.request({ type: 'resume', room: matched.room, token: matched.token }, 'welcome', ANSWER_MS);
    // Storage busy (a failover): try again, as the widget does.
    if (welcome.type === 'error' && welcome.code === 'unavailable') return null;
    if (welcome.type === 'error') return this.told(welcome);
    this.outcome.seatedAt = this.now();
    const info = await seat.waitFor('room', () => true, from, ANSWER_MS);
    this.outcome.seatHolder = info.room.seats[matched.seat]?.player?.id ?? null;
    return true;
  }

  private told(message: ServerMessage): 'told' {
    this.outcome.told.push(message.type === 'error' ? `${message.code}: ${message.message}` : message.type);
    this.stopped = true;
    return 'told';
  }

  /**
   * `work` on a new connection to `url`, closed after; null when the connection could not be opened or
   * dropped meanwhile (after a wait of 0.25–0.5 s, doubling with each drop up to 4 s, as the widget waits).
   */
  private async connected<T>(url: string, work: (player: Player) => Promise<T>): Promise<T | null> {
    let player: Player | null = null;
    try {
      player = await Player.connect(url, `seeker ${this.outcome.index}`);
      this.open.add(player);
      if (this.stopped) return null;
      return await work(player);
    } catch {
      if (this.stopped) return null;
      this.outcome.seeking = false;
      this.outcome.reconnects++;
      const ceiling = Math.min(4000, 250 * 2 ** Math.min(4, this.outcome.reconnects - 1));
      await new Promise((resolve) => setTimeout(resolve, ceiling * (1 + Math.random())));
      return null;
    } finally {
      if (player) {
        this.open.delete(player);
        await player.close();
      }
    }
  }
}
