// The public API of the package, locked: one report per entry point (api/<entry>.api.md), made by
// @microsoft/api-extractor from the type declarations the build writes to dist/types/.
//
//   node scripts/api-report.mjs            check: exits with 1 when an entry's API differs from its report
//   node scripts/api-report.mjs --update   write the reports anew (`npm run api:update`): a deliberate
//                                          step, committed with the CHANGELOG entry that says why
//
// Run after `npm run build` (or `tsc -p tsconfig.build.json`). `npm test` runs the check as one test.
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const update = process.argv.includes('--update');

/** The package's entry points (package.json `exports`) and the declarations each one's types are. */
export const API_ENTRIES = [
  { entry: '.', report: 'domino-game', types: 'dist/types/index.d.ts' },
  { entry: './engine', report: 'engine', types: 'dist/types/engine/index.d.ts' },
  { entry: './ai', report: 'ai', types: 'dist/types/ai/index.d.ts' },
  { entry: './machine', report: 'machine', types: 'dist/types/machine/index.d.ts' },
  { entry: './protocol', report: 'protocol', types: 'dist/types/net/protocol.d.ts' },
];

const temp = mkdtempSync(join(tmpdir(), 'domino-api-'));
let differing = 0;
try {
  for (const { entry, report, types } of API_ENTRIES) {
    if (!existsSync(join(root, types))) {
      console.error(`api: ${types} is missing: run \`npm run build\` first.`);
      process.exit(1);
    }
    const config = ExtractorConfig.prepare({
      configObjectFullPath: join(root, 'api', `${report}.json`),
      packageJsonFullPath: join(root, 'package.json'),
      configObject: {
        projectFolder: root,
        mainEntryPointFilePath: join(root, types),
        compiler: {
          overrideTsconfig: {
            compilerOptions: {
              target: 'ES2022',
              module: 'ESNext',
              moduleResolution: 'bundler',
              lib: ['ES2022', 'DOM', 'DOM.Iterable'],
              types: [],
              strict: true,
              skipLibCheck: true,
            },
            files: [join(root, types)],
          },
        },
        apiReport: {
          enabled: true,
          reportFileName: `${report}.api.md`,
          reportFolder: join(root, 'api'),
          reportTempFolder: temp,
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          // Everything exported is public: the package has no alpha or beta tier to tag.
          extractorMessageReporting: {
            'ae-missing-release-tag': { logLevel: 'none' },
            'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
            'ae-internal-missing-underscore': { logLevel: 'none' },
          },
          tsdocMessageReporting: { default: { logLevel: 'none' } },
          compilerMessageReporting: { default: { logLevel: 'warning' } },
        },
      },
    });
    const result = Extractor.invoke(config, { localBuild: update, messageCallback: quiet });
    if (result.apiReportChanged) {
      differing++;
      console.log(update ? `api: ${entry}: api/${report}.api.md written anew` : `api: ${entry} differs from api/${report}.api.md:`);
      // What changed, as a diff of the committed report and the API as built.
      if (!update) spawnSync('diff', ['-u', join(root, 'api', `${report}.api.md`), join(temp, `${report}.api.md`)], { stdio: 'inherit' });
    } else {
      console.log(`api: ${entry}: as in api/${report}.api.md`);
    }
    if (result.errorCount > 0) {
      console.error(`api: ${entry}: ${result.errorCount} error(s)`);
      process.exitCode = 1;
    }
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}

if (differing > 0 && !update) {
  console.log(
    '\nThe public API changed. If that is on purpose: `npm run api:update`, review the diff of api/*.api.md, ' +
      'and say the change in CHANGELOG.md (Keep a Changelog; while 0.x a breaking change bumps the minor ' +
      'and is marked **Breaking** with its migration), in the same commit.',
  );
  process.exitCode = 1;
}

/**
 * api-extractor's own progress lines are noise here, and its advice on a changed report (copy a file
 * from a folder this script removes) is replaced by the diff and the advice above.
 */
function quiet(message) {
  if (message.logLevel === 'info' || message.logLevel === 'verbose') message.handled = true;
  if (message.messageId === 'console-api-report-changed' || message.messageId === 'console-api-report-created') message.handled = true;
}
