// Builds what the compiled room server needs when it is missing or older than its sources: the widget
// package's files the server imports and serves (dist/), then the server itself (server/dist/). A
// build already current costs nothing. Used by `npm run server` (scripts/run-server.mjs) and the
// server bench.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The compiled server's entry, the bin of domino-game-server. */
export const SERVER_ENTRY = join(root, 'server', 'dist', 'main.js');

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
  if (result.status !== 0) throw new Error(`\`npm run ${script}\` failed`);
}

/**
 * The widget package's bundles the server imports or serves. Their oldest is what counts: the newest
 * file of dist/ alone would call a stale bundle current once something else there was written (the
 * declarations, by `tsc -p tsconfig.build.json` for the API report).
 */
const WIDGET_BUNDLES = ['domino-game.js', 'engine.js', 'ai.js', 'machine.js', 'protocol.js'].map((name) => join(root, 'dist', name));

/** Builds the widget (dist/) when a bundle is missing or older than the sources. */
export function ensureWidgetBuilt() {
  const widgetBuilt = Math.min(...WIDGET_BUNDLES.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
  if (widgetBuilt === 0 || widgetBuilt < newest(join(root, 'src'))) build('build:widget');
}

export function ensureServerBuilt() {
  ensureWidgetBuilt();
  if (!existsSync(SERVER_ENTRY) || statSync(SERVER_ENTRY).mtimeMs < Math.max(newest(join(root, 'server', 'src')), newest(join(root, 'dist', 'types')))) build('build:server');
}
