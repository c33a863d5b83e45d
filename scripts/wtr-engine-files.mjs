// Which browser test files run in which engine. Chromium runs them all. Firefox and WebKit run a set
// that covers every element and the whole journeys (a local match played to its end, the settings
// dialog, a saved game resumed, an online match over the real room server, the built bundle, the
// computer in its worker), so that the three engines fit in CI's time; with WTR_ALL_FILES=1 they run
// every file they can. Files that need what only Chromium's driver gives never run elsewhere.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const uiDir = fileURLToPath(new URL('../test/ui/', import.meta.url));

/**
 * The slowest files first (the timing reporter prints them after every run): two run at once, and a
 * long file started last would run alone at the end while the other page has nothing left to do.
 */
const SLOWEST_FIRST = ['fixed-size', 'narrow', 'play-keyboard', 'play-pointer', 'online', 'online-match', 'embedding', 'summary', 'storage'];

/** Files only Chromium can run (the test file's base name → why). */
export const CHROMIUM_ONLY = {
  a11y: "reads Chrome's accessibility tree (CDP); the axe check of every other file runs in every engine",
  'board-scale': 'emulates prefers-reduced-motion (CDP only: neither WebDriver BiDi nor classic emulates media)',
  'see-moves': 'emulates prefers-reduced-motion (CDP only)',
  theme: 'emulates prefers-color-scheme (CDP only)',
};

/** Files WebKit cannot run besides those (MiniBrowser's window is never narrower than 447 px). */
export const NOT_IN_WEBKIT = {
  narrow: 'lays the widget out at 320 px wide',
  i18n: 'lays the widget out at 320 px wide',
  'round-end': 'lays the round’s end out at 320 and 360 px wide',
  'fixed-size': 'plays matches at 375 px wide',
};

/** What Firefox and WebKit run by default: one file or more for every element and journey. */
export const CROSS_ENGINE = [
  'play-pointer', // a whole local match by pointer, drags included
  'online-match', // a whole online match, two players through the real room server
  'online', // the lobby: create, join, leave, reconnect
  'lobby-name', // the name rule as this engine reads it (Intl.Segmenter, Unicode properties), its reasons in the lobby
  'storage', // a saved game resumed after a reload; statistics
  'settings-dialog', // the settings dialog in the game
  'domino-settings', // <domino-settings> on its own
  'domino-game', // <domino-game>: attributes, rounds, the main button
  'round-end-screen', // a round's and a match's end on a phone's screen and a desktop's, in three languages
  'hand', // <domino-hand>: keyboard, roving focus
  'board', // <domino-board>
  'board-scroll', // a crowded table at a round's end scrolls at a readable scale, right to left too
  'events', // the events a page hears
  'ai-worker', // the computer thinks in a worker
  'bundle', // the built bundle, its lazy chunks
  'opening', // the first screen before the statechart has loaded, and the statechart taking over
  'leaderboard', // <domino-leaderboard> and <domino-player-card> against a seeded room server
  'quick-match', // Play someone: two strangers to the end of a rated match, Cancel, a refused token, Forget me
];

/** Every browser test file's base name, slowest first. */
function allNames() {
  const names = readdirSync(uiDir).filter((f) => f.endsWith('.test.ts')).map((f) => f.slice(0, -'.test.ts'.length)).sort();
  return [...SLOWEST_FIRST.filter((n) => names.includes(n)), ...names.filter((n) => !SLOWEST_FIRST.includes(n))];
}

/** The files `engine` runs, as paths from the package's root. */
export function filesFor(engine, env = process.env) {
  const all = allNames();
  const runnable = engine === 'chromium' ? all : all.filter((n) => !(n in CHROMIUM_ONLY) && !(engine === 'webkit' && n in NOT_IN_WEBKIT));
  const chosen = engine === 'chromium' || env.WTR_ALL_FILES === '1' ? runnable : runnable.filter((n) => CROSS_ENGINE.includes(n));
  return chosen.map((name) => `test/ui/${name}.test.ts`);
}
