// The hard computer player thinks in a Web Worker. So that a site hosts one file only, the worker's
// code is bundled (esbuild) into a string that the page bundle imports as `virtual:ai-worker-source`
// and starts from a Blob URL. One plugin for rollup (the build) and one for @web/test-runner (tests).
import { build } from 'esbuild';

export const AI_WORKER_MODULE = 'virtual:ai-worker-source';

async function aiWorkerSource(minify) {
  const result = await build({
    entryPoints: ['src/ai/worker.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify,
    legalComments: 'none',
  });
  return result.outputFiles[0].text;
}

const asModule = (source) => `export default ${JSON.stringify(source)};`;

export function rollupAiWorkerSource() {
  const id = `\0${AI_WORKER_MODULE}`;
  return {
    name: 'ai-worker-source',
    resolveId: (source) => (source === AI_WORKER_MODULE ? id : null),
    load: async (loading) => (loading === id ? asModule(await aiWorkerSource(true)) : null),
  };
}

export function wtrAiWorkerSource() {
  const path = '/__ai-worker-source.js';
  return {
    name: 'ai-worker-source',
    resolveImport: ({ source }) => (source === AI_WORKER_MODULE ? path : undefined),
    serve: async (context) => (context.path === path ? { body: asModule(await aiWorkerSource(false)), type: 'js' } : undefined),
  };
}
