// `npm run server -- <flags>`: the room server as it ships, the compiled `domino-game-server` of the
// server/ workspace (server/dist/main.js), with the flags given. It builds first what is missing or
// older than its sources: the widget package's files the server imports and serves (dist/), then the
// server itself; a build already current costs nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The newest modification time of the files under `dir` (0 when there is none). */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return time;
}

function build(script) {
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', script], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error(`domino server: \`npm run ${script}\` failed; nothing started.`);
    process.exit(result.status ?? 1);
  }
}

const entry = join(root, 'server', 'dist', 'main.js');
const widgetBuilt = newest(join(root, 'dist'));
if (widgetBuilt === 0 || widgetBuilt < newest(join(root, 'src'))) build('build:widget');
if (!existsSync(entry) || statSync(entry).mtimeMs < Math.max(newest(join(root, 'server', 'src')), newest(join(root, 'dist', 'types')))) build('build:server');

// The server reads its flags from process.argv, which are ours: it runs in this process.
await import(pathToFileURL(entry).href);
