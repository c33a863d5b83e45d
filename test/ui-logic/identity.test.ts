import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forgetIdentity, identifyMessage, identityFor, identityKey, keepIdentityName, readIdentity } from '../../src/ui/session/identity.js';
import { IDENTITY_SECRET_PATTERN } from '../../src/net/protocol.js';
import type { KeyValueStore } from '../../src/storage/index.js';

/** localStorage's stand-in. */
function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    read: (key) => data.get(key) ?? null,
    write: (key, value) => (data.set(key, value), true),
    remove: (key) => void data.delete(key),
  };
}

describe('the anonymous identity', () => {
  test('one key per server origin, whichever scheme or path names the server', () => {
    assert.equal(identityKey('https://rooms.example/'), identityKey('wss://rooms.example/ws'));
    assert.equal(identityKey('http://rooms.example:8080/a/'), identityKey('ws://rooms.example:8080/b'));
    assert.notEqual(identityKey('https://rooms.example/'), identityKey('https://other.example/'));
    assert.notEqual(identityKey('https://rooms.example/'), identityKey('http://rooms.example/'));
    assert.equal(identityKey('/', 'https://page.example/game'), identityKey('https://page.example/'));
  });

  test('is made once, 32 random bytes in base64url, and then read back the same', () => {
    const store = memoryStore();
    const key = identityKey('https://rooms.example/');
    assert.equal(readIdentity(store, key), null);
    const made = identityFor(store, key);
    assert.match(made.secret, IDENTITY_SECRET_PATTERN);
    assert.equal(made.name, null);
    assert.deepEqual(identityFor(store, key), made);
    assert.deepEqual(readIdentity(store, key), made);
    assert.notEqual(identityFor(memoryStore(), key).secret, made.secret);
  });

  test('keeps the name in its NFC form, and refuses one that breaks the name rule', () => {
    const store = memoryStore();
    const key = identityKey('https://rooms.example/');
    assert.equal(keepIdentityName(store, key, 'Ana'), false, 'no identity yet');
    const { secret } = identityFor(store, key);
    assert.equal(keepIdentityName(store, key, 'Jose\u0301'), true);
    assert.deepEqual(readIdentity(store, key), { secret, name: 'Jos\u00e9' });
    assert.equal(keepIdentityName(store, key, '  '), false);
    assert.deepEqual(readIdentity(store, key), { secret, name: 'Jos\u00e9' });
  });

  test('an entry that holds no secret is dropped, and a fresh one made in its place', () => {
    const store = memoryStore();
    const key = identityKey('https://rooms.example/');
    for (const broken of ['{', '{"version":1,"data":{"secret":"short"}}', '{"version":9,"data":{}}']) {
      store.data.set(key, broken);
      assert.equal(readIdentity(store, key), null, broken);
      assert.equal(store.data.has(key), false, broken);
    }
    store.data.set(key, JSON.stringify({ version: 1, data: { secret: 'a'.repeat(43), name: '' } }));
    assert.deepEqual(readIdentity(store, key), { secret: 'a'.repeat(43), name: null }, 'a name off the rule is no name');
  });

  test('"Forget me" removes the secret and the name of that server only', () => {
    const store = memoryStore();
    const here = identityKey('https://rooms.example/');
    const there = identityKey('https://other.example/');
    const first = identityFor(store, here);
    const other = identityFor(store, there);
    keepIdentityName(store, here, 'Ana');
    forgetIdentity(store, here);
    assert.equal(readIdentity(store, here), null);
    assert.deepEqual(readIdentity(store, there), other);
    assert.notEqual(identityFor(store, here).secret, first.secret);
  });

  test('identify: the site\'s token when given, else the kept secret and name, and nothing before a name is picked', () => {
    const store = memoryStore();
    const key = identityKey('https://rooms.example/');
    assert.deepEqual(identifyMessage('a.b.c', store, key), { type: 'identify', token: 'a.b.c' });
    assert.equal(identifyMessage(null, store, key), null);
    const { secret } = identityFor(store, key);
    keepIdentityName(store, key, 'Ana');
    assert.deepEqual(identifyMessage(null, store, key), { type: 'identify', secret, name: 'Ana' });
    assert.deepEqual(identifyMessage('a.b.c', store, key), { type: 'identify', token: 'a.b.c' }, 'a member is never sent as the anonymous identity');
  });
});
