/**
 * A page in a real browser engine, driven from Node: Chromium and Firefox through puppeteer-core
 * (CDP and WebDriver BiDi), WebKit through WebKitWebDriver (WebDriver classic, spoken by the browser
 * tests' launcher: scripts/wtr-webkit-launcher.mjs). What a test runs in the page is run by the
 * driver, so the page's Content Security Policy never refuses it nor reports it.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findChrome } from '../../scripts/find-chrome.mjs';
import { findFirefox, findWebKit, type EngineName } from '../../scripts/find-browsers.mjs';
import { WebKitLauncher } from '../../scripts/wtr-webkit-launcher.mjs';

export interface BrowserPage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  /**
   * Runs `expression` (JavaScript; a promise is awaited) in the page and returns its value, which must
   * be JSON. A thrown error, in the page or while awaiting, is thrown here.
   */
  run<T>(expression: string): Promise<T>;
  /**
   * The console's messages so far, as "type: text" (Chromium and Firefox; WebDriver classic gives
   * WebKit's to nobody).
   */
  readonly console: string[];
  close(): Promise<void>;
}

/** How long one script may run in the page: a ceiling for a busy machine, never a measure. */
const SCRIPT_CEILING_MS = 180_000;

export async function openPage(engine: EngineName): Promise<BrowserPage> {
  return engine === 'webkit' ? openWebKitPage() : openPuppeteerPage(engine);
}

async function openPuppeteerPage(engine: 'chromium' | 'firefox'): Promise<BrowserPage> {
  const executablePath = engine === 'chromium' ? findChrome() : findFirefox();
  if (!executablePath) throw new Error(`${engine}: not found (scripts/find-browsers.mjs, scripts/find-chrome.mjs)`);
  const browser: Browser = await puppeteer.launch(
    engine === 'chromium'
      ? { executablePath, headless: true, protocolTimeout: SCRIPT_CEILING_MS, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] }
      : { browser: 'firefox', executablePath, headless: true, protocolTimeout: SCRIPT_CEILING_MS },
  );
  const page: Page = await browser.newPage();
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error instanceof Error ? error.message : String(error)}`));
  return {
    engine,
    console: messages,
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    run: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    close: () => browser.close(),
  };
}

async function openWebKitPage(): Promise<BrowserPage> {
  const paths = findWebKit();
  if (!paths) throw new Error('webkit: WebKitWebDriver, MiniBrowser or Xvfb not found (scripts/find-browsers.mjs)');
  const launcher = new WebKitLauncher(paths);
  const session = await launcher.newWindow();
  const command = (method: string, path: string, body?: unknown) => launcher.command(method, `/session/${session}${path}`, body);
  await command('POST', '/timeouts', { script: SCRIPT_CEILING_MS });
  return {
    engine: 'webkit',
    console: [],
    async goto(url) {
      await command('POST', '/url', { url });
    },
    async run<T>(expression: string) {
      // The driver's last argument is the callback that ends an asynchronous script.
      const script = `const done = arguments[arguments.length - 1];
        Promise.resolve().then(() => (${expression})).then((value) => done({ value }), (error) => done({ error: error instanceof Error ? error.message + '\\n' + error.stack : String(error) }));`;
      const answer = (await command('POST', '/execute/async', { script, args: [] })) as { value?: T; error?: string };
      if (answer.error !== undefined) throw new Error(answer.error);
      return answer.value as T;
    },
    async close() {
      await launcher.stop();
    },
  };
}
