/**
 * The folders of ui/ are entered through their front doors (eslint.config.mjs, UI_FOLDERS): the lint
 * refuses an import of another folder's inside, lets its doors through, and keeps the layers' rule
 * for the same files (one rule's options: a later block of the config replaces an earlier one's).
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../../', import.meta.url));
// The project's config, with only the rule asked about, and so without the type-aware rules' program.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** The import refusals the lint gives `source` as if it were the file `file`. */
async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}${file}` });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const refused = async (file: string, path: string) => (await refusals(file, `import '${path}';\n`)).length === 1;

describe('the front doors of the folders of ui/', () => {
  test("an element's folder reaches another folder through its doors only", async () => {
    assert.equal(await refused('src/ui/domino-lobby/domino-lobby.ts', '../board/fit.js'), false);
    assert.equal(await refused('src/ui/domino-lobby/domino-lobby.ts', '../board/layout.js'), true);
    assert.equal(await refused('src/ui/domino-lobby/domino-lobby.ts', '../domino-game/effective-settings.js'), false);
    assert.equal(await refused('src/ui/domino-lobby/domino-lobby.ts', '../domino-game/settings.js'), true);
    assert.match((await refusals('src/ui/domino-lobby/domino-lobby.ts', "import '../board/layout.js';\n"))[0]!, /ui\/board\/fit\.ts or ui\/board\/geometry\.ts/);
  });

  test('a door that keeps code out of the first visit is a door; the folder behind it is not', async () => {
    assert.equal(await refused('src/ui/domino-game/summary.ts', '../tile/mini-tiles.js'), false);
    assert.equal(await refused('src/ui/domino-game/summary.ts', '../session/online-session.js'), false);
    assert.equal(await refused('src/ui/domino-game/summary.ts', '../session/online-state.js'), true);
  });

  test("a file deeper in a folder, and a file of ui/ itself, keep to the others' doors too", async () => {
    assert.equal(await refused('src/ui/domino-game/table/stage.ts', '../../session/online-state.js'), true);
    assert.equal(await refused('src/ui/names.ts', './session/session.js'), false);
    assert.equal(await refused('src/ui/names.ts', './session/online-state.js'), true);
  });

  test('the layers still hold for the files of ui/', async () => {
    assert.equal(await refused('src/ui/domino-lobby/domino-lobby.ts', '../../engine/index.js'), false);
    assert.equal(await refused('src/ui/domino-lobby/domino-lobby.ts', '../../engine/match.js'), true);
    assert.equal(await refused('src/ui/names.ts', '../machine/restore.js'), false);
    assert.equal(await refused('src/ui/names.ts', '../machine/machine.js'), true);
  });
});
