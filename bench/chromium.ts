/**
 * Headless Chromium on a page of the bench's own: the repository served over http on a free port (the
 * built bundle under /dist/), and the bench's HTML at /bench-page.html, set anew before each tab opens.
 * The benches that watch the built widget in a real browser (page.ts, worker-think.ts) share it.
 */
import { startDevServer } from '@web/dev-server';
import puppeteer, { type Browser } from 'puppeteer-core';
import { fileURLToPath } from 'node:url';
import { CHROME_INSTALL_HINT, findChrome } from '../scripts/find-chrome.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface BenchBrowser {
  browser: Browser;
  /** The address of the bench's page, which serves the last HTML given to setHtml. */
  url: string;
  setHtml(html: string): void;
  close(): Promise<void>;
}

/** The browser and its server, or null (said through `print`, with the exit code set) when no Chrome is found. */
export async function openBenchBrowser(name: string, print: (line: string) => void): Promise<BenchBrowser | null> {
  const executablePath = findChrome();
  if (!executablePath) {
    print(`${name}: no Chrome or Chromium found, nothing measured. ${CHROME_INSTALL_HINT}`);
    process.exitCode = 1;
    return null;
  }
  let html = '';
  const server = await startDevServer({
    config: {
      rootDir: root,
      port: 0,
      open: false,
      watch: false,
      middleware: [
        (context, next) => {
          if (context.path !== '/bench-page.html') return next();
          context.type = 'html';
          context.body = html;
          return Promise.resolve();
        },
      ],
    },
    readCliArgs: false,
    readFileConfig: false,
    logStartMessage: false,
  });
  const address = server.server?.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    // A page that plays whole rounds answers one evaluate when done: minutes on a loaded machine.
    protocolTimeout: 30 * 60_000,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
  });
  return {
    browser,
    url: `http://localhost:${port}/bench-page.html`,
    setHtml: (next) => {
      html = next;
    },
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}
