// A reporter for `node --test` that says where the Node tests' time goes: at the end it prints the
// slowest test files (the time their top-level tests and suites took, as the runner timed them; the
// file's process start is not in it, since the runner reports a file's events only as they reach it)
// and the slowest top-level tests and suites. With NODE_TIMINGS_FILE set, it also writes every figure
// there as JSON. A report, never an assertion.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const SHOWN = 10;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export default async function* timingReporter(source) {
  const files = new Map();
  const tests = [];
  for await (const event of source) {
    const { file, name, nesting, details } = event.data ?? {};
    if (!file || (event.type !== 'test:pass' && event.type !== 'test:fail')) continue;
    if (nesting !== 0 || name === file || typeof details?.duration_ms !== 'number') continue;
    const path = relative(process.cwd(), file);
    tests.push({ file: path, name, ms: Math.round(details.duration_ms) });
    files.set(path, (files.get(path) ?? 0) + details.duration_ms);
  }
  const byFile = [...files].map(([file, ms]) => ({ file, ms: Math.round(ms) }));
  byFile.sort((a, b) => b.ms - a.ms);
  tests.sort((a, b) => b.ms - a.ms);
  const lines = ['', `Slowest Node test files (of ${byFile.length}):`];
  for (const { file, ms } of byFile.slice(0, SHOWN)) lines.push(`  ${seconds(ms).padStart(8)}  ${file}`);
  lines.push(`Slowest Node tests (of ${tests.length} top-level tests and suites):`);
  for (const { file, name, ms } of tests.slice(0, SHOWN)) lines.push(`  ${seconds(ms).padStart(8)}  ${file}: ${name}`);
  yield `${lines.join('\n')}\n`;
  if (process.env.NODE_TIMINGS_FILE) writeFileSync(process.env.NODE_TIMINGS_FILE, JSON.stringify({ files: byFile, tests }, null, 2));
}
