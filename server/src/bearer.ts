/** The bearer token that opens `GET /metrics` on the public port (`--metrics-token FILE`). */
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an `Authorization` header carries `token` as its bearer token. Compared in constant time:
 * the digests have one length whatever was sent, so neither the time nor an early length check tells
 * how much of a guess was right.
 */
export function bearerAllows(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
