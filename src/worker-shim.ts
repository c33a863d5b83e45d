/**
 * The one bundle is also the script of the computer players' Web Worker (so a site hosts one file).
 * A worker has no DOM, yet Lit's modules touch `document` and extend `HTMLElement` as they load, and
 * the element modules define themselves: these stand-ins let the bundle load there. They are installed
 * only inside a worker, and this module must be the bundle's first import.
 */
import { inWorker } from './ai/worker.js';

if (inWorker()) {
  const scope = globalThis as Record<string, unknown>;
  scope['HTMLElement'] ??= class {};
  scope['document'] ??= { createTreeWalker: () => ({}), createComment: () => ({}) };
  scope['customElements'] ??= { get: () => undefined, define: () => undefined };
}
