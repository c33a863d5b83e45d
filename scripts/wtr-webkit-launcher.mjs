// A @web/test-runner browser launcher for WebKit: WebKitGTK's MiniBrowser, driven by WebKitWebDriver
// (WebDriver classic over HTTP, spoken with fetch: no client library needed) on a virtual X server,
// since MiniBrowser has no headless mode. The launcher starts Xvfb on a display it picks free
// (-displayfd), the driver on a free loopback port, and one WebDriver session (one MiniBrowser
// window: the driver allows one) that runs the test files one after another.
//
// Its type is 'webdriver', so @web/test-runner-commands' sendKeys and sendMouse reach the methods of
// the same names below. That command set has no setViewport for WebDriver: webkitViewportPlugin
// answers the tests' own command for it (test/ui/browser-engine.ts). What WebDriver classic cannot do
// (emulateMedia, Chrome's accessibility tree, a page narrower than 447 px) stays unsupported;
// scripts/wtr-engine-files.mjs keeps those tests out of WebKit, with the reason.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** WebDriver's code points for the named keys the tests press (WebDriver spec, "Keyboard actions"). */
const KEY_CODES = {
  Unidentified: '\uE000',
  Cancel: '\uE001',
  Help: '\uE002',
  Backspace: '\uE003',
  Tab: '\uE004',
  Clear: '\uE005',
  Return: '\uE006',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Pause: '\uE00B',
  Escape: '\uE00C',
  Space: ' ',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Insert: '\uE016',
  Delete: '\uE017',
  Meta: '\uE03D',
};

/** One key as WebDriver wants it: a named key's code point, else the character itself. */
export function webDriverKey(key) {
  if (key in KEY_CODES) return KEY_CODES[key];
  if ([...key].length === 1) return key;
  throw new Error(`WebKit launcher: no WebDriver code for the key "${key}".`);
}

const BUTTONS = { left: 0, middle: 1, right: 2 };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on a display it chooses itself; resolves with the process and its display number. */
function startXvfb(xvfb) {
  return new Promise((resolve, reject) => {
    const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let written = '';
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.stdio[3].on('data', (chunk) => {
      written += chunk;
      if (written.includes('\n')) resolve({ child, display: Number(written.trim()) });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb ended (exit ${code}) before choosing a display: ${errors.trim()}`)));
  });
}

/** Resolves once the driver answers its status request (it takes a moment to listen). */
async function waitForDriver(base, child, deadline) {
  let exited = null;
  child.once('exit', (code) => (exited = code));
  while (performance.now() < deadline) {
    if (exited !== null) throw new Error(`WebKitWebDriver ended (exit ${exited}) before it listened.`);
    try {
      const response = await fetch(`${base}/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not listen in time.');
}

export class WebKitLauncher {
  /**
   * @param {{ driver: string, browser: string, xvfb: string }} options the executables
   *   (scripts/find-browsers.mjs finds them)
   */
  constructor({ driver, browser, xvfb }) {
    this.name = 'WebKit';
    this.type = 'webdriver';
    // WebKitWebDriver drives one session (one MiniBrowser) at a time.
    this.concurrency = 1;
    this.paths = { driver, browser, xvfb };
    /** WebDriver session ids of the windows running a test file, by test session id. */
    this.active = new Map();
    /** Windows waiting for a test file. */
    this.idle = [];
    /** Children to end at stop(), in that order. */
    this.children = [];
  }

  async initialize() {}

  /** The driver's base URL, once Xvfb and the driver run (started on the first use). */
  start() {
    this.starting ??= (async () => {
      const { child: xvfb, display } = await startXvfb(this.paths.xvfb);
      this.children.unshift(xvfb);
      const port = await freePort();
      const driver = spawn(this.paths.driver, [`--port=${port}`, '--host=local'], {
        env: { ...process.env, DISPLAY: `:${display}` },
        stdio: 'ignore',
      });
      this.children.unshift(driver);
      // Whatever way the test runner ends, they end with it (MiniBrowser ends with its driver).
      process.once('exit', () => {
        driver.kill('SIGKILL');
        xvfb.kill('SIGKILL');
      });
      const base = `http://127.0.0.1:${port}`;
      await waitForDriver(base, driver, performance.now() + 60_000);
      return base;
    })();
    return this.starting;
  }

  /** Sends one WebDriver command and returns its value; a WebDriver error becomes a thrown Error. */
  async command(method, path, body) {
    const base = await this.start();
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      const { error, message } = answer.value ?? {};
      throw new Error(`WebKitWebDriver ${method} ${path}: ${error ?? response.status}: ${message ?? ''}`);
    }
    return answer.value;
  }

  async newWindow() {
    const { sessionId } = await this.command('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: this.paths.browser, args: ['--automation'] },
        },
      },
    });
    return sessionId;
  }

  async startSession(sessionId, url) {
    const window = this.idle.pop() ?? (await this.newWindow());
    this.active.set(sessionId, window);
    // The page size Chromium's launcher gives its pages, so that layouts compare across engines.
    await this.setViewport(sessionId, { width: 800, height: 600 });
    await this.command('POST', `/session/${window}/url`, { url });
  }

  isActive(sessionId) {
    return this.active.has(sessionId);
  }

  async getBrowserUrl(sessionId) {
    return this.command('GET', `/session/${this.window(sessionId)}/url`);
  }

  async stopSession(sessionId) {
    const window = this.window(sessionId);
    this.active.delete(sessionId);
    // A blank page stops whatever the test left running (timers, a reload loop) before the next file.
    await this.command('POST', `/session/${window}/url`, { url: 'about:blank' });
    this.idle.push(window);
    return {};
  }

  async startDebugSession() {
    throw new Error('The WebKit launcher has no debug mode: run the file with --browser chromium to debug it.');
  }

  async stop() {
    for (const window of [...this.idle, ...this.active.values()]) {
      await this.command('DELETE', `/session/${window}`).catch(() => {});
    }
    this.idle = [];
    this.active.clear();
    for (const child of this.children) {
      if (child.exitCode === null) {
        const ended = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      }
    }
    this.children = [];
  }

  window(sessionId) {
    const window = this.active.get(sessionId);
    if (!window) throw new Error(`WebKit launcher: no window for test session ${sessionId}.`);
    return window;
  }

  actions(sessionId, sources) {
    return this.command('POST', `/session/${this.window(sessionId)}/actions`, { actions: sources });
  }

  /**
   * @web/test-runner-commands' sendKeys: each entry is one key pressed and released, in order; a chord
   * such as "Shift+Tab" holds the keys before its last while that one is pressed (the command's
   * WebDriver path has no separate down and up).
   */
  async sendKeys(sessionId, keys) {
    const steps = keys.flatMap((key) => {
      const chord = key.length > 1 && key.includes('+') ? key.split('+').map(webDriverKey) : [webDriverKey(key)];
      return [...chord.map((value) => ({ type: 'keyDown', value })), ...chord.reverse().map((value) => ({ type: 'keyUp', value }))];
    });
    await this.actions(sessionId, [{ type: 'key', id: 'keyboard', actions: steps }]);
  }

  pointer(sessionId, steps) {
    return this.actions(sessionId, [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: steps }]);
  }

  sendMouseMove(sessionId, x, y) {
    return this.pointer(sessionId, [{ type: 'pointerMove', origin: 'viewport', duration: 0, x, y }]);
  }

  sendMouseClick(sessionId, x, y, button = 'left') {
    const code = BUTTONS[button] ?? 0;
    return this.pointer(sessionId, [
      { type: 'pointerMove', origin: 'viewport', duration: 0, x, y },
      { type: 'pointerDown', button: code },
      { type: 'pointerUp', button: code },
    ]);
  }

  sendMouseDown(sessionId, button = 'left') {
    return this.pointer(sessionId, [{ type: 'pointerDown', button: BUTTONS[button] ?? 0 }]);
  }

  sendMouseUp(sessionId, button = 'left') {
    return this.pointer(sessionId, [{ type: 'pointerUp', button: BUTTONS[button] ?? 0 }]);
  }

  /**
   * Sizes the window so that its page is `width` × `height` CSS pixels (what setViewport does in the
   * other engines; WebDriver sizes the window, frame included). MiniBrowser's window is never narrower
   * than 447 px: a narrower page is an error, not a silently wider one.
   */
  async setViewport(sessionId, { width, height }) {
    const window = this.window(sessionId);
    const inner = () => this.command('POST', `/session/${window}/execute/sync`, { script: 'return [innerWidth, innerHeight];', args: [] });
    const outer = await this.command('GET', `/session/${window}/window/rect`);
    const [innerWidth, innerHeight] = await inner();
    await this.command('POST', `/session/${window}/window/rect`, {
      width: width + outer.width - innerWidth,
      height: height + outer.height - innerHeight,
    });
    const [gotWidth, gotHeight] = await inner();
    if (gotWidth !== width || gotHeight !== height) {
      throw new Error(`WebKit launcher: asked for a ${width} × ${height} page, MiniBrowser gave ${gotWidth} × ${gotHeight} (its window is never narrower than 447 px).`);
    }
  }

  /** Releases every key and button held and forgets the pointer's state. */
  resetMouse(sessionId) {
    return this.command('DELETE', `/session/${this.window(sessionId)}/actions`);
  }
}

/** The launcher, as web-test-runner.config.mjs lists it among its browsers. */
export function webkitLauncher(options) {
  return new WebKitLauncher(options);
}

/** The test runner's plugin for `executeServerCommand('webkit-viewport', { width, height })`. */
export function webkitViewportPlugin() {
  return {
    name: 'webkit-viewport',
    async executeCommand({ command, payload, session }) {
      if (command !== 'webkit-viewport') return undefined;
      if (!(session.browser instanceof WebKitLauncher)) throw new Error('webkit-viewport is for the WebKit launcher only.');
      await session.browser.setViewport(session.id, payload);
      return true;
    },
  };
}
