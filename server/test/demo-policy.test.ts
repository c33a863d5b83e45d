/**
 * The demo passes the server's Content Security Policy in Chromium, Firefox and WebKit: the real
 * server process serves the built widget and the demo (its policy on every answer); each engine loads
 * the demo, starts a fresh match against the hard computer (which thinks in its Web Worker, started
 * from a `blob:` script: worker-src), plays a move and sees the computer answer it, then opens a room
 * of its own online (the WebSocket: connect-src). Nothing may be refused: no `securitypolicyviolation`
 * event (nor, where the driver shows the console, a console line about the policy), no worker error,
 * and the computer's moves came from its worker.
 *
 * The page's recorder starts once the demo has loaded (demo-page.ts, run by the driver); everything it
 * checks happens after that, in the match and the element the demo's New match button makes.
 * $BROWSERS (chromium,firefox,webkit) chooses the engines, all three when unset. Needs the built
 * widget (dist/), built here first when it is missing or stale.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { rollup } from 'rollup';
import { ensureWidgetBuilt } from '../../scripts/ensure-built.mjs';
import { chosenEngines } from '../../scripts/find-browsers.mjs';
import { transpileTypeScript } from '../../scripts/rollup-transpile-ts.mjs';
import { openPage } from './browser-pages.js';
import { startServerProcess, type ServerProcess } from './harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** demo-page.ts as one script that defines `dominoDemoPage` in the page it runs in. */
async function demoPageScript(): Promise<string> {
  const bundle = await rollup({ input: fileURLToPath(new URL('./demo-page.ts', import.meta.url)), plugins: [transpileTypeScript({ tsconfig: `${root}/tsconfig.json` })] });
  const { output } = await bundle.generate({ format: 'iife', name: 'dominoDemoPage' });
  await bundle.close();
  return `(globalThis.dominoDemoPage = (() => { ${output[0].code}; return dominoDemoPage; })(), true)`;
}

interface Seen {
  violations: string[];
  moves: { seat: number; type: string }[];
  workers: { started: number; answers: number; errors: number };
}

describe('the demo under the server’s Content Security Policy', () => {
  let server: ServerProcess;
  let script: string;
  before(async () => {
    ensureWidgetBuilt();
    script = await demoPageScript();
    server = await startServerProcess(['--db', ':memory:', '--static', root]);
  });
  after(async () => server?.stop());

  for (const engine of chosenEngines([], process.env)) {
    test(`${engine}: a move against the hard computer and a room online, nothing refused`, async () => {
      const page = await openPage(engine);
      try {
        await page.goto(`${server.url}/demo/?level=hard&tempo=instant&seed=policy`);
        await page.run(script);
        await page.run('dominoDemoPage.newMatch()');
        await page.run('dominoDemoPage.playOneMove()');
        const link = await page.run<string>("dominoDemoPage.goOnline('Ann')");
        assert.match(link, /#domino-room=/, 'the room screen shows the invite link');
        const seen = await page.run<Seen>('dominoDemoPage.report()');
        assert.deepEqual(seen.violations, [], 'nothing refused by the policy');
        assert.deepEqual(
          page.console.filter((line) => /content.security.policy|refused to|violates/i.test(line)),
          [],
          'no console line about the policy',
        );
        assert.ok(seen.moves.some((move) => move.seat === 0) && seen.moves.some((move) => move.seat !== 0), 'the person and the computer moved');
        assert.equal(seen.workers.errors, 0, 'no worker failed');
        assert.ok(seen.workers.answers > 0, 'the computer thought in its worker');
      } finally {
        await page.close();
      }
    });
  }
});
