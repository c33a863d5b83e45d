/**
 * A real `redis-server` (Debian's package) for the tests of several server processes: started on a
 * free loopback port, with an append-only file in a temporary folder so that a restart keeps the rooms,
 * and stopped after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisProcess {
  url: string;
  port: number;
  /** The running redis-server's process id (for a bench's CPU figures). */
  readonly pid: number;
  stop(): Promise<void>;
  /** Kills it (SIGKILL: nothing flushed beyond what was already written). */
  kill(): Promise<void>;
  /** Starts it again on the same port and files. */
  start(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * `fsync`: `always` for the tests (an acknowledged write survives a SIGKILL of Redis); a bench uses
 * `everysec`, the setting the README gives for production.
 */
function launch(port: number, dir: string, fsync: 'always' | 'everysec'): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', fsync, '--dir', dir, '--daemonize', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    // A ceiling for a busy machine; one that did not start is killed, or the test's process would wait for it.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within 60 s:\n${output}`));
    }, 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`redis-server could not be started (is Debian's redis-server installed?): ${error.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${String(code)}:\n${output}`));
    });
  });
}

export async function startRedis(options: { fsync?: 'always' | 'everysec' } = {}): Promise<RedisProcess> {
  const fsync = options.fsync ?? 'always';
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'domino-redis-'));
  let child = await launch(port, dir, fsync);
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child.pid!;
    },
    async stop() {
      await kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    kill: () => kill('SIGKILL'),
    async start() {
      child = await launch(port, dir, fsync);
    },
  };
}
