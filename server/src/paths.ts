/**
 * Paths on this site: what a request's target names, and where a redirect may lead. A `Location` is
 * always a path of this site: never `//host` or `/\host` (which browsers take for another host), never
 * a scheme, whatever the request looked like.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The path and query a request names, its path as sent (`//evil.example/x` is the path
 * `//evil.example/x`, not the host evil.example: a request's target is a path, never a URL of its own).
 */
export function requestTarget(request: IncomingMessage): { pathname: string; search: string } {
  const raw = request.url ?? '/';
  // An absolute-form target (`GET http://host/x`, as sent to proxies) names its path after the host.
  const url = raw.startsWith('/') ? new URL(`http://localhost${raw}`) : new URL(URL.canParse(raw) ? raw : '/', 'http://localhost');
  return { pathname: url.pathname, search: url.search };
}

/** Whether `location` is a path of this site: one `/`, then anything but another `/` or `\`. */
export function isSameSitePath(location: string): boolean {
  // Control characters and spaces: browsers strip some of them from a URL before parsing it.
  return /^\/(?![/\\])/.test(location) && !/[\p{Cc}\s]/u.test(location);
}

/** Answers a redirect to a path of this site; a location that is not one is a bug, thrown as such. */
export function redirect(response: ServerResponse, status: 301 | 302, location: string): void {
  if (!isSameSitePath(location)) throw new Error(`refused a redirect off the site: ${JSON.stringify(location)}`);
  response.writeHead(status, { location }).end();
}
