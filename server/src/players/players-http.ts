/**
 * The players over HTTP (docs/PROTOCOL.md "Players over HTTP"), JSON answers:
 * - `GET /leaderboard?family=F[&player=ID]`: the family's top 100, and with `player` its rank and the five
 *   rows each side; kept a second (BriefCache, and `Cache-Control` says so), so many viewers cost little;
 * - `GET /players/ID[?family=F]`: a player's card (the summary and its last rated matches); never the
 *   secret, the token, whom it avoids or whether it is banned;
 * - `POST /admin/ban` and `/admin/unban` with `{ "player": ID }`, to the bearer of `--admin-token` only
 *   (compared in constant time), 404 without it: as if there were no such path.
 * A request of the wrong form gets 400 with `{ "error": … }` and reads nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ID_PATTERN, RATING_FAMILIES, type RatingFamily } from 'domino-game/protocol';
import { bearerAllows } from '../bearer.js';
import { BriefCache } from '../brief-cache.js';
import type { LeaderboardRow, PlayerStore } from './player-store.js';
import { summaryOf } from './player-service.js';

/** How long an answer is kept, here and by whoever reads `Cache-Control`. */
export const KEPT_SECONDS = 1;
/** The leaderboard's rows, and those each side of a player's own. */
export const TOP_ROWS = 100;
export const AROUND_ROWS = 5;
const MOST_KEPT = 10_000;
/** An admin request's body: `{"player":"…22 characters…"}` and some room. */
const MOST_BODY_BYTES = 1024;

export interface PlayersHttpOptions {
  store: PlayerStore;
  /** The bearer token of `/admin/*`; null: those paths answer 404. */
  adminToken: string | null;
  log: Logger;
  /** The cache's clock in ms (tests move one by hand); monotonic by default. */
  now?: () => number;
}

/** Answers a request for one of its paths (true), or leaves it (false). */
export type PathHandler = (request: IncomingMessage, response: ServerResponse, pathname: string, search: string) => Promise<boolean>;

interface Answer {
  status: number;
  body: string;
}

const answer = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body) });
const problem = (status: number, error: string): Answer => answer(status, { error });

function send(request: IncomingMessage, response: ServerResponse, { status, body }: Answer, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** One query parameter given at most once, or the problem. */
function single(params: URLSearchParams, name: string): string | undefined | Answer {
  const values = params.getAll(name);
  if (values.length > 1) return problem(400, `${name} is given ${values.length} times: give it once`);
  return values[0];
}

function familyOf(value: string | undefined, required: boolean): RatingFamily | undefined | Answer {
  if (value === undefined && !required) return undefined;
  if (RATING_FAMILIES.includes(value as RatingFamily)) return value as RatingFamily;
  return problem(400, `family must be one of ${RATING_FAMILIES.join(', ')}${value === undefined ? '' : `, not "${value.slice(0, 20)}"`}`);
}

const isAnswer = (value: unknown): value is Answer => typeof value === 'object' && value !== null && 'status' in value;

export function playersHttp(options: PlayersHttpOptions): PathHandler {
  const { store, log } = options;
  const answers = new BriefCache<Answer>(KEPT_SECONDS * 1000, MOST_KEPT, options.now);
  const tops = new BriefCache<LeaderboardRow[]>(KEPT_SECONDS * 1000, RATING_FAMILIES.length, options.now);
  const cacheControl = { 'cache-control': `public, max-age=${KEPT_SECONDS}` };

  async function leaderboard(family: RatingFamily, player: string | undefined): Promise<Answer> {
    const [top, around] = await Promise.all([tops.get(family, () => store.leaderboard(family, TOP_ROWS)), player ? store.around(family, player, AROUND_ROWS) : null]);
    return answer(200, { family, top, ...(around ? { around } : {}) });
  }

  async function card(id: string, family: RatingFamily | undefined): Promise<Answer> {
    const profile = await store.profile(id);
    if (!profile) return problem(404, 'no player has this id');
    const [skills, history] = await Promise.all([store.skillsOf(id), store.history(id, family)]);
    return answer(200, { ...summaryOf(profile, skills), history });
  }

  /** The query's problem, or the family (required or not) and the player named. */
  function readQuery(search: string, familyRequired: boolean, withPlayer: boolean): Answer | { family: RatingFamily | undefined; player: string | undefined } {
    const params = new URLSearchParams(search);
    const familyText = single(params, 'family');
    if (isAnswer(familyText)) return familyText;
    const family = familyOf(familyText, familyRequired);
    if (isAnswer(family)) return family;
    const player = withPlayer ? single(params, 'player') : undefined;
    if (isAnswer(player)) return player;
    if (player !== undefined && !ID_PATTERN.test(player)) return problem(400, 'player must be a player id: 22 base64url characters');
    return { family, player };
  }

  async function admin(request: IncomingMessage, response: ServerResponse, banned: boolean): Promise<void> {
    // Refused without the body read, and the connection closed after the answer (as a 405 is).
    const closing = { connection: 'close' };
    if (options.adminToken === null) {
      response.writeHead(404, { 'content-type': 'text/plain', ...closing }).end('not found');
      return;
    }
    if (request.method !== 'POST') return send(request, response, problem(405, 'POST only'), { allow: 'POST', ...closing });
    if (!bearerAllows(request.headers.authorization, options.adminToken)) {
      log.info({ event: 'admin-refused', address: request.socket.remoteAddress }, 'admin request without the token');
      return send(request, response, problem(401, 'unauthorized'), { 'www-authenticate': 'Bearer', ...closing });
    }
    if (request.headers.expect?.toLowerCase() === '100-continue') response.writeContinue();
    const body = await bodyOf(request, MOST_BODY_BYTES);
    if (body === null) return send(request, response, problem(413, `the body is over ${MOST_BODY_BYTES} bytes`), closing);
    const player = playerOf(body);
    if (isAnswer(player)) return send(request, response, player);
    if (!(await store.setBanned(player, banned))) return send(request, response, problem(404, 'no player has this id'));
    log.info({ event: banned ? 'banned' : 'unbanned', player }, banned ? 'player banned' : 'player unbanned');
    send(request, response, answer(200, { player, banned }));
  }

  return async (request, response, pathname, search) => {
    if (pathname === '/admin/ban' || pathname === '/admin/unban') {
      await admin(request, response, pathname === '/admin/ban');
      return true;
    }
    const cardId = /^\/players\/([^/]*)$/.exec(pathname)?.[1];
    if (pathname !== '/leaderboard' && cardId === undefined) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(request, response, problem(405, 'GET only'), { allow: 'GET, HEAD', connection: 'close' });
      return true;
    }
    if (cardId !== undefined && !ID_PATTERN.test(cardId)) {
      send(request, response, problem(400, 'a player id is 22 base64url characters'));
      return true;
    }
    const query = readQuery(search, cardId === undefined, cardId === undefined);
    if (isAnswer(query)) {
      send(request, response, query);
      return true;
    }
    const found =
      cardId === undefined
        ? await answers.get(`board ${query.family!} ${query.player ?? ''}`, () => leaderboard(query.family!, query.player))
        : await answers.get(`card ${cardId} ${query.family ?? ''}`, () => card(cardId, query.family));
    send(request, response, found, cacheControl);
    return true;
  };
}

/**
 * The request's body as text, or null once it passes `most` bytes: the rest is left unread (the answer
 * closes the connection).
 */
function bodyOf(request: IncomingMessage, most: number): Promise<string | null> {
  if (Number(request.headers['content-length'] ?? 0) > most) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const take = (chunk: Buffer) => {
      length += chunk.length;
      if (length <= most) {
        chunks.push(chunk);
        return;
      }
      request.off('data', take);
      request.pause();
      resolve(null);
    };
    request.on('data', take);
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

/** The player an admin request names: `{ "player": ID }` and nothing else. */
function playerOf(body: string): string | Answer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return problem(400, 'the body must be JSON: { "player": ID }');
  }
  const keys = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.keys(parsed) : null;
  if (!keys || keys.length !== 1 || keys[0] !== 'player') return problem(400, 'the body must be { "player": ID } and nothing else');
  const player = (parsed as { player: unknown }).player;
  if (typeof player !== 'string' || !ID_PATTERN.test(player)) return problem(400, 'player must be a player id: 22 base64url characters');
  return player;
}
