/**
 * Who is playing: a person's identity, proved by the widget on a connection, named by a public id.
 *
 * - **Anonymous**: the widget keeps a random secret (32 bytes, base64url) in its storage; the server
 *   derives the public id from it (SHA-256 under a label of its own, 128 bits kept) and keeps only that.
 *   The secret is a bearer credential, like a seat's token: whoever holds it is that person.
 * - **Signed by the host site**: the page gives the widget a JWT its back end signed for its logged-in
 *   member (`sub`, `name`, `exp`); the server verifies it with the key it was started with, through
 *   `jose`, accepting only the algorithms that key is for (never `none`, never one the operator did not
 *   configure). The public id is derived from `sub` under another label, so a member keeps it on every
 *   device, and no anonymous secret can ever give it.
 *
 * What others see of a person is the public id, the name and ratings: never the secret or the token.
 */
import { createHash } from 'node:crypto';
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { checkName, IDENTITY_SECRET_PATTERN, MAX_SITE_TOKEN_LENGTH, type IdentityKind } from 'domino-game/protocol';

export type { IdentityKind };

/** A person proved on a connection. */
export interface Identity {
  /** Public: 22 base64url characters. */
  id: string;
  name: string;
  kind: IdentityKind;
}


const derived = (label: string, value: string): string => createHash('sha256').update(`${label}\u0000${value}`).digest('base64url').slice(0, 22);

/** The public id of an anonymous identity's secret. */
export const anonymousId = (secret: string): string => derived('domino-identity/anonymous/1', secret);
/** The public id of a host site's member, by the `sub` its tokens carry. */
export const siteMemberId = (sub: string): string => derived('domino-identity/site/1', sub);

/** Why an identity is refused: the code the client hears (`bad-identity`) comes with these words. */
export class IdentityRefused extends Error {}

/** The key a server checks site tokens with: an HS256 secret, or a JWKS of public keys (RS256, EdDSA). */
export type SiteKey = { hs256: Uint8Array } | { jwks: JSONWebKeySet };

export interface SiteVerifier {
  verify(token: string): Promise<Identity>;
}

/** The algorithms each kind of key is for: a token signed otherwise is refused, whatever it says. */
const ALGORITHMS = { hs256: ['HS256'], jwks: ['RS256', 'EdDSA'] } as const;

/** Checks site tokens with `key`: signature, algorithm, `exp` (required), `sub` and a `name` the name rule takes. */
export function siteVerifier(key: SiteKey): SiteVerifier {
  const secretOrKeys: Uint8Array | JWTVerifyGetKey = 'hs256' in key ? key.hs256 : createLocalJWKSet(key.jwks);
  const algorithms = [...('hs256' in key ? ALGORITHMS.hs256 : ALGORITHMS.jwks)];
  return {
    async verify(token: string): Promise<Identity> {
      if (token.length > MAX_SITE_TOKEN_LENGTH) throw new IdentityRefused(`the site token is longer than ${MAX_SITE_TOKEN_LENGTH} characters`);
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, secretOrKeys as Uint8Array, { algorithms, requiredClaims: ['exp', 'sub'], clockTolerance: 5 }));
      } catch (error) {
        throw new IdentityRefused(refusalOf(error));
      }
      const { sub, name } = payload;
      if (typeof sub !== 'string' || sub.length === 0 || sub.length > 256) throw new IdentityRefused('the site token names no member (sub)');
      if (typeof name !== 'string') throw new IdentityRefused('the site token gives no name');
      const checked = checkName(name.trim());
      if (!checked.ok) throw new IdentityRefused(`the site token's name ${checked.message}`);
      return { id: siteMemberId(sub), name: checked.name, kind: 'site' };
    },
  };
}

/** A token's fault in words for the person's widget (never the token). */
function refusalOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the site token has expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the site token’s signature is not the site’s';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'the site token is signed with an algorithm this server does not take';
  if (error instanceof errors.JWTClaimValidationFailed) return `the site token is not valid (${error.claim}: ${error.reason})`;
  if (error instanceof errors.JWKSNoMatchingKey) return 'the site token is signed by a key this server does not know';
  return 'the site token cannot be read';
}

/** An anonymous identity: the secret checked, the name by the name rule. */
export function anonymousIdentity(secret: string, name: string): Identity {
  if (!IDENTITY_SECRET_PATTERN.test(secret)) throw new IdentityRefused('the identity secret is not 32 bytes of base64url');
  const checked = checkName(name);
  if (!checked.ok) throw new IdentityRefused(`name: ${checked.message}`);
  return { id: anonymousId(secret), name: checked.name, kind: 'anonymous' };
}
