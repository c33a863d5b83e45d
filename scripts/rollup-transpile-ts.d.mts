import type { Plugin } from 'rollup';
/** A rollup plugin that strips TypeScript's types file by file and resolves `./x.js` imports to `./x.ts`. */
export function transpileTypeScript(options?: { tsconfig?: string }): Plugin;
