/**
 * Drives the real server process over real WebSockets: `startServerProcess` runs `src/server/main.ts`
 * on a free port and waits for its `listening on` line; `Player` is a raw `ws` client that records
 * every frame it receives.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { ClientMessage, ServerMessage } from '../../src/net/protocol.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  url: string;
  wsUrl: string;
  child: ChildProcess;
  /** Every line the process printed (JSON logs and the listening line). */
  output: string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startServerProcess(args: string[] = ['--db', ':memory:'], env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--port', '0', '--host', '127.0.0.1', '--static', 'none', ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let buffered = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output.join('\n')}`)), 20_000);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        output.push(line);
        const found = /^listening on (http:\/\/\S+)$/.exec(line);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]!);
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${String(code)}:\n${output.join('\n')}`));
    });
  });
  return {
    url,
    wsUrl: `${url.replace('http', 'ws')}/ws`,
    child,
    output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** A raw client: it sends what a test says and keeps every frame it gets. */
export class Player {
  readonly frames: string[] = [];
  readonly messages: ServerMessage[] = [];
  private waiters: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  closed: { code: number; reason: string } | null = null;
  room: string | null = null;
  seat: number | null = null;
  token: string | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.frames.push(text);
      const message = JSON.parse(text) as ServerMessage;
      this.messages.push(message);
      if (message.type === 'welcome') {
        this.room = message.room;
        this.seat = message.seat;
        if (message.token) this.token = message.token;
      }
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  static async connect(url: string, headers: Record<string, string> = {}): Promise<Player> {
    const ws = new WebSocket(url, { headers });
    await once(ws, 'open');
    return new Player(ws);
  }

  send(message: ClientMessage | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(message));
  }

  sendRaw(data: string | Buffer, binary = false): void {
    this.ws.send(data, { binary });
  }

  /** The next message (from now on) that fits, within `ms`. */
  next<T extends ServerMessage['type']>(type: T, where: (m: Of<T>) => boolean = () => true, ms = 10_000): Promise<Of<T>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${ms} ms; last: ${this.frames.slice(-3).join(' | ')}`)), ms);
      this.waiters.push({
        match: (m) => m.type === type && where(m as Of<T>),
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Of<T>);
        },
      });
    });
  }

  /** The latest message of a type received so far. */
  last<T extends ServerMessage['type']>(type: T): Of<T> | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) if (this.messages[i]!.type === type) return this.messages[i] as Of<T>;
    return undefined;
  }

  /** The answer to a request: the first `welcome`/`room`/`view`/`error` of the wanted type, or the error that refused it. */
  async request<T extends ServerMessage['type']>(message: ClientMessage | Record<string, unknown>, type: T, ms = 10_000): Promise<Of<T> | Of<'error'>> {
    const answer = Promise.race([this.next(type, () => true, ms), this.next('error', () => true, ms)]);
    this.send(message);
    return answer;
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    const closed = once(this.ws, 'close');
    this.ws.close();
    await closed;
  }
}
