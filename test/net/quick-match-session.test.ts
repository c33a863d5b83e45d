import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import WebSocket from 'ws';
import { ROOMY, startServerProcess, type ServerProcess } from '../../server/test/harness.js';
import { QuickMatchSession, type QuickMatchOptions, type QuickMatchTable } from '../../src/ui/session/quick-match-session.js';

/** A session whose sockets the test sees (`lines`, the last one live), identified anonymously as `name`. */
function quickMatch(server: ServerProcess, name: string, lines: WebSocket[] = [], identify?: QuickMatchOptions['identify']) {
  class SeenWebSocket extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      lines.push(this);
    }
  }
  const secret = randomBytes(32).toString('base64url');
  return new QuickMatchSession(server.url, {
    identify: identify ?? (() => ({ type: 'identify', secret, name })),
    WebSocket: SeenWebSocket as unknown as typeof globalThis.WebSocket,
    backoff: { first: 20, most: 200 },
  });
}

function until(session: QuickMatchSession, check: () => boolean, ms = 15_000): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out: ${check.toString()}; status ${session.status}, problem ${JSON.stringify(session.problem)}, wait ${JSON.stringify(session.wait)}`));
    }, ms);
    const stop = session.onChange(() => {
      if (!check()) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** The table `session` is matched to; refused when none comes within `ms` (a ceiling, not a measure). */
const tableOf = (session: QuickMatchSession, ms = 15_000) =>
  new Promise<QuickMatchTable>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no table within ${ms} ms; wait ${JSON.stringify(session.wait)}`)), ms);
    session.onMatched((table) => {
      clearTimeout(timer);
      resolve(table);
    });
  });

describe('QuickMatchSession against the real server', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
  });
  after(async () => server.stop());

  test('identifies, lists the pools, and two seekers of one pool reach one table, each with a seat of its own', async () => {
    const ann = quickMatch(server, 'Ann');
    const bob = quickMatch(server, 'Bob');
    await until(ann, () => ann.pools !== null && ann.player !== null);
    assert.equal(ann.player!.name, 'Ann');
    assert.ok(ann.pools!.some((pool) => pool.id === 'block-2'));
    const tables = [tableOf(ann), tableOf(bob)];
    ann.seek('block-2');
    await until(ann, () => ann.wait?.waiting === 1);
    bob.seek('block-2');
    const [annTable, bobTable] = await Promise.all(tables);
    assert.equal(annTable.room, bobTable.room);
    assert.equal(annTable.pool, 'block-2');
    assert.notEqual(annTable.token, bobTable.token);
    assert.equal(ann.status, 'closed');
    ann.dispose();
    bob.dispose();
  });

  test('Cancel ends the wait at once, and the server takes the seeker out of the pool', async () => {
    const cy = quickMatch(server, 'Cy');
    const di = quickMatch(server, 'Di');
    await until(cy, () => cy.player !== null);
    cy.seek('fives-2');
    await until(cy, () => cy.wait?.waiting === 1);
    cy.cancel();
    assert.equal(cy.wait, null, 'at once, before the server answers');
    await until(di, () => di.player !== null);
    di.seek('fives-2');
    await until(di, () => di.wait?.waiting === 1);
    assert.equal(cy.wait, null);
    cy.dispose();
    di.dispose();
  });

  test('a line dropped while waiting comes back and seeks the same pool again', async () => {
    const lines: WebSocket[] = [];
    const ed = quickMatch(server, 'Ed', lines);
    await until(ed, () => ed.player !== null);
    ed.seek('draw-2');
    await until(ed, () => ed.wait?.waiting === 1);
    lines.at(-1)!.terminate();
    await until(ed, () => ed.status === 'reconnecting');
    await until(ed, () => ed.status === 'open' && ed.player !== null);
    const table = tableOf(ed);
    const fay = quickMatch(server, 'Fay');
    const fayTable = tableOf(fay);
    fay.seek('draw-2');
    assert.equal((await table).room, (await fayTable).room);
    ed.dispose();
    fay.dispose();
  });

  test('avoid is sent once the line is identified, and heard back when the server took it', async () => {
    const ivy = quickMatch(server, 'Ivy');
    await until(ivy, () => ivy.player !== null);
    const hal = quickMatch(server, 'Hal');
    // A ceiling, not a measure: the answer comes within a few milliseconds.
    const avoided = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no avoided within 15 s')), 15_000);
      hal.onAvoided((player) => (clearTimeout(timer), resolve(player)));
    });
    try {
      // Asked before the line is even open: it waits for the identity.
      assert.equal(hal.player, null);
      hal.avoid(ivy.player!.id);
      assert.equal(await avoided, ivy.player!.id);
    } finally {
      hal.dispose();
      ivy.dispose();
    }
  });

  test('a refused site token is a problem with the server\'s reason, and no wait', async () => {
    const lines: WebSocket[] = [];
    const gil = quickMatch(server, 'Gil', lines, () => ({ type: 'identify', token: 'not.a.token' }));
    await until(gil, () => gil.problem !== null);
    assert.equal(gil.problem!.code, 'bad-identity');
    assert.match(gil.problem!.message, /site tokens/);
    gil.seek('draw-2');
    assert.equal(gil.player, null);
    gil.dispose();
  });
});
