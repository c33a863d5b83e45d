/**
 * Which script answers the computer players' questions in a Web Worker, and starting one. Apart from
 * WorkerPlayer (worker-player.ts) so that the entry, which names the script before any element runs,
 * does not carry the player itself: a new match's first screen asks no question, and the player comes
 * with the statechart's chunk.
 */
export interface WorkerScript {
  url: string;
  type: 'module' | 'classic';
}

let workerScript: WorkerScript | null = null;

/** Names the script that answers questions when loaded in a worker (the bundle, or ai/worker-entry). */
export function configureAiWorker(url: string, type: 'module' | 'classic'): void {
  workerScript = { url, type };
}

/** The script named, if any yet. */
export function configuredWorkerScript(): WorkerScript | null {
  return workerScript;
}

/** A worker that loads `script` through a same-origin blob script (so a bundle on a CDN works too). */
export function startWorker(script: WorkerScript): Worker {
  const { url, type } = script;
  const loader = type === 'module' ? `import ${JSON.stringify(url)};` : `importScripts(${JSON.stringify(url)});`;
  const blobUrl = URL.createObjectURL(new Blob([loader], { type: 'text/javascript' }));
  try {
    return new Worker(blobUrl, { type });
  } finally {
    // Revoking only after the worker has fetched it would be safer for old engines; current ones
    // resolve the URL synchronously in the constructor.
    URL.revokeObjectURL(blobUrl);
  }
}
