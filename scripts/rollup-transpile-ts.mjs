// A rollup plugin that strips TypeScript's types, file by file (ts.transpileModule), and resolves the
// sources' `./x.js` imports to their `./x.ts` files. The build checks no types: `npm run typecheck`
// does, and `tsc -p tsconfig.build.json` does again as it writes the declarations. @rollup/plugin-
// typescript built a whole type-checked program for each of rollup.config.mjs's five builds, about
// nine tenths of the build's time on a 2-core machine, for output the same as this (the sources
// are `isolatedModules`: each file compiles on its own).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/** The compiler options of `tsconfigPath` (its `extends` followed), for emitting JavaScript. */
function emitOptions(tsconfigPath) {
  const read = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(resolve(tsconfigPath)));
  return {
    ...parsed.options,
    noEmit: false,
    declaration: false,
    declarationMap: false,
    emitDeclarationOnly: false,
    sourceMap: false,
    inlineSourceMap: false,
  };
}

export function transpileTypeScript({ tsconfig = './tsconfig.build.json' } = {}) {
  const compilerOptions = emitOptions(tsconfig);
  return {
    name: 'transpile-ts',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.') || !/\.tsx?$/.test(importer)) return null;
      const asTs = resolve(dirname(importer), source.replace(/\.js$/, '.ts'));
      return source.endsWith('.js') && existsSync(asTs) ? asTs : null;
    },
    load(id) {
      return /\.tsx?$/.test(id) && !id.endsWith('.d.ts') ? readFileSync(id, 'utf8') : null;
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.endsWith('.d.ts')) return null;
      const out = ts.transpileModule(code, { compilerOptions, fileName: id, reportDiagnostics: true });
      const problems = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
      if (problems.length > 0) {
        this.error(`${id}: ${problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`);
      }
      return { code: out.outputText, map: null };
    },
  };
}
