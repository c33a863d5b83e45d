/**
 * Quick match's line to the room server (docs/PROTOCOL.md, "Quick match"): a connection without a room
 * that identifies (on every connection, so a dropped line comes back as the same person), lists the
 * server's pools, and waits in the one the person picks. A line that drops while waiting seeks the same
 * pool again once it is back and identified: a server process killed meanwhile loses nobody. `matched`
 * ends it: the widget keeps the seat and opens the table's room as after a reload.
 */
import { Connection, type ConnectionStatus } from '../../net/connection.js';
import type { ClientMessage, ErrorCode, PlayerSummary, PoolInfo, ServerMessage } from '../../net/protocol.js';
import { Listeners } from './session.js';

/** How the person is known to the server: an anonymous identity's secret and name, or the site's token. */
export type IdentifyMessage = Extract<ClientMessage, { type: 'identify' }>;

/** The table quick match found: the seat's token opens it (`resume`) on the room's own connection. */
export interface QuickMatchTable {
  pool: string;
  room: string;
  token: string;
}

/** The wait in a pool: since when (by the session's clock) and how many wait there now. */
export interface QuickMatchWait {
  pool: string;
  computers: boolean;
  since: number;
  /** Null until the server's first `seeking`. */
  waiting: number | null;
}

/** Why quick match cannot go on: the server refused the identity (`bad-identity`, `banned`) or another message. */
export interface QuickMatchProblem {
  code: ErrorCode;
  message: string;
}

export interface QuickMatchOptions {
  /** The `identify` to send on each connection (read then: a changed token counts from the next line on). */
  identify(): IdentifyMessage;
  /** Milliseconds, for the time waited (performance.now() unless given). */
  now?: () => number;
  WebSocket?: typeof WebSocket;
  backoff?: { first: number; most: number };
}

/** Refusals after which quick match waits for the person: seeking again would be refused the same way. */
const STOPPING = new Set<ErrorCode>(['bad-identity', 'banned', 'no-such-pool', 'not-identified']);

export class QuickMatchSession {
  private readonly connection: Connection;
  private readonly changes = new Listeners<void>();
  private readonly tables = new Listeners<QuickMatchTable>();
  private readonly avoidedListeners = new Listeners<string>();
  /** Players to avoid, sent once the line is identified: `avoid` needs an identity. */
  private avoiding = new Set<string>();
  private readonly now: () => number;
  /** The identity the server holds for this line, once it answered `identify`. */
  player: PlayerSummary | null = null;
  /** The server's pools, once listed. */
  pools: PoolInfo[] | null = null;
  /** The wait the person asked for, until it ends (cancelled, refused or matched): sought again on each new line. */
  wait: QuickMatchWait | null = null;
  problem: QuickMatchProblem | null = null;
  status: ConnectionStatus = 'connecting';
  /** Cancels sent and not answered yet: their `seek-cancelled` must not end a wait sought since. */
  private cancelsUnanswered = 0;

  constructor(
    server: string,
    private readonly options: QuickMatchOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
    this.connection = new Connection({
      server,
      room: null,
      hello: () => {
        // A new line is a new connection to the server: nothing of the last one is held there.
        this.player = null;
        this.cancelsUnanswered = 0;
        return options.identify();
      },
      onMessage: (message) => this.hear(message),
      onStatus: (status) => {
        this.status = status;
        this.changes.notify();
      },
      ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
      ...(options.backoff ? { backoff: options.backoff } : {}),
    });
  }

  onChange(listener: () => void): () => void {
    return this.changes.add(listener);
  }

  /** Called once, when a table is found; the session is closed by then. */
  onMatched(listener: (table: QuickMatchTable) => void): () => void {
    return this.tables.add(listener);
  }

  /** Waits in `pool` (`computers`: agree that computers fill a 4-seat table's empty seats after the pool's wait). */
  seek(pool: string, computers = false): void {
    this.problem = null;
    this.wait = { pool, computers, since: this.now(), waiting: null };
    if (this.player) this.sendSeek();
    this.changes.notify();
  }

  /** Stops waiting at once: the person is back to the choice of pools while the server hears of it. */
  cancel(): void {
    if (!this.wait) return;
    this.wait = null;
    if (this.connection.send({ type: 'cancel-seek' })) this.cancelsUnanswered++;
    // The list the person is back to shows how many wait now.
    this.connection.send({ type: 'pools' });
    this.changes.notify();
  }

  /** "Don't pair me with them": sent once identified; `onAvoided` hears the server take it. */
  avoid(player: string): void {
    this.avoiding.add(player);
    if (this.player) this.connection.send({ type: 'avoid', player, avoid: true });
  }

  onAvoided(listener: (player: string) => void): () => void {
    return this.avoidedListeners.add(listener);
  }

  /** Identifies again (the site's token changed, or the person picked a name after a refusal). */
  identifyAgain(): void {
    this.problem = null;
    this.connection.send(this.options.identify());
    this.changes.notify();
  }

  dispose(): void {
    this.connection.close();
    this.changes.clear();
    this.tables.clear();
    this.avoidedListeners.clear();
  }

  private sendSeek(): void {
    const wait = this.wait;
    if (!wait) return;
    this.connection.send(wait.computers ? { type: 'seek', pool: wait.pool, computers: true } : { type: 'seek', pool: wait.pool });
  }

  private hear(message: ServerMessage): void {
    switch (message.type) {
      case 'identity':
        this.player = message.player;
        this.problem = null;
        this.connection.welcomed();
        this.connection.send({ type: 'pools' });
        this.sendSeek();
        for (const player of this.avoiding) this.connection.send({ type: 'avoid', player, avoid: true });
        break;
      case 'avoided':
        if (message.avoid && this.avoiding.delete(message.player)) this.avoidedListeners.notify(message.player);
        return;
      case 'pools':
        this.pools = message.pools;
        break;
      case 'seeking':
        if (this.wait?.pool === message.pool) this.wait = { ...this.wait, waiting: message.waiting };
        break;
      case 'seek-cancelled':
        if (this.cancelsUnanswered > 0) this.cancelsUnanswered--;
        // The wait ended elsewhere (another window of this identity sought): this one waits no more.
        else if (this.wait?.pool === message.pool) this.wait = null;
        break;
      case 'matched': {
        const { pool, room, token } = message;
        this.wait = null;
        this.connection.close();
        this.tables.notify({ pool, room, token });
        break;
      }
      case 'error':
        if (message.code === 'rate-limited' || message.code === 'unavailable') {
          this.connection.again();
          return;
        }
        if (!STOPPING.has(message.code) && message.ref !== 'identify') return;
        this.problem = { code: message.code, message: message.message };
        if (message.ref === 'seek' || message.ref === 'identify') this.wait = null;
        break;
      default:
        return;
    }
    this.changes.notify();
  }
}
