// A @web/test-runner reporter that counts passed and failed browser tests and, when the
// environment variable WTR_SUMMARY_FILE is set, writes them there as JSON
// ({ "passed": n, "failed": n }) for scripts/test.mjs. It prints nothing itself.
import { writeFileSync } from 'node:fs';

function countSuite(suite, counts) {
  for (const test of suite.tests) {
    if (test.skipped) continue;
    if (test.passed) counts.passed += 1;
    else counts.failed += 1;
  }
  for (const child of suite.suites) countSuite(child, counts);
}

/** Counts of all sessions (one per test file and browser). */
export function countSessions(sessions) {
  const counts = { passed: 0, failed: 0 };
  for (const session of sessions) {
    const before = counts.failed;
    if (session.testResults) countSuite(session.testResults, counts);
    // A file that failed without a failing test (load error, uncaught error, timeout, 404 of an
    // import…) counts as one failure.
    const sessionFailed = session.passed === false || session.errors.length > 0;
    if (sessionFailed && counts.failed === before) counts.failed += 1;
  }
  return counts;
}

export function summaryReporter({ file = process.env.WTR_SUMMARY_FILE } = {}) {
  return {
    stop({ sessions }) {
      if (file) writeFileSync(file, JSON.stringify(countSessions(sessions)));
    },
  };
}
