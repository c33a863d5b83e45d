// nginx in front of local room server processes, with the shipped deploy/nginx.conf: rendered with the
// processes' ports into a temporary folder and run unprivileged in the foreground (`nginx -p DIR -c
// FILE -e stderr`) on a free loopback port. Used by `npm run cluster`, the nginx tests and the cluster
// bench; `nginxMissing()` says when Debian's nginx is not installed.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NGINX_TEMPLATE = fileURLToPath(new URL('../deploy/nginx.conf', import.meta.url));

/** Where nginx is (Debian puts it in /usr/sbin, often not on a user's PATH), or null when it is not installed. */
export function nginxBinary() {
  for (const candidate of ['nginx', '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

/** A reason to skip when nginx is not installed, else null. */
export function nginxMissing() {
  return nginxBinary() ? null : "nginx is not installed (Debian: apt-get install -y nginx); the tests through nginx need it";
}

/** A loopback port free at the time of asking. */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * deploy/nginx.conf with its markers filled in: `listen` (host:port), `servers` (the room servers'
 * host:port), `prefix` (nginx's writable folder); `failTimeout`: seconds a failed process is passed over.
 */
export function renderNginxConf({ listen, servers, prefix, failTimeout = 5 }) {
  if (servers.length === 0) throw new Error('nginx needs at least one room server');
  const lines = servers.map((server) => `server ${server} max_fails=1 fail_timeout=${failTimeout}s;`).join('\n        ');
  const values = { PREFIX: prefix, LISTEN: listen, SERVERS: lines };
  // The header's comments name the markers: they stay as written.
  const text = readFileSync(NGINX_TEMPLATE, 'utf8')
    .split('\n')
    .map((line) => (/^\s*#/.test(line) ? line : line.replace(/@([A-Z]+)@/g, (marker, name) => values[name] ?? marker)))
    .join('\n');
  const left = /@[A-Z]+@/.exec(text.replace(/^\s*#.*$/gm, ''));
  if (left) throw new Error(`deploy/nginx.conf has a marker nobody fills in: ${left[0]}`);
  return text;
}

/**
 * Starts nginx in front of `servers` (["127.0.0.1:PORT", …]) on `port` (a free one when left out).
 * Resolves once it answers; `pids()` lists its master and workers (for CPU figures); `stop()` ends it
 * and removes its folder.
 */
export async function startNginx({ servers, port, failTimeout } = {}) {
  const binary = nginxBinary();
  if (!binary) throw new Error(nginxMissing());
  const listenPort = port ?? (await freePort());
  const prefix = mkdtempSync(join(tmpdir(), 'domino-nginx-'));
  const file = join(prefix, 'nginx.conf');
  writeFileSync(file, renderNginxConf({ listen: `127.0.0.1:${listenPort}`, servers, prefix, failTimeout }));
  const child = spawn(binary, ['-p', prefix, '-c', file, '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk.toString();
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${listenPort}`;
  // Up when its port takes a connection; it may also fail to start (a port taken meanwhile).
  const began = Date.now();
  for (;;) {
    const outcome = await Promise.race([exited, connects(listenPort)]);
    if (outcome === true) break;
    if (typeof outcome === 'object') {
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx exited (${outcome.code ?? outcome.signal}): ${errors.trim()}`);
    }
    if (Date.now() - began > 30_000) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not listen on ${listenPort} within 30 s: ${errors.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port: listenPort,
    pid: child.pid,
    /** nginx's master and its workers. */
    pids() {
      const found = spawnSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' });
      return [child.pid, ...found.stdout.split('\n').filter(Boolean).map(Number)];
    },
    get errors() {
      return errors;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGTERM: nginx's fast stop (a graceful one, SIGQUIT, would wait for every WebSocket to end).
        // Should it hang, its workers are killed with it: they outlive a killed master.
        const workers = this.pids().slice(1);
        const timer = setTimeout(() => {
          for (const pid of [child.pid, ...workers]) {
            try {
              process.kill(pid, 'SIGKILL');
            } catch {
              // gone already
            }
          }
        }, 5000);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(timer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function connects(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
