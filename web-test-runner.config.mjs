// @web/test-runner: the browser tests under test/ui/, run from TypeScript source (esbuild) in three
// engines, one after another: Chromium (the system's, through puppeteer-core over CDP), Firefox (the
// system's, through puppeteer-core over WebDriver BiDi) and WebKit (WebKitGTK's MiniBrowser through
// WebKitWebDriver under Xvfb: scripts/wtr-webkit-launcher.mjs). Nothing is downloaded.
//
// Which engines: $BROWSERS, comma-separated (chromium,firefox,webkit; all three when unset). Each
// engine is a group named after it with the files it runs (scripts/wtr-engine-files.mjs), so
// `--group firefox` runs one of those asked for; with `--files`, the files given run in every engine
// asked for. scripts/test.mjs (`npm run test:browser -- --browser firefox`) runs the engines one at a
// time and adds up their counts.
import * as puppeteer from 'puppeteer-core';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { CHROME_CANDIDATES, CHROME_INSTALL_HINT, findChrome } from './scripts/find-chrome.mjs';
import { ENGINE_INSTALL_HINT, chosenEngines, findFirefox, findWebKit } from './scripts/find-browsers.mjs';
import { summaryReporter } from './scripts/wtr-summary-reporter.mjs';
import { failingRequests } from './scripts/wtr-failing-requests.mjs';
import { roomCluster, roomServer } from './scripts/wtr-room-server.mjs';
import { timingReporter } from './scripts/wtr-timing-reporter.mjs';
import { webkitLauncher, webkitViewportPlugin } from './scripts/wtr-webkit-launcher.mjs';
import { filesFor } from './scripts/wtr-engine-files.mjs';

function noBrowser(what, reason, hint) {
  console.error(`\nBrowser tests in ${what}: ${reason}\n${hint}\n`);
  process.exit(1);
}

/** Finds an engine's executables; a missing one ends the run with how to install it. */
function found(what, find, hint, looked) {
  let paths;
  try {
    paths = find();
  } catch (error) {
    noBrowser(what, error.message, hint);
  }
  if (!paths) noBrowser(what, `not found (looked at ${looked}).`, hint);
  return paths;
}

let engines;
try {
  engines = chosenEngines([], process.env);
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

/**
 * Each test file in a window of its own: two run at once, and a page in a background tab is hidden
 * (no frames: no animation frames, no resize observations, and puppeteer's mouse moves wait forever
 * for one).
 */
const ownWindow = ({ context }) => context.newPage({ type: 'window' });

const LAUNCHERS = {
  chromium: () =>
    chromeLauncher({
      createPage: ownWindow,
      launchOptions: {
        executablePath: found('Chromium', findChrome, CHROME_INSTALL_HINT, `CHROME_PATH, then ${CHROME_CANDIDATES.join(', ')}`),
        headless: true,
        args: [
          '--no-sandbox',
          '--headless=new',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          // A page the browser thinks is in the background gets its timers throttled and its frames
          // stopped; with two files at once under load, a hang of a whole file (every timeout of its own
          // silenced) was seen once. Keep every page running as if in front.
          '--disable-background-timer-throttling',
          '--disable-renderer-backgrounding',
          '--disable-backgrounding-occluded-windows',
        ],
      },
    }),
  firefox: () =>
    chromeLauncher({
      // The launcher is puppeteer's: given puppeteer-core itself, it launches what launchOptions.browser names.
      puppeteer,
      createPage: ownWindow,
      // One window at a time: Firefox does not activate a button on Enter or Space in a window that
      // is not the focused one (the key events arrive, the click does not).
      concurrency: 1,
      launchOptions: {
        browser: 'firefox',
        executablePath: found('Firefox', findFirefox, ENGINE_INSTALL_HINT.firefox, 'FIREFOX_PATH, then the usual places'),
        headless: true,
      },
    }),
  webkit: () => webkitLauncher(found('WebKit', findWebKit, ENGINE_INSTALL_HINT.webkit, 'WEBKIT_DRIVER_PATH, MINIBROWSER_PATH, XVFB_PATH, then the usual places')),
};

// Requests made to fail on demand (test/ui/bundle.test.ts: a chunk that cannot be loaded).
const failing = failingRequests();

// A room server whose store holds rated players (test/ui/players/fixture.ts), its HTTP answers also on
// the test page's own origin under /players-server (as a site proxies them): the leaderboard's tests.
const playersServer = roomServer({ command: 'players-room-server-url', seed: 'test/ui/players/seed.ts', proxy: '/players-server' });

// @web/test-runner runs `--files` as one more group, in the config's top-level browsers, beside the
// groups: so with `--files` the engines are the top-level browsers and there are no groups.
const filesGiven = process.argv.some((arg) => arg === '--files' || arg.startsWith('--files='));

export default {
  ...(filesGiven
    ? { browsers: engines.map((engine) => LAUNCHERS[engine]()) }
    : { groups: engines.map((engine) => ({ name: engine, files: filesFor(engine), browsers: [LAUNCHERS[engine]()] })) }),
  middleware: [failing.middleware, playersServer.middleware],
  nodeResolve: true,
  plugins: [
    // tsconfig.json sets useDefineForClassFields: false, so class fields go through Lit's accessors.
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
    // Chrome's accessibility tree, for the accessible names in test/ui/a11y.test.ts.
    a11ySnapshotPlugin(),
    // setViewport in WebKit (test/ui/browser-engine.ts sends it there).
    webkitViewportPlugin(),
    failing.plugin,
    // The real room server, for the online tests (test/ui/online*.test.ts).
    roomServer(),
    // Another, whose turn clocks run five times faster (15 s in 3 s): test/ui/online-room.test.ts (#19).
    roomServer({ command: 'fast-clock-room-server-url', args: ['--clock-scale', '0.2'] }),
    // The turn clock's test that acts within the computer's pause gets a pause ten times as long.
    roomServer({ command: 'slow-computer-room-server-url', args: ['--clock-scale', '0.2', '--computer-pause-scale', '10'] }),
    playersServer,
    // Quick match's tests play whole rated matches: pools of short matches (test/ui/quick-match.test.ts).
    roomServer({ command: 'quick-match-room-server-url', args: ['--pools', 'test/ui/quick-match-pools.json'] }),
    // And as a deployment runs it: two processes on one Redis behind nginx (deploy/nginx.conf).
    roomCluster({ command: 'quick-match-cluster-url', args: ['--pools', 'test/ui/quick-match-pools.json'] }),
  ],
  // Lit's one-line "dev mode" notice would show under every test file.
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
  concurrency: 2,
  // One engine at a time: on two cores, engines side by side only share them.
  concurrentBrowsers: 1,
  // Ceilings, not measures: far above what a busy 2-core machine takes, so that only a hang fails. A
  // test that plays whole matches says so with a ceiling of its own (this.timeout).
  browserStartTimeout: 120_000,
  testsStartTimeout: 120_000,
  // The slowest file takes about 70 s in a whole run at a load of 16: five minutes is a hang.
  testsFinishTimeout: 300_000,
  testFramework: {
    config: { timeout: 60_000 },
  },
  reporters: [defaultReporter(), summaryReporter(), timingReporter()],
};
