/**
 * The person's anonymous identity on a room server (docs/PROTOCOL.md, "Players"): a secret of 32 random
 * bytes, made the first time they go online, and the name they picked. It is kept in the page's storage
 * under a key of its own per server origin, not under a widget's `storage-key`: every widget of the page's
 * origin, in every tab, is the same person to that server. The secret is a bearer credential: it leaves
 * this module only in `identify`.
 */
import { IDENTITY_SECRET_PATTERN, checkName, newIdentitySecret, type ClientMessage } from '../../net/protocol.js';
import { readVersioned, type KeyValueStore } from '../../storage/index.js';

export { forgetIdentity, identityKey } from './identity-key.js';

export interface KeptIdentity {
  secret: string;
  /** The name the person picked, or null before they picked one. */
  name: string | null;
}

const VERSION = 1;

/** The kept identity, or null (none yet, or an entry that is none: dropped, as a broken save is). */
export function readIdentity(store: KeyValueStore, key: string): KeptIdentity | null {
  const data = readVersioned(store, key, VERSION, {});
  if (data === null) return null;
  const { secret, name } = Object(data) as Partial<Record<keyof KeptIdentity, unknown>>;
  if (typeof secret !== 'string' || !IDENTITY_SECRET_PATTERN.test(secret)) {
    store.remove(key);
    return null;
  }
  return { secret, name: typeof name === 'string' && checkName(name).ok ? name : null };
}

/** The kept identity, made and kept first when there is none. */
export function identityFor(store: KeyValueStore, key: string): KeptIdentity {
  const kept = readIdentity(store, key);
  if (kept) return kept;
  const made: KeptIdentity = { secret: newIdentitySecret(), name: null };
  // Another tab may have made one meanwhile: the last written wins, and both tabs then send it.
  write(store, key, made);
  return readIdentity(store, key) ?? made;
}

/** Keeps the name the person picked (the name rule's NFC form); false when it breaks the rule or there is no identity. */
export function keepIdentityName(store: KeyValueStore, key: string, name: string): boolean {
  const kept = readIdentity(store, key);
  const checked = checkName(name);
  if (!kept || !checked.ok) return false;
  return write(store, key, { secret: kept.secret, name: checked.name });
}

/**
 * The `identify` for quick match: the site's token when the page gave one (`player-token`), else the kept
 * anonymous identity (made now when there is none) with its name. Null when the person has picked no
 * name yet: the name field asks first.
 */
export function identifyMessage(siteToken: string | null, store: KeyValueStore, key: string): Extract<ClientMessage, { type: 'identify' }> | null {
  if (siteToken) return { type: 'identify', token: siteToken };
  const { secret, name } = identityFor(store, key);
  return name === null ? null : { type: 'identify', secret, name };
}

function write(store: KeyValueStore, key: string, identity: KeptIdentity): boolean {
  return store.write(key, JSON.stringify({ version: VERSION, data: identity }));
}
