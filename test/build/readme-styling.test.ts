/**
 * The README's theming tables are the manifest's: every custom property (name, what it sets, default)
 * and every part of <domino-game> in custom-elements.json (generated from the element's @cssprop and
 * @csspart JSDoc by `npm run build`) appear in the "Styling" section, in the same order and words, and
 * nothing else does. When this fails it prints the tables to paste.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');

interface Declaration {
  tagName?: string;
  cssProperties?: { name: string; description?: string; default?: string }[];
  cssParts?: { name: string; description?: string }[];
  attributes?: { name: string }[];
}
const manifest = JSON.parse(readFileSync(new URL('custom-elements.json', root), 'utf8')) as { modules: { declarations?: Declaration[] }[] };
const game = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'domino-game')!;

/** The README's section `heading` up to the next heading of the same level or above. */
function section(heading: string): string {
  const start = readme.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `README has "${heading}"`);
  const rest = readme.slice(start + heading.length + 2);
  const end = rest.search(/\n#{1,3} /);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The rows of the markdown table whose header starts with `| first |`. */
function table(text: string, first: string): string[] {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.startsWith(`| ${first} |`));
  assert.ok(at >= 0, `a table headed "${first}"`);
  const rows: string[] = [];
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}

const styling = section('### Styling: custom properties and parts');

describe('README: styling', () => {
  test('the custom properties table is the manifest’s cssProperties', () => {
    const expected = (game.cssProperties ?? []).map((p) => `| \`${p.name}\` | ${p.description ?? ''} | \`${p.default ?? ''}\` |`);
    assert.ok(expected.length >= 20, 'the manifest documents the palette');
    assert.deepEqual(table(styling, 'custom property'), expected, `expected table rows:\n${expected.join('\n')}`);
  });

  test('the parts table is the manifest’s cssParts', () => {
    const expected = (game.cssParts ?? []).map((p) => `| \`${p.name}\` | ${p.description ?? ''} |`);
    assert.ok(expected.some((row) => row.startsWith('| `table` |')), 'the table part is exposed');
    assert.deepEqual(table(styling, 'part'), expected, `expected table rows:\n${expected.join('\n')}`);
  });

  test('every attribute of the manifest is in the attributes table', () => {
    const listed = table(section('### Attributes'), 'attribute').map((row) => /^\| `([\w-]+)` \|/.exec(row)?.[1]);
    for (const { name } of game.attributes ?? []) assert.ok(listed.includes(name), `README lists ${name}`);
  });
});
