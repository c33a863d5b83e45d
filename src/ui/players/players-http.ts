/**
 * The room server's answers about players (docs/PROTOCOL.md "Players over HTTP"): the leaderboard of a
 * family and a player's card, fetched as JSON from beside the server's WebSocket endpoint. The shapes are
 * the wire's: a change there is a change here.
 */
import type { HistoryEntry, IdentityKind, LeaderboardRow, RatingFamily, ShownRating } from '../../net/protocol.js';

export type { HistoryEntry, LeaderboardRow, TablePerson } from '../../net/protocol.js';
import { serverUrl } from '../../net/server-url.js';

export interface Leaderboard {
  family: RatingFamily;
  /** The first 100, best first. */
  top: LeaderboardRow[];
  /** With a ranked player asked for: its rank and the rows from five above to five below. */
  around?: { rank: number; rows: LeaderboardRow[] };
}

export interface PlayerCard {
  id: string;
  name: string;
  kind: IdentityKind;
  ratings: Partial<Record<RatingFamily, ShownRating>>;
  /** The last rated matches (at most 50), newest first. */
  history: HistoryEntry[];
}

/** Why an answer did not come: the server could not be reached (`status` null), or it answered an error. */
export class HttpProblem extends Error {
  constructor(readonly status: number | null) {
    super(status === null ? 'the server could not be reached' : `the server answered ${status}`);
  }
}

export function leaderboardUrl(server: string, family: RatingFamily, player: string | null): URL {
  const url = serverUrl(server, document.baseURI, 'leaderboard', 'http');
  url.searchParams.set('family', family);
  if (player) url.searchParams.set('player', player);
  return url;
}

export function cardUrl(server: string, player: string, family: RatingFamily): URL {
  const url = serverUrl(server, document.baseURI, `players/${encodeURIComponent(player)}`, 'http');
  url.searchParams.set('family', family);
  return url;
}

/** The JSON at `url`; an HttpProblem when it cannot be had (an abort is passed on as it is). */
export async function fetchJson<T>(url: URL, signal: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new HttpProblem(null);
  }
  if (!response.ok) throw new HttpProblem(response.status);
  try {
    return (await response.json()) as T;
  } catch (error) {
    if (signal.aborted) throw error;
    // Something else answered at that address (a page, a proxy's error): as good as no server.
    throw new HttpProblem(null);
  }
}
