/**
 * The key files a server checks site tokens with (`--identity-key`, `--identity-jwks`,
 * server/src/identity/site-keys.ts): a secret of at least 32 bytes; a JWKS of public RS256 (2048 bits or
 * more) and EdDSA keys only, never a private or shared key. A bad file, both flags, or a short admin token
 * stop the server at start with exit 2 and the reason.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';
import { MIN_SECRET_BYTES, readSiteKeys, readSiteSecret } from '../src/identity/site-keys.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'domino-site-keys-'));
after(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function file(content: string): string {
  const path = join(dir, `key-${++files}`);
  writeFileSync(path, content);
  return path;
}

const jwkOf = (type: 'rsa' | 'ed25519', bits = 2048) => {
  const pair = type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: bits }) : generateKeyPairSync('ed25519');
  return { publicJwk: pair.publicKey.export({ format: 'jwk' }), privateJwk: pair.privateKey.export({ format: 'jwk' }) };
};
const jwks = (...keys: object[]) => file(JSON.stringify({ keys }));

describe('--identity-key: an HS256 secret', () => {
  test('the file’s text without the white space at its ends, as bytes', () => {
    const secret = 'x'.repeat(MIN_SECRET_BYTES);
    assert.deepEqual(readSiteSecret(file(`  ${secret}\n`)), new TextEncoder().encode(secret));
  });

  test('shorter than 32 bytes, or no file: refused with the reason', () => {
    assert.throws(() => readSiteSecret(file(`${'x'.repeat(MIN_SECRET_BYTES - 1)}\n`)), /holds 31 bytes: an HS256 secret must be at least 32/);
    assert.throws(() => readSiteSecret(join(dir, 'absent')), /cannot read/);
  });
});

describe('--identity-jwks: public keys', () => {
  const rsa = jwkOf('rsa');
  const ed = jwkOf('ed25519');

  test('RSA and Ed25519 public keys are taken', () => {
    const set = readSiteKeys(jwks({ ...rsa.publicJwk, kid: 'r', alg: 'RS256', use: 'sig' }, { ...ed.publicJwk, kid: 'e' }));
    assert.equal(set.keys.length, 2);
  });

  test('a private key, a shared one, another kind or algorithm, a short RSA key, no keys or no JSON: refused with the reason', () => {
    assert.throws(() => readSiteKeys(jwks(rsa.privateJwk)), /holds "d": give the site's public keys only/);
    assert.throws(() => readSiteKeys(jwks(ed.privateJwk)), /holds "d"/);
    assert.throws(() => readSiteKeys(jwks({ kty: 'oct', k: 'c2VjcmV0' })), /holds "k"/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
    assert.throws(() => readSiteKeys(jwks(ec)), /is EC P-256: only RSA \(RS256\) and Ed25519 \(EdDSA\) keys are taken/);
    assert.throws(() => readSiteKeys(jwks({ ...rsa.publicJwk, alg: 'HS256' })), /says alg HS256/);
    assert.throws(() => readSiteKeys(jwks({ ...rsa.publicJwk, use: 'enc' })), /use "enc"/);
    assert.throws(() => readSiteKeys(jwks(jwkOf('rsa', 1024).publicJwk)), /1024 bits: at least 2048/);
    assert.throws(() => readSiteKeys(jwks({ kty: 'RSA', n: 'AQAB' })), /is not a key that can be read/);
    assert.throws(() => readSiteKeys(file('{"keys":[]}')), /one public key or more/);
    assert.throws(() => readSiteKeys(file('not json')), /is not JSON/);
  });
});

describe('the server at start', () => {
  const start = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts', '--port', '0', '--db', ':memory:', ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });

  test('a bad key file, both key flags, or a short admin token: exit 2 and the reason, before it listens', () => {
    const secret = file('x'.repeat(40));
    for (const [args, reason] of [
      [['--identity-key', file('short')], /--identity-key: .* holds 5 bytes/],
      [['--identity-jwks', jwks(jwkOf('ed25519').privateJwk)], /--identity-jwks: .*holds "d"/],
      [['--identity-key', secret, '--identity-jwks', jwks(jwkOf('ed25519').publicJwk)], /give either --identity-key .* or --identity-jwks/],
      [['--admin-token', file('short-token')], /--admin-token: .* at least 24/],
    ] as const) {
      const run = start(...args);
      assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, reason);
      assert.doesNotMatch(run.stdout, /listening on/);
    }
  });
});
