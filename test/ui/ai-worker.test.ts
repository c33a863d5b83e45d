import { expect } from '@open-wc/testing';
import { configureAiWorker, WorkerPlayer } from '../../src/ai/worker-player.js';
import { applyMove, createMatch, legalMoves, playerView } from '../../src/engine/index.js';
import type { LegalMove, MatchState } from '../../src/engine/index.js';

const key = (m: LegalMove) => (m.type === 'play' ? `${m.tile.join('-')}@${m.end}` : m.type);

/** A 2-player All Fives state a few moves in, where the seat to act has a real choice. */
function midRound(): MatchState {
  let state = createMatch({ variant: 'fives', players: 2, seed: 11 });
  for (let i = 0; i < 3 && state.turn !== null; i++) state = applyMove(state, legalMoves(state)[0]!);
  return state;
}

describe('the computer player in the browser', () => {
  // Unbundled, the worker loads the AI's own entry module (the bundle names itself instead).
  before(() => configureAiWorker(new URL('/src/ai/worker-entry.ts', location.origin).href, 'module'));

  it('thinks in a Web Worker and answers with a legal move', async () => {
    const player = new WorkerPlayer();
    const state = midRound();
    const view = playerView(state, state.turn!);
    const move = await player.choose(view, { level: 'hard', seed: 4, maxDeals: 200 });
    expect(player.mode).to.equal('worker');
    expect(legalMoves(state).map(key)).to.include(key(move));
    // Several questions at once each get their own answer.
    const answers = await Promise.all(
      (['easy', 'medium', 'hard'] as const).map((level) => player.choose(view, { level, seed: 1, maxDeals: 50 })),
    );
    for (const answer of answers) expect(legalMoves(state).map(key)).to.include(key(answer));
    player.dispose();
  });

  it('thinks on the main thread where a page allows no worker', async () => {
    const original = window.Worker;
    (window as { Worker: unknown }).Worker = class {
      constructor() {
        throw new Error('blocked by the content security policy');
      }
    };
    try {
      const player = new WorkerPlayer();
      const state = midRound();
      const move = await player.choose(playerView(state, state.turn!), { level: 'hard', seed: 4 });
      expect(player.mode).to.equal('main-thread');
      expect(legalMoves(state).map(key)).to.include(key(move));
    } finally {
      window.Worker = original;
    }
  });

  it('a worker that fails to load hands its questions to the main thread', async () => {
    const original = window.Worker;
    // A worker whose script cannot run: it reports an error event instead of answering.
    (window as { Worker: unknown }).Worker = class extends EventTarget {
      onmessage: unknown = null;
      onerror: ((event: ErrorEvent) => void) | null = null;
      postMessage() {
        setTimeout(() => this.onerror?.(new ErrorEvent('error', { message: 'refused to load' })));
      }
      terminate() {}
    };
    try {
      const player = new WorkerPlayer();
      const state = midRound();
      const move = await player.choose(playerView(state, state.turn!), { level: 'medium' });
      expect(player.mode).to.equal('main-thread');
      expect(legalMoves(state).map(key)).to.include(key(move));
    } finally {
      window.Worker = original;
    }
  });
});
