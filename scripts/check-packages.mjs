// After the build: the two packages of the repository are what they say they are. Run by
// scripts/test.mjs as one test; exits with 1 on the first problem.
//
// - `domino-game` (the widget, the root): `npm pack` holds no server code, and its `dependencies` are
//   exactly what its own built files import (its JavaScript at run time, its type declarations for
//   TypeScript users): every bare import of dist/ is a dependency, every dependency is imported.
// - `domino-game-server` (server/): `npm pack` holds its compiled JavaScript and no TypeScript, its
//   `bin` is there and runs: `domino-game-server --port 0` prints its one `listening on` line, answers
//   /healthz, and stops cleanly on SIGTERM.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function packed(workspace) {
  const args = ['pack', '--dry-run', '--json', '--ignore-scripts', ...(workspace ? ['--workspace', workspace] : [])];
  const result = spawnSync(npm, args, { cwd: root, encoding: 'utf8' });
  assert.equal(result.status, 0, `npm ${args.join(' ')} failed: ${result.stderr}`);
  return JSON.parse(result.stdout)[0].files.map((f) => f.path);
}

/** The package a bare specifier names (`@scope/name` or `name`), or null for a relative or built-in one. */
function packageOf(specifier) {
  // Minified code holds strings that only look like imports (in templates, messages): a package name is this.
  if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]*)?$/.test(specifier)) return null;
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || builtinModules.includes(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function importsOf(text) {
  const found = new Set();
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)) {
    const name = packageOf(match[1]);
    if (name) found.add(name);
  }
  return found;
}

// ---- The widget package ----------------------------------------------------------------------
const widget = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const widgetFiles = packed(null);
const serverish = widgetFiles.filter((path) => path.startsWith('server/') || /(^|\/)(room-service|sqlite|redis|computer-pool|cluster)\.(js|d\.ts)$/.test(path));
assert.deepEqual(serverish, [], `the widget package would ship server code: ${serverish.join(', ')}`);
const runtime = new Set();
const typesOnly = new Set();
for (const path of widgetFiles) {
  if (!path.startsWith('dist/')) continue;
  const text = readFileSync(join(root, path), 'utf8');
  if (path.endsWith('.d.ts')) for (const name of importsOf(text)) typesOnly.add(name);
  else if (path.endsWith('.js')) for (const name of importsOf(text)) runtime.add(name);
}
const dependencies = Object.keys(widget.dependencies ?? {});
for (const name of runtime) assert.ok(dependencies.includes(name), `dist/ imports ${name} at run time, which is not a dependency`);
// A declaration may name a type of a dependency's own dependency (lit's TemplateResult comes from lit-html).
const reachable = new Set(dependencies.flatMap((name) => [name, ...Object.keys(JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).dependencies ?? {})]));
for (const name of typesOnly) assert.ok(reachable.has(name) || name === widget.name, `the type declarations import ${name}, which is not a dependency (nor one of theirs)`);
for (const name of dependencies) assert.ok(runtime.has(name) || typesOnly.has(name), `the dependency ${name} is imported by no file of the package`);
console.log(`domino-game: ${widgetFiles.length} files, no server code; dependencies ${dependencies.join(', ')} (run time: ${[...runtime].join(', ') || 'none'})`);

// ---- The server package ----------------------------------------------------------------------
const server = JSON.parse(readFileSync(join(root, 'server', 'package.json'), 'utf8'));
const serverFiles = packed(server.name);
const bin = server.bin['domino-game-server'];
assert.ok(serverFiles.includes(bin), `${server.name} would not ship its bin ${bin}`);
assert.deepEqual(serverFiles.filter((path) => path.endsWith('.ts')), [], `${server.name} would ship TypeScript`);
assert.match(readFileSync(join(root, 'server', bin), 'utf8'), /^#!\/usr\/bin\/env node\n/, 'the bin starts with a node shebang');
assert.equal(server.dependencies['domino-game'], `^${widget.version}`, 'the server depends on this version of the widget package');

const child = spawn(process.execPath, [join(root, 'server', bin), '--port', '0', '--host', '127.0.0.1', '--db', ':memory:', '--threads', '1'], {
  cwd: root,
  env: { ...process.env, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stderr.on('data', (chunk) => (output += chunk));
const url = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`the bin did not start within 20 s:\n${output}`)), 20_000);
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const found = /^listening on (http:\/\/\S+)$/m.exec(output);
    if (found) {
      clearTimeout(timer);
      resolve(found[1]);
    }
  });
  child.once('exit', (code) => reject(new Error(`the bin exited with ${code}:\n${output}`)));
});
const health = await (await fetch(`${url}/healthz`)).json();
assert.deepEqual(health, { ok: true, draining: false, rooms: 0, connections: 0 });
const demo = await fetch(`${url}/dist/engine.js`);
assert.equal(demo.status, 200, 'it serves the widget package it depends on');
const exited = once(child, 'exit');
child.kill('SIGTERM');
assert.equal((await exited)[0], 0, 'a clean exit on SIGTERM');
console.log(`${server.name}: ${serverFiles.length} files, its bin ${bin} listened on ${url}, answered /healthz and stopped on SIGTERM.`);
