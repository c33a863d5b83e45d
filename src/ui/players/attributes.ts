/**
 * The attributes the leaderboard and the player's card share, read as the game reads its own: a value
 * of the wrong form is said once on the console (an error: the site wrote it) and the default is used.
 */
import { ID_PATTERN, RATING_FAMILIES, type RatingFamily } from '../../shared/players.js';

const said = new Set<string>();

function sayOnce(tag: string, name: string, value: string, message: string): void {
  const key = `${tag} ${name}=${value}`;
  if (said.has(key)) return;
  said.add(key);
  console.error(`<${tag}>: ${message}`);
}

/** The family asked for: `two` when absent or not one of the three. */
export function familyOf(tag: string, value: string | null): RatingFamily {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '') return 'two';
  if (RATING_FAMILIES.includes(text as RatingFamily)) return text as RatingFamily;
  sayOnce(tag, 'family', String(value), `family="${value}" is not valid (one of ${RATING_FAMILIES.join(', ')}); using two.`);
  return 'two';
}

/** A player's public id, or null when absent or not an id (22 base64url characters). */
export function playerOf(tag: string, value: string | null): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (ID_PATTERN.test(text)) return text;
  sayOnce(tag, 'player', String(value), `player="${value}" is not a player id (22 base64url characters); showing no player.`);
  return null;
}

/** The room server's base URL, or null (said) when absent or no http(s) or ws(s) URL. */
export function serverOf(tag: string, value: string | null, check: (server: string) => unknown): string | null {
  const text = value?.trim() ?? '';
  try {
    if (text === '') throw new Error('no server given');
    check(text);
    return text;
  } catch (error) {
    sayOnce(tag, 'server', String(value), `server="${value ?? ''}" is not a room server's URL (http, https, ws or wss): ${(error as Error).message}.`);
    return null;
  }
}
