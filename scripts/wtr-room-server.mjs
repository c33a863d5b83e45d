// Starts the real room server (the server workspace's sources, server/src/main.ts through tsx; rooms in
// memory, a short grace period, the per-address limits raised: every widget connects from 127.0.0.1) beside the browser tests, so the online tests play through it over real WebSockets. A test asks for its URL:
//   const server = await executeServerCommand('room-server-url');
// `roomServer({ command, args })` starts another beside it, with more arguments, answering `command`
// (the turn clock's tests use one whose clocks run five times faster: `--clock-scale 0.2`).
// `roomServer({ command, seed })` keeps its store in a SQLite file that the script `seed` (run by tsx,
// given the file's path) fills before the server starts: the leaderboard's tests find rated players
// there as a production server would have them, and the server has nothing made for tests.
// `roomServer({ proxy: '/prefix' })` also answers the server's HTTP paths under /prefix on the test
// page's own origin, as a site's reverse proxy would. The command's answer is then that path, and
// `<command>:direct` answers the server's own URL (another origin: its JSON is read through CORS).
// `roomCluster({ command, args, processes })` runs a deployment instead: processes on one redis-server
// behind nginx (deploy/nginx.conf), answering nginx's URL.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nginxMissing, startNginx } from './local-nginx.mjs';
import { startRedis } from './local-redis.mjs';
import { RAISED_LIMITS } from './raised-limits.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export function roomServer({ command = 'room-server-url', args = [], seed = null, proxy = null } = {}) {
  let child = null;
  let url = null;
  let seedDir = null;

  /** The store's file, filled by the seed script; `:memory:` without one. */
  function database() {
    if (!seed) return ':memory:';
    seedDir = mkdtempSync(join(tmpdir(), 'domino-wtr-seed-'));
    const file = join(seedDir, 'rooms.sqlite');
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', seed, file], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], timeout: 120_000 });
    if (seeded.status !== 0) throw new Error(`the seed script ${seed} failed (exit ${seeded.status ?? seeded.signal})`);
    return file;
  }

  async function start() {
    const started = await spawnRoomServer(['--db', database(), ...args]);
    child = started.child;
    url = started.url;
  }

  return {
    name: command === 'room-server-url' ? 'room-server' : `room-server:${command}`,
    async serverStart() {
      await start();
    },
    /** For the config's `middleware` (they run before any plugin's): the proxy, or nothing. */
    middleware: proxy ? proxyTo(proxy, () => url) : (_ctx, next) => next(),
    async serverStop() {
      if (seedDir) await stopChild(child);
      else child?.kill('SIGTERM');
      if (seedDir) rmSync(seedDir, { recursive: true, force: true });
    },
    executeCommand({ command: asked }) {
      if (asked === `${command}:direct`) return url;
      if (asked !== command) return undefined;
      return proxy ?? url;
    },
  };
}

/**
 * One room server process (server/src/main.ts through tsx, on a free loopback port, the per-address
 * limits raised, a short grace period) with `args`: `{ child, url }` once it listens. It is killed when
 * the test runner exits, whatever way.
 */
function spawnRoomServer(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', '--port', '0', '--host', '127.0.0.1', '--static', 'none', '--grace', '2', ...RAISED_LIMITS, ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: process.env.ROOM_SERVER_LOG_LEVEL ?? 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    process.once('exit', () => child.kill('SIGKILL'));
    let buffered = '';
    let url = null;
    // A ceiling for a busy machine (tsx compiles the server first); one that did not start is killed.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the room server did not start within 120 s'));
    }, 120_000);
    child.stdout.on('data', (chunk) => {
      // With ROOM_SERVER_LOG_LEVEL set (e.g. debug), the server's log lines show beside the tests'.
      if (process.env.ROOM_SERVER_LOG_LEVEL) process.stderr.write(chunk);
      buffered += chunk.toString();
      const found = /^listening on (http:\/\/\S+)$/m.exec(buffered);
      if (found && !url) {
        url = found[1];
        clearTimeout(timer);
        resolve({ child, url });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!url) reject(new Error(`the room server exited with ${code}`));
    });
  });
}

async function stopChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * `processes` room server processes on one redis-server of their own, behind nginx with the shipped
 * deploy/nginx.conf (the room's connections hashed to one process), as a deployment runs them: `command`
 * answers nginx's URL. Nothing is started (and `command` answers null) when nginx or redis-server is
 * missing: the tests that ask for it say why they skip.
 */
export function roomCluster({ command, args = [], processes = 2 }) {
  let redis = null;
  let nginx = null;
  let children = [];
  return {
    name: `room-cluster:${command}`,
    async serverStart() {
      if (nginxMissing() || redisMissing()) return;
      redis = await startRedis({ fsync: 'none' });
      const started = await Promise.all(Array.from({ length: processes }, () => spawnRoomServer(['--redis', redis.url, '--trust-proxy', ...args])));
      children = started.map((s) => s.child);
      nginx = await startNginx({ servers: started.map((s) => new URL(s.url).host) });
    },
    async serverStop() {
      await nginx?.stop();
      await Promise.all(children.map(stopChild));
      await redis?.stop();
    },
    executeCommand({ command: asked }) {
      if (asked !== command) return undefined;
      return nginx?.url ?? null;
    },
  };
}

/** Whether Debian's redis-server is missing (the server's Redis tests need it too; CI installs it). */
function redisMissing() {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0;
}

/** Koa middleware: requests under `prefix` go to the server at `target()` (GET and HEAD: all the tests send). */
function proxyTo(prefix, target) {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(`${prefix}/`)) return next();
    const response = await fetch(new URL(ctx.url.slice(prefix.length), target()), { method: ctx.method, headers: { accept: ctx.get('accept') || '*/*' } });
    ctx.status = response.status;
    for (const [name, value] of response.headers) if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) ctx.set(name, value);
    ctx.body = Buffer.from(await response.arrayBuffer());
  };
}
