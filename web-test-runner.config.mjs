// @web/test-runner: the browser tests under test/ui/, run from TypeScript source (esbuild) in the
// system Chrome/Chromium, driven by puppeteer-core (nothing is downloaded).
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { CHROME_CANDIDATES, CHROME_INSTALL_HINT, findChrome } from './scripts/find-chrome.mjs';
import { summaryReporter } from './scripts/wtr-summary-reporter.mjs';
import { failingRequests } from './scripts/wtr-failing-requests.mjs';
import { roomServer } from './scripts/wtr-room-server.mjs';
import { timingReporter } from './scripts/wtr-timing-reporter.mjs';

function noBrowser(reason) {
  console.error(`\nBrowser tests need Chrome or Chromium: ${reason}\n${CHROME_INSTALL_HINT}\n`);
  process.exit(1);
}

let executablePath;
try {
  executablePath = findChrome();
} catch (error) {
  noBrowser(error.message);
}
if (!executablePath) {
  noBrowser(`none found (looked at CHROME_PATH, then ${CHROME_CANDIDATES.join(', ')}).`);
}

// Requests made to fail on demand (test/ui/bundle.test.ts: a chunk that cannot be loaded).
const failing = failingRequests();

/**
 * The slowest files first (the timing reporter prints them after every run): two run at once, and a
 * long file started last would run alone at the end while the other page has nothing left to do.
 */
const SLOWEST_FIRST = ['test/ui/fixed-size.test.ts', 'test/ui/narrow.test.ts', 'test/ui/play-keyboard.test.ts', 'test/ui/play-pointer.test.ts', 'test/ui/online.test.ts', 'test/ui/online-match.test.ts', 'test/ui/embedding.test.ts', 'test/ui/summary.test.ts'];

export default {
  files: [...SLOWEST_FIRST, 'test/ui/**/*.test.ts'],
  middleware: [failing.middleware],
  nodeResolve: true,
  plugins: [
    // tsconfig.json sets useDefineForClassFields: false, so class fields go through Lit's accessors.
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
    // Chrome's accessibility tree, for the accessible names in test/ui/a11y.test.ts.
    a11ySnapshotPlugin(),
    failing.plugin,
    // The real room server, for the online tests (test/ui/online*.test.ts).
    roomServer(),
    // Another, whose turn clocks run five times faster (15 s in 3 s): test/ui/online-room.test.ts (#19).
    roomServer({ command: 'fast-clock-room-server-url', args: ['--clock-scale', '0.2'] }),
  ],
  browsers: [
    chromeLauncher({
      // Each test file in a window of its own: two run at once, and a page in a background tab is
      // hidden (no frames: no animation frames, no resize observations, and puppeteer's mouse moves
      // wait forever for one).
      createPage: ({ context }) => context.newPage({ type: 'window' }),
      launchOptions: {
        executablePath,
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
        ],
      },
    }),
  ],
  // Lit's one-line "dev mode" notice would show under every test file.
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
  concurrency: 2,
  concurrentBrowsers: 1,
  // Ceilings, not measures: far above what a busy 2-core machine takes, so that only a hang fails. A
  // test that plays whole matches says so with a ceiling of its own (this.timeout).
  browserStartTimeout: 120_000,
  testsStartTimeout: 120_000,
  testsFinishTimeout: 900_000,
  testFramework: {
    config: { timeout: 60_000 },
  },
  reporters: [defaultReporter(), summaryReporter(), timingReporter()],
};
