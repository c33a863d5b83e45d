// Runs every test of the package and ends with one line alone: `N passed, N failed`.
//
//   node scripts/test.mjs             type check, lint, build, Node tests, browser tests
//   node scripts/test.mjs --node      Node tests only
//   node scripts/test.mjs --browser   build, then browser tests only
//   … --browser firefox,webkit        the browser tests in those engines only (also $BROWSERS;
//                                     `npm run test:browser -- --browser firefox`)
//
// 1. Type check: `tsc --noEmit -p tsconfig.json` (src, test, bench); counts as one test.
//    Lint: `eslint .` (eslint.config.mjs); counts as one test.
// 2. Build: `npm run build` (the widget, then the server workspace), for the browser tests of the built files (test/ui/bundle*.test.ts,
//    test/ui/classic.test.ts); counts as one test. Then the manifest: the custom-elements.json the
//    build wrote must be the one it found (the committed one, in a fresh clone); one test. Then
//    scripts/check-packages.mjs checks both packages' contents and starts the server's bin; one test.
//    Then scripts/check-exports.mjs imports the Node entries by their public names (domino-game/engine,
//    /ai, /machine, /protocol); one test. Then scripts/api-report.mjs checks each entry point's API
//    against its report in api/; one test.
// 3. Node tests: `node --test` over every test/**/*.test.ts outside test/ui/, and the server
//    workspace's server/test/**/*.test.ts, several files at once.
// 4. Browser tests: @web/test-runner over test/ui/**/*.test.ts (from source, except those above), in
//    each engine one after another (Chromium, Firefox, WebKit: web-test-runner.config.mjs; the files
//    each runs: scripts/wtr-engine-files.mjs). Every engine's tests count in the closing line.
//
// Steps that do not depend on each other run side by side: the type check and lint beside the build,
// then the Node tests beside the browser tests (which need the build; test/build/readme-styling
// reads the manifest it writes). Each step's output is printed whole when it ends, with its time, and
// the Node and browser tests end theirs with their slowest files and tests. The exit code is 1 when
// anything failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chosenEngines } from './find-browsers.mjs';
import { filesFor } from './wtr-engine-files.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const args = new Set(process.argv.slice(2));
const only = args.has('--node') ? 'node' : [...args].some((arg) => arg === '--browser' || arg.startsWith('--browser=')) ? 'browser' : undefined;
let engines;
try {
  engines = chosenEngines(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const ENGINE_NAMES = { chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' };

const totals = { passed: 0, failed: 0 };
const tmp = mkdtempSync(join(tmpdir(), 'domino-test-'));
const started = performance.now();

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/**
 * Runs a command with its output (stdout and stderr, in order) kept, since steps run side by side;
 * resolves with its exit status and that output.
 */
function run(command, commandArgs, env = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, commandArgs, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.once('error', (error) => resolve({ status: 1, output: `${Buffer.concat(chunks)}${error.stack ?? error}\n` }));
    child.once('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

/** Prints a finished step: its title, its output, then `lines` (its verdict). */
function report(title, since, output, ...lines) {
  console.log(`\n=== ${title} (${seconds(since)}) ===`);
  if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  for (const line of lines) console.log(line);
}

/** Test files under dir (recursively), as paths relative to the root, sorted. */
function findTests(dir, skipDir) {
  const found = [];
  const walk = (d) => {
    if (!existsSync(d)) return;
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) {
        if (path !== skipDir && entry.name !== 'node_modules') walk(path);
      } else if (entry.isFile() && entry.name.endsWith('.test.ts')) {
        found.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  walk(dir);
  return found.sort();
}

function count(name, passed) {
  if (passed) totals.passed += 1;
  else totals.failed += 1;
  return passed ? `${name} passed.` : `${name} FAILED.`;
}

/** Runs a command that counts as one test: passed when it exits with 0. */
async function oneTest(title, name, command, commandArgs) {
  const since = performance.now();
  const { status, output } = await run(command, commandArgs);
  report(title, since, output, count(name, status === 0));
  return status === 0;
}

function typecheck() {
  const tsc = require.resolve('typescript/bin/tsc');
  return oneTest('Type check: tsc --noEmit -p tsconfig.json', 'Type check', process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json']);
}

function lint() {
  const eslint = join(dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js');
  return oneTest('Lint: eslint .', 'Lint', process.execPath, [eslint, '.']);
}

/**
 * How many Node test files run at once: more than the cores, since the server's tests spend most of
 * their time waiting on sockets and timers (node's own default is one fewer than the cores).
 */
const NODE_CONCURRENCY = Math.max(2, availableParallelism());

/**
 * The slowest Node test files first (the timing reporter prints them): a file's tests run one after
 * another in its process, so a long file started last would finish alone.
 */
const NODE_SLOWEST_FIRST = ['test/engine/properties.test.ts', 'server/test/redis.test.ts', 'server/test/demo-policy.test.ts', 'test/engine/player-view.test.ts'];

async function nodeTests() {
  const found = [...findTests(join(root, 'test'), join(root, 'test', 'ui')), ...findTests(join(root, 'server', 'test'))];
  const files = [...NODE_SLOWEST_FIRST.filter((file) => found.includes(file)), ...found.filter((file) => !NODE_SLOWEST_FIRST.includes(file))];
  const title = `Node tests (${files.length} file${files.length === 1 ? '' : 's'}, ${NODE_CONCURRENCY} at once)`;
  const since = performance.now();
  if (files.length === 0) {
    report(title, since, '', 'No Node test files (test/**/*.test.ts outside test/ui/): nothing to run.');
    return;
  }
  const tapFile = join(tmp, 'node-tests.tap');
  const { status, output } = await run(process.execPath, [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${NODE_CONCURRENCY}`,
    // A ceiling, far above what any test takes on a busy machine: a test that hangs fails instead of holding CI.
    '--test-timeout=300000',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    `--test-reporter=${join(root, 'scripts', 'node-timing-reporter.mjs')}`,
    '--test-reporter-destination=stdout',
    ...files,
  ]);
  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const total = (name) => {
    const all = [...tap.matchAll(new RegExp(`^# ${name} (\\d+)$`, 'gm'))];
    return all.length ? Number(all[all.length - 1][1]) : 0;
  };
  const passed = total('pass');
  // Cancelled tests (a timeout, a file that ended early) are failures too.
  let failed = total('fail') + total('cancelled');
  const lines = [];
  if (status !== 0 && failed === 0) {
    lines.push(`node --test exited with ${status} without a failing test: counted as one failure.`);
    failed = 1;
  }
  totals.passed += passed;
  totals.failed += failed;
  report(title, since, output, ...lines, `Node tests: ${passed} passed, ${failed} failed.`);
}

/** custom-elements.json as it is now, or null. */
const manifestText = () => (existsSync(join(root, 'custom-elements.json')) ? readFileSync(join(root, 'custom-elements.json'), 'utf8') : null);

/** Where two texts first differ, as "line N: …". */
function firstDifference(before, after) {
  const [a, b] = [before.split('\n'), after.split('\n')];
  const at = a.findIndex((line, i) => line !== b[i]);
  const line = at < 0 ? a.length : at;
  return `line ${line + 1}: ${JSON.stringify(a[line] ?? '(end)')} became ${JSON.stringify(b[line] ?? '(end)')}`;
}

async function build() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const committed = manifestText();
  const since = performance.now();
  const built = await oneTest('Build: npm run build (for the tests of dist/)', 'Build', npm, ['run', 'build']);
  if (built) {
    const made = manifestText();
    const same = committed !== null && made === committed;
    const why = committed === null
      ? 'custom-elements.json was missing; the build wrote it: commit it.'
      : `custom-elements.json is not what the build makes from these sources (${firstDifference(committed, made ?? '')}); the build wrote the new one: review and commit it.`;
    report('Manifest: the committed custom-elements.json is the one the build makes', since, '', ...(same ? [] : [why]), count('Manifest', same));
  }
  await oneTest('Packages: the widget without server code, the server with its bin', 'Packages', process.execPath, [join(root, 'scripts', 'check-packages.mjs')]);
  await oneTest('Package exports: the Node entries, imported by name', 'Package exports', process.execPath, [join(root, 'scripts', 'check-exports.mjs')]);
  await oneTest('Public API: each entry point against its report in api/', 'Public API', process.execPath, [join(root, 'scripts', 'api-report.mjs')]);
}

/** The browser tests in one engine (a run of @web/test-runner of its own); adds its counts to the totals. */
async function browserTestsIn(engine) {
  const files = filesFor(engine);
  const title = `Browser tests in ${ENGINE_NAMES[engine]} (${files.length} file${files.length === 1 ? '' : 's'})`;
  const since = performance.now();
  const summaryFile = join(tmp, `browser-tests-${engine}.json`);
  const wtr = join(dirname(require.resolve('@web/test-runner')), 'bin.js');
  // Static logging: the output is kept and printed at the end, so no progress bar redrawn in place.
  const { status, output } = await run(process.execPath, [wtr, '--config', 'web-test-runner.config.mjs', '--static-logging'], {
    BROWSERS: engine,
    WTR_SUMMARY_FILE: summaryFile,
  });
  let counts = { passed: 0, failed: 0 };
  if (existsSync(summaryFile)) {
    counts = JSON.parse(readFileSync(summaryFile, 'utf8'));
  }
  const lines = [];
  if (status !== 0 && counts.failed === 0) {
    lines.push(`@web/test-runner exited with ${status} without a failing test: counted as one failure.`);
    counts.failed = 1;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  report(title, since, output, ...lines, `Browser tests in ${ENGINE_NAMES[engine]}: ${counts.passed} passed, ${counts.failed} failed, in ${seconds(since)}.`);
}

/**
 * The engines one after another, not side by side: Chromium already runs two files at once, which
 * keeps two cores busy, and each engine's time is then its own (printed with its counts).
 */
async function browserTests() {
  if (findTests(join(root, 'test', 'ui')).length === 0) {
    report('Browser tests', performance.now(), '', 'No browser test files (test/ui/**/*.test.ts): nothing to run.');
    return;
  }
  for (const engine of engines) await browserTestsIn(engine);
}

try {
  if (only === 'node') await nodeTests();
  else if (only === 'browser') {
    await build();
    await browserTests();
  } else {
    console.log('Type check and lint beside the build; then the Node tests beside the browser tests. Each step prints when it ends.');
    await Promise.all([typecheck().then(lint), build()]);
    await Promise.all([nodeTests(), browserTests()]);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

console.log('');
console.log(`All in ${seconds(started)}.`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
