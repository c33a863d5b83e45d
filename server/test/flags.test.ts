/**
 * The server's flags: `--help` (run through tsx on server/src/main.ts) prints every flag of the one
 * table in server/src/flags.ts, and the README's table says the same, row by row (flag, environment,
 * default, meaning), so a flag added without its README row fails here. And how a value is read: the
 * flag over its environment variable, the default when neither is given, a refusal naming its source.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { FlagError, readFlags } from '../src/flags.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Row {
  flag: string;
  environment: string;
  default: string;
  meaning: string;
}

/** The server's output for `args`, run as `npm run server` runs it (from its sources here). */
function runServer(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts', ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The flags of `--help`'s output: after the "Flags" line, one block a flag (its first line the flag;
 * then, indented, its meaning over one line or more, `environment:` and `default:` lines).
 */
function helpRows(help: string): Row[] {
  const after = help.slice(help.indexOf('\nFlags'));
  const blocks = after.split('\n\n').slice(1).map((block) => block.split('\n').filter(Boolean));
  return blocks.map(([flag, ...lines]) => {
    const labelled = (label: string) => lines.find((line) => line.trim().startsWith(`${label}: `))?.trim().slice(label.length + 2) ?? '';
    const meaning = lines.filter((line) => !/^\s*(environment|default): /.test(line)).map((line) => line.trim());
    return { flag: flag!, environment: labelled('environment'), default: labelled('default'), meaning: meaning.join(' ') };
  });
}

/** The README's table of the server's flags (under "Online play: the room server"), as plain text. */
function readmeRows(): Row[] {
  const readme = readFileSync(`${root}/README.md`, 'utf8');
  const section = readme.slice(readme.indexOf('## Online play: the room server'));
  const table = section.slice(section.indexOf('| flag | environment | default | what |'));
  const lines = table.split('\n');
  const rows = lines.slice(2, lines.findIndex((line, i) => i > 1 && !line.startsWith('|')));
  return rows.map((line) => {
    const cells = line.slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/`/g, ''));
    assert.equal(cells.length, 4, `a README row of four cells: ${line}`);
    const [flag, environment, fallback, meaning] = cells as [string, string, string, string];
    return { flag, environment, default: fallback, meaning };
  });
}

describe('--help and the README', () => {
  const help = runServer(['--help']);

  test('--help prints the flags and exits with 0, as -h does', () => {
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^Usage: domino-game-server \[flags\]/m);
    assert.ok(helpRows(help.stdout).length >= 20, 'every flag');
    const short = runServer(['-h']);
    assert.equal(short.status, 0, short.stderr);
    assert.equal(short.stdout, help.stdout);
  });

  test('the README’s table is the help, row by row', () => {
    const fromHelp = helpRows(help.stdout);
    const fromReadme = readmeRows();
    const flagOf = (row: Row) => row.flag.split(/[ ,]/)[0];
    assert.deepEqual(
      fromReadme.map(flagOf),
      fromHelp.map(flagOf),
      'the README lists the flags of --help, in its order (a flag without its row, or a row without its flag)',
    );
    for (const [i, row] of fromHelp.entries()) assert.deepEqual(fromReadme[i], row, `the README's row of ${flagOf(row)}`);
  });

  test('an unknown flag exits with 2, pointing at --help', () => {
    const unknown = runServer(['--halp']);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /Unknown option '--halp' \(--help lists the flags\)/);
  });
});

describe('reading the flags', () => {
  test('the defaults, when neither a flag nor its variable is given', () => {
    const settings = readFlags([], {});
    assert.equal(settings.port, 8000);
    assert.equal(settings.host, 'localhost');
    assert.deepEqual(settings['frame-ancestors'], ["'self'"]);
    assert.equal(settings['referrer-policy'], 'no-referrer');
    assert.equal(settings['metrics-port'], undefined);
    assert.equal(settings['metrics-host'], '127.0.0.1');
    assert.equal(settings['metrics-token'], null);
    assert.equal(settings['trust-proxy'], false);
  });

  test('a flag wins over its environment variable, which wins over the default', () => {
    assert.equal(readFlags([], { PORT: '9000' }).port, 9000);
    assert.equal(readFlags(['--port', '9100'], { PORT: '9000' }).port, 9100);
    assert.deepEqual(readFlags([], { DOMINO_ORIGINS: 'https://a.example, https://b.example' }).origins, ['https://a.example', 'https://b.example']);
  });

  test('a refused value names where it came from: the flag, or the variable', () => {
    assert.throws(() => readFlags(['--port', 'x'], {}), (error: Error) => error instanceof FlagError && /^--port must be a whole number/.test(error.message));
    assert.throws(() => readFlags([], { PORT: 'x' }), (error: Error) => error instanceof FlagError && /^PORT must be a whole number/.test(error.message));
    assert.throws(() => readFlags(['--redis', 'redis://a', '--redis-cluster', 'a:1'], {}), /either --redis .* or --redis-cluster/);
  });

  test('--help is read before anything else is checked', () => {
    assert.equal(readFlags(['--port', 'x', '--help'], {}).help, true);
  });
});
