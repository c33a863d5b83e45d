// Starts the real room server (the server workspace's sources, server/src/main.ts through tsx; rooms in
// memory, a short grace period, the per-address limits raised: every widget connects from 127.0.0.1) beside the browser tests, so the online tests play through it over real WebSockets. A test asks for its URL:
//   const server = await executeServerCommand('room-server-url');
// `roomServer({ command, args })` starts another beside it, with more arguments, answering `command`
// (the turn clock's tests use one whose clocks run five times faster: `--clock-scale 0.2`).
// `roomServer({ command, seed })` keeps its store in a SQLite file that the script `seed` (run by tsx,
// given the file's path) fills before the server starts: the leaderboard's tests find rated players
// there as a production server would have them, and the server has nothing made for tests.
// `roomServer({ proxy: '/prefix' })` also answers the server's HTTP paths under /prefix on the test
// page's own origin, as a site's reverse proxy would: the server sends no CORS headers, so a page
// fetches its JSON (the leaderboard, a card) from its own origin only. The command's answer is then
// that path.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

  function start() {
    const db = database();
    return new Promise((resolve, reject) => {
      child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', '--port', '0', '--host', '127.0.0.1', '--db', db, '--static', 'none', '--grace', '2', ...RAISED_LIMITS, ...args], {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: process.env.ROOM_SERVER_LOG_LEVEL ?? 'warn' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      // Whatever way the test runner ends, the server ends with it.
      process.once('exit', () => child?.kill('SIGKILL'));
      let buffered = '';
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
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        if (!url) reject(new Error(`the room server exited with ${code}`));
      });
    });
  }

  return {
    name: command === 'room-server-url' ? 'room-server' : `room-server:${command}`,
    async serverStart() {
      await start();
    },
    /** For the config's `middleware` (they run before any plugin's): the proxy, or nothing. */
    middleware: proxy ? proxyTo(proxy, () => url) : (_ctx, next) => next(),
    async serverStop() {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        if (seedDir) await exited;
      }
      if (seedDir) rmSync(seedDir, { recursive: true, force: true });
    },
    executeCommand({ command: asked }) {
      if (asked !== command) return undefined;
      return proxy ?? url;
    },
  };
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
