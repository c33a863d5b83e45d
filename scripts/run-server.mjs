// `npm run server -- <flags>`: the room server as it ships, the compiled `domino-game-server` of the
// server/ workspace (server/dist/main.js), with the flags given; built first when it, or the widget's
// dist/ it serves and imports, is missing or older than its sources (scripts/ensure-built.mjs).
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, SERVER_ENTRY } from './ensure-built.mjs';

try {
  ensureServerBuilt();
} catch (error) {
  console.error(`domino server: ${error.message}; nothing started.`);
  process.exit(1);
}
// The server reads its flags from process.argv, which are ours: it runs in this process.
await import(pathToFileURL(SERVER_ENTRY).href);
