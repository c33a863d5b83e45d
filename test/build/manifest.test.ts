/**
 * custom-elements.json is reproducible and describes the browser's elements only: the analyzer, run
 * as the build runs it (custom-elements-manifest.config.mjs), makes the same bytes whatever order the
 * file system lists the sources in (the build reads them as listed; this test reads them reversed and
 * compares with the file the build wrote), and lists the elements with their attributes, events, parts and
 * CSS properties, no private member, and no module of the server or of the engine. (That the committed
 * file is the one the build makes is checked by scripts/test.mjs right after the build.)
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Member {
  name: string;
  privacy?: string;
}
interface Declaration {
  name: string;
  customElement?: boolean;
  tagName?: string;
  members?: Member[];
  attributes?: unknown[];
  events?: { name: string }[];
  cssParts?: unknown[];
  cssProperties?: unknown[];
}
interface Manifest {
  modules: { path: string; declarations: Declaration[]; exports: { kind: string; name: string }[] }[];
}
type Analyze = (options: { argv: string[]; cwd: string; noWrite: boolean }) => Promise<Manifest>;

let dir: string;
let analyze: Analyze;

/** The manifest's text as the build writes it, made from the sources in the reverse of the order the file system lists them in. */
async function reversedManifestText(): Promise<string> {
  const config = join(dir, 'reversed.config.mjs');
  // The project's configuration, reading the sources reversed.
  writeFileSync(
    config,
    `import { readFileSync } from 'node:fs';
import config from ${JSON.stringify(pathToFileURL(join(root, 'custom-elements-manifest.config.mjs')).href)};
export default {
  ...config,
  overrideModuleCreation: ({ ts, globs }) =>
    [...globs].reverse().map((glob) => ts.createSourceFile(glob, readFileSync(new URL(glob, ${JSON.stringify(pathToFileURL(root).href)}), 'utf8'), ts.ScriptTarget.ES2015, true)),
};
`,
  );
  const manifest = await analyze({ argv: ['analyze', '--litelement', '--quiet', '--config', config], cwd: root, noWrite: true });
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

describe('custom-elements.json', () => {
  let built: string;
  let reversed: string;
  let manifest: Manifest;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'domino-manifest-'));
    // A module without types of its own: the analyzer's command line, as `cem analyze` runs it.
    const cliModule: string = '@custom-elements-manifest/analyzer/cli.js';
    ({ cli: analyze } = (await import(cliModule)) as { cli: Analyze });
    // What the build wrote from the sources as listed (scripts/test.mjs checks it is the committed file).
    built = readFileSync(join(root, 'custom-elements.json'), 'utf8');
    reversed = await reversedManifestText();
    manifest = JSON.parse(reversed) as Manifest;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the same sources make the same bytes, whatever order the file system lists them in', () => {
    // Reversed: as far from the listed order as an order gets (a shuffle as well proved no more, at another run's cost).
    assert.equal(reversed, built, 'the sources read in reverse make another manifest than custom-elements.json (or it is stale: npm run build writes it)');
    const paths = manifest.modules.map((m) => m.path);
    assert.deepEqual(paths, [...paths].sort(), 'the modules in sorted order');
    assert.ok(paths.length > 1);
  });

  test('it lists the browser’s elements and nothing else', () => {
    const elements = manifest.modules.flatMap((m) => m.declarations);
    assert.deepEqual(elements.map((d) => d.tagName).sort(), ['domino-board', 'domino-game', 'domino-hand', 'domino-leaderboard', 'domino-lobby', 'domino-player-card', 'domino-quick-match', 'domino-room-bar', 'domino-settings']);
    for (const module of manifest.modules) {
      assert.ok(module.path === 'src/index.ts' || module.path.startsWith('src/ui/'), `${module.path} is no module of the browser's elements`);
      for (const declaration of module.declarations) assert.equal(declaration.customElement, true, `${module.path}: ${declaration.name} is no element`);
      for (const { kind, name } of module.exports) {
        assert.ok(kind === 'custom-element-definition' || elements.some((d) => d.name === name), `${module.path} exports ${name}, no element`);
      }
    }
    const privates = elements.flatMap((d) => (d.members ?? []).filter((m) => m.privacy === 'private' || m.name.startsWith('#')).map((m) => `${d.tagName}.${m.name}`));
    assert.deepEqual(privates, [], 'no private member');
    // The package entry says where the elements' classes are exported from.
    assert.deepEqual(manifest.modules.find((m) => m.path === 'src/index.ts')?.exports.map((e) => e.name), ['DominoGame', 'DominoLeaderboard', 'DominoPlayerCard']);
  });

  test('<domino-game> has its attributes, properties, events, parts and CSS properties', () => {
    const game = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'domino-game')!;
    assert.deepEqual(
      game.events?.map((e) => e.name),
      ['domino-move', 'domino-score', 'domino-round-end', 'domino-match-end', 'domino-turn', 'domino-room'],
    );
    for (const what of ['attributes', 'members', 'cssParts', 'cssProperties'] as const) assert.ok((game[what]?.length ?? 0) > 0, `its ${what}`);
    for (const name of ['variant', 'players', 'theme', 'storageKey']) assert.ok(game.members!.some((m) => m.name === name), `the property ${name}`);
  });
});
