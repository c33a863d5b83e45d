/**
 * Room ids, room keys and seat tokens (128 random bits, base64url; only a token's hash is ever stored) and
 * deal secrets.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomId = (): string => randomBytes(16).toString('base64url');

/** A fresh secret for a deal (docs/PROTOCOL.md "Provable deals"): 32 random bytes, hex. */
export const freshSeed = (): string => randomBytes(32).toString('hex');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export function tokenMatches(token: string, hash: string | null): boolean {
  if (hash === null) return false;
  const given = Buffer.from(hashToken(token));
  const kept = Buffer.from(hash);
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** Whether a presented key is the room's `kept` one (null: the room has none), compared in constant time. */
export function keyMatches(presented: string, kept: string | null): boolean {
  if (kept === null) return false;
  const given = Buffer.from(presented);
  const expected = Buffer.from(kept);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
