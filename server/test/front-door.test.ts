/**
 * The server's HTTP front door, over real HTTP against the real process (and, for the drain, the
 * in-process server): redirects that never leave the site, the security headers on every answer and
 * the flags that set them, `/metrics` off the public port unless a bearer token opens it, a refused
 * method's body left unread, and `/healthz` 503 while draining.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { startServer } from '../src/server.js';
import type { RoomLog } from '../src/storage/log.js';
import { MemoryLog } from '../src/storage/memory.js';
import { startServerProcess, type ServerProcess } from './harness.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
}

/**
 * Sends a request head exactly as given (no client tidies its path) and reads the answer's status line
 * and headers; the server closes the connection after it (`connection: close`).
 */
function rawRequest(url: string, method: string, target: string, extra = ''): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [statusLine, ...lines] = text.split('\r\n\r\n')[0]!.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers });
    });
    socket.write(`${method} ${target} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nconnection: close\r\n${extra}\r\n`);
  });
}

/** Whether a browser on http://site.test would stay on that site following `location`. */
function staysOnSite(location: string): boolean {
  return location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\') && new URL(location, 'http://site.test/a/b').origin === 'http://site.test';
}

/** A static root of its own: demo/ with its page, dist/ with a script and a folder. */
function staticRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'domino-front-door-'));
  mkdirSync(join(root, 'demo'));
  mkdirSync(join(root, 'dist', 'chunks'), { recursive: true });
  writeFileSync(join(root, 'demo', 'index.html'), '<!doctype html><title>demo</title>');
  writeFileSync(join(root, 'dist', 'app.js'), 'export {};');
  writeFileSync(join(root, 'dist', 'chunks', 'index.html'), '<!doctype html><title>chunks</title>');
  return root;
}

const CSP_PARTS = ["script-src 'self'", "worker-src 'self' blob:", "connect-src 'self'", "object-src 'none'", "base-uri 'none'"];

describe('the front door with its defaults', () => {
  let server: ServerProcess;
  let root: string;
  before(async () => {
    root = staticRoot();
    server = await startServerProcess(['--db', ':memory:', '--static', root]);
  });
  after(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('no redirect leaves the site, whatever the raw path', async () => {
    const targets = [
      '/.//evil.example/..%2fdemo',
      '//evil.example/..%2fdemo',
      '//evil.example/demo',
      '///evil.example/..%2fdemo',
      '/%2f%2fevil.example/..%2fdemo',
      '/%2F%2Fevil.example/..%2Fdemo',
      '/\\evil.example/..%2fdemo',
      '/\\\\evil.example/..%2fdemo',
      '/%5c%5cevil.example/..%2fdemo',
      '/%5C/evil.example/..%2fdemo',
      '/demo/..//evil.example/..%2fdemo',
      '/demo%2f..%2f%2fevil.example%2f..%2fdemo',
      '/./demo',
      '/dist/chunks',
      'http://evil.example/demo',
    ];
    let redirects = 0;
    for (const target of targets) {
      const answer = await rawRequest(server.url, 'GET', target);
      const location = answer.headers.location;
      if (location === undefined) continue;
      redirects += 1;
      assert.ok(staysOnSite(location), `${target} → ${answer.status} Location: ${location}`);
    }
    assert.ok(redirects >= 10, `the raw forms reach the folder redirect (${redirects} of ${targets.length} did)`);
    assert.equal((await rawRequest(server.url, 'GET', '/.//evil.example/..%2fdemo')).headers.location, '/demo/');
  });

  test('the site’s own redirects still lead where they did', async () => {
    const expected: [string, number, string][] = [
      ['/', 302, '/demo/'],
      ['/demo', 301, '/demo/'],
      ['/demo?level=hard', 301, '/demo/?level=hard'],
      ['/dist/chunks', 301, '/dist/chunks/'],
    ];
    for (const [target, status, location] of expected) {
      const answer = await rawRequest(server.url, 'GET', target);
      assert.deepEqual([answer.status, answer.headers.location], [status, location], target);
    }
    const page = await fetch(`${server.url}/demo`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<title>demo<\/title>/);
  });

  test('every answer carries the security headers: the page, a file, a redirect, 404, 405, /healthz', async () => {
    const answers: [string, RawAnswer][] = [
      ['GET /demo/', await rawRequest(server.url, 'GET', '/demo/')],
      ['GET /dist/app.js', await rawRequest(server.url, 'GET', '/dist/app.js')],
      ['HEAD /dist/app.js', await rawRequest(server.url, 'HEAD', '/dist/app.js')],
      ['GET /', await rawRequest(server.url, 'GET', '/')],
      ['GET /nothing', await rawRequest(server.url, 'GET', '/nothing')],
      ['GET /metrics', await rawRequest(server.url, 'GET', '/metrics')],
      ['DELETE /demo/', await rawRequest(server.url, 'DELETE', '/demo/')],
      ['GET /healthz', await rawRequest(server.url, 'GET', '/healthz')],
    ];
    assert.deepEqual(
      answers.map(([what, { status }]) => `${what} ${status}`),
      ['GET /demo/ 200', 'GET /dist/app.js 200', 'HEAD /dist/app.js 200', 'GET / 302', 'GET /nothing 404', 'GET /metrics 404', 'DELETE /demo/ 405', 'GET /healthz 200'],
    );
    for (const [what, { headers }] of answers) {
      const policy = headers['content-security-policy'] ?? '';
      for (const part of [...CSP_PARTS, "frame-ancestors 'self'"]) assert.ok(policy.split('; ').includes(part), `${what}: ${part} in ${policy}`);
      assert.equal(headers['x-frame-options'], 'SAMEORIGIN', what);
      assert.equal(headers['referrer-policy'], 'no-referrer', what);
      assert.equal(headers['x-content-type-options'], 'nosniff', what);
    }
  });

  test('/metrics is not on the public port', async () => {
    const answer = await fetch(`${server.url}/metrics`);
    assert.equal(answer.status, 404);
    assert.doesNotMatch(await answer.text(), /domino_/);
    assert.equal(server.metricsUrl, null, 'and no metrics listener');
  });

  test('a refused method’s body is not read: 405, then the connection is closed while most of it is unsent', async () => {
    const { hostname, port } = new URL(server.url);
    const total = 256 * 2 ** 20;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const socket = connect(Number(port), hostname);
    let text = '';
    const answered = new Promise<void>((resolve) => {
      socket.on('data', (data: Buffer) => {
        text += data.toString('latin1');
        if (text.includes('\r\n\r\n')) resolve();
      });
    });
    let closed = false;
    const ended = new Promise<void>((resolve) => {
      const end = () => {
        closed = true;
        resolve();
      };
      socket.on('end', end);
      socket.on('error', end);
      socket.on('close', end);
    });
    socket.write(`POST /demo/ HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/octet-stream\r\ncontent-length: ${total}\r\n\r\n`);
    socket.write(chunk);
    let sent = chunk.length;
    await Promise.race([answered, ended]);
    // The rest of the body, as fast as the socket takes it, until the server closes the connection or all of it is sent.
    while (!closed && sent < total) {
      sent += chunk.length;
      if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), ended]);
    }
    await ended;
    socket.destroy();
    assert.match(text, /^HTTP\/1\.1 405 /, 'the answer is 405');
    assert.match(text, /\r\nallow: GET, HEAD\r\n/i);
    assert.match(text, /\r\nconnection: close\r\n/i);
    assert.ok(sent < total / 4, `the server closed the connection before the body came: ${sent} of ${total} bytes were sent`);
  });

  test('a refused method sent with Expect: 100-continue is answered 405 at once, never invited to send its body', async () => {
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    const first = new Promise<string>((resolve, reject) => {
      socket.once('data', (data: Buffer) => resolve(data.toString('latin1')));
      socket.once('error', reject);
    });
    socket.write(`PUT /demo/ HTTP/1.1\r\nhost: ${hostname}\r\ncontent-length: 1000000\r\nexpect: 100-continue\r\n\r\n`);
    const text = await first;
    socket.destroy();
    assert.match(text, /^HTTP\/1\.1 405 /);
  });
});

describe('the front door’s flags', () => {
  let tokenDir: string;
  before(() => {
    tokenDir = mkdtempSync(join(tmpdir(), 'domino-token-'));
    writeFileSync(join(tokenDir, 'token'), 'a-long-random-token-0123456789\n');
    writeFileSync(join(tokenDir, 'empty'), '\n');
  });
  after(() => rmSync(tokenDir, { recursive: true, force: true }));

  test('--frame-ancestors with origins: frame-ancestors lists them and X-Frame-Options is left out; --referrer-policy is sent', async () => {
    const server = await startServerProcess(['--db', ':memory:', '--frame-ancestors', 'https://a.example https://b.example', '--referrer-policy', 'same-origin']);
    try {
      for (const target of ['/healthz', '/nothing']) {
        const { headers } = await rawRequest(server.url, 'GET', target);
        assert.ok(headers['content-security-policy']!.split('; ').includes('frame-ancestors https://a.example https://b.example'), headers['content-security-policy']);
        assert.equal(headers['x-frame-options'], undefined, 'X-Frame-Options cannot say a list');
        assert.equal(headers['referrer-policy'], 'same-origin');
      }
    } finally {
      await server.stop();
    }
  });

  test("--frame-ancestors none (the shell took its quotes): frame-ancestors 'none' and X-Frame-Options: DENY", async () => {
    const server = await startServerProcess(['--db', ':memory:', '--frame-ancestors', 'none']);
    try {
      const { headers } = await rawRequest(server.url, 'GET', '/healthz');
      assert.ok(headers['content-security-policy']!.split('; ').includes("frame-ancestors 'none'"));
      assert.equal(headers['x-frame-options'], 'DENY');
    } finally {
      await server.stop();
    }
  });

  test('bad values exit with 2 and say what is wrong', async () => {
    const refused: [string[], RegExp][] = [
      [['--referrer-policy', 'everywhere'], /--referrer-policy: "everywhere" is not a referrer policy: one of no-referrer, /],
      [['--frame-ancestors', 'https://a.example; script-src *'], /--frame-ancestors: "https:\/\/a\.example;" is not 'self', 'none' or an origin/],
      [['--frame-ancestors', "'none' https://a.example"], /--frame-ancestors: 'none' stands alone/],
      [['--metrics-port', '70000'], /--metrics-port must be a whole number from 0 to 65535, got "70000"/],
      [['--metrics-token', join(tokenDir, 'missing')], /--metrics-token: cannot read .*missing/],
      [['--metrics-token', join(tokenDir, 'empty')], /--metrics-token: .*empty must hold the token alone/],
      [['--no-such-flag'], /Unknown option '--no-such-flag' \(--help lists the flags\)/],
    ];
    for (const [args, message] of refused) {
      const started = await startServerProcess(['--db', ':memory:', ...args]).catch((error: Error) => error);
      if (!(started instanceof Error)) {
        await started.stop();
        assert.fail(`the server started with ${args.join(' ')}`);
      }
      assert.match(started.message, /exited with 2/, args.join(' '));
      assert.match(started.message, message, args.join(' '));
    }
  });

  test('--metrics-port: /metrics on a loopback listener of its own, still 404 on the public port', async () => {
    const server = await startServerProcess(['--db', ':memory:', '--metrics-port', '0']);
    try {
      assert.match(server.metricsUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const metrics = await fetch(server.metricsUrl!);
      assert.equal(metrics.status, 200);
      assert.match(metrics.headers.get('content-type') ?? '', /^text\/plain/);
      const text = await metrics.text();
      assert.match(text, /^domino_connections 0$/m);
      assert.match(text, /^domino_event_loop_turns_total [1-9]/m, 'the event loop is counted');
      assert.doesNotMatch(text, /^domino_redis_/m, 'a process without Redis has no Redis figures');
      assert.equal((await fetch(`${server.url}/metrics`)).status, 404);
      assert.notEqual(new URL(server.metricsUrl!).port, new URL(server.url).port);
    } finally {
      await server.stop();
    }
  });

  test('--metrics-token: /metrics on the public port with the bearer token only', async () => {
    const server = await startServerProcess(['--db', ':memory:', '--metrics-token', join(tokenDir, 'token')]);
    try {
      const scrape = (authorization?: string) => fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });
      const without = await scrape();
      assert.equal(without.status, 401);
      assert.equal(without.headers.get('www-authenticate'), 'Bearer');
      for (const wrong of ['Bearer a-long-random-token-012345678', 'Bearer a-long-random-token-0123456789x', 'Bearer wrong', 'Basic a-long-random-token-0123456789', 'Bearer ']) {
        const answer = await scrape(wrong);
        assert.equal(answer.status, 401, wrong);
        assert.doesNotMatch(await answer.text(), /domino_/, wrong);
      }
      const right = await scrape('Bearer a-long-random-token-0123456789');
      assert.equal(right.status, 200);
      assert.match(await right.text(), /^domino_connections 0$/m);
    } finally {
      await server.stop();
    }
  });
});

describe('/healthz while draining', () => {
  test('a health check answered once the drain has begun says 503, draining', async () => {
    // The store's count (what /healthz asks it) waits for the test: the check is under way when the drain begins.
    let countAsked!: () => void;
    const asked = new Promise<void>((resolve) => (countAsked = resolve));
    let answerCount!: () => void;
    const answered = new Promise<void>((resolve) => (answerCount = resolve));
    const memory = new MemoryLog();
    const store: RoomLog = {
      ...Object.fromEntries((['create', 'append', 'load', 'since', 'sweep', 'close'] as const).map((name) => [name, memory[name].bind(memory)])),
      count: async () => {
        countAsked();
        await answered;
        return memory.count();
      },
    } as RoomLog;
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      store,
      pool: { choose: () => Promise.reject(new Error('no computer in this test')), close: async () => {} },
      log: pino({ level: 'silent' }),
      origins: null,
      staticRoot: null,
      graceMs: 60_000,
    });
    const check = fetch(`${server.url}/healthz`);
    await asked;
    const closed = server.close();
    answerCount();
    const answer = await check;
    await closed;
    assert.equal(answer.status, 503);
    assert.deepEqual(await answer.json(), { ok: false, draining: true, rooms: 0, connections: 0 });
  });
});
