// Which browser test files run in which engine. Chromium runs them all; Firefox and WebKit run all
// but those that need what their driver cannot do, each with the reason.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const uiDir = fileURLToPath(new URL('../test/ui/', import.meta.url));

/**
 * The slowest files first (the timing reporter prints them after every run): two run at once, and a
 * long file started last would run alone at the end while the other page has nothing left to do.
 */
const SLOWEST_FIRST = ['fixed-size', 'narrow', 'play-keyboard', 'play-pointer', 'online', 'online-match', 'embedding', 'summary'];

/** Files an engine leaves out, with why (the test file's base name → the reason). */
export const LEFT_OUT = {
  chromium: {},
  firefox: {},
  webkit: {},
};

/** Every browser test file, as test/ui/NAME.test.ts, slowest first. */
function allFiles() {
  const names = readdirSync(uiDir).filter((f) => f.endsWith('.test.ts')).map((f) => f.slice(0, -'.test.ts'.length)).sort();
  return [...SLOWEST_FIRST.filter((n) => names.includes(n)), ...names.filter((n) => !SLOWEST_FIRST.includes(n))];
}

/** The files `engine` runs, as paths from the package's root. */
export function filesFor(engine) {
  const leftOut = LEFT_OUT[engine] ?? {};
  return allFiles().filter((name) => !(name in leftOut)).map((name) => `test/ui/${name}.test.ts`);
}
