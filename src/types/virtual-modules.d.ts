/** The hard computer player's Web Worker, bundled to a string (scripts/ai-worker-source.mjs). */
declare module 'virtual:ai-worker-source' {
  const source: string;
  export default source;
}
