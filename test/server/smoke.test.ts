import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { legalMoves } from '../../src/engine/index.js';
import { Player, startServerProcess, type ServerProcess } from './harness.js';

describe('server smoke', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:']);
  });
  after(async () => server.stop());

  test('two people play a whole match', async () => {
    const a = await Player.connect(server.wsUrl);
    const welcome = await a.request({ type: 'create', name: 'Ann', settings: { variant: 'draw', players: 2, level: 'easy', tempo: 'instant', target: 20 } }, 'welcome');
    assert.equal(welcome.type, 'welcome');
    const b = await Player.connect(server.wsUrl);
    const joined = await b.request({ type: 'join', room: a.room!, name: 'Bob' }, 'welcome');
    assert.equal(joined.type, 'welcome');
    assert.equal(b.seat, 1);
    const firstView = b.next('view');
    a.send({ type: 'start' });
    await firstView;
    const players = [a, b];
    for (let i = 0; i < 2000; i++) {
      const view = b.last('view')!;
      if (view.view.winner !== null) break;
      if (view.view.round.result) {
        const next = b.next('view', (m) => m.seq > view.seq);
        for (const p of players) p.send({ type: 'next-round', seq: view.seq });
        await next;
        continue;
      }
      const seat = view.view.turn!;
      const p = players[seat]!;
      // The mover may get its view of this change a moment after the other seat.
      const mine = p.last('view')!.seq === view.seq ? p.last('view')! : await p.next('view', (m) => m.seq === view.seq);
      const move = legalMoves(mine.view)[0]!;
      const next = b.next('view', (m) => m.seq === view.seq + 1);
      p.send({ type: 'move', seq: mine.seq, move: move.type === 'play' ? { type: 'play', tile: move.tile, end: move.end } : move });
      await next;
    }
    assert.notEqual(b.last('view')!.view.winner, null);
    await a.close();
    await b.close();
  });
});
