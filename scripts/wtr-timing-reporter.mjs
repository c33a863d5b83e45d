// A @web/test-runner reporter that says where the browser tests' time goes: after the run it prints
// the slowest test files (from the file's start in its page to its end) and the slowest tests (mocha's
// durations). With WTR_TIMINGS_FILE set, it also writes every file's and test's time there as JSON,
// for comparing two runs. Figures are the machine's of the moment: a report, never an assertion.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const SHOWN = 10;

function testsOf(suite, path, found) {
  for (const test of suite.tests) {
    if (!test.skipped && typeof test.duration === 'number') found.push({ name: [...path, test.name].join(' › '), ms: test.duration });
  }
  for (const child of suite.suites) testsOf(child, [...path, child.name], found);
  return found;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export function timingReporter({ file = process.env.WTR_TIMINGS_FILE, shown = SHOWN } = {}) {
  const started = new Map();
  const took = new Map();
  return {
    start({ sessions }) {
      // The first files may be starting already: those count from here.
      const now = performance.now();
      for (const session of sessions.all()) if (session.status !== 'SCHEDULED') started.set(session.id, now);
      sessions.on('session-status-updated', (session) => {
        if (session.status === 'INITIALIZING') started.set(session.id, performance.now());
        else if (session.status === 'FINISHED') took.set(session.id, performance.now() - (started.get(session.id) ?? now));
      });
    },
    stop({ sessions }) {
      const files = [];
      const tests = [];
      for (const session of sessions) {
        const name = relative(process.cwd(), session.testFile);
        files.push({ file: name, ms: Math.round(took.get(session.id) ?? 0) });
        if (session.testResults) for (const test of testsOf(session.testResults, [], [])) tests.push({ file: name, ...test });
      }
      files.sort((a, b) => b.ms - a.ms);
      tests.sort((a, b) => b.ms - a.ms);
      const lines = ['', `Slowest browser test files (of ${files.length}):`];
      for (const { file: name, ms } of files.slice(0, shown)) lines.push(`  ${seconds(ms).padStart(8)}  ${name}`);
      lines.push(`Slowest browser tests (of ${tests.length}):`);
      for (const { file: name, name: test, ms } of tests.slice(0, shown)) lines.push(`  ${seconds(ms).padStart(8)}  ${name}: ${test}`);
      console.log(lines.join('\n'));
      if (file) writeFileSync(file, JSON.stringify({ files, tests }, null, 2));
    },
  };
}
