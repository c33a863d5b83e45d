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

// Unbundled, the worker loads the AI's own entry module (the bundle names itself instead).
const configure = () => configureAiWorker(new URL('/src/ai/worker-entry.ts', location.origin).href, 'module');

/** Replaces the page's Worker while `run` runs. */
async function withWorker<T>(Replacement: unknown, run: () => Promise<T>): Promise<T> {
  const original = window.Worker;
  (window as { Worker: unknown }).Worker = Replacement;
  try {
    return await run();
  } finally {
    window.Worker = original;
  }
}

/** A worker that the page refuses outright (a strict CSP). */
const Refused = class {
  constructor() {
    throw new Error('blocked by the content security policy');
  }
};

// Runs first: the worker's script is configured only at its end.
describe('the computer player asked before the worker script is configured', () => {
  it('thinks on the main thread, then in a worker once the script is known', async () => {
    const player = new WorkerPlayer();
    const state = midRound();
    const view = playerView(state, state.turn!);
    const early = await player.choose(view, { level: 'medium', seed: 1 });
    expect(player.mode).to.equal('main-thread');
    expect(legalMoves(state).map(key)).to.include(key(early));
    configure();
    const later = await player.choose(view, { level: 'medium', seed: 1 });
    expect(player.mode).to.equal('worker');
    expect(legalMoves(state).map(key)).to.include(key(later));
    player.dispose();
  });
});

describe('the computer player in the browser', () => {
  before(configure);

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
    await withWorker(Refused, async () => {
      const player = new WorkerPlayer();
      const state = midRound();
      const move = await player.choose(playerView(state, state.turn!), { level: 'hard', seed: 4 });
      expect(player.mode).to.equal('main-thread');
      expect(legalMoves(state).map(key)).to.include(key(move));
    });
  });

  it('tries the worker again after a refusal, and gives up after three in a row', async () => {
    const state = midRound();
    const view = playerView(state, state.turn!);
    const once = new WorkerPlayer();
    await withWorker(Refused, () => once.choose(view, { level: 'easy' }));
    await once.choose(view, { level: 'easy' });
    expect(once.mode, 'after one refusal').to.equal('worker');
    once.dispose();

    const never = new WorkerPlayer();
    await withWorker(Refused, async () => {
      for (let i = 0; i < 3; i++) await never.choose(view, { level: 'easy' });
    });
    await never.choose(view, { level: 'easy' });
    expect(never.mode, 'after three refusals').to.equal('main-thread');
    never.dispose();
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
