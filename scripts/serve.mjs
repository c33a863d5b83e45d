// `npm start` (after the build): serves the repository root with @web/dev-server, so the demo is
// at http://localhost:8000/demo/. The port comes from $PORT (default 8000). Opens no browser.
import { startDevServer } from '@web/dev-server';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT || 8000);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(1);
}

await startDevServer({
  config: { rootDir, port, open: false, watch: false },
  readCliArgs: false,
  readFileConfig: false,
  logStartMessage: false,
});

console.log(`Serving ${rootDir}`);
console.log(`Demo: http://localhost:${port}/demo/`);
console.log('Press Ctrl+C to stop.');
