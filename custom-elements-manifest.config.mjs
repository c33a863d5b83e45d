// Configuration of `cem analyze` (@custom-elements-manifest/analyzer): writes custom-elements.json
// at the root of the package, from the JSDoc of the Lit elements.
export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/engine/**', 'src/**/*.styles.ts'],
  outdir: '.',
  litelement: true,
};
