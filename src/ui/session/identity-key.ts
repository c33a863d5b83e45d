/**
 * Where the person's anonymous identity on a room server is kept (per server origin), and "Forget me":
 * what the settings dialog needs of it on any visit, apart from making and checking an identity
 * (identity.ts, which brings the protocol's name rule and loads with online play).
 */
import { serverUrl } from '../../net/server-url.js';
import type { KeyValueStore } from '../../storage/index.js';

/**
 * Where the identity for `server` is kept: by the server's origin, so that `https://host/` and
 * `wss://host/ws` are one server to the person. Throws on a server that is no URL (as a connection does).
 */
export function identityKey(server: string, base?: string): string {
  // By its WebSocket endpoint's origin: the one the connection really reaches, whatever scheme names it.
  return `domino-game-identity:${serverUrl(server, base, 'ws', 'ws').origin}`;
}

/** The name kept with the identity at `key` ('' before one is picked), or null when no identity is kept. */
export function keptIdentityName(store: KeyValueStore, key: string): string | null {
  const text = store.read(key);
  if (text === null) return null;
  try {
    const { data } = Object(JSON.parse(text)) as { data?: { name?: unknown } };
    return typeof data?.name === 'string' ? data.name : '';
  } catch {
    return '';
  }
}

/** "Forget me": the secret and the name are gone from this browser, and with them the identity's ratings. */
export function forgetIdentity(store: KeyValueStore, key: string): void {
  store.remove(key);
}
