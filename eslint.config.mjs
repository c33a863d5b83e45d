// ESLint 9 flat config: `npm run lint` (also one test of `npm test`).
//
// TypeScript (src/, test/, bench/) gets typescript-eslint's recommended rules plus the type-aware
// rules about promises, which catch real bugs here (a forgotten `await` in a test or a server path)
// at a cost the 2-core machines can pay; the full `recommendedTypeChecked` set is not on because its
// no-unsafe-* rules mostly flag deliberate `any` at the JSON and worker boundaries.
// Lit's and web components' rules apply to the elements; plain JavaScript (scripts/, the configs,
// demo/) gets ESLint's recommended rules.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

// The layers of src/ (docs/ARCHITECTURE.md): what each folder may import, and the files through which
// the others import it (its front doors; more than one where a door keeps code out of the first
// visit, as restore.ts and light.ts do, or is a worker's side). The engine imports nothing else. The server
// workspace (server/src/) imports the widget package by its public entries only (domino-game/…).
const LAYERS = {
  engine: { doors: ['index', 'internal'], imports: [] },
  shared: { doors: ['names', 'match-config', 'phrases', 'players'], imports: ['engine'] },
  i18n: { doors: ['index', 'language-names'], imports: [] },
  ai: { doors: ['index', 'worker-player', 'worker-start', 'worker'], imports: ['engine', 'shared'] },
  machine: { doors: ['index', 'restore', 'light'], imports: ['engine', 'shared', 'ai'] },
  storage: { doors: ['index'], imports: ['engine', 'shared'] },
  net: { doors: ['protocol', 'connection', 'server-url'], imports: ['engine', 'shared', 'machine'] },
  ui: { doors: [], imports: ['engine', 'shared', 'i18n', 'ai', 'machine', 'storage', 'net'] },
};

// The folders of ui/ and their front doors, the same way: an element's folder is entered through the
// element's own file, a folder of parts through the files listed (a second door where it keeps code out
// of the first visit, or is the one thing the others read). Files of ui/ outside any folder (names.ts,
// internal-events.ts, motion.ts, the shared styles) are the whole ui's and have no door.
const UI_FOLDERS = {
  announcements: ['announcements', 'results'],
  board: ['fit', 'geometry', 'scales', 'lone-lead'],
  context: ['locale'],
  controllers: ['pointer-follower', 'roving', 'size'],
  'domino-board': ['domino-board'],
  'domino-game': ['domino-game', 'effective-settings'],
  'domino-hand': ['domino-hand'],
  'domino-leaderboard': ['domino-leaderboard'],
  'domino-player-card': ['domino-player-card'],
  'domino-lobby': ['domino-lobby', 'name-field'],
  'domino-quick-match': ['domino-quick-match'],
  'domino-match-record': ['domino-match-record', 'match-record'],
  'domino-replay': ['domino-replay'],
  'domino-room-bar': ['domino-room-bar'],
  'domino-round-review': ['domino-round-review'],
  'domino-settings': ['domino-settings', 'setting-fields'],
  // What the leaderboard's and the card's views share, each file a door of its own: the definitions in the
  // entry take lazy-element.ts alone, the views (chunks) the rest.
  players: ['lazy-element', 'attributes', 'player-view', 'players-http', 'players.styles', 'problem-text', 'rating-text', 'remote'],
  session: ['session', 'local-session', 'online-session', 'identity', 'identity-key', 'quick-match-session'],
  sound: ['sound-switch'],
  tile: ['tile', 'tile.styles', 'mini-tiles'],
};

/** A pattern refusing the imports of `folder`'s inside from beside it (`from`: how a path reaches a sibling). */
const besideDoors = (folder, doors, { from = '(\\.\\./)+', shown = '' } = {}) => ({
  regex: `^${from}${folder}/(?!(${doors.map((door) => door.replaceAll('.', '\\.')).join('|')})\\.js$)`,
  message: `Import ${shown}${folder}/ through its front door: ${doors.map((d) => `${shown}${folder}/${d}.ts`).join(' or ')}.`,
});

/** The no-restricted-imports patterns of one folder: the folders it may not import, the others' side doors. */
function layerPatterns(folder) {
  return Object.entries(LAYERS)
    .filter(([other]) => other !== folder)
    .map(([other, { doors }]) =>
      LAYERS[folder].imports.includes(other)
        ? besideDoors(other, doors)
        : { regex: `^(\\.\\./)+${other}/`, message: `${folder}/ does not import ${other}/ (the layers: eslint.config.mjs, docs/ARCHITECTURE.md).` },
    );
}

/** The patterns of a file in one folder of ui/, or in ui/ itself: every other ui folder through its doors. */
function uiFolderPatterns(folder) {
  return Object.entries(UI_FOLDERS)
    .filter(([other]) => other !== folder)
    .map(([other, doors]) => besideDoors(other, doors, { from: '(\\./|(\\.\\./)+)', shown: 'ui/' }));
}

export default defineConfig(
  {
    ignores: ['dist/', 'server/dist/', 'node_modules/', 'coverage/', '.cache/', '.tmp/', 'data/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    rules: {
      // `let [a, b] = …` where only b is reassigned stays one declaration.
      'prefer-const': ['error', { destructuring: 'all' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['demo/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.ts', '**/*.mts'],
    extends: [tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's test() and describe() return promises that the runner itself awaits.
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        // `_name` marks a parameter or a destructured part that is left out on purpose.
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  ...Object.keys(LAYERS).map((folder) => ({
    files: [`src/${folder}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: layerPatterns(folder) }] },
  })),
  // Inside ui/, each folder keeps to the others' doors too (one rule's options: a later block replaces them).
  {
    files: ['src/ui/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...layerPatterns('ui'), ...uiFolderPatterns('')] }] },
  },
  ...Object.keys(UI_FOLDERS).map((folder) => ({
    files: [`src/ui/${folder}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [...layerPatterns('ui'), ...uiFolderPatterns(folder)] }] },
  })),
  {
    files: ['server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(\\.\\.|src)(/|$)', message: 'The server imports the widget package by its public entries (domino-game/engine, /machine, /ai, /protocol), never its sources.' },
            { regex: '^domino-game/(?!(engine|machine|ai|protocol|package\\.json)$)', message: 'Only the public entries of domino-game: /engine, /machine, /ai, /protocol.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.d.mts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/ui/**/*.ts', 'test/ui/**/*.ts'],
    extends: [lit.configs['flat/recommended'], wc.configs['flat/recommended']],
    settings: { wc: { elementBaseClasses: ['LitElement'] } },
  },
  {
    files: ['test/ui/**/*.ts'],
    rules: {
      // @open-wc/semantic-dom-diff types every chai `equal` as returning a promise (for its
      // `.dom.equal`), so this rule would report every plain `expect(…).to.equal(…)` here.
      '@typescript-eslint/no-floating-promises': 'off',
      // chai's property assertions (`.to.exist`, `.to.be.true`) are expressions by design.
      '@typescript-eslint/no-unused-expressions': 'off',
      // The a11y check taken while a tile flies in measures its translucent blend (a CI run failed so).
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='accessible']", message: 'Use expectAccessible(el) from helpers.ts: it waits for the animations to end.' },
      ],
    },
  },
  {
    files: ['test/ui/helpers.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
