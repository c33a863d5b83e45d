/**
 * The widget's line to the room server: one WebSocket that comes back by itself. After a drop it
 * reconnects with exponential backoff and jitter (so a restarted server is not hit by every client at
 * once) and resumes the seat with the kept token; `welcome` resets the backoff. A connection replaced
 * by a newer one for the same seat (another tab) does not fight back. A server that restarts or hands
 * its rooms over (close 1012, or 1001 going away) is left for another at once, after a short jitter.
 *
 * The room the line is for goes in its URL (`/ws?room=ID`): a load balancer that routes by it sends
 * every connection of a room to the same server process. Turning to another room (`route`) opens a
 * new line for it.
 */
import type { ClientMessage, ServerMessage } from './protocol.js';
import { serverUrl } from './server-url.js';

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'replaced' | 'closed';

export interface ConnectionOptions {
  /** The server's base URL (http:, https:, ws: or wss:); the endpoint is `/ws` under it. */
  server: string;
  onMessage(message: ServerMessage): void;
  onStatus(status: ConnectionStatus): void;
  /** The room the line is for at first (in its URL); null for none yet. */
  room?: string | null;
  /** Sent first on every (re)connection, e.g. `resume`; null sends nothing. */
  hello(): ClientMessage | null;
  /** Milliseconds before the first retry, and the most between two. */
  backoff?: { first: number; most: number };
  random?: () => number;
  WebSocket?: typeof WebSocket;
}

/** Close codes after which reconnecting would not help (or would fight another tab). */
const FINAL_CLOSES = new Set([4000, 1008, 1009]);
/** Close codes of a server going away on purpose (1001 going away, 1012 restarting): another takes the room at once. */
const HANDOVER_CLOSES = new Set([1001, 1012]);

/**
 * The WebSocket endpoint of a server given by its base URL, for `room` when given (`?room=ID`, what a
 * load balancer routes by); throws on something that is no http(s) or ws(s) URL.
 */
export function endpointOf(server: string, base?: string, room?: string | null): string {
  const url = serverUrl(server, base, 'ws', 'ws');
  if (room) url.search = `?room=${encodeURIComponent(room)}`;
  return url.href;
}

export class Connection {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly base: string | undefined;
  private room: string | null;
  /** The first line is opened after the code that made the connection has run: a `route` right after it opens no line for nothing. */
  private firstOpenDue = true;
  status: ConnectionStatus = 'connecting';

  constructor(private readonly options: ConnectionOptions) {
    this.base = typeof location === 'undefined' ? undefined : location.href;
    this.room = options.room ?? null;
    // Checked now, so that a bad server URL throws here rather than on a reconnect.
    endpointOf(options.server, this.base);
    queueMicrotask(() => {
      if (!this.firstOpenDue || this.stopped) return;
      this.firstOpenDue = false;
      this.open();
    });
  }

  /**
   * Points the line at `room`: when it is another room than the line's, the line is closed and opened
   * again with the room in its URL (what was not sent yet waits for the new line, as on any reconnect).
   */
  route(room: string | null): void {
    if (room === this.room) return;
    this.room = room;
    if (this.stopped || this.firstOpenDue) return;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'another room');
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.setStatus('connecting');
    this.open();
  }

  /** Sends now if the line is up; returns false (and sends nothing) otherwise. */
  send(message: ClientMessage): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  /** The server accepted us: the next drop starts the backoff afresh. */
  welcomed(): void {
    this.attempts = 0;
  }

  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(1000, 'bye');
    this.socket = null;
    this.setStatus('closed');
  }

  private open(): void {
    const Socket = this.options.WebSocket ?? WebSocket;
    let socket: WebSocket;
    try {
      socket = new Socket(endpointOf(this.options.server, this.base, this.room));
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    // A failed or abandoned line (closed while still connecting) ends with a close event, handled below.
    socket.onerror = () => undefined;
    socket.onopen = () => {
      this.setStatus('open');
      const hello = this.options.hello();
      if (hello) socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      if (message && typeof message === 'object' && typeof message.type === 'string') this.options.onMessage(message);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      if (FINAL_CLOSES.has(event.code)) {
        this.setStatus(event.code === 4000 ? 'replaced' : 'closed');
        return;
      }
      this.retry(HANDOVER_CLOSES.has(event.code));
    };
  }

  /**
   * Reconnects after a backoff: doubling from `first` up to `most`, each wait a random 50–100 % of it.
   * A handover (the server went away on purpose, its rooms are taken up elsewhere) waits only a random
   * 0–50 % of `first`: soon, without every client of that server arriving in the same instant.
   */
  private retry(handover = false): void {
    if (this.stopped) return;
    this.setStatus('reconnecting');
    const { first, most } = this.options.backoff ?? { first: 500, most: 15_000 };
    const random = (this.options.random ?? Math.random)();
    let wait: number;
    if (handover) {
      wait = first * 0.5 * random;
    } else {
      wait = Math.min(most, first * 2 ** this.attempts) * (0.5 + 0.5 * random);
      this.attempts++;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.open();
    }, wait);
  }

  /**
   * The server could not take the hello just now (its storage away, `unavailable`): the line is opened
   * again after the backoff, and the hello sent again on it, as after a drop.
   */
  again(): void {
    if (this.stopped || this.firstOpenDue) return;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'again');
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.retry();
  }

  /** Reconnects at once (the page came back online, or the person asked). */
  reconnectNow(): void {
    if (this.stopped || this.socket) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.open();
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.options.onStatus(status);
  }
}
