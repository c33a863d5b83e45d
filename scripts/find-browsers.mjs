// The engines the browser tests run in besides Chromium (scripts/find-chrome.mjs finds that one):
// Firefox (driven over WebDriver BiDi by puppeteer-core) and WebKit (WebKitGTK's MiniBrowser, driven by
// WebKitWebDriver under a virtual X server). Each is found at an environment variable, else at the
// first candidate that exists (findExecutable, which find-chrome.mjs uses too). Used by
// web-test-runner.config.mjs; .ci/run installs the same packages.
// Run directly (`node scripts/find-browsers.mjs`) it prints what it found, or exits with 1.
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Every engine the suite knows, in the order they run. */
export const ENGINES = ['chromium', 'firefox', 'webkit'];

export const FIREFOX_CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/usr/lib/firefox-esr/firefox-esr'];

export const WEBKIT_DRIVER_CANDIDATES = ['/usr/bin/WebKitWebDriver', '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/WebKitWebDriver'];

export const MINIBROWSER_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser',
];

export const XVFB_CANDIDATES = ['/usr/bin/Xvfb'];

export const ENGINE_INSTALL_HINT = {
  firefox: 'Install Firefox (Debian/Ubuntu: `sudo apt-get install firefox-esr`) or set FIREFOX_PATH.',
  webkit:
    'Install WebKitGTK\'s driver and a virtual X server (Debian/Ubuntu: `sudo apt-get install webkit2gtk-driver xvfb`) ' +
    'or set WEBKIT_DRIVER_PATH, MINIBROWSER_PATH and XVFB_PATH.',
};

const isExecutable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** `env[variable]` when set (it must be an executable), else the first executable candidate. */
export function findExecutable(variable, candidates, env) {
  const chosen = env[variable];
  if (chosen) {
    if (!isExecutable(chosen)) throw new Error(`${variable} is "${chosen}", which is not an executable file.`);
    return chosen;
  }
  return candidates.find(isExecutable);
}

/**
 * @returns {string | undefined} Firefox's executable, or undefined when none is found
 * @throws when FIREFOX_PATH is set to something that is not an executable file
 */
export function findFirefox(env = process.env) {
  return findExecutable('FIREFOX_PATH', FIREFOX_CANDIDATES, env);
}

/**
 * @returns {{ driver: string, browser: string, xvfb: string } | undefined} WebKitWebDriver, the
 *   MiniBrowser it starts and Xvfb, or undefined when one of them is missing
 * @throws when one of their variables is set to something that is not an executable file
 */
export function findWebKit(env = process.env) {
  const driver = findExecutable('WEBKIT_DRIVER_PATH', WEBKIT_DRIVER_CANDIDATES, env);
  const browser = findExecutable('MINIBROWSER_PATH', MINIBROWSER_CANDIDATES, env);
  const xvfb = findExecutable('XVFB_PATH', XVFB_CANDIDATES, env);
  return driver && browser && xvfb ? { driver, browser, xvfb } : undefined;
}

/**
 * The engines asked for: `--browser a,b` (repeatable) in `argv`, else $BROWSERS (comma-separated),
 * else all of them, in ENGINES' order. Throws on a name it does not know.
 */
export function chosenEngines(argv = process.argv, env = process.env) {
  const asked = [];
  argv.forEach((arg, i) => {
    // A bare `--browser` (scripts/test.mjs: the browser tests only) names no engine.
    const next = argv[i + 1];
    if ((arg === '--browser' || arg === '--browsers') && next !== undefined && !next.startsWith('-')) asked.push(next);
    else if (arg.startsWith('--browser=') || arg.startsWith('--browsers=')) asked.push(arg.slice(arg.indexOf('=') + 1));
  });
  if (asked.length === 0 && env.BROWSERS) asked.push(env.BROWSERS);
  const names = asked.flatMap((list) => list.split(',')).map((name) => name.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) return [...ENGINES];
  const unknown = names.filter((name) => !ENGINES.includes(name));
  if (unknown.length > 0) throw new Error(`Unknown browser engine ${unknown.map((n) => `"${n}"`).join(', ')}: choose from ${ENGINES.join(', ')}.`);
  return ENGINES.filter((engine) => names.includes(engine));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let missing = false;
  try {
    const firefox = findFirefox();
    const webkit = findWebKit();
    console.log(`firefox: ${firefox ?? `not found. ${ENGINE_INSTALL_HINT.firefox}`}`);
    console.log(`webkit: ${webkit ? `${webkit.driver} driving ${webkit.browser} under ${webkit.xvfb}` : `not found. ${ENGINE_INSTALL_HINT.webkit}`}`);
    missing = !firefox || !webkit;
  } catch (error) {
    console.error(error.message);
    missing = true;
  }
  process.exit(missing ? 1 : 0);
}
