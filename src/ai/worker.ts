/** What runs inside the Web Worker in which the computer players think, off the page's main thread. */
import { loadChooseMove } from './load.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(reply: WorkerReply): void;
}

/** Whether this code runs in a worker (the bundle is loaded there too, see src/worker-shim.ts). */
export const inWorker = (): boolean => {
  const scope = globalThis as { WorkerGlobalScope?: new () => unknown };
  return typeof scope.WorkerGlobalScope === 'function' && globalThis instanceof scope.WorkerGlobalScope;
};

/** Answers every question (a view and options) with the chosen move, or the error's message. */
export function answerQuestions(scope: WorkerScope = globalThis as unknown as WorkerScope): void {
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- it catches everything: the promise never rejects
  scope.onmessage = async ({ data: { id, view, options } }) => {
    try {
      const chooseMove = await loadChooseMove(options.level);
      scope.postMessage({ id, move: chooseMove(view, options) });
    } catch (error) {
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  };
}
