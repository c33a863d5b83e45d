/**
 * A first visit as a site's visitor makes it, seen from outside: a page with `<script type="module"
 * src="dist/domino-game.js">` and one `<domino-game>` (the default level and tempo unless given), in
 * headless Chromium with an empty cache, served by a small server of the bench's own that logs every
 * request and sends files as a CDN would (gzip -9, cacheable, so the computers' worker takes the page's
 * file from the cache). It prints each request (its time from the page's, its size gzip -9) and adds them up:
 * until the first screen is up (your hand drawn), until the table is playable (a tile of yours glows,
 * or a computer's first lead is on the table), and everything requested in the first 5 s. The page
 * tells the server those moments by requesting /mark/… (not counted), so every time is the server's.
 *
 *   npm run bench -- first-visit [--build] [--level hard] [--tempo instant] [--seed S] [--lang de] [--root DIR] [--network "Fast 3G"]
 *   node --import tsx bench/first-visit.ts …
 * --root serves another checkout's built dist/ (a build from before a change, to compare). --network has
 * Chromium throttle the page's connection as one of its presets does (Slow 3G, Fast 3G, Slow 4G, Fast 4G),
 * so the times show what a download costs: without it the files come from this machine at once.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import puppeteer, { PredefinedNetworkConditions } from 'puppeteer-core';
import { CHROME_INSTALL_HINT, findChrome } from '../scripts/find-chrome.mjs';
import { ensureBuilt } from './bundle.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** How long the page is watched, from its own request. */
const WATCH_MS = 5000;

export interface FirstVisitOptions {
  build?: boolean;
  /** The widget's attributes (level, tempo, seed, lang). */
  attributes?: Record<string, string>;
  /** The checkout whose dist/ is served (default: this one). */
  root?: string;
  /** One of Chromium's network presets the page's connection is throttled to (none: unthrottled). */
  network?: string;
}

interface Logged {
  /** ms since the page's own request. */
  at: number;
  path: string;
  gzip: number;
}

/** The page: the bundle and one widget; it requests /mark/first-screen and /mark/playable as they happen. */
function page(attributes: Record<string, string>): string {
  const attrs = Object.entries(attributes)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('');
  return `<!doctype html><html lang="en"><body>
<script type="module" src="/dist/domino-game.js"></script>
<domino-game${attrs}></domino-game>
<script>
  const mark = (what) => fetch('/mark/' + what, { cache: 'no-store' });
  let screen = false;
  (function watch() {
    const game = document.querySelector('domino-game').shadowRoot;
    const hand = game && game.querySelector('domino-hand');
    const tiles = hand && hand.shadowRoot && hand.shadowRoot.querySelectorAll('button');
    if (!screen && tiles && tiles.length > 0) { screen = true; mark('first-screen'); }
    const playable = hand && hand.shadowRoot && hand.shadowRoot.querySelector('[part~="playable"]');
    const board = game && game.querySelector('domino-board');
    const laid = board && board.shadowRoot && board.shadowRoot.querySelector('.laid');
    if (screen && (playable || laid)) { mark('playable'); return; }
    requestAnimationFrame(watch);
  })();
</script>
</body></html>`;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.json': 'application/json' };

/** Serves `html` at / and the files under `from`/dist, logging each request. */
async function serve(from: string, html: string): Promise<{ url: string; log: Logged[]; marks: Map<string, number>; server: Server }> {
  const log: Logged[] = [];
  const marks = new Map<string, number>();
  let start = 0;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/') start = performance.now();
    const at = performance.now() - start;
    if (path.startsWith('/mark/')) {
      if (!marks.has(path.slice(6))) marks.set(path.slice(6), at);
      response.writeHead(204).end();
      return;
    }
    // Sent gzip -9, as counted (a throttled connection then takes as long as a CDN's would).
    const send = (status: number, body: Buffer, type: string, cache: boolean) => {
      const zipped = gzipSync(body, { level: 9 });
      log.push({ at, path, gzip: zipped.length });
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      response
        .writeHead(status, { 'content-type': type, ...(gzip ? { 'content-encoding': 'gzip' } : {}), ...(cache ? { 'cache-control': 'public, max-age=3600' } : {}) })
        .end(gzip ? zipped : body);
    };
    if (path === '/') {
      send(200, Buffer.from(html), 'text/html', false);
      return;
    }
    const file = normalize(join(from, path));
    if (!path.startsWith('/dist/') || !file.startsWith(join(from, 'dist'))) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => send(200, body, TYPES[extname(file)] ?? 'application/octet-stream', true),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, log, marks, server };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export async function benchFirstVisit(options: FirstVisitOptions = {}, print: (line: string) => void = console.log): Promise<void> {
  const from = resolve(options.root ?? root);
  if (from === resolve(root) && !ensureBuilt(options, print)) return;
  const executablePath = findChrome();
  if (!executablePath) {
    print(`first-visit: no Chrome or Chromium found, nothing measured. ${CHROME_INSTALL_HINT}`);
    process.exitCode = 1;
    return;
  }
  const attributes = options.attributes ?? {};
  const network = options.network === undefined ? undefined : PredefinedNetworkConditions[options.network as keyof typeof PredefinedNetworkConditions];
  if (options.network !== undefined && !network) {
    print(`first-visit: no network preset "${options.network}": one of ${Object.keys(PredefinedNetworkConditions).join(', ')}. Nothing measured.`);
    process.exitCode = 1;
    return;
  }
  const { url, log, marks, server } = await serve(from, page(attributes));
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.createBrowserContext();
    const tab = await context.newPage();
    await tab.setViewport({ width: 900, height: 900 });
    if (network) await tab.emulateNetworkConditions(network);
    await tab.goto(url, { waitUntil: 'load' });
    await new Promise((done) => setTimeout(done, WATCH_MS));
    await context.close();
  } finally {
    await browser.close();
    server.close();
  }

  const said = Object.entries(attributes).map(([k, v]) => `${k}="${v}"`).join(' ') || 'default attributes';
  const over = options.network === undefined ? 'unthrottled' : `throttled to ${options.network}`;
  print(`first-visit: ${from === resolve(root) ? 'dist/' : `${from}/dist/`}, <domino-game ${said}>, headless Chromium, an empty cache, ${over}; gzip -9 of each response`);
  for (const entry of log) print(`first-visit:   ${entry.at.toFixed(0).padStart(6)} ms  ${kB(entry.gzip).padStart(8)}  ${entry.path}`);
  const until = (ms: number | undefined) => log.filter((entry) => ms !== undefined && entry.at <= ms);
  const total = (entries: Logged[]) => `${kB(entries.reduce((n, e) => n + e.gzip, 0))} in ${entries.length} requests`;
  for (const [name, what] of [['first-screen', 'the first screen (your hand drawn)'], ['playable', 'the table playable (a tile of yours glows, or a computer’s lead is laid)']] as const) {
    const at = marks.get(name);
    print(`first-visit: until ${what}: ${at === undefined ? 'not reached' : `${at.toFixed(0)} ms, ${total(until(at))}`}`);
  }
  print(`first-visit: everything requested in the first ${WATCH_MS / 1000} s: ${total(until(WATCH_MS))}`);
}

/** `--level hard --tempo instant --seed S --lang de` as the widget's attributes; `--root DIR`; `--network PRESET`. */
export function takeFirstVisitArgs(args: string[]): Pick<FirstVisitOptions, 'attributes' | 'root' | 'network'> {
  const attributes: Record<string, string> = {};
  const taken: Pick<FirstVisitOptions, 'root' | 'network'> = {};
  for (const name of ['level', 'tempo', 'seed', 'lang', 'root', 'network']) {
    const at = args.indexOf(`--${name}`);
    if (at < 0) continue;
    const value = args.splice(at, 2)[1]!;
    if (name === 'root' || name === 'network') taken[name] = value;
    else attributes[name] = value;
  }
  return { attributes, ...taken };
}

// Run directly: node --import tsx bench/first-visit.ts [--build] [--level …] [--root DIR]
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  await benchFirstVisit({ build: args.includes('--build'), ...takeFirstVisitArgs(args) });
}
