/**
 * The browser tests' engines: which ones a run asks for, which files each runs (every journey in every
 * engine), and the keys and window sizes WebKit's WebDriver launcher sends (without a browser: its
 * WebDriver commands are recorded).
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chosenEngines } from '../../scripts/find-browsers.mjs';
import { CHROMIUM_ONLY, CROSS_ENGINE, NOT_IN_WEBKIT, filesFor } from '../../scripts/wtr-engine-files.mjs';
import { WebKitLauncher, webDriverKey } from '../../scripts/wtr-webkit-launcher.mjs';

const uiDir = fileURLToPath(new URL('../ui/', import.meta.url));
const allFiles = readdirSync(uiDir)
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `test/ui/${f}`)
  .sort();

describe('the engines a run asks for', () => {
  it('all three by default, in order; --browser or $BROWSERS choose, the flag first', () => {
    assert.deepEqual(chosenEngines([], {}), ['chromium', 'firefox', 'webkit']);
    assert.deepEqual(chosenEngines(['--browser', 'webkit,firefox'], {}), ['firefox', 'webkit']);
    assert.deepEqual(chosenEngines(['--browser=chromium'], { BROWSERS: 'webkit' }), ['chromium']);
    assert.deepEqual(chosenEngines([], { BROWSERS: ' WebKit ' }), ['webkit']);
  });

  it('a bare --browser (the browser tests only) names no engine', () => {
    assert.deepEqual(chosenEngines(['--browser'], {}), ['chromium', 'firefox', 'webkit']);
    assert.deepEqual(chosenEngines(['--browser', '--browser', 'firefox'], {}), ['firefox']);
  });

  it('an unknown engine is an error that names it', () => {
    assert.throws(() => chosenEngines(['--browser', 'safari'], {}), /"safari".*chromium, firefox, webkit/);
    assert.throws(() => chosenEngines([], { BROWSERS: 'chrome' }), /"chrome"/);
  });
});

describe('the files each engine runs', () => {
  it('Chromium runs every browser test file', () => {
    assert.deepEqual(filesFor('chromium', {}).slice().sort(), allFiles);
  });

  it('Firefox and WebKit run every journey: a whole local match, the settings dialog, a saved game, an online match', () => {
    for (const engine of ['firefox', 'webkit']) {
      const files = filesFor(engine, {});
      for (const journey of ['play-pointer', 'settings-dialog', 'storage', 'online-match']) {
        assert.ok(files.includes(`test/ui/${journey}.test.ts`), `${engine} runs ${journey}`);
      }
    }
  });

  it('every name in the lists is a test file, and each list has its reasons', () => {
    const names = allFiles.map((f) => f.slice('test/ui/'.length, -'.test.ts'.length));
    for (const name of [...CROSS_ENGINE, ...Object.keys(CHROMIUM_ONLY), ...Object.keys(NOT_IN_WEBKIT)]) {
      assert.ok(names.includes(name), `${name} is a browser test file`);
    }
    for (const why of [...Object.values(CHROMIUM_ONLY), ...Object.values(NOT_IN_WEBKIT)]) assert.match(why, /\w{3}/);
  });

  it('with WTR_ALL_FILES=1 the other engines run every file they can, and never one they cannot', () => {
    const firefox = filesFor('firefox', { WTR_ALL_FILES: '1' });
    const webkit = filesFor('webkit', { WTR_ALL_FILES: '1' });
    assert.equal(firefox.length, allFiles.length - Object.keys(CHROMIUM_ONLY).length);
    assert.equal(webkit.length, firefox.length - Object.keys(NOT_IN_WEBKIT).length);
    for (const name of Object.keys(CHROMIUM_ONLY)) {
      assert.ok(!firefox.includes(`test/ui/${name}.test.ts`) && !webkit.includes(`test/ui/${name}.test.ts`), name);
    }
    for (const name of Object.keys(NOT_IN_WEBKIT)) assert.ok(!webkit.includes(`test/ui/${name}.test.ts`), name);
  });
});

/** A launcher whose WebDriver commands are recorded, with one window for test session "s". */
function recordingLauncher(answers: Record<string, unknown> = {}) {
  const launcher = new WebKitLauncher({ driver: 'driver', browser: 'browser', xvfb: 'xvfb' });
  const sent: { method: string; path: string; body?: unknown }[] = [];
  launcher.command = (method: string, path: string, body?: unknown) => {
    sent.push({ method, path, body });
    return Promise.resolve(typeof answers[path] === 'function' ? (answers[path] as () => unknown)() : answers[path]);
  };
  launcher.active.set('s', 'w');
  return { launcher, sent };
}

describe("WebKit's WebDriver launcher", () => {
  it('names keys by WebDriver code points and refuses a name it does not know', () => {
    assert.equal(webDriverKey('Enter'), '\uE007');
    assert.equal(webDriverKey('Space'), ' ');
    assert.equal(webDriverKey('z'), 'z');
    assert.throws(() => webDriverKey('Hyper'), /"Hyper"/);
  });

  it('presses each key in turn, and holds a chord’s first keys around its last', async () => {
    const { launcher, sent } = recordingLauncher();
    await launcher.sendKeys('s', ['Shift+Tab', 'a']);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.path, '/session/w/actions');
    const [source] = (sent[0]!.body as { actions: { actions: { type: string; value: string }[] }[] }).actions;
    assert.deepEqual(
      source!.actions.map((a) => `${a.type} ${a.value}`),
      ['keyDown \uE008', 'keyDown \uE004', 'keyUp \uE004', 'keyUp \uE008', 'keyDown a', 'keyUp a'],
    );
  });

  it('sizes the window so that the page gets the size asked for, and says so when it cannot', async () => {
    let page = [800, 600];
    const { launcher, sent } = recordingLauncher({
      '/session/w/window/rect': { width: 812, height: 690 },
      '/session/w/execute/sync': () => page,
    });
    const resize = launcher.command.bind(launcher);
    launcher.command = async (method: string, path: string, body?: unknown) => {
      if (method === 'POST' && path === '/session/w/window/rect') {
        const { width, height } = body as { width: number; height: number };
        page = [Math.max(width, 447) - 12, height - 90];
      }
      return resize(method, path, body);
    };
    await launcher.setViewport('s', { width: 900, height: 1100 });
    assert.deepEqual(sent.find((c) => c.method === 'POST' && c.path === '/session/w/window/rect')!.body, { width: 912, height: 1190 });
    await assert.rejects(launcher.setViewport('s', { width: 320, height: 640 }), /320 × 640.*447 px/);
  });
});
