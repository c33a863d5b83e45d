// Configuration of `cem analyze` (@custom-elements-manifest/analyzer): writes custom-elements.json
// at the root of the package, from the JSDoc of the Lit elements.
//
// The manifest describes the browser's elements and nothing else (their attributes, properties,
// events, parts and CSS properties), and the same sources give the same bytes: the analyzer lists
// the modules in the order the file system gives the files, which differs between machines and
// clones, so its last step keeps only the modules that define an element (and the package entry
// that exports one), with only their elements and no private member, and sorts them by path.
// test/build/manifest.test.ts checks both; scripts/test.mjs checks that the committed file is the
// one the build makes.

/** Sorted the same way everywhere: by UTF-16 code units, not by the locale. */
const byPath = (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

const isElement = (declaration) => declaration.customElement === true;
const isPublic = (member) => member.privacy !== 'private' && !member.name.startsWith('#');

/** Keeps the browser's elements, their public members and the exports that name them, by path. */
export function onlyElements(manifest) {
  const elementClasses = new Set(manifest.modules.flatMap((module) => (module.declarations ?? []).filter(isElement).map((d) => d.name)));
  const namesAnElement = (entry) => entry.kind === 'custom-element-definition' || elementClasses.has(entry.declaration?.name);
  manifest.modules = manifest.modules
    .map((module) => ({
      ...module,
      declarations: (module.declarations ?? []).filter(isElement).map((element) => ({ ...element, members: element.members?.filter(isPublic) })),
      exports: (module.exports ?? []).filter(namesAnElement),
    }))
    .filter((module) => module.declarations.length > 0 || module.exports.length > 0)
    .sort(byPath);
  return manifest;
}

export default {
  globs: ['src/**/*.ts'],
  // The engine and the styles define no element (the server is a workspace of its own, server/).
  // The round's review, the match record's actions and the replay dialog are parts of <domino-game>'s own shadow tree,
  // loaded with its match summary: no page places them, so they are no element of the package's.
  // ui/players/ is what the leaderboard and the player's card share, their lazy base class among it: no element.
  exclude: ['src/engine/**', 'src/**/*.styles.ts', 'src/ui/domino-match-record/**', 'src/ui/domino-replay/**', 'src/ui/domino-round-review/**', 'src/ui/players/**'],
  outdir: '.',
  litelement: true,
  plugins: [
    {
      name: 'domino-only-elements',
      packageLinkPhase({ customElementsManifest }) {
        onlyElements(customElementsManifest);
      },
    },
  ],
};
