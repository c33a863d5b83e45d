/**
 * `npm run bench -- health`: the figures of the code's shape that a reviewer checks, printed (never
 * asserted): long files, import circles, variant names compared outside the engine's variant table,
 * issue numbers in comments, raw shadow-root queries in the browser tests, and, when the `duplicates`
 * tool is on the PATH, its pairs over src/ and server/src/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The product's source: the widget package and the room server. */
const SOURCE_DIRS = ['src', 'server/src'];
/** The language catalogs, data (translations of one list of texts): left out of the length and the duplicate figures. */
const CATALOGS = /^src\/i18n\/catalogs\//;
/** Files allowed past the length limit: the language catalogs (data) and the fast playout (one hot loop kept whole). */
const LONG_FILE_EXEMPT = [CATALOGS, /^src\/engine\/playout\.ts$/];
const MAX_LINES = 400;
/** Enough rows for every pair of the tree (about 130 today): a figure from a cut list would hide pairs. */
const DUPLICATE_ROWS = 200;
/** The one place a variant's name may be compared: the engine's variant table. */
const VARIANT_TABLE = 'src/engine/config.ts';

/** Every .ts file below `dir` (relative to the repository, with forward slashes). */
function tsFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(join(ROOT, at), { withFileTypes: true })) {
      const path = `${at}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
    }
  };
  if (existsSync(join(ROOT, dir))) walk(dir);
  return out.sort();
}

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/**
 * The text of a file's comments, line by line (code and string contents blanked), so that a search
 * for issue numbers finds `// see #12` and not a colour such as '#123' in a string.
 */
export function commentText(source: string): string[] {
  const lines: string[] = [''];
  let state: 'code' | 'line' | 'block' | "'" | '"' | '`' = 'code';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '\n') {
      lines.push('');
      if (state === 'line' || state === "'" || state === '"') state = 'code';
      continue;
    }
    switch (state) {
      case 'code':
        if (c === '/' && (next === '/' || next === '*')) {
          state = next === '/' ? 'line' : 'block';
          i++;
        } else if (c === "'" || c === '"' || c === '`') state = c;
        break;
      case 'line':
        lines[lines.length - 1] += c;
        break;
      case 'block':
        if (c === '*' && next === '/') {
          state = 'code';
          i++;
        } else lines[lines.length - 1] += c;
        break;
      default:
        if (c === '\\') i++;
        else if (c === state) state = 'code';
    }
  }
  return lines;
}

/** The relative modules a file imports or re-exports, type-only ones and dynamic `import()` included. */
export function importedSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [/\b(?:import|export)\s[^;'"]*?\bfrom\s*['"](\.[^'"]+)['"]/g, /\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g, /\bimport\s*['"](\.[^'"]+)['"]/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The file a relative specifier names (`./a.js` is `./a.ts` in the sources), or null outside the TS files. */
function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  const base = relative(ROOT, resolve(ROOT, dirname(from), specifier)).split('\\').join('/');
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}/index.ts`, base];
  return candidates.find((c) => files.has(c)) ?? null;
}

/** The strongly connected components of more than one module (or a module importing itself): the import circles. */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return circles;
}

const VARIANT_COMPARISON = /\bvariant\s*[!=]==?\s*['"`]|['"`]\w+['"`]\s*[!=]==?\s*[\w.?]*\bvariant\b/;
const ISSUE_NUMBER = /(^|[^\w&])#\d+\b|\bissues?\s+#?\d+\b/i;
const SHADOW_QUERY = /\bquerySelector(All)?\s*[(<]/g;

export function healthFigures(say: (line: string) => void): void {
  const source = SOURCE_DIRS.flatMap(tsFiles);
  const texts = new Map(source.map((path) => [path, read(path)]));

  const long = source
    .filter((path) => !LONG_FILE_EXEMPT.some((exempt) => exempt.test(path)))
    .map((path) => ({ path, lines: lineCount(texts.get(path)!) }))
    .filter((f) => f.lines > MAX_LINES)
    .sort((a, b) => b.lines - a.lines);
  say(`health: source files over ${MAX_LINES} lines (src/, server/src/; not the language catalogs nor the fast playout): ${long.length}`);
  for (const f of long) say(`  ${f.lines} ${f.path}`);

  const files = new Set(source);
  const graph = new Map(
    source.map((path) => [
      path,
      importedSpecifiers(texts.get(path)!)
        .map((s) => resolveImport(path, s, files))
        .filter((p): p is string => p !== null),
    ]),
  );
  const circles = importCircles(graph);
  say(`health: import circles (type-only imports included): ${circles.length}`);
  for (const circle of circles) say(`  ${circle.join(' <-> ')}`);

  const scanned = [...source, ...tsFiles('bench'), ...tsFiles('scripts')];
  const comparisons = scanned
    .filter((path) => path !== VARIANT_TABLE)
    .flatMap((path) =>
      (texts.get(path) ?? read(path))
        .split('\n')
        .map((line, i) => ({ where: `${path}:${i + 1}`, line }))
        .filter(({ line }) => VARIANT_COMPARISON.test(line)),
    );
  say(`health: variant names compared outside ${VARIANT_TABLE} (src/, server/src/, bench/, scripts/): ${comparisons.length}`);
  for (const c of comparisons) say(`  ${c.where}: ${c.line.trim()}`);

  const issueComments = source.flatMap((path) =>
    commentText(texts.get(path)!)
      .map((text, i) => ({ where: `${path}:${i + 1}`, text }))
      .filter(({ text }) => ISSUE_NUMBER.test(text)),
  );
  const issueFiles = new Set(issueComments.map((c) => c.where.replace(/:\d+$/, '')));
  say(`health: issue numbers in source comments: ${issueComments.length} lines in ${issueFiles.size} files`);

  const browserTests = tsFiles('test/ui').filter((path) => path.endsWith('.test.ts'));
  const queries = browserTests.map((path) => ({ path, count: [...read(path).matchAll(SHADOW_QUERY)].length }));
  const reaching = queries.filter((q) => q.count > 0);
  say(
    `health: raw shadow-root queries (querySelector) in test/ui: ${queries.reduce((n, q) => n + q.count, 0)} in ${reaching.length} of ${browserTests.length} test files`,
  );

  const duplicates = spawnSync('duplicates', ['--most', String(DUPLICATE_ROWS), '--seconds', '60'], { cwd: ROOT, encoding: 'utf8' });
  if (duplicates.error) {
    say('health: duplicates: not on the PATH, skipped');
    return;
  }
  const inSource = (place: string | undefined): boolean => SOURCE_DIRS.some((dir) => place?.startsWith(`${dir}/`) === true);
  const isCatalog = (place: string | undefined): boolean => place !== undefined && CATALOGS.test(place);
  const pairs = duplicates.stdout
    .split('\n')
    .filter((line) => /^D\d+ /.test(line))
    .map((row) => {
      const [, a, , b] = row.split(/\s+/);
      return { row, a, b };
    })
    .filter(({ a, b }) => inSource(a) && inSource(b));
  const translations = pairs.filter(({ a, b }) => isCatalog(a) && isCatalog(b));
  const rows = pairs.filter((pair) => !translations.includes(pair)).map(({ row }) => row);
  const notBoilerplate = rows.filter((row) => !/boilerplate/.test(row));
  const cut = /^\(\+\d+ more pairs\)/m.test(duplicates.stdout) ? `the ${DUPLICATE_ROWS} largest pairs of the tree` : 'every pair of the tree';
  say(`health: duplicates over src/ and server/src/ (${cut}): ${rows.length} pairs, ${notBoilerplate.length} not boilerplate`);
  for (const row of notBoilerplate) say(`  ${row}`);
  say(`  (${translations.length} pairs between two language catalogs left out: a catalog translates the same texts in the same order, so catalogs share lines by design, as zh-Hans and zh-Hant do)`);
}
