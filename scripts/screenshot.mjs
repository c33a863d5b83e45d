// Takes a screenshot of a page in headless Chromium, to look at the game as a player would:
//   node scripts/screenshot.mjs <url> <out.png> [width=800] [height=900] [--click selector]...
// It prints the page's console errors. Used while developing; nothing depends on it.
import puppeteer from 'puppeteer-core';
import { findChrome } from './find-chrome.mjs';

const [url, out, width = '800', height = '900', ...rest] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs <url> <out.png> [width] [height] [--wait ms] [--click selector]');
  process.exit(2);
}
const browser = await puppeteer.launch({
  executablePath: findChrome(),
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  page.on('console', (m) => m.type() !== 'log' && console.log(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
  await page.setViewport({ width: Number(width), height: Number(height) });
  await page.goto(url, { waitUntil: 'networkidle0' });
  for (let i = 0; i < rest.length; i += 2) {
    if (rest[i] === '--wait') await new Promise((r) => setTimeout(r, Number(rest[i + 1])));
    if (rest[i] === '--click') await page.click(rest[i + 1]);
    if (rest[i] === '--eval') console.log(await page.evaluate(rest[i + 1]));
  }
  await page.screenshot({ path: out, fullPage: true });
} finally {
  await browser.close();
}
