/**
 * The size of what a site serves: dist/domino-game.js (ES module) and dist/domino-game.iife.js (classic
 * script), raw, gzip -9 and brotli (quality 11), against the goal for a first visit: at most 45 kB gzip.
 *
 * A page loads one of the two. The computer players' Web Worker loads that same file again (from the
 * cache). When the ES module is split into chunks, its first visit counts what it imports statically
 * and what it imports on demand (import()) as soon as a game is played: the easy and medium computer
 * players' code, for one, is needed as soon as a computer plays. What the first screen does not show
 * but the first moves need (the match's statechart with xstate, the table's layout) is fetched as soon
 * as the table is playable: printed and added up apart, after the first visit (a table whose computer
 * leads, the lead the rules force, which the opening lays without the statechart, is playable once that
 * lead is drawn: with the table's layout; bench/first-visit.ts measures both from outside, counting the
 * computer players' code only when a computer thinks). Not counted: what loads
 * only when the player asks for it (the settings dialog and the texts it shares with the how-to-play
 * fold) or when there is a saved match to resume. The hard computer player's chunk is counted for a
 * first visit with level="hard", apart from the default (medium). The language catalogs are at most
 * one per visitor and are counted apart. Sizes are per file, as a server sends them.
 *
 * Builds first (`npm run build`, its output on stderr) when dist/ is missing or older than its sources,
 * or always with --build.
 *   npm run bench -- bundle [--build]
 *   node --import tsx bench/bundle.ts [--build]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LANGUAGES } from '../src/i18n/languages.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The goal: what a first visit downloads, gzip -9, at most this many bytes (kB = 1000 bytes). */
export const FIRST_VISIT_GOAL_BYTES = 45_000;

const MODULE = 'dist/domino-game.js';
const CLASSIC = 'dist/domino-game.iife.js';
/** Not loaded by pages: the engine for Node and bundlers. */
const ENGINE = 'dist/engine.js';

/** Inputs of the build: a dist/ older than any of them is stale. */
const SOURCES = ['src', 'rollup.config.mjs', 'package.json', 'tsconfig.build.json'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Why dist/ must be rebuilt, or null when it is up to date. */
function staleness(): string | null {
  const missing = [MODULE, CLASSIC].find((file) => !existsSync(join(root, file)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...[MODULE, CLASSIC].map((file) => statSync(join(root, file)).mtimeMs));
  const sources = Math.max(...SOURCES.filter((p) => existsSync(join(root, p))).map((p) => newestMtime(join(root, p))));
  return sources > built ? 'dist/ is older than its sources' : null;
}

/** Runs `npm run build`; false when it failed. */
function build(reason: string, print: (line: string) => void): boolean {
  print(`build: ${reason}: npm run build …`);
  // The build's own output goes to stderr, so stdout keeps only the figures.
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
    shell: process.platform === 'win32',
  });
  if (result.status === 0) return true;
  print(`build: the build failed (exit code ${result.status ?? result.signal}); its output is above. No sizes measured.`);
  process.exitCode = 1;
  return false;
}

/** The .js files under `dir` (relative to the root), dist/types aside. */
function scripts(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory() && path !== 'dist/types') out.push(...scripts(path));
    else if (entry.isFile() && entry.name.endsWith('.js')) out.push(path);
  }
  return out.sort();
}

/** Builds dist/ when it is missing or stale (always with `build`); false when the build failed. */
export function ensureBuilt(options: { build?: boolean }, print: (line: string) => void): boolean {
  const reason = options.build ? '--build' : staleness();
  return !reason || build(reason, print);
}

export interface BundleSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export function measure(file: string): BundleSize {
  const bytes = readFileSync(join(root, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }).length;
  return { file, raw: bytes.length, gzip, brotli };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const range = (values: number[]) => `${kB(Math.min(...values))}–${kB(Math.max(...values))}`;

function verdict(bytes: number): string {
  const share = `${((bytes / FIRST_VISIT_GOAL_BYTES) * 100).toFixed(0)}% of the ${kB(FIRST_VISIT_GOAL_BYTES)} goal`;
  return `${share}: ${bytes <= FIRST_VISIT_GOAL_BYTES ? 'within the goal' : 'OVER THE GOAL'}`;
}

/** The relative scripts a minified ES module imports, statically and with import(). */
function importsOf(file: string): { statics: string[]; dynamics: string[] } {
  const code = readFileSync(join(root, file), 'utf8');
  const at = (spec: string) => posix.normalize(posix.join(posix.dirname(file), spec));
  const statics = [...code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g)];
  const dynamics = [...code.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)];
  const existing = (paths: string[]) => [...new Set(paths)].filter((p) => existsSync(join(root, p)));
  return { statics: existing(statics.map((m) => at(m[1]!))), dynamics: existing(dynamics.map((m) => at(m[1]!))) };
}

/**
 * Chunks a first visit never loads: the settings dialog and the on-demand texts (on opening it or the
 * how-to-play fold), the saved-game checks (only when there is a saved match to resume) and online
 * play (only when the person chooses it or opens an invite link), and the summaries' body (at the end of
 * the first round, not on arrival: the summary's heading is in the first visit), a hint and an undo's
 * words (on the first Hint or Undo), a round's review (when its fold is opened, on the main thread
 * only where no worker can run), the sounds (only once the person turns them on); and the views of
 * the package's other elements, <domino-leaderboard> and <domino-player-card> (only on a page that
 * places one). What they import is not counted either.
 */
const laterChunk = /^(?:domino-settings|restore|en-extra|online-mode|summary|hint|review|teach-actions|sound|leaderboard-view|player-card-view)-[\w-]{8}\.js$/;

/**
 * Chunks fetched as soon as the table is playable, in idle time, since the first moves need them and
 * the first screen does not show them: the match's statechart and xstate (ui/session/match-actor.ts), the table's
 * layout (ui/board/ through fit.ts, with what is drawn over a laid-out table: ui/domino-board/table-overlays.ts,
 * the chunk's entry). What they import is fetched with them.
 */
const prefetchedChunk = /^(?:match-actor|table-overlays)-[\w-]{8}\.js$/;

/** The table's layout: a table with a computer's lead is drawn with it before it is playable. */
const layoutChunk = /^table-overlays-[\w-]{8}\.js$/;

/** The hard computer player's chunk (choose.ts; choose-light.ts is the easy and medium one). */
const hardChunk = /^choose-[\w-]{8}\.js$/;

/** A chunk rollup named after a language catalog (`de-<hash>.js`, `pt-BR-<hash>.js`). */
const catalogName = new RegExp(`^(?:${LANGUAGES.join('|')})-[\\w-]{8}\\.js$`);

/**
 * What the ES module loads: `first`, its static imports and the chunks it imports on demand that are
 * not language catalogs (with their imports in turn); `prefetched`, what is fetched once the first
 * screen is up (and what it imports that `first` has not); `hard`, what level="hard" adds (the hard
 * player's chunk and what it imports that those have not); `later`, what is loaded only when asked
 * for; `catalogs`, the language chunks.
 */
function moduleGraph(entry: string): {
  first: string[];
  prefetched: string[];
  hard: string[];
  later: string[];
  onDemand: Set<string>;
  catalogs: string[];
} {
  const first = new Set<string>();
  const prefetched = new Set<string>();
  const hard = new Set<string>();
  const later = new Set<string>();
  const onDemand = new Set<string>();
  const catalogs = new Set<string>();
  const prefetchStart: string[] = [];
  const hardStart: string[] = [];
  const deferred: string[] = [];
  /** Walks from `start`, putting what it reaches in `into` (what `before` holds is there already). */
  const walk = (start: string[], into: Set<string>, before: Set<string>[]) => {
    const queue = [...start];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (into.has(file) || before.some((set) => set.has(file))) continue;
      into.add(file);
      const { statics, dynamics } = importsOf(file);
      queue.push(...statics);
      for (const chunk of dynamics) {
        const name = posix.basename(chunk);
        if (catalogName.test(name)) catalogs.add(chunk);
        else if (laterChunk.test(name)) deferred.push(chunk);
        else if (prefetchedChunk.test(name) && into === first) prefetchStart.push(chunk);
        else if (hardChunk.test(name) && into === first) hardStart.push(chunk);
        else {
          onDemand.add(chunk);
          queue.push(chunk);
        }
      }
    }
  };
  walk([entry], first, []);
  walk(prefetchStart, prefetched, [first]);
  walk(hardStart, hard, [first, prefetched]);
  walk(deferred, later, [first, prefetched, hard]);
  for (const file of [...first, ...prefetched, ...hard, ...later]) catalogs.delete(file);
  return { first: [...first], prefetched: [...prefetched], hard: [...hard], later: [...later], onDemand, catalogs: [...catalogs].sort() };
}

export interface BundleReport {
  module: BundleSize;
  classic: BundleSize;
  /** Files the ES module's first visit loads besides itself. */
  moduleChunks: BundleSize[];
  /** Files fetched as soon as the table is playable (the statechart, the table's layout). */
  prefetchedChunks: BundleSize[];
  /** Language catalogs the ES module loads on demand. */
  catalogs: BundleSize[];
  /**
   * gzip bytes of a first visit: the ES module (in English at the default level; with level="hard"; in the largest other language; with what is fetched once the table is playable),
   * the classic script.
   */
  firstVisit: { module: number; moduleHard: number; moduleOtherLanguage: number; withPrefetched: number; classic: number };
}

/** Prints the sizes; builds first when needed (or always with `options.build`). Null when the build failed. */
export function benchBundle(
  options: { build?: boolean } = {},
  print: (line: string) => void = console.log,
): BundleReport | null {
  if (!ensureBuilt(options, print)) return null;

  const module = measure(MODULE);
  const classic = measure(CLASSIC);
  const graph = moduleGraph(MODULE);
  const moduleChunks = graph.first.filter((f) => f !== MODULE).map(measure);
  const prefetchedChunks = graph.prefetched.map(measure);
  const hardChunks = graph.hard.map(measure);
  const laterChunks = graph.later.map(measure);
  const catalogs = graph.catalogs.map(measure);
  const reached = new Set([...graph.first, ...graph.prefetched, ...graph.hard, ...graph.later, ...graph.catalogs, CLASSIC, ENGINE]);
  const unreached = scripts('dist').filter((f) => !reached.has(f));

  const sum = (sizes: BundleSize[], key: 'raw' | 'gzip' | 'brotli') => sizes.reduce((n, s) => n + s[key], 0);
  const width = Math.max(
    MODULE.length,
    CLASSIC.length,
    ...[...moduleChunks, ...prefetchedChunks, ...hardChunks, ...laterChunks].map((c) => c.file.length),
  );
  const row = (name: string, s: { raw: string; gzip: string; brotli: string }, what: string) =>
    print(`bundle:   ${name.padEnd(width)}  ${s.raw.padStart(9)}  ${s.gzip.padStart(9)}  ${s.brotli.padStart(9)}  ${what}`.trimEnd());
  const sized = (s: BundleSize) => ({ raw: kB(s.raw), gzip: kB(s.gzip), brotli: kB(s.brotli) });

  print('bundle: sizes (kB = 1000 bytes; gzip -9, brotli quality 11; each file compressed on its own)');
  row('file', { raw: 'raw', gzip: 'gzip', brotli: 'brotli' }, '');
  row(MODULE, sized(module), 'ES module (<script type="module">)');
  for (const chunk of moduleChunks) {
    row(chunk.file, sized(chunk), graph.onDemand.has(chunk.file) ? '  imported on demand, counted in' : '  imported by it');
  }
  for (const chunk of prefetchedChunks) {
    const what = layoutChunk.test(posix.basename(chunk.file)) ? ' (and before it, a computer’s lead drawn)' : '';
    row(chunk.file, sized(chunk), `  fetched once the table is playable${what}, the first moves need it: added up apart`);
  }
  for (const chunk of hardChunks) row(chunk.file, sized(chunk), '  imported on demand for level="hard", counted there');
  for (const chunk of laterChunks) {
    row(chunk.file, sized(chunk), '  loaded when asked for (settings, how to play, saved game, online play), at the end of a round (summary) or by another element (leaderboard, player card), not counted');
  }
  row(CLASSIC, sized(classic), 'classic script (works from file:// too)');
  if (catalogs.length > 0) {
    print(
      `bundle:   ${catalogs.length} language catalogs, loaded by the ES module on demand: ` +
        `${range(catalogs.map((c) => c.raw))} raw, ${range(catalogs.map((c) => c.gzip))} gzip, ` +
        `${range(catalogs.map((c) => c.brotli))} brotli each`,
    );
  }
  if (unreached.length > 0) print(`bundle:   not loaded by the ES module: ${unreached.join(', ')}`);

  const firstModule = module.gzip + sum(moduleChunks, 'gzip');
  const largest = catalogs.reduce<BundleSize | null>((a, c) => (a === null || c.gzip > a.gzip ? c : a), null);
  const firstVisit = {
    module: firstModule,
    moduleHard: firstModule + sum(hardChunks, 'gzip'),
    moduleOtherLanguage: firstModule + (largest?.gzip ?? 0),
    withPrefetched: firstModule + sum(prefetchedChunks, 'gzip'),
    classic: classic.gzip,
  };
  const files = (n: number) => (n > 1 ? ` (${n} files)` : '');
  print(
    `bundle: first visit, ES module, default level${files(1 + moduleChunks.length)}: ` +
      `${kB(firstVisit.module)} gzip, ${verdict(firstVisit.module)}`,
  );
  if (hardChunks.length > 0) {
    print(
      `bundle: first visit, ES module, level="hard"${files(1 + moduleChunks.length + hardChunks.length)}: ` +
        `${kB(firstVisit.moduleHard)} gzip, ${verdict(firstVisit.moduleHard)}`,
    );
  }
  if (largest) {
    print(
      `bundle: first visit, ES module in another language: up to ${kB(firstVisit.moduleOtherLanguage)} gzip ` +
        `(+ ${posix.basename(largest.file)}, ${kB(largest.gzip)}), ${verdict(firstVisit.moduleOtherLanguage)}`,
    );
  }
  if (prefetchedChunks.length > 0) {
    print(
      `bundle: first visit, ES module, default level, and what is fetched once the table is playable${files(1 + moduleChunks.length + prefetchedChunks.length)}: ` +
        `${kB(firstVisit.withPrefetched)} gzip (+ ${kB(sum(prefetchedChunks, 'gzip'))})`,
    );
  }
  print(`bundle: first visit, classic script: ${kB(firstVisit.classic)} gzip, ${verdict(firstVisit.classic)}`);
  return { module, classic, moduleChunks, prefetchedChunks, catalogs, firstVisit };
}

// Run directly: node --import tsx bench/bundle.ts [--build]
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  benchBundle({ build: process.argv.includes('--build') });
}
