// Finds the Chrome or Chromium used by the browser tests: $CHROME_PATH if set, else the first of
// CHROME_CANDIDATES that exists. Used by web-test-runner.config.mjs; .ci/run checks the same list.
// Run directly (`node scripts/find-chrome.mjs`) it prints the path, or exits with 1.
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

const isExecutable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * @returns {string | undefined} the browser executable, or undefined when none is found
 * @throws when CHROME_PATH is set to something that is not an executable file
 */
export function findChrome(env = process.env) {
  if (env.CHROME_PATH) {
    if (!isExecutable(env.CHROME_PATH)) {
      throw new Error(`CHROME_PATH is "${env.CHROME_PATH}", which is not an executable file.`);
    }
    return env.CHROME_PATH;
  }
  return CHROME_CANDIDATES.find(isExecutable);
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
