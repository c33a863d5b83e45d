/**
 * A widget's session whose line drops hears, once it is back, every move made meanwhile: it resumes
 * with the seq of the view it holds, and the server's first view carries the events since. Against
 * the real server process; the line is dropped by closing the session's own socket from outside.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import WebSocket from 'ws';
import type { MatchEmitted } from '../../src/machine/index.js';
import { OnlineSession, type OnlineSeatKey, type SeatKeyStore } from '../../src/ui/session/online-session.js';
import { legalMoves } from '../../src/engine/index.js';
import { Player, ROOMY, autoplay, startServerProcess, wireMove, type ServerProcess } from '../../server/test/harness.js';

class MemoryKeys implements SeatKeyStore {
  key: OnlineSeatKey | null = null;
  load = () => this.key;
  save = (key: OnlineSeatKey) => void (this.key = key);
  clear = () => void (this.key = null);
}

/** The sockets the sessions open, and what they send: the test's own view of the line. */
const sockets: RecordingSocket[] = [];
class RecordingSocket extends WebSocket {
  readonly sent: string[] = [];
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    sockets.push(this);
  }
  override send(data: string) {
    this.sent.push(data);
    super.send(data);
  }
}

function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      if (check()) return resolve();
      if (Date.now() - started > ms) return reject(new Error(`timed out: ${what}`));
      setTimeout(look, 10);
    };
    look();
  });
}

describe('OnlineSession resumes with the view it holds', () => {
  let server: ServerProcess;
  before(async () => {
    // A short grace: the computer plays for the seat whose line is down, so the room moves on.
    server = await startServerProcess(['--db', ':memory:', '--grace', '1', ...ROOMY]);
  });
  after(async () => server.stop());

  test('back on the line, it hears every move made while it was away, in order', async () => {
    const session = new OnlineSession(server.url, new MemoryKeys(), { WebSocket: RecordingSocket as unknown as typeof globalThis.WebSocket, backoff: { first: 6000, most: 6000 } });
    const heard: MatchEmitted[] = [];
    session.onEvent((event) => heard.push(event));
    session.create('Ann', { variant: 'draw', players: 2, level: 'easy', tempo: 'instant', target: 100 });
    await until(() => session.room !== null, 'the room');
    // A watcher in the other seat hears everything the room does.
    const watcher = await Player.connect(server.wsUrl, 'watcher');
    assert.equal((await watcher.request({ type: 'join', room: session.roomId!, key: session.keys!.invite!, name: 'Bob' }, 'welcome')).type, 'welcome');
    session.start();
    await until(() => session.state !== null && watcher.last('view') !== undefined, 'the start');
    // Bob plays his own turns throughout. Ann's line drops on her turn.
    const bob = autoplay([watcher], { seed: 'online-resume' });
    bob.done.catch(() => undefined);
    await until(() => session.state!.legal.length > 0, 'Ann to play');
    // Nothing moves on Ann's turn: once the other seat has the same position, its seq is hers.
    await until(() => watcher.last('view')?.view.log.length === session.state!.view.log.length, 'both seats at Ann’s turn');
    const held = session.state!.view;
    const heldSeq = watcher.last('view')!.seq;
    const line = sockets.at(-1)!;
    bob.stop();
    line.terminate();
    // Meanwhile the computer plays Ann's turns (she is gone past the grace), and Bob his, a few times.
    for (let change = 0; change < 4; change++) {
      const now = await watcher.waitFor('view', (m) => m.seq > heldSeq + change, 0, 15_000);
      if (now.view.turn === watcher.seat && now.view.round.result === null) watcher.send({ type: 'move', seq: now.seq, move: wireMove(legalMoves(now.view)[0]!) });
    }
    await until(() => sockets.length > 1 && sockets.at(-1)!.sent.some((f) => f.includes('"resume"')), 'the resume');
    const resume = JSON.parse(sockets.at(-1)!.sent.find((f) => f.includes('"resume"'))!) as { seq?: number };
    assert.equal(resume.seq, heldSeq, 'the resume names the view held');
    await until(() => session.state !== null && session.state.view.log.length !== held.log.length, 'the view after resuming');
    const back = watcher.last('view')!;
    await until(() => heard.filter((e) => e.type === 'move').length >= watcher.messages.flatMap((m) => (m.type === 'view' && m.seq <= back.seq ? m.events : [])).filter((e) => e.type === 'move').length, 'every move heard');
    const watched = watcher.messages.flatMap((m) => (m.type === 'view' ? (m.events as MatchEmitted[]) : [])).filter((e) => e.type === 'move');
    const moves = heard.filter((e) => e.type === 'move');
    assert.deepEqual(moves, watched.slice(0, moves.length), 'the same moves as the other seat, none missing, in order');
    bob.stop();
    session.dispose();
    await watcher.close();
  });
});
