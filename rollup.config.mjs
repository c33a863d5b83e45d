// Builds the three files of dist/:
//   dist/domino-game.js       the elements, one ES module with lit, @lit/context and xstate inside, minified;
//                             the 23 non-English catalogs, the computer players' code, xstate with the
//                             match's statechart and the table's layout (fetched once the first screen
//                             is up) as chunks in dist/chunks/, loaded on demand from beside it
//   dist/domino-game.iife.js  the same as a classic script (works from file:// too), every chunk inlined
//   dist/engine.js            the rules engine alone, an ES module for Node ≥ 20 and browsers, readable
//   dist/ai.js                the computer players, chooseMove(view, { level, seed, budgetMs }), for Node ≥ 20
//   dist/machine.js           the match statechart with its computer players, for Node ≥ 20 (a server, a
//                             bot), readable; xstate stays an import
//   dist/protocol.js          the online wire protocol's types and schemas (valibot stays an import)
// Type declarations are emitted by `tsc -p tsconfig.build.json`, not here.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { minifyCssPlugin } from './scripts/rollup-minify-css.mjs';
import { transpileTypeScript } from './scripts/rollup-transpile-ts.mjs';

// JavaScript from the sources with the settings of tsconfig.build.json, types stripped file by file
// (the type check is a step of its own: scripts/rollup-transpile-ts.mjs says why).
const ts = () => transpileTypeScript({ tsconfig: './tsconfig.build.json' });

// `module` only for ES modules: on the classic script it would drop the `var dominoGame` global.
const minify = ({ module }) =>
  terser({
    ecma: 2020,
    module,
    compress: { passes: 3, pure_getters: true, unsafe_arrows: true },
    format: { comments: false },
  });

export default [
  {
    input: 'src/index.ts',
    // Shared code stays in the entry file (the chunks import it from there) rather than a chunk of its own.
    preserveEntrySignatures: 'allow-extension',
    plugins: [ts(), nodeResolve({ browser: true }), minifyCssPlugin()],
    output: [
      {
        // The language catalogs become chunks of their own beside the bundle, loaded on demand.
        dir: 'dist',
        entryFileNames: 'domino-game.js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        format: 'es',
        plugins: [minify({ module: true })],
      },
      {
        file: 'dist/domino-game.iife.js',
        format: 'iife',
        name: 'dominoGame', // window.dominoGame.DominoGame
        inlineDynamicImports: true,
        plugins: [minify({ module: false })],
      },
    ],
  },
  {
    input: 'src/engine/index.ts',
    plugins: [ts(), nodeResolve()],
    output: {
      file: 'dist/engine.js',
      format: 'es',
    },
  },
  {
    input: 'src/ai/index.ts',
    plugins: [ts(), nodeResolve()],
    // One file: Node hosts (a bot, a server) have no use for the page's on-demand split.
    output: { file: 'dist/ai.js', format: 'es', inlineDynamicImports: true },
  },
  {
    input: 'src/machine/index.ts',
    external: ['xstate'],
    plugins: [ts(), nodeResolve()],
    // One file: the computer players load on demand in the page, but a Node host has no reason to.
    output: { file: 'dist/machine.js', format: 'es', inlineDynamicImports: true },
  },
  {
    input: 'src/net/protocol.ts',
    external: ['valibot'],
    plugins: [ts(), nodeResolve()],
    output: { file: 'dist/protocol.js', format: 'es' },
  },
];
