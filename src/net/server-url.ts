/**
 * A URL under the room server's base URL, as a site gives it (`server="…"`: http:, https:, ws: or
 * wss:, relative to the page or not): the WebSocket endpoint and the HTTP answers (the leaderboard, a
 * player's card) live side by side under it, so one base serves both, whichever scheme the site wrote.
 */
const SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:']);

/** `path` under `server` in the scheme family asked (secure stays secure); throws on something that is no http(s) or ws(s) URL. */
export function serverUrl(server: string, base: string | undefined, path: string, scheme: 'http' | 'ws'): URL {
  const url = new URL(server, base);
  if (!SCHEMES.has(url.protocol)) throw new Error(`not an http(s) or ws(s) URL: ${server}`);
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  url.protocol = `${scheme}${secure ? 's' : ''}:`;
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path}`;
  url.search = '';
  url.hash = '';
  return url;
}
