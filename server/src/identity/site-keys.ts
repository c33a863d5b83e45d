/**
 * The files a server is given to check site tokens with (`--identity-key`, `--identity-jwks`), read and
 * checked once at start: a file that cannot be read, a secret too short to be one, or a key set holding
 * anything but public RS256 and EdDSA keys stops the server with the reason (flags.ts).
 */
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { JSONWebKeySet, JWK } from 'jose';

/** The shortest HS256 secret taken: 256 bits, as long as the hash (RFC 7518 §3.2). */
export const MIN_SECRET_BYTES = 32;
const MIN_RSA_BITS = 2048;
/** What a private or symmetric key holds and a public one never does. */
const SECRET_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`);
  }
}

/** An HS256 secret: the file's text without the white space at its ends, as UTF-8 bytes, at least MIN_SECRET_BYTES. */
export function readSiteSecret(path: string): Uint8Array {
  const secret = new TextEncoder().encode(read(path).trim());
  if (secret.length < MIN_SECRET_BYTES) throw new Error(`${path} holds ${secret.length} bytes: an HS256 secret must be at least ${MIN_SECRET_BYTES} (openssl rand -base64 48 makes one)`);
  return secret;
}

/** A JWKS of the site's public keys: RSA (RS256, 2048 bits or more) and Ed25519 (EdDSA), nothing else. */
export function readSiteKeys(path: string): JSONWebKeySet {
  let set: unknown;
  try {
    set = JSON.parse(read(path));
  } catch (error) {
    if (error instanceof SyntaxError) throw new Error(`${path} is not JSON: ${error.message}`);
    throw error;
  }
  const keys = (set as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new Error(`${path} must be a JWKS: { "keys": [ … ] } with one public key or more`);
  keys.forEach((key, i) => checkPublicKey(key, `${path}: key ${i + 1}`));
  return { keys: keys as JWK[] };
}

function checkPublicKey(key: unknown, where: string): void {
  if (typeof key !== 'object' || key === null) throw new Error(`${where} is not a JWK object`);
  const jwk = key as Record<string, unknown>;
  const secret = SECRET_MEMBERS.find((member) => member in jwk);
  if (secret) throw new Error(`${where} holds "${secret}": give the site's public keys only, never a private or shared one`);
  const rsa = jwk.kty === 'RSA';
  const ed25519 = jwk.kty === 'OKP' && jwk.crv === 'Ed25519';
  if (!rsa && !ed25519) throw new Error(`${where} is ${String(jwk.kty)}${jwk.crv ? ` ${String(jwk.crv)}` : ''}: only RSA (RS256) and Ed25519 (EdDSA) keys are taken`);
  const algorithm = rsa ? 'RS256' : 'EdDSA';
  if (jwk.alg !== undefined && jwk.alg !== algorithm) throw new Error(`${where} says alg ${String(jwk.alg)}: an ${rsa ? 'RSA' : 'Ed25519'} key is taken for ${algorithm} only`);
  if (jwk.use !== undefined && jwk.use !== 'sig') throw new Error(`${where} is for use "${String(jwk.use)}": a site's key signs ("sig")`);
  let bits: number | undefined;
  try {
    bits = createPublicKey({ key: jwk as never, format: 'jwk' }).asymmetricKeyDetails?.modulusLength;
  } catch (error) {
    throw new Error(`${where} is not a key that can be read: ${(error as Error).message}`);
  }
  if (rsa && (bits ?? 0) < MIN_RSA_BITS) throw new Error(`${where} is an RSA key of ${bits} bits: at least ${MIN_RSA_BITS}`);
}
