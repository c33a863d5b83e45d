/**
 * The server's flags, in one table: what `parseArgs` accepts, how each value is checked, what
 * `--help` prints and what the README's table says (server/test/flags.test.ts holds the README to the
 * help, row by row). Texts are Markdown (code in backticks); `--help` prints them without the backticks.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readSiteKeys, readSiteSecret } from './identity/site-keys.js';
import { DEFAULT_LIMITS } from './limits.js';
import { parseFrameAncestors, parseReferrerPolicy, type ReferrerPolicy } from './security-headers.js';
import { parseClusterNodes, type RedisTarget } from './storage/redis-client.js';

/** A flag's value refused: its message says which flag and why. */
export class FlagError extends Error {}

interface Flag<T> {
  /** The value's placeholder (`N`, `FILE`); none for a switch. */
  arg?: string;
  short?: string;
  /** The environment variable read when the flag is not given. */
  env?: string;
  /** The default, as the table shows it. */
  shown: string;
  meaning: string;
  /**
   * The value (the flag's, else the environment's, else undefined; a switch's is '' when given)
   * checked and read; throws FlagError naming `name` (where the value came from).
   */
  read(text: string | undefined, name: string): T;
}

const flag = <T>(spec: Flag<T>): Flag<T> => spec;

function whole(fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): (text: string | undefined, name: string) => number {
  return (text, name) => {
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) throw new FlagError(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
    return value;
  };
}

function optionalWhole(min: number, max: number): (text: string | undefined, name: string) => number | undefined {
  return (text, name) => (text === undefined || text === '' ? undefined : whole(0, min, max)(text, name));
}

const textOr =
  (fallback: string) =>
  (value: string | undefined): string =>
    value ?? fallback;

/** A parser whose Error becomes the flag's FlagError. */
function parsed<T>(parse: (text: string) => T, fallback: T): (text: string | undefined, name: string) => T {
  return (value, name) => {
    if (value === undefined) return fallback;
    try {
      return parse(value);
    } catch (error) {
      throw new FlagError(`${name}: ${(error as Error).message}`);
    }
  };
}

function origins(text: string): string[] | null {
  const list = text.split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of list) {
    let url: URL | null = null;
    try {
      url = new URL(origin);
    } catch {
      // said below
    }
    if (!url || url.origin !== origin) throw new Error(`"${origin}" is not an origin like https://example.com`);
  }
  return list.length ? list : null;
}

function clockScale(text: string): number {
  const scale = Number(text);
  if (!(scale > 0 && scale <= 1)) throw new Error(`give a number above 0 and at most 1, not ${text}`);
  return scale;
}

function computerPauseScale(text: string): number {
  const scale = Number(text);
  if (!(scale >= 1 && scale <= 100)) throw new Error(`give a number from 1 to 100, not ${text}`);
  return scale;
}

function tokenFile(path: string): string {
  let token: string;
  try {
    token = readFileSync(path, 'utf8').trim();
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`);
  }
  if (!token || /\s/.test(token)) throw new Error(`${path} must hold the token alone, on one line (no spaces)`);
  return token;
}

/** The shortest admin token taken: whoever holds it bans people. */
export const MIN_ADMIN_TOKEN_LENGTH = 24;

function adminTokenFile(path: string): string {
  const token = tokenFile(path);
  if (token.length < MIN_ADMIN_TOKEN_LENGTH) throw new Error(`${path} holds a token of ${token.length} characters: at least ${MIN_ADMIN_TOKEN_LENGTH} (openssl rand -base64 32 makes one)`);
  return token;
}

/** Every flag, in the order `--help` and the README list them. */
export const FLAGS = {
  port: flag({ arg: 'N', env: 'PORT', shown: '`8000`', meaning: 'the port (0: any free one)', read: whole(8000, 0, 65535) }),
  host: flag({ arg: 'H', env: 'HOST', shown: '`localhost`', meaning: 'the address to listen on (`0.0.0.0` for all)', read: textOr('localhost') }),
  db: flag({
    arg: 'FILE',
    env: 'DOMINO_DB',
    shown: '`data/rooms.sqlite`',
    meaning: 'where rooms are kept (SQLite, better-sqlite3); `:memory:` keeps them in memory only',
    read: textOr('data/rooms.sqlite'),
  }),
  origins: flag({
    arg: 'A,B',
    env: 'DOMINO_ORIGINS',
    shown: 'any (said at start)',
    meaning: 'the page origins allowed to connect, e.g. `https://example.com`',
    read: parsed(origins, null),
  }),
  grace: flag({ arg: 'S', shown: '`60`', meaning: 'seconds a player may be gone before a computer plays for them', read: whole(60) }),
  ping: flag({
    arg: 'S',
    shown: '`15`',
    meaning: "seconds between the heartbeat's pings of each connection; one that leaves two in a row unanswered is ended (a proxy's read timeout must be longer)",
    read: whole(15, 1, 3600),
  }),
  'next-round': flag({
    arg: 'S',
    shown: '`30`',
    meaning: 'seconds after a round ends before the next is dealt, whether or not everyone asked for it',
    read: whole(30, 1),
  }),
  'clock-scale': flag({
    arg: 'F',
    shown: '`1`',
    meaning: "tests only: what every room's turn clock is multiplied by (0 < F ≤ 1; 0.05 makes 15 s last 0.75 s)",
    read: parsed(clockScale, 1),
  }),
  'computer-pause-scale': flag({
    arg: 'F',
    shown: '`1`',
    meaning: "tests only: what the computers' pause before a move (the room's tempo) is multiplied by (1 ≤ F ≤ 100; a test that acts within the pause gets room to)",
    read: parsed(computerPauseScale, 1),
  }),
  'lobby-ttl': flag({ arg: 'S', shown: '`3600`', meaning: 'an unstarted room expires after this long without a change', read: whole(3600, 1) }),
  'room-ttl': flag({ arg: 'S', shown: '`86400`', meaning: 'a started room expires this long after its last player left', read: whole(86400, 1) }),
  static: flag({
    arg: 'DIR',
    shown: 'the installed `domino-game` package',
    meaning:
      'the folder whose `demo/` and `dist/` are served (an install has `dist/`: pages may load the widget from the server; the repository has the demo too); `none` serves no files',
    // undefined: the installed package (main.ts finds it).
    read: (value: string | undefined): string | null | undefined => (value === 'none' ? null : value),
  }),
  'trust-proxy': flag({
    shown: 'off',
    meaning:
      "behind a reverse proxy (nginx, `deploy/nginx.conf`): the per-address caps count the last address of `X-Forwarded-For` (the one the proxy added), not the proxy's",
    read: (value: string | undefined): boolean => value !== undefined,
  }),
  'max-connections-per-address': flag({
    arg: 'N',
    shown: `\`${DEFAULT_LIMITS.maxConnectionsPerAddress}\``,
    meaning: 'WebSocket connections one address may hold (an IPv6 address counts by its /64; every per-address limit counts per process)',
    read: whole(DEFAULT_LIMITS.maxConnectionsPerAddress, 1),
  }),
  'connections-per-minute-per-address': flag({
    arg: 'N',
    shown: `\`${DEFAULT_LIMITS.connectionsPerMinutePerAddress}\``,
    meaning: 'new WebSocket connections one address may open a minute (a burst of N, then N a minute); more are refused with 429 before the handshake, after a 1 s pause',
    read: whole(DEFAULT_LIMITS.connectionsPerMinutePerAddress, 1),
  }),
  'messages-per-second-per-address': flag({
    arg: 'N',
    shown: `\`${DEFAULT_LIMITS.messagesPerSecondPerAddress}\``,
    meaning: `messages all of one address's connections together may send a second (each connection also at most ${DEFAULT_LIMITS.messagesPerSecond}, a burst of ${DEFAULT_LIMITS.messageBurst}); more are refused with \`rate-limited\``,
    read: whole(DEFAULT_LIMITS.messagesPerSecondPerAddress, 1),
  }),
  'message-burst-per-address': flag({
    arg: 'N',
    shown: `\`${DEFAULT_LIMITS.messageBurstPerAddress}\``,
    meaning: 'how many of those an address may send at once',
    read: whole(DEFAULT_LIMITS.messageBurstPerAddress, 1),
  }),
  'rooms-per-minute-per-address': flag({
    arg: 'N',
    shown: `\`${DEFAULT_LIMITS.roomsPerMinutePerAddress}\``,
    meaning: 'rooms one address may create a minute',
    read: whole(DEFAULT_LIMITS.roomsPerMinutePerAddress, 1),
  }),
  threads: flag({ arg: 'N', shown: 'cores − 1', meaning: 'worker threads for the computer players', read: optionalWhole(1, 64) }),
  redis: flag({
    arg: 'URL',
    env: 'REDIS_URL',
    shown: 'none',
    meaning: 'keep rooms in Redis (7 or later), shared with other server processes (`--db` is then unused)',
    read: (value: string | undefined): string | null => value || null,
  }),
  'redis-cluster': flag({
    arg: 'H:P[,H:P…]',
    env: 'REDIS_CLUSTER',
    shown: 'none',
    meaning: 'keep rooms in a Redis Cluster (7 or later) reached through these seed nodes, instead of one Redis (not with `--redis`)',
    read: parsed((value) => (value.trim() ? { text: value, nodes: parseClusterNodes(value) } : null), null),
  }),
  'frame-ancestors': flag({
    arg: 'SOURCES',
    shown: "`'self'`",
    meaning:
      "the pages that may show this server's pages in a frame, space-separated: `'self'`, `'none'` or origins such as `https://a.example` (CSP `frame-ancestors`; with `'self'` or `'none'` also `X-Frame-Options`, which cannot list origins)",
    read: parsed(parseFrameAncestors, ["'self'"]),
  }),
  'referrer-policy': flag({
    arg: 'P',
    shown: '`no-referrer`',
    meaning: 'the `Referrer-Policy` of every answer: `no-referrer`, `same-origin`, `strict-origin-when-cross-origin` or another of the standard values',
    read: parsed<ReferrerPolicy>(parseReferrerPolicy, 'no-referrer'),
  }),
  'metrics-port': flag({
    arg: 'N',
    shown: 'none',
    meaning: 'serve `GET /metrics` (Prometheus) on a listener of its own on this port (0: any free one); without it or `--metrics-token`, no port serves `/metrics`',
    read: optionalWhole(0, 65535),
  }),
  'metrics-host': flag({ arg: 'H', shown: '`127.0.0.1`', meaning: 'the address the metrics listener listens on', read: textOr('127.0.0.1') }),
  'metrics-token': flag({
    arg: 'FILE',
    shown: 'none',
    meaning: 'serve `GET /metrics` on the public port too, to requests with `Authorization: Bearer TOKEN`, TOKEN being what this file holds (401 otherwise)',
    read: parsed(tokenFile, null),
  }),
  'identity-key': flag({
    arg: 'FILE',
    shown: 'none',
    meaning:
      "check the host site's member tokens (`identify`) with the HS256 secret this file holds (at least 32 bytes; white space at its ends left out); without it or `--identity-jwks`, site tokens are refused and anonymous identities still work",
    read: parsed(readSiteSecret, null),
  }),
  'identity-jwks': flag({
    arg: 'FILE',
    shown: 'none',
    meaning: "check the host site's member tokens with the public keys of this JWKS file (RS256, EdDSA), instead of a secret (not with `--identity-key`)",
    read: parsed(readSiteKeys, null),
  }),
  'admin-token': flag({
    arg: 'FILE',
    shown: 'none',
    meaning: `open \`POST /admin/ban\` and \`/admin/unban\` to requests with \`Authorization: Bearer TOKEN\`, TOKEN being what this file holds (at least ${MIN_ADMIN_TOKEN_LENGTH} characters; 401 otherwise); without it they answer 404`,
    read: parsed(adminTokenFile, null),
  }),
  pools: flag({
    arg: 'FILE',
    shown: 'five pools',
    meaning:
      "quick match's pools: a JSON array of `{ id, variant, players, teams?, target, tempo? }` (docs/PROTOCOL.md, Quick match); without it Draw 2 players to 100 (`draw-2`), Block 2 to 100 (`block-2`), All Fives 2 to 150 (`fives-2`), All Fives 4 in teams to 150 (`fives-teams`), Draw 4 to 100 (`draw-4`)",
    read: (value: string | undefined): string | null => value ?? null,
  }),
  'computer-fill-after': flag({
    arg: 'S',
    shown: '`30`',
    meaning: 'seconds after which a quick-match table of more than two seats may seat computers in the seats nobody took, for seekers who agreed',
    read: whole(30, 1, 3600),
  }),
  help: flag({ short: 'h', shown: '', meaning: 'print the flags, as this table lists them, and exit', read: (value: string | undefined): boolean => value !== undefined }),
};

export type FlagName = keyof typeof FLAGS;
export type Settings = { [K in FlagName]: ReturnType<(typeof FLAGS)[K]['read']> };

const dashed = (name: string) => `--${name}`;

/**
 * The flags given (`argv`, without node and the script) and the environment's variables, checked:
 * the settings, or a FlagError saying what is wrong. With `--help`, nothing else is checked.
 */
export function readFlags(argv: string[], env: Record<string, string | undefined> = process.env): Settings {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: Object.fromEntries(
        Object.entries(FLAGS).map(([name, spec]: [string, Flag<unknown>]) => [
          name,
          { type: spec.arg ? ('string' as const) : ('boolean' as const), ...(spec.short ? { short: spec.short } : {}) },
        ]),
      ),
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new FlagError(`${(error as Error).message} (--help lists the flags)`);
  }
  const settings = {} as Record<string, unknown>;
  const names: FlagName[] = values.help ? ['help'] : (Object.keys(FLAGS) as FlagName[]);
  for (const name of names) {
    const spec: Flag<unknown> = FLAGS[name];
    const given = values[name];
    const fromEnv = given === undefined && spec.env !== undefined && env[spec.env] !== undefined;
    const value = typeof given === 'boolean' ? (given ? '' : undefined) : fromEnv ? env[spec.env!] : given;
    // A refusal names where the value came from: the flag, or the environment variable.
    settings[name] = spec.read(value, fromEnv ? spec.env! : dashed(name));
  }
  if (settings.redis && settings['redis-cluster']) throw new FlagError('give either --redis (one Redis) or --redis-cluster (a Redis Cluster), not both');
  if (settings['identity-key'] && settings['identity-jwks']) throw new FlagError('give either --identity-key (an HS256 secret) or --identity-jwks (public keys), not both');
  return settings as Settings;
}

/** The Redis the settings name (`--redis` or `--redis-cluster`), or null for SQLite or memory. */
export function redisTargetOf(settings: Pick<Settings, 'redis' | 'redis-cluster'>): RedisTarget | null {
  const cluster = settings['redis-cluster'];
  return settings.redis ? { url: settings.redis } : cluster ? { cluster: cluster.nodes } : null;
}

/** One row of the flag table, as Markdown. */
export interface FlagRow {
  flag: string;
  environment: string;
  default: string;
  meaning: string;
}

export function flagRows(): FlagRow[] {
  return Object.entries(FLAGS).map(([name, spec]: [string, Flag<unknown>]) => ({
    flag: [`\`${dashed(name)}${spec.arg ? ` ${spec.arg}` : ''}\``, ...(spec.short ? [`\`-${spec.short}\``] : [])].join(', '),
    environment: spec.env ? `\`${spec.env}\`` : '',
    default: spec.shown,
    meaning: spec.meaning,
  }));
}

/** Markdown as plain text: the backticks around code dropped. */
export const plain = (markdown: string): string => markdown.replace(/`/g, '');

const WIDTH = 100;
const INDENT = '    ';

/** `text` in lines of at most WIDTH columns, each indented. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && INDENT.length + line.length + 1 + word.length > WIDTH) {
      lines.push(INDENT + line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(INDENT + line);
  return lines;
}

/**
 * What `--help` prints: each flag on a line of its own, then (indented) its meaning, its environment
 * variable and its default, one flag from the next by an empty line.
 */
export function helpText(): string {
  const blocks = flagRows().map((row) => [
    plain(row.flag),
    ...wrap(plain(row.meaning)),
    ...(row.environment ? [`${INDENT}environment: ${plain(row.environment)}`] : []),
    ...(row.default ? [`${INDENT}default: ${plain(row.default)}`] : []),
  ]);
  return [
    'domino-game-server: the room server for online play, with the widget’s files beside it.',
    '',
    'Usage: domino-game-server [flags]    (in the repository: npm run server -- [flags])',
    '',
    'Once it accepts connections it prints "listening on http://HOST:PORT"; its logs are JSON lines on',
    'standard output (LOG_LEVEL sets the level). SIGINT and SIGTERM drain: no new connection, the open',
    'ones closed with 1012 (clients resume), the changes under way saved; then it exits.',
    '',
    'Flags (where a flag names an environment variable, that variable is read when the flag is not given):',
    '',
    blocks.map((block) => block.join('\n')).join('\n\n'),
    '',
  ].join('\n');
}
