/** The Web Worker in which the computer players think, off the page's main thread. */
import { chooseMove } from './choose.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(reply: WorkerReply): void;
};

scope.onmessage = ({ data: { id, view, options } }) => {
  try {
    scope.postMessage({ id, move: chooseMove(view, options) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
