/**
 * The widget's line to the room server: one WebSocket that comes back by itself. After a drop it
 * reconnects with exponential backoff and jitter (so a restarted server is not hit by every client at
 * once) and resumes the seat with the kept token; `welcome` resets the backoff. A connection replaced
 * by a newer one for the same seat (another tab) does not fight back.
 */
import type { ClientMessage, ServerMessage } from './protocol.js';

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'replaced' | 'closed';

export interface ConnectionOptions {
  /** The server's base URL (http:, https:, ws: or wss:); the endpoint is `/ws` under it. */
  server: string;
  onMessage(message: ServerMessage): void;
  onStatus(status: ConnectionStatus): void;
  /** Sent first on every (re)connection, e.g. `resume`; null sends nothing. */
  hello(): ClientMessage | null;
  /** Milliseconds before the first retry, and the most between two. */
  backoff?: { first: number; most: number };
  random?: () => number;
  WebSocket?: typeof WebSocket;
}

/** Close codes after which reconnecting would not help (or would fight another tab). */
const FINAL_CLOSES = new Set([4000, 1008, 1009]);

/** The WebSocket endpoint of a server given by its base URL; throws on something that is no http(s) or ws(s) URL. */
export function endpointOf(server: string, base?: string): string {
  const url = new URL(server, base);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new Error(`not an http(s) or ws(s) URL: ${server}`);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/ws`;
  url.search = '';
  url.hash = '';
  return url.href;
}

export class Connection {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly endpoint: string;
  status: ConnectionStatus = 'connecting';

  constructor(private readonly options: ConnectionOptions) {
    this.endpoint = endpointOf(options.server, typeof location === 'undefined' ? undefined : location.href);
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
      socket = new Socket(this.endpoint);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
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
      this.retry();
    };
  }

  /** Reconnects after a backoff: doubling from `first` up to `most`, each wait a random 50–100 % of it. */
  private retry(): void {
    if (this.stopped) return;
    this.setStatus('reconnecting');
    const { first, most } = this.options.backoff ?? { first: 500, most: 15_000 };
    const ceiling = Math.min(most, first * 2 ** this.attempts);
    this.attempts++;
    const wait = ceiling * (0.5 + 0.5 * (this.options.random ?? Math.random)());
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.open();
    }, wait);
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
