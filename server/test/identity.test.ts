/**
 * The identity core (server/src/identity/identity.ts): a host site's member proved by a JWT the server
 * verifies with the key it was given, accepting only that key's algorithms (HS256 for a shared secret;
 * RS256 and EdDSA for a JWKS), `exp` and `sub` required, the name by the name rule; an anonymous identity
 * proved by its secret. Ids: one secret always gives one id, two secrets two, and no secret ever gives a
 * site member's id.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JSONWebKeySet, type JWTPayload } from 'jose';
import { anonymousId, anonymousIdentity, IdentityRefused, siteMemberId, siteVerifier, type Identity } from '../src/identity/identity.js';

const SECRET = new TextEncoder().encode('a shared secret of the site, at least 32 bytes long');
const secretOf = () => randomBytes(32).toString('base64url');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** A token signed with `key` under `alg`, with the claims given (`exp` an hour ahead unless said otherwise). */
function token(claims: JWTPayload, alg: string, key: CryptoKey | Uint8Array, header: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg, ...header }).sign(key);
}

/** The refusal's words for `verifying` (the test fails when it is taken). */
async function refusal(verifying: Promise<Identity>): Promise<string> {
  const error = await verifying.then(
    (identity) => assert.fail(`taken: ${JSON.stringify(identity)}`),
    (error: unknown) => error,
  );
  assert.ok(error instanceof IdentityRefused, `an IdentityRefused, not ${String(error)}`);
  return error.message;
}

function refusedNow(make: () => Identity): string {
  try {
    const identity = make();
    return assert.fail(`taken: ${JSON.stringify(identity)}`);
  } catch (error) {
    assert.ok(error instanceof IdentityRefused, `an IdentityRefused, not ${String(error)}`);
    return error.message;
  }
}

describe('a site token, with an HS256 secret', () => {
  const verifier = siteVerifier({ hs256: SECRET });

  test('a valid token is the member: the id from sub, the name as the rule keeps it, kind site', async () => {
    const identity = await verifier.verify(await token({ sub: 'member-42', name: 'Zoë', exp: inAnHour() }, 'HS256', SECRET));
    assert.deepEqual(identity, { id: siteMemberId('member-42'), name: 'Zoë', kind: 'site' });
    assert.match(identity.id, /^[A-Za-z0-9_-]{22}$/);
  });

  test('an expired token is refused, saying so', async () => {
    const expired = await token({ sub: 'm', name: 'Ann', exp: Math.floor(Date.now() / 1000) - 60 }, 'HS256', SECRET);
    assert.match(await refusal(verifier.verify(expired)), /expired/);
  });

  test('a token signed with another secret is refused: its signature is not the site’s', async () => {
    const forged = await token({ sub: 'm', name: 'Ann', exp: inAnHour() }, 'HS256', new TextEncoder().encode('another secret, just as long as the real one'));
    assert.match(await refusal(verifier.verify(forged)), /signature is not the site’s/);
    const valid = await token({ sub: 'm', name: 'Ann', exp: inAnHour() }, 'HS256', SECRET);
    const [header, , signature] = valid.split('.');
    const otherClaims = Buffer.from(JSON.stringify({ sub: 'admin', name: 'Ann', exp: inAnHour() })).toString('base64url');
    assert.match(await refusal(verifier.verify(`${header}.${otherClaims}.${signature}`)), /signature/, 'claims changed under a valid signature');
  });

  test('an unsigned token (alg none) is refused', async () => {
    const unsigned = new UnsecuredJWT({ sub: 'm', name: 'Ann' }).setExpirationTime('1h').encode();
    assert.match(await refusal(verifier.verify(unsigned)), /algorithm this server does not take/);
  });

  test('a token signed with an RS256 key is refused: the secret is for HS256 only', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    assert.match(await refusal(verifier.verify(await token({ sub: 'm', name: 'Ann', exp: inAnHour() }, 'RS256', privateKey))), /algorithm this server does not take/);
  });

  test('a token without exp, or without sub, is refused', async () => {
    assert.match(await refusal(verifier.verify(await token({ sub: 'm', name: 'Ann' }, 'HS256', SECRET))), /exp/);
    assert.match(await refusal(verifier.verify(await token({ name: 'Ann', exp: inAnHour() }, 'HS256', SECRET))), /sub/);
    assert.match(await refusal(verifier.verify(await token({ sub: '', name: 'Ann', exp: inAnHour() }, 'HS256', SECRET))), /sub/, 'an empty sub');
  });

  test('a name the name rule refuses, or none, is refused with the rule’s reason', async () => {
    assert.match(await refusal(verifier.verify(await token({ sub: 'm', name: 'a\u202Eb', exp: inAnHour() }, 'HS256', SECRET))), /name .*invisible/);
    assert.match(await refusal(verifier.verify(await token({ sub: 'm', name: '...', exp: inAnHour() }, 'HS256', SECRET))), /name .*no-letter/);
    assert.match(await refusal(verifier.verify(await token({ sub: 'm', exp: inAnHour() }, 'HS256', SECRET))), /no name/);
  });

  test('text that is no token, and a token longer than taken, are refused', async () => {
    assert.match(await refusal(verifier.verify('not a token')), /cannot be read/);
    assert.match(await refusal(verifier.verify('x'.repeat(5000))), /longer than/);
  });
});

describe('a site token, with a JWKS of public keys', async () => {
  const rsa = await generateKeyPair('RS256');
  const ed = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwks: JSONWebKeySet = {
    keys: [
      { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' },
      { ...(await exportJWK(ed.publicKey)), kid: 'ed-1', alg: 'EdDSA', use: 'sig' },
    ],
  };
  const verifier = siteVerifier({ jwks });

  test('an RS256 token and an EdDSA one, each from its key of the set, are the member', async () => {
    const byRsa = await verifier.verify(await token({ sub: 'rsa-member', name: 'Ann', exp: inAnHour() }, 'RS256', rsa.privateKey, { kid: 'rsa-1' }));
    assert.deepEqual(byRsa, { id: siteMemberId('rsa-member'), name: 'Ann', kind: 'site' });
    const byEd = await verifier.verify(await token({ sub: 'ed-member', name: 'Bob', exp: inAnHour() }, 'EdDSA', ed.privateKey, { kid: 'ed-1' }));
    assert.deepEqual(byEd, { id: siteMemberId('ed-member'), name: 'Bob', kind: 'site' });
  });

  test('a token signed by a key not in the set is refused', async () => {
    const stranger = await generateKeyPair('RS256');
    const message = await refusal(verifier.verify(await token({ sub: 'm', name: 'Ann', exp: inAnHour() }, 'RS256', stranger.privateKey, { kid: 'rsa-1' })));
    assert.match(message, /signature is not the site’s/);
    const unknownKid = await refusal(verifier.verify(await token({ sub: 'm', name: 'Ann', exp: inAnHour() }, 'RS256', stranger.privateKey, { kid: 'who' })));
    assert.match(unknownKid, /key this server does not know/);
  });

  test('algorithm confusion: an HS256 token whose secret is the public key’s bytes is refused', async () => {
    const publicPem = await exportSPKI(rsa.publicKey);
    for (const secret of [new TextEncoder().encode(publicPem), new TextEncoder().encode(JSON.stringify(jwks.keys[0]))]) {
      const confused = await token({ sub: 'm', name: 'Ann', exp: inAnHour() }, 'HS256', secret, { kid: 'rsa-1' });
      assert.match(await refusal(verifier.verify(confused)), /algorithm this server does not take/);
    }
  });

  test('an unsigned token is refused, and so is an expired one', async () => {
    assert.match(await refusal(verifier.verify(new UnsecuredJWT({ sub: 'm', name: 'Ann' }).setExpirationTime('1h').encode())), /algorithm/);
    const expired = await token({ sub: 'm', name: 'Ann', exp: Math.floor(Date.now() / 1000) - 60 }, 'EdDSA', ed.privateKey, { kid: 'ed-1' });
    assert.match(await refusal(verifier.verify(expired)), /expired/);
  });
});

describe('an anonymous identity', () => {
  test('its secret gives its id, its name as the rule keeps it (NFC)', () => {
    const secret = secretOf();
    assert.deepEqual(anonymousIdentity(secret, 'Zoe\u0308'), { id: anonymousId(secret), name: 'Zoë', kind: 'anonymous' });
  });

  test('a secret that is not 32 bytes of base64url is refused, and so is a name the rule refuses', () => {
    for (const bad of ['', 'short', secretOf().slice(1), `${secretOf()}x`, `${secretOf().slice(1)}+`, `${secretOf().slice(1)}=`]) {
      assert.match(refusedNow(() => anonymousIdentity(bad, 'Ann')), /secret/, JSON.stringify(bad));
    }
    assert.match(refusedNow(() => anonymousIdentity(secretOf(), '')), /^name: .*\(empty\)/);
    assert.match(refusedNow(() => anonymousIdentity(secretOf(), 'a\u200Bb')), /^name: .*\(invisible\)/);
  });

  test('the same secret is always the same id; two secrets are two ids; the id does not show the secret', () => {
    const secret = secretOf();
    assert.equal(anonymousIdentity(secret, 'Ann').id, anonymousIdentity(secret, 'Another name').id);
    const ids = new Set(Array.from({ length: 200 }, () => anonymousId(secretOf())));
    assert.equal(ids.size, 200);
    assert.ok(!secret.includes(anonymousId(secret)));
  });

  test('a site member’s id is never an anonymous one’s, even for the same text', () => {
    for (let i = 0; i < 100; i++) {
      const text = secretOf();
      assert.notEqual(siteMemberId(text), anonymousId(text));
    }
  });
});
