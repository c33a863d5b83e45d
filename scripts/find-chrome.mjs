// Finds the Chrome or Chromium used by the browser tests: $CHROME_PATH if set, else the first of
// CHROME_CANDIDATES that exists. Used by web-test-runner.config.mjs; .ci/run checks the same list.
// Run directly (`node scripts/find-chrome.mjs`) it prints the path, or exits with 1.
import { fileURLToPath } from 'node:url';
import { findExecutable } from './find-browsers.mjs';

export const CHROME_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export const CHROME_INSTALL_HINT =
  'Install Chromium (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH ' +
  'to a Chrome/Chromium executable.';

/**
 * @returns {string | undefined} the browser executable, or undefined when none is found
 * @throws when CHROME_PATH is set to something that is not an executable file
 */
export function findChrome(env = process.env) {
  return findExecutable('CHROME_PATH', CHROME_CANDIDATES, env);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let found;
  try {
    found = findChrome();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  if (found) {
    console.log(found);
  } else {
    console.error(`No Chrome/Chromium found (looked at CHROME_PATH, ${CHROME_CANDIDATES.join(', ')}).`);
    console.error(CHROME_INSTALL_HINT);
    process.exit(1);
  }
}
