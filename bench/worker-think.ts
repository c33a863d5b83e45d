/**
 * The hard computer's think time in the browser's Web Worker, beside Node's on the very same decisions.
 *
 * The built widget (dist/domino-game.js) plays whole rounds in headless Chromium at level="hard" and
 * tempo="instant", your seat played by a script (its first playable tile, else the main button). The
 * page wraps `Worker` before the bundle loads, so the widget starts its own worker as ever while the page
 * notes each move question it posts and when the answer arrives (the round trip as the page sees it);
 * the answer carries the worker's own time choosing (`thinkMs`, performance.now around chooseMove). A
 * PerformanceObserver counts long tasks (over 50 ms) on the page's main thread, and those that overlap a
 * question in flight.
 *
 * Then, the tab still open, every recorded decision with more than one legal move (a forced move is
 * answered without thinking) is answered again in turn: in this Node process (bench/arena-think.ts's
 * way) with the options the widget sent (the level's budget, DEFAULT_BUDGET_MS) and with a fixed amount of work
 * (the level's DEFAULT_MAX_DEALS sampled deals, no clock bound), then by the page's worker with that
 * fixed work. The fixed work is what compares the engines: one decision after the other, so the
 * machine's changing load weighs on both alike. The machine is shared: /proc/loadavg is printed at start
 * and end, and only ratios within the run, and figures read beside the load, mean anything.
 *
 *   npm run bench -- worker-think [--rounds 3] [--build]
 *   node --import tsx bench/worker-think.ts [--rounds 3] [--build]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseMove, type ChooseOptions } from '../src/ai/index.js';
import { DEFAULT_BUDGET_MS, DEFAULT_MAX_DEALS } from '../src/ai/levels.js';
import { legalMoves, type PlayerView } from '../src/engine/index.js';
import { ARENA_CONFIGS, arenaConfigName } from './arena-configs.js';
import { percentile } from './arena.js';
import { ensureBuilt } from './bundle.js';
import { openBenchBrowser } from './chromium.js';

interface Setting {
  name: string;
  attributes: Record<string, string>;
}

/** The arena's settings (bench/arena-configs.ts) as the widget's attributes. */
const SETTINGS: Setting[] = ARENA_CONFIGS.map(({ variant, players, teams }) => ({
  name: arenaConfigName(variant, players),
  attributes: { variant, players: String(players), ...(teams ? { teams: 'teams' } : {}) },
}));

/** The fixed work that compares the worker with Node: arena-think's deals a decision, the clock never binding. */
const FIXED_WORK = { maxDeals: DEFAULT_MAX_DEALS, budgetMs: 3_600_000 } as const;

/** What the page records of one move question the widget asked its worker. */
interface Asked {
  view: PlayerView;
  options: ChooseOptions;
  roundTripMs: number;
  thinkMs: number;
}

interface PageResult {
  asked: Asked[];
  rounds: number;
  seconds: number;
  workersStarted: number;
  otherQuestions: number;
  longTasksThinking: number[];
  longTasksPlaying: number[];
}

/**
 * Installed before the bundle: the page's Worker, wrapped so that move questions (a message with an id
 * and no type) and their answers are recorded, and the long-task observer.
 */
const INSTRUMENT = `
window.benchThink = { error: null, asked: [], pending: new Map(), inFlight: [], workers: [], otherQuestions: 0, longTasks: [] };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) benchThink.longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
}).observe({ type: 'longtask', buffered: true });
const PageWorker = window.Worker;
// The bench's own questions go past the recording.
benchThink.postUnrecorded = (worker, message) => PageWorker.prototype.postMessage.call(worker, message);
window.Worker = class extends PageWorker {
  constructor(url, options) {
    super(url, options);
    benchThink.workers.push(this);
    this.addEventListener('message', ({ data }) => {
      const at = performance.now();
      const question = benchThink.pending.get(data.id);
      if (!question) return;
      benchThink.pending.delete(data.id);
      benchThink.inFlight.push({ start: question.at, end: at });
      if ('move' in data) {
        if (typeof data.thinkMs !== 'number') benchThink.error = 'the worker sent no thinkMs: a bundle built before it? (--build)';
        benchThink.asked.push({ view: question.view, options: question.options, roundTripMs: at - question.at, thinkMs: data.thinkMs });
      }
    });
  }
  postMessage(message, ...rest) {
    if (message && typeof message.id === 'number') {
      if ('type' in message) benchThink.otherQuestions++;
      else benchThink.pending.set(message.id, { at: performance.now(), view: structuredClone(message.view), options: { ...message.options } });
    }
    super.postMessage(message, ...rest);
  }
};
`;

function page(attributes: Record<string, string>): string {
  const attrs = Object.entries({ ...attributes, level: 'hard', tempo: 'instant', persist: 'none', lang: 'en', seed: 'bench-worker-think' })
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
  return `<!doctype html><html lang="en"><body>
<script>${INSTRUMENT}</script>
<script type="module" src="/dist/domino-game.js"></script>
<domino-game ${attrs}></domino-game>
</body></html>`;
}

/** Runs in the page: plays your seat until `rounds` rounds have ended and every question is answered. */
const PLAY_ROUNDS = (rounds: number) => `(async () => {
  const el = document.querySelector('domino-game');
  await customElements.whenDefined('domino-game');
  const root = el.shadowRoot;
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  let ended = 0;
  el.addEventListener('domino-round-end', () => ended++);
  while (!root?.querySelector('domino-hand')) await pause(10);
  const started = performance.now();
  for (let i = 0; i < 100000 && ended < ${rounds} && !benchThink.error; i++) {
    await pause(20);
    const main = root.querySelector('button.main');
    if (main) { main.click(); continue; }
    const hand = root.querySelector('domino-hand')?.shadowRoot;
    const tile = [...(hand?.querySelectorAll('button.tile') ?? [])].find((b) => b.getAttribute('aria-disabled') === 'false');
    if (!tile) continue;
    tile.click();
    await pause(20);
    root.querySelector('domino-board')?.shadowRoot?.querySelector('button.place')?.click();
  }
  while (benchThink.pending.size > 0 && !benchThink.error) await pause(20);
  if (benchThink.error) throw new Error(benchThink.error);
  const overlaps = (t) => benchThink.inFlight.some((q) => t.start < q.end && q.start < t.end);
  const playing = benchThink.longTasks.filter((t) => t.start >= started);
  benchThink.played = benchThink.asked.slice();
  benchThink.playedEnd = performance.now();
  return {
    rounds: ended,
    seconds: (performance.now() - started) / 1000,
    workersStarted: benchThink.workers.length,
    otherQuestions: benchThink.otherQuestions,
    longTasksThinking: playing.filter(overlaps).map((t) => t.end - t.start),
    longTasksPlaying: playing.map((t) => t.end - t.start),
    asked: benchThink.played,
  };
})()`;

/**
 * Runs in the page after the rounds: the worker's own time for played question `k` with `options` instead
 * (the widget ignores answers to ids it never asked).
 */
const ASK_AGAIN = (k: number, options: Partial<ChooseOptions>) => `new Promise((answer, fail) => {
  const worker = benchThink.workers.at(-1);
  const question = benchThink.played[${k}];
  const id = 1e9 + ${k};
  const listen = ({ data }) => {
    if (data.id !== id) return;
    worker.removeEventListener('message', listen);
    if ('error' in data) fail(new Error(data.error));
    else answer(data.thinkMs);
  };
  worker.addEventListener('message', listen);
  benchThink.postUnrecorded(worker, { id, view: question.view, options: { ...question.options, ...${JSON.stringify(options)} } });
})`;

interface Decision {
  asked: Asked;
  /** The page's first question: its round trip includes the worker's start. */
  first: boolean;
  node: Timing;
  nodeFixed: Timing;
  workerFixedMs: number;
}

interface Measured {
  setting: Setting;
  played: PageResult;
  decisions: Decision[];
  /** Long tasks on the page's main thread while only the worker worked (the fixed work). */
  longTasksIdle: number[];
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}

function timeInNode(view: PlayerView, options: ChooseOptions): Timing {
  const cpu = process.cpuUsage();
  const start = performance.now();
  chooseMove(view, options);
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const loadavg = (): string => readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');

/** "p50 / p95 / max" in ms. */
function spread(values: number[]): string {
  if (values.length === 0) return '—';
  const ms = (v: number) => v.toFixed(0);
  return `${ms(percentile(values, 0.5))} / ${ms(percentile(values, 0.95))} / ${ms(Math.max(...values))}`;
}

const ratio = (a: number[], b: number[], q: number): string => (percentile(a, q) / percentile(b, q)).toFixed(2);

function longest(durations: number[]): string {
  return durations.length === 0 ? '0' : `${durations.length} (longest ${Math.max(...durations).toFixed(0)} ms)`;
}

export async function benchWorkerThink(options: { build?: boolean; rounds?: number }, print: (line: string) => void = console.log): Promise<void> {
  const rounds = options.rounds ?? 3;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`worker-think: --rounds must be a whole number ≥ 1, got ${String(options.rounds)}`);
  if (!ensureBuilt(options, print)) return;
  const loadAtStart = loadavg();
  const bench = await openBenchBrowser('worker-think', print);
  if (!bench) return;
  print(`worker-think: the hard computer's think time, ${rounds} whole rounds a setting, dist/domino-game.js in headless Chromium, then Node on the same decisions`);
  print(`worker-think: /proc/loadavg at start: ${loadAtStart} (2 cores here: figures above the idle ones by the load; read the ratios)`);
  const results: Measured[] = [];
  try {
    for (const setting of SETTINGS) {
      bench.setHtml(page(setting.attributes));
      const tab = await bench.browser.newPage();
      tab.on('pageerror', (error) => print(`worker-think:   page error: ${String(error)}`));
      await tab.setViewport({ width: 900, height: 900 });
      await tab.goto(bench.url, { waitUntil: 'load' });
      const played = (await tab.evaluate(PLAY_ROUNDS(rounds))) as PageResult;
      // Each decision in turn, Node then the worker, so that the machine's changing load weighs on both alike.
      const decisions: Decision[] = [];
      for (const [k, asked] of played.asked.entries()) {
        if (legalMoves(asked.view).length < 2) continue;
        const node = timeInNode(asked.view, asked.options);
        const nodeFixed = timeInNode(asked.view, { ...asked.options, ...FIXED_WORK });
        const workerFixedMs = (await tab.evaluate(ASK_AGAIN(k, FIXED_WORK))) as number;
        decisions.push({ asked, first: k === 0, node, nodeFixed, workerFixedMs });
      }
      const longTasksIdle = (await tab.evaluate(
        'benchThink.longTasks.filter((t) => t.start >= benchThink.playedEnd).map((t) => t.end - t.start)',
      )) as number[];
      await tab.close();
      results.push({ setting, played, decisions, longTasksIdle });
    }
  } finally {
    await bench.close();
  }

  print(`worker-think: as played (the widget's options: the level's ${DEFAULT_BUDGET_MS} ms budget), ms p50 / p95 / max over the decisions with a choice;`);
  print('worker-think: the round trip leaves out the first question of a page (it waits for the worker to start), the overhead is round trip - think');
  print('worker-think:   setting                  n   worker think        page round trip     overhead            Node wall           Node CPU            worker/Node wall p50, p95');
  const p95s: number[] = [];
  for (const { setting, played, decisions } of results) {
    const think = decisions.map((d) => d.asked.thinkMs);
    const later = decisions.filter((d) => !d.first);
    const trip = later.map((d) => d.asked.roundTripMs);
    const overhead = later.map((d) => d.asked.roundTripMs - d.asked.thinkMs);
    const nodeWall = decisions.map((d) => d.node.wallMs);
    p95s.push(percentile(think, 0.95));
    print(
      `worker-think:   ${setting.name.padEnd(22)} ${String(decisions.length).padStart(3)}   ${spread(think).padEnd(18)}  ${spread(trip).padEnd(18)}  ` +
        `${spread(overhead).padEnd(18)}  ${spread(nodeWall).padEnd(18)}  ${spread(decisions.map((d) => d.node.cpuMs)).padEnd(18)}  ` +
        `${ratio(think, nodeWall, 0.5)}, ${ratio(think, nodeWall, 0.95)}`,
    );
    const half = Math.ceil(think.length / 2);
    print(
      `worker-think:     worker think p50 in the first half of the decisions ${percentile(think.slice(0, half), 0.5).toFixed(0)} ms, ` +
        `in the second ${percentile(think.slice(half), 0.5).toFixed(0)} ms (a new worker's code warms up as it plays)`,
    );
    print(
      `worker-think:     ${played.rounds} rounds in ${played.seconds.toFixed(1)} s, ${played.asked.length} move questions ` +
        `(${played.asked.length - decisions.length} forced), the first answered in ${played.asked[0]?.roundTripMs.toFixed(0) ?? '—'} ms, ` +
        `${played.otherQuestions} other questions, workers started: ${played.workersStarted}; long tasks (over 50 ms) on the page's main thread ` +
        `while the computer thought: ${longest(played.longTasksThinking)}, in all while playing: ${longest(played.longTasksPlaying)}`,
    );
  }
  print(`worker-think: fixed work (${FIXED_WORK.maxDeals} sampled deals, no clock bound): the same decisions again, each in Node then in the page's worker, ms p50 / p95 / max`);
  print('worker-think:   setting                  n   worker think        Node wall           Node CPU            worker/Node wall p50, p95');
  for (const { setting, decisions } of results) {
    const workerFixed = decisions.map((d) => d.workerFixedMs);
    const nodeFixedWall = decisions.map((d) => d.nodeFixed.wallMs);
    print(
      `worker-think:   ${setting.name.padEnd(22)} ${String(decisions.length).padStart(3)}   ${spread(workerFixed).padEnd(18)}  ${spread(nodeFixedWall).padEnd(18)}  ` +
        `${spread(decisions.map((d) => d.nodeFixed.cpuMs)).padEnd(18)}  ${ratio(workerFixed, nodeFixedWall, 0.5)}, ${ratio(workerFixed, nodeFixedWall, 0.95)}`,
    );
  }
  const withinBudget = p95s.filter((p95) => p95 <= 150).length;
  print(
    `worker-think: goal p95 ≤ 150 ms a move in the worker (as played): met in ${withinBudget} of ${p95s.length} settings ` +
      `(worst p95 ${Math.max(...p95s).toFixed(0)} ms)`,
  );
  const thinking = results.flatMap(({ played }) => played.longTasksThinking);
  const idle = results.flatMap(({ longTasksIdle }) => longTasksIdle);
  const verdict = (tasks: number[]) => (tasks.length === 0 ? 'met' : `NOT met, ${longest(tasks)}`);
  print(
    `worker-think: goal: the page's main thread never blocks over 50 ms while the computer thinks: while playing ` +
      `(the page renders each move meanwhile): ${verdict(thinking)}; while only the worker worked (the fixed work): ${verdict(idle)}`,
  );
  print(`worker-think: /proc/loadavg at the end: ${loadavg()}`);
}

/** `--rounds N` taken out of `args` (undefined when absent). */
export function takeWorkerThinkArgs(args: string[]): { rounds?: number } {
  const at = args.indexOf('--rounds');
  return at >= 0 ? { rounds: Number(args.splice(at, 2)[1]) } : {};
}

// Run directly: node --import tsx bench/worker-think.ts [--rounds 3] [--build]
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  await benchWorkerThink({ build: args.includes('--build'), ...takeWorkerThinkArgs(args) });
}
