import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ROOMY, autoplay, createRoom, joinRoom, startServerProcess, type ServerProcess } from './harness.js';

describe('server smoke', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
  });
  after(async () => server.stop());

  test('two people play a whole match', async () => {
    const a = await createRoom(server, 'Ann', { variant: 'draw', players: 2, level: 'easy', tempo: 'instant', target: 20 });
    const b = await joinRoom(server, a.invitation, 'Bob');
    assert.equal(b.seat, 1);
    const firstView = b.next('view');
    a.send({ type: 'start' });
    await firstView;
    await autoplay([a, b], { seed: 'smoke' }).done;
    assert.notEqual(b.last('view')!.view.winningSide, null);
    assert.equal(a.last('view')!.seq, b.last('view')!.seq);
    await a.close();
    await b.close();
  });
});
