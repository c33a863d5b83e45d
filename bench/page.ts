/**
 * The main thread while people play: the built bundle (dist/domino-game.js) in headless Chromium, a
 * script playing your seat against computers at every level, and a PerformanceObserver counting long
 * tasks (over 50 ms: what makes a page feel stuck). The goal: none. The computers think in a Web Worker,
 * so their search should never show here; what remains is rendering and the table layout.
 *
 * It also times the render after each of your moves: from the click to the widget, its table and its
 * hand having rendered and the page's style and layout being computed (read back by a forced layout),
 * as median and p95 over the match. That is the work a move costs the main thread before the next paint.
 *
 *   npm run bench -- page [--build]
 *   node --import tsx bench/page.ts [--build]
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './bundle.js';
import { openBenchBrowser } from './chromium.js';

interface Series {
  name: string;
  attributes: Record<string, string>;
}

const SERIES: Series[] = [
  { name: '2-player Draw, hard', attributes: { variant: 'draw', players: '2', level: 'hard', target: '60' } },
  { name: '4-player All Fives, hard', attributes: { variant: 'fives', players: '4', level: 'hard', target: '100' } },
  { name: '4-player Doubles, hard', attributes: { variant: 'doubles', players: '4', level: 'hard', target: '60' } },
  { name: '3-player Block, medium', attributes: { variant: 'block', players: '3', level: 'medium', target: '60' } },
  { name: '2-player Draw, easy', attributes: { variant: 'draw', players: '2', level: 'easy', target: '60' } },
];

/** The page: the bundle and one widget, at tempo fast (the pauses keep the computers' pace natural). */
function page(attributes: Record<string, string>): string {
  const attrs = Object.entries({ ...attributes, tempo: 'fast', persist: 'none', seed: 'bench-page' })
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
  return `<!doctype html><html lang="en"><body>
<script>
  window.longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration }); })
    .observe({ type: 'longtask', buffered: true });
</script>
<script type="module" src="/dist/domino-game.js"></script>
<domino-game ${attrs}></domino-game>
</body></html>`;
}

/** Runs in the page: plays your seat (the first glowing tile on its first place, or the main button) to the match's end. */
const PLAY_MATCH = `(async () => {
  const el = document.querySelector('domino-game');
  await customElements.whenDefined('domino-game');
  const root = el.shadowRoot;
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  let actions = 0;
  const renders = [];
  // Times one action: the click, the widget's and its children's renders, then style and layout.
  const timed = async (click) => {
    const start = performance.now();
    click();
    for (let k = 0; k < 2; k++) {
      await el.updateComplete;
      await root.querySelector('domino-board')?.updateComplete;
      await root.querySelector('domino-hand')?.updateComplete;
    }
    el.getBoundingClientRect();
    renders.push(performance.now() - start);
  };
  // Wait for the game on the table: what came before is loading the page, counted apart.
  while (!root?.querySelector('domino-hand')) await pause(10);
  const started = performance.now();
  for (let i = 0; i < 5000; i++) {
    await pause(20);
    const main = root.querySelector('button.main');
    if (main && main.textContent.trim() === 'New game') break;
    if (main) { await timed(() => main.click()); actions++; continue; }
    const hand = root.querySelector('domino-hand')?.shadowRoot;
    const tile = [...(hand?.querySelectorAll('button.tile') ?? [])].find((b) => b.getAttribute('aria-disabled') === 'false');
    if (!tile) continue;
    tile.click();
    await pause(20);
    const place = root.querySelector('domino-board')?.shadowRoot?.querySelector('button.place');
    if (place) await timed(() => place.click());
    actions++;
  }
  const loading = window.longTasks.filter((t) => t.start < started).map((t) => t.duration);
  const playing = window.longTasks.filter((t) => t.start >= started).map((t) => t.duration);
  return { actions, seconds: (performance.now() - started) / 1000, loading, playing, renders };
})()`;

/** "median 4.1 ms, p95 9.8 ms" of a list of durations. */
function quantiles(durations: number[]): string {
  if (durations.length === 0) return 'none';
  const sorted = durations.slice().sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
}

export async function benchPage(options: { build?: boolean }, print: (line: string) => void = console.log): Promise<void> {
  if (!ensureBuilt(options, print)) return;
  const bench = await openBenchBrowser('page', print);
  if (!bench) return;
  print('page: long tasks (over 50 ms) on the main thread during one match per series, dist/domino-game.js in headless Chromium');
  print('page:   series                       actions   seconds   long tasks while playing (longest)   while loading (longest)   render after a move: median, p95');
  const all: number[] = [];
  try {
    for (const series of SERIES) {
      bench.setHtml(page(series.attributes));
      const tab = await bench.browser.newPage();
      await tab.setViewport({ width: 900, height: 900 });
      await tab.goto(bench.url, { waitUntil: 'load' });
      const result = (await tab.evaluate(PLAY_MATCH)) as {
        actions: number;
        seconds: number;
        loading: number[];
        playing: number[];
        renders: number[];
      };
      all.push(...result.renders);
      await tab.close();
      const tasks = (durations: number[]) =>
        `${durations.length}${durations.length > 0 ? ` (${Math.max(...durations).toFixed(0)} ms)` : ''}`;
      print(
        `page:   ${series.name.padEnd(27)}  ${String(result.actions).padStart(7)}  ${result.seconds.toFixed(1).padStart(8)}  ` +
          `${tasks(result.playing).padStart(34)}  ${tasks(result.loading).padStart(24)}  ${quantiles(result.renders)}`,
      );
    }
    print(`page:   every series: render after a move (${all.length} moves): ${quantiles(all)}`);
  } finally {
    await bench.close();
  }
}

// Run directly: node --import tsx bench/page.ts [--build]
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await benchPage({ build: process.argv.includes('--build') });
}
