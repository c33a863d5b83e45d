// Starts the real room server (the server workspace's sources, server/src/main.ts through tsx; rooms in
// memory, a short grace period, the per-address limits raised: every widget connects from 127.0.0.1) beside the browser tests, so the online tests play through it over real WebSockets. A test asks for its URL:
//   const server = await executeServerCommand('room-server-url');
// `roomServer({ command, args })` starts another beside it, with more arguments, answering `command`
// (the turn clock's tests use one whose clocks run five times faster: `--clock-scale 0.2`).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { RAISED_LIMITS } from './raised-limits.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export function roomServer({ command = 'room-server-url', args = [] } = {}) {
  let child = null;
  let url = null;

  function start() {
    return new Promise((resolve, reject) => {
      child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', '--port', '0', '--host', '127.0.0.1', '--db', ':memory:', '--static', 'none', '--grace', '2', ...RAISED_LIMITS, ...args], {
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
    async serverStop() {
      if (child && child.exitCode === null) child.kill('SIGTERM');
    },
    executeCommand({ command: asked }) {
      if (asked !== command) return undefined;
      return url;
    },
  };
}
