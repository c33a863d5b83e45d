// Runs every test of the package and ends with one line alone: `N passed, N failed`.
//
//   node scripts/test.mjs             type check, lint, Node tests, browser tests
//   node scripts/test.mjs --node      Node tests only
//   node scripts/test.mjs --browser   browser tests only
//
// 1. Type check: `tsc --noEmit -p tsconfig.json` (src, test, bench); counts as one test.
//    Lint: `eslint .` (eslint.config.mjs); counts as one test.
// 2. Node tests: `node --import tsx --test` over every test/**/*.test.ts outside test/ui/.
// 3. Build: `npm run build`, for the browser tests of the built files (test/ui/bundle.test.ts,
//    test/ui/classic.test.ts); counts as one test. Then scripts/check-exports.mjs imports the Node
//    entries by their public names (domino-game/engine, /ai, /machine, /protocol); one test. Then
//    scripts/api-report.mjs checks each entry point's API against its report in api/; one test.
// 4. Browser tests: @web/test-runner over test/ui/**/*.test.ts (from source, except that one).
// Each suite prints its own output as it runs. The exit code is 1 when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const args = new Set(process.argv.slice(2));
const only = args.has('--node') ? 'node' : args.has('--browser') ? 'browser' : undefined;

const totals = { passed: 0, failed: 0 };
const tmp = mkdtempSync(join(tmpdir(), 'domino-test-'));

/** Runs a command with the output going straight to ours; returns its exit status. */
function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.error) {
    console.error(result.error);
    return 1;
  }
  return result.status ?? 1;
}

function heading(title) {
  console.log(`\n=== ${title} ===`);
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

/** Runs a command that counts as one test: passed when it exits with 0. */
function oneTest(title, name, command, commandArgs) {
  heading(title);
  const status = run(command, commandArgs);
  console.log(status === 0 ? `${name} passed.` : `${name} FAILED.`);
  if (status === 0) totals.passed += 1;
  else totals.failed += 1;
}

function typecheck() {
  const tsc = require.resolve('typescript/bin/tsc');
  oneTest('Type check: tsc --noEmit -p tsconfig.json', 'Type check', process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json']);
}

function lint() {
  const eslint = join(dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js');
  oneTest('Lint: eslint .', 'Lint', process.execPath, [eslint, '.']);
}

function nodeTests() {
  const files = findTests(join(root, 'test'), join(root, 'test', 'ui'));
  heading(`Node tests (${files.length} file${files.length === 1 ? '' : 's'})`);
  if (files.length === 0) {
    console.log('No Node test files (test/**/*.test.ts outside test/ui/): nothing to run.');
    return;
  }
  const tapFile = join(tmp, 'node-tests.tap');
  const status = run(process.execPath, [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    ...files,
  ]);
  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (name) => {
    const all = [...tap.matchAll(new RegExp(`^# ${name} (\\d+)$`, 'gm'))];
    return all.length ? Number(all[all.length - 1][1]) : 0;
  };
  const passed = count('pass');
  // Cancelled tests (a timeout, a file that ended early) are failures too.
  let failed = count('fail') + count('cancelled');
  if (status !== 0 && failed === 0) {
    console.log(`node --test exited with ${status} without a failing test: counted as one failure.`);
    failed = 1;
  }
  totals.passed += passed;
  totals.failed += failed;
}

function build() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  oneTest('Build: npm run build (for the tests of dist/)', 'Build', npm, ['run', 'build']);
  oneTest('Package exports: the Node entries, imported by name', 'Package exports', process.execPath, [join(root, 'scripts', 'check-exports.mjs')]);
  oneTest('Public API: each entry point against its report in api/', 'Public API', process.execPath, [join(root, 'scripts', 'api-report.mjs')]);
}

function browserTests() {
  const files = findTests(join(root, 'test', 'ui'));
  heading(`Browser tests (${files.length} file${files.length === 1 ? '' : 's'})`);
  if (files.length === 0) {
    console.log('No browser test files (test/ui/**/*.test.ts): nothing to run.');
    return;
  }
  const summaryFile = join(tmp, 'browser-tests.json');
  const wtr = join(dirname(require.resolve('@web/test-runner')), 'bin.js');
  const status = run(process.execPath, [wtr, '--config', 'web-test-runner.config.mjs'], {
    WTR_SUMMARY_FILE: summaryFile,
  });
  let counts = { passed: 0, failed: 0 };
  if (existsSync(summaryFile)) {
    counts = JSON.parse(readFileSync(summaryFile, 'utf8'));
  }
  if (status !== 0 && counts.failed === 0) {
    console.log(`@web/test-runner exited with ${status} without a failing test: counted as one failure.`);
    counts.failed = 1;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
}

try {
  if (!only) {
    typecheck();
    lint();
  }
  if (!only || only === 'node') nodeTests();
  if (!only || only === 'browser') {
    build();
    browserTests();
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

console.log('');
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
