/** What runs inside the Web Worker in which the computer players think, off the page's main thread. */
import { loadChooseMove } from './load.js';
import type { WorkerQuestion, WorkerReply } from './worker-protocol.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerQuestion>) => void) | null;
  postMessage(reply: WorkerReply): void;
}

/** Whether this code runs in a worker (the bundle is loaded there too, see src/worker-shim.ts). */
export const inWorker = (): boolean => {
  const scope = globalThis as { WorkerGlobalScope?: new () => unknown };
  return typeof scope.WorkerGlobalScope === 'function' && globalThis instanceof scope.WorkerGlobalScope;
};

/** Answers every question with the chosen move, the hint or the review, or the error's message. */
export function answerQuestions(scope: WorkerScope = globalThis as unknown as WorkerScope): void {
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- it catches everything: the promise never rejects
  scope.onmessage = async ({ data }) => {
    const { id } = data;
    try {
      if (!('type' in data)) {
        const chooseMove = await loadChooseMove(data.options.level);
        const started = performance.now();
        const move = chooseMove(data.view, data.options);
        scope.postMessage({ id, move, thinkMs: performance.now() - started });
      } else if (data.type === 'hint') {
        // The hint's code loads (with the hard player's) when the person first asks for one.
        const { hintFor } = await import('./hint.js');
        scope.postMessage({ id, hint: hintFor(data.view, data.options) });
      } else {
        const { reviewRound } = await import('./review.js');
        scope.postMessage({ id, review: reviewRound(data.record, data.round, data.seat, data.options) });
      }
    } catch (error) {
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  };
}
