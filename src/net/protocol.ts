/**
 * The wire protocol between the widget and the room server (docs/PROTOCOL.md): JSON text frames, one
 * object each with a `type`. The message types and their valibot schemas live here, shared by both
 * sides; the server checks every incoming frame with `parseClientMessage` and nothing else.
 */
import * as v from 'valibot';
import { HOUSE_RULE_OPTIONS, PLAYER_COUNTS, RuleError, SEED_PATTERN, VARIANTS, resolveConfig } from '../engine/index.js';
import type { DealProof, HouseRules, LegalMove, PlayerView, ResolvedConfig, Seat, SpectatorView, Tile } from '../engine/index.js';
import type { MatchEmitted } from '../machine/index.js';
import { matchConfigOf } from '../shared/match-config.js';
import { LEVELS, MAX_TARGET, TEMPOS, type Level, type Tempo } from '../shared/names.js';
import { DEFAULT_TURN_CLOCK, PHRASES, TURN_CLOCKS, type PhraseId, type TurnClock } from '../shared/phrases.js';
import { checkName } from './name-rule.js';
import { randomBase64url } from './random-id.js';
import { ID_PATTERN, type RatingFamily } from '../shared/players.js';

export { DEFAULT_TURN_CLOCK, PHRASE_GAP_MS, PHRASES, PHRASES_PER_MINUTE, TURN_CLOCKS, type PhraseId, type TurnClock } from '../shared/phrases.js';
export { MAX_NAME_LENGTH, checkName, type NameProblem } from './name-rule.js';
export { ID_PATTERN, RATING_FAMILIES, type RatingFamily } from '../shared/players.js';

/** Larger frames are refused by the socket itself (close 1009). */
export const MAX_MESSAGE_BYTES = 4096;
/**
 * A fresh room id for `create`: 128 random bits (Web Crypto), base64url without padding, as the
 * server's own. The client makes it so that the WebSocket URL can name the room before it exists.
 */
export function newRoomId(): string {
  return randomBase64url(16);
}

/**
 * Where an invite link carries the room: the page URL's fragment `#domino-room=ID.KEY`, the room's id (public:
 * the routing key of its WebSocket URL) and its invite key (secret: joins a free seat). A link made before rooms
 * had keys, `#domino-room=ID`, carries the id alone, which was the invite of the rooms of its time.
 */
export const ROOM_FRAGMENT = 'domino-room';
/** Where a watch link carries the room: `#domino-watch=ID.KEY`, the room's id and its watch key (the table read only). */
export const WATCH_FRAGMENT = 'domino-watch';
/**
 * A room and the key a link carries for it, as `peek`, `join` and `watch` take them: the invite or the
 * watch key (none in a link made before rooms had keys).
 */
export interface RoomLink {
  room: string;
  key?: string;
}

// ---------------------------------------------------------------------------------------------
// Settings of a room

const houseRuleEntries = Object.fromEntries(
  (Object.keys(HOUSE_RULE_OPTIONS) as (keyof HouseRules)[]).map((name) => [name, v.optional(v.picklist(HOUSE_RULE_OPTIONS[name]))]),
) as { [K in keyof HouseRules]: v.OptionalSchema<v.PicklistSchema<readonly HouseRules[K][], undefined>, undefined> };

/**
 * A room's settings as the host sends them and the server stores them: what is left out takes the
 * default that `roomRules` fills in (read them through it, never with a default of your own).
 * - `target`, `teams`, `houseRules`: the match's, as the engine's `resolveConfig` fills them.
 * - `tempo`: the computers' pace (`normal`).
 * - `clock`: seconds a person has for a turn before the computer plays it, 0 for no limit (`DEFAULT_TURN_CLOCK`).
 * - `phrases`: whether the seats may send quick phrases (yes).
 * - `spectators`: whether a watch link may open the table read only (yes).
 */
const SettingsFields = v.strictObject({
  variant: v.picklist(VARIANTS),
  players: v.picklist(PLAYER_COUNTS),
  target: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_TARGET))),
  teams: v.optional(v.boolean()),
  level: v.picklist(LEVELS),
  tempo: v.optional(v.picklist(TEMPOS)),
  houseRules: v.optional(v.strictObject(houseRuleEntries)),
  clock: v.optional(v.picklist(TURN_CLOCKS)),
  phrases: v.optional(v.boolean()),
  spectators: v.optional(v.boolean()),
});
/** Room settings as the wire, the server's storage and the widget's form check them (`checkSettings`). */
export const RoomSettingsSchema = v.pipe(
  SettingsFields,
  // The combinations the engine refuses (teams without four players, …) are refused here too, in its words.
  v.check((settings) => settingsProblem(settings) === null, (issue) => settingsProblem(issue.input as v.InferOutput<typeof SettingsFields>) ?? 'invalid settings'),
);

/**
 * A room's settings: the output of their schema (one truth for the wire, the server and the widget).
 * The schema is public so that the API report locks every field and its values.
 */
export type RoomSettings = v.InferOutput<typeof RoomSettingsSchema>;

/** A room's settings with every default filled in: what the server and the widget read. */
export interface RoomRules {
  /** The match: the variant, players, target, teams and house rules, as the engine resolves them. */
  match: ResolvedConfig;
  level: Level;
  tempo: Tempo;
  clock: TurnClock;
  phrases: boolean;
  spectators: boolean;
}

const RULES_OF = new WeakMap<RoomSettings, RoomRules>();

/**
 * Every setting of a room, its default filled in where left out (as `resolveConfig` does for a match).
 * The one place a room setting's default lives; settings are never changed in place, so each object's
 * rules are worked out once.
 */
export function roomRules(settings: RoomSettings): RoomRules {
  let rules = RULES_OF.get(settings);
  if (rules === undefined) {
    rules = {
      match: resolveConfig(matchConfigOf(settings)),
      level: settings.level,
      tempo: settings.tempo ?? 'normal',
      clock: settings.clock ?? DEFAULT_TURN_CLOCK,
      phrases: settings.phrases ?? true,
      spectators: settings.spectators ?? true,
    };
    RULES_OF.set(settings, rules);
  }
  return rules;
}

function settingsProblem(settings: v.InferOutput<typeof SettingsFields>): string | null {
  try {
    resolveConfig(matchConfigOf(settings));
    return null;
  } catch (error) {
    if (error instanceof RuleError) return error.message;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Client to server

/** A person's name as others see it (name-rule.ts): taken in NFC, the form the server keeps and shows. */
const NameSchema = v.pipe(
  v.string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const checked = checkName(dataset.value);
    if (checked.ok) return checked.name;
    addIssue({ message: checked.message });
    return NEVER;
  }),
);
/** Whether the server takes `name` as a person's name (`checkName` also says why not). */
export const isValidName = (name: string): boolean => checkName(name).ok;
const IdSchema = v.pipe(v.string(), v.regex(ID_PATTERN, 'must be 22 base64url characters'));
const SeqSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
const PipSchema = v.picklist([0, 1, 2, 3, 4, 5, 6] as const);
const EndSchema = v.pipe(v.string(), v.maxLength(32));
const SeedSchema = v.pipe(v.string(), v.regex(SEED_PATTERN, 'must be 64 lowercase hex characters'));

/**
 * An anonymous identity's secret as the widget keeps it: 32 random bytes, base64url without padding (43
 * characters). The schema takes any short text: what the identity core refuses is `bad-identity`, with its reason.
 */
export const IDENTITY_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A fresh anonymous identity's secret: 32 random bytes (Web Crypto), as IDENTITY_SECRET_PATTERN says. */
export function newIdentitySecret(): string {
  return randomBase64url(32);
}
/** The longest site token `identify` carries (a JWT of a few claims is a few hundred characters). */
export const MAX_SITE_TOKEN_LENGTH = 2048;
/** A quick-match pool's id, as the server names its pools (`pools`): lowercase letters, digits and dashes. */
export const POOL_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
const PoolIdSchema = v.pipe(v.string(), v.regex(POOL_ID_PATTERN, 'must be a pool id (lowercase letters, digits, dashes; at most 32)'));
const BoundedText = (most: number) => v.pipe(v.string(), v.maxLength(most, `must be at most ${most} characters`));

const MoveSchema = v.variant('type', [
  v.strictObject({ type: v.literal('play'), tile: v.strictTuple([PipSchema, PipSchema]), end: EndSchema }),
  v.strictObject({ type: v.literal('draw') }),
  v.strictObject({ type: v.literal('pass') }),
]);

const ClientMessageSchema = v.variant('type', [
  v.strictObject({ type: v.literal('create'), name: NameSchema, settings: RoomSettingsSchema, room: v.optional(IdSchema) }),
  v.strictObject({ type: v.literal('peek'), room: IdSchema, key: v.optional(IdSchema) }),
  v.strictObject({ type: v.literal('join'), room: IdSchema, name: NameSchema, key: v.optional(IdSchema) }),
  v.strictObject({ type: v.literal('resume'), room: IdSchema, token: IdSchema, seq: v.optional(SeqSchema) }),
  v.strictObject({ type: v.literal('settings'), settings: RoomSettingsSchema }),
  v.strictObject({ type: v.literal('start') }),
  v.strictObject({ type: v.literal('move'), seq: SeqSchema, move: MoveSchema }),
  v.strictObject({ type: v.literal('next-round'), seq: SeqSchema }),
  v.strictObject({ type: v.literal('new-match') }),
  v.strictObject({ type: v.literal('leave') }),
  // ---- Rooms people come back to
  v.strictObject({ type: v.literal('phrase'), phrase: v.picklist(PHRASES as unknown as PhraseId[]) }),
  v.strictObject({ type: v.literal('play-again') }),
  v.strictObject({ type: v.literal('back') }),
  // ---- Spectators and provable deals
  v.strictObject({ type: v.literal('watch'), room: IdSchema, key: v.optional(IdSchema) }),
  v.strictObject({ type: v.literal('deal-seed'), commitment: SeedSchema, seed: SeedSchema }),
  // ---- Access
  v.strictObject({ type: v.literal('newcomers'), allowed: v.boolean() }),
  // ---- Players
  // Either `secret` and `name` or `token` (identifyFormProblem says which): one schema, since a message type has one.
  v.strictObject({ type: v.literal('identify'), secret: v.optional(BoundedText(64)), name: v.optional(BoundedText(256)), token: v.optional(BoundedText(MAX_SITE_TOKEN_LENGTH)) }),
  v.strictObject({ type: v.literal('avoid'), player: IdSchema, avoid: v.boolean() }),
  // ---- Quick match
  v.strictObject({ type: v.literal('pools') }),
  v.strictObject({ type: v.literal('seek'), pool: PoolIdSchema, computers: v.optional(v.boolean()) }),
  v.strictObject({ type: v.literal('cancel-seek') }),
]);

/** `identify`'s two forms: an anonymous identity (`secret` and `name`) or a site's member (`token`), never both. */
function identifyFormProblem(message: { secret?: string; name?: string; token?: string }): string | null {
  const anonymous = message.secret !== undefined || message.name !== undefined;
  if (message.token !== undefined) return anonymous ? 'identify takes either secret and name, or token: not both' : null;
  if (message.secret === undefined) return 'secret: an anonymous identity needs its secret (or send token)';
  if (message.name === undefined) return 'name: an anonymous identity needs a name';
  return null;
}

export type WireMove = v.InferOutput<typeof MoveSchema>;
export type ClientMessage =
  /**
   * `room`: the id the new room is to have, made by the client (128 random bits, as `newRoomId` makes):
   * sent in the WebSocket URL too (`/ws?room=ID`), so that a load balancer that routes by it puts the
   * room's first connection where its later ones go. Left out, the server picks the id.
   */
  | { type: 'create'; name: string; settings: RoomSettings; room?: string }
  /**
   * `key`: the key the link carries, the room's invite (for `peek` and `join`) or its watch key (for
   * `watch`); left out, the room's id stands for it (the links of rooms made before keys: their id was
   * their invite). A key that is not the room's is refused with `bad-key`.
   */
  | { type: 'peek'; room: string; key?: string }
  | { type: 'join'; room: string; name: string; key?: string }
  /** `seq`: the last view the client holds, so that its first view carries every event since. */
  | { type: 'resume'; room: string; token: string; seq?: number }
  | { type: 'settings'; settings: RoomSettings }
  | { type: 'start' }
  | { type: 'move'; seq: number; move: { type: 'play'; tile: Tile; end: string } | { type: 'draw' } | { type: 'pass' } }
  | { type: 'next-round'; seq: number }
  | { type: 'new-match' }
  | { type: 'leave' }
  // ---- Rooms people come back to
  /** A quick phrase, by its id, to everyone in the room. */
  | { type: 'phrase'; phrase: PhraseId }
  /** After a match: this seat wants another one (it starts once every connected person does). */
  | { type: 'play-again' }
  /** The person is here again: their turns, played by the computer after two ran out, are theirs again. */
  | { type: 'back' }
  // ---- Spectators and provable deals
  /** Opens the room's table read only (a watch link); `leave` ends it, anything else is refused (`spectator`). */
  | { type: 'watch'; room: string; key?: string }
  /** This seat's seed for the next deal, answering the room's `nextDeal.commitment` (a provable deal). */
  | { type: 'deal-seed'; commitment: string; seed: string }
  // ---- Access
  /** The host opens the room to newcomers through the invite, or closes it (any time; open when made). */
  | { type: 'newcomers'; allowed: boolean }
  // ---- Players
  /**
   * Who is playing, for the connection's life: an anonymous identity (`secret`: 32 random bytes the widget
   * keeps, base64url; `name`: as a room's names) or a host site's member (`token`: a JWT the site signed,
   * docs/DEPLOY.md). Answered with `identity`, or refused with `bad-identity` or `banned`.
   */
  | { type: 'identify'; secret: string; name: string }
  | { type: 'identify'; token: string }
  /** Not to be paired with `player` (`avoid: false` takes it back); needs an identity. Answered with `avoided`. */
  | { type: 'avoid'; player: string; avoid: boolean }
  // ---- Quick match
  /** The server's pools and how many wait in each: answered with `pools`. */
  | { type: 'pools' }
  /**
   * Wait in `pool` to be seated with people of a close rating (needs an identity; a connection that
   * holds no seat). `computers`: in a pool of more than two seats, computers may take the seats still
   * empty after the pool's wait. Answered with `seeking`; a second `seek` moves the wait to its pool.
   */
  | { type: 'seek'; pool: string; computers?: boolean }
  /** Stop waiting; answered with `seek-cancelled`. */
  | { type: 'cancel-seek' };
export type ClientMessageType = ClientMessage['type'];
/** Every message type a client may send, in the schema's order (read from it: one list). */
export const CLIENT_MESSAGE_TYPES: readonly ClientMessageType[] = ClientMessageSchema.options.map((schema) => schema.entries.type.literal as ClientMessageType);

// ---------------------------------------------------------------------------------------------
// Server to client

export type SeatKindOnline = 'human' | 'computer' | 'open';
export interface RoomSeat {
  seat: Seat;
  /** The person's name, or null for a computer or an open seat. */
  name: string | null;
  kind: SeatKindOnline;
  /** The person's connection is up (false for computers and open seats). */
  connected: boolean;
  /** Has sent `next-round` for the round that just ended, or `play-again` after the match (or is a computer). */
  ready: boolean;
  /**
   * A person gone longer than the grace period, or whose turn clock ran out twice in a row: a computer
   * plays their turns until they are back (or act again).
   */
  away: boolean;
  /** At a quick-match table: the person's identity and their rating in the table's family when it was formed. */
  player?: SeatPlayer;
}
/** Who sits at a quick-match seat: the public id and the rating as shown when the table was formed. */
export interface SeatPlayer {
  id: string;
  rating: number;
  provisional: boolean;
}
export type RoomPhase = 'lobby' | 'playing' | 'over';
export interface RoomInfo {
  id: string;
  phase: RoomPhase;
  host: Seat;
  settings: RoomSettings;
  seats: RoomSeat[];
  /** How many people watch the table (spectators: not seats). */
  watchers: number;
  /** The next deal's commitment, published before it: a seat's `deal-seed` answers it. */
  nextDeal: { version: DealProof['version']; commitment: string };
  /** Whether a newcomer may take a free seat through the invite (the host's `newcomers`; true when made). */
  newcomers: boolean;
  /** A quick-match table (left out in a friends' room). */
  rated?: RatedTableInfo;
}

/**
 * A room's keys, its secret capabilities (128 random bits each, neither derived from the other): the invite
 * joins a free seat, the watch key opens the table read only and nothing else. Sent to a seat only, in
 * `welcome`; never in `room`, a view, a `table` or to a spectator. `invite` is null in a room nobody may
 * be invited to; `watch` is null only in a room made before keys until one of its seats comes back.
 */
export interface RoomKeys {
  invite: string | null;
  watch: string | null;
}

export type ErrorCode =
  | 'bad-message'
  | 'too-large'
  | 'rate-limited'
  | 'no-such-room'
  | 'room-full'
  | 'bad-token'
  | 'not-host'
  | 'wrong-phase'
  | 'not-your-turn'
  | 'stale'
  | 'illegal-move'
  | 'not-seated'
  | 'too-many'
  | 'unavailable'
  // ---- Rooms people come back to
  | 'phrases-off'
  // ---- Spectators and provable deals
  /** A spectator sent something else than `leave`. */
  | 'spectator'
  /** The host turned watching off: a watch link opens nothing. */
  | 'watching-off'
  // ---- Scale-out behind a load balancer
  /** `create` named a room id that is already a room's. */
  | 'room-taken'
  // ---- Access
  /** The key a `join`, `peek` or `watch` presented is not the room's invite (or, for `watch`, its watch key). */
  | 'bad-key'
  /** The host closed the room to newcomers: the invite joins no seat. */
  | 'room-closed'
  // ---- Players
  /** An `identify` refused: the secret, the name or the site's token (the message says which, and why). */
  | 'bad-identity'
  /** The identity is banned: this server takes it no more. */
  | 'banned'
  /** A message that needs an identity came before one was taken (`identify`). */
  | 'not-identified'
  /** A player id that is no identity this server knows. */
  | 'no-such-player'
  // ---- Quick match
  /** `seek` named a pool this server does not have (`pools` lists them). */
  | 'no-such-pool';

/**
 * A view as sent: the engine's PlayerView, plus `winner`, the name `winningSide` had before it was
 * renamed, so a page loaded before a server upgrade does not take every match for won. (The protocol
 * adds fields, never changes one.)
 */
export type WireView = PlayerView & { winner: PlayerView['winningSide'] };
/** A spectator's view as sent (no seat, no hand), with `winner` as a seat's has. */
export type WireSpectatorView = SpectatorView & { winner: PlayerView['winningSide'] };
/** The match's domain events as sent: `matchEnd` keeps its old `winner` beside `winningSide`, as the view does. */
export type WireEvent = MatchEmitted | (Extract<MatchEmitted, { type: 'matchEnd' }> & { winner: PlayerView['winningSide'] });

export type ServerMessage =
  /** `token`: only to its owner when the seat is taken; `keys`: the room's keys, to a seat only. */
  | { type: 'welcome'; room: string; seat: Seat; token?: string; keys: RoomKeys }
  | { type: 'room'; room: RoomInfo }
  /**
   * `moves`: to the seat to act only, its legal moves as the engine lists them (`legalMoves`); `dealProof`:
   * while a round is over, what proves its deal (docs/PROTOCOL.md "Provable deals").
   */
  | { type: 'view'; seq: number; view: WireView; events: WireEvent[]; moves?: LegalMove[]; clock?: TurnClockView; dealProof?: DealProof }
  | { type: 'error'; code: ErrorCode; message: string; ref?: ClientMessageType }
  // ---- Rooms people come back to
  /** A seat said a quick phrase (to everyone in the room, the sender too). */
  | { type: 'phrase'; seat: Seat; phrase: PhraseId }
  // ---- Spectators and provable deals
  /** A spectator's `view`: the public table (no seat, no hand), otherwise as a seat's. */
  | { type: 'table'; seq: number; view: WireSpectatorView; events: WireEvent[]; clock?: TurnClockView; dealProof?: DealProof }
  // ---- Players
  /** The identity the connection now holds, with its ratings. */
  | { type: 'identity'; player: PlayerSummary }
  /** An `avoid` taken: `player` is (or, with `avoid: false`, is no longer) avoided. */
  | { type: 'avoided'; player: string; avoid: boolean }
  // ---- Quick match
  /** The server's pools, answering `pools`. */
  | { type: 'pools'; pools: PoolInfo[] }
  /** The connection waits in `pool`: answers `seek`, and again whenever the number waiting there changes. */
  | { type: 'seeking'; pool: string; waiting: number }
  /** The wait ended without a table: answers `cancel-seek` (`pool`: the one left, or null when none was). */
  | { type: 'seek-cancelled'; pool: string | null }
  /**
   * A table was formed: the room made for it, the seat and the seat's token. The client opens the room's
   * own connection (`/ws?room=ROOM`) and sends `resume` with them, as after a reload.
   */
  | { type: 'matched'; pool: string; room: string; seat: Seat; token: string };

/** A quick-match table as its `room` frames show it: its pool, the family it is rated in, and once the match is rated, the outcome. */
export interface RatedTableInfo {
  pool: string;
  family: RatingFamily;
  /** Null until the match is over and rated (a `room` frame follows soon after its last `view`). */
  result: RatedResult | null;
}

/** What a rated match did: the changes recorded, or nothing since these people met too often today. */
export interface RatedResult {
  outcome: RatedOutcome;
  /** One per person (computers are not rated); empty when `outcome` is `over-pair-cap`. */
  changes: RatingChange[];
}

/** A quick-match pool as `pools` lists it. */
export interface PoolInfo {
  id: string;
  /** The match its tables play (every other setting the default). */
  settings: Pick<RoomSettings, 'variant' | 'players' | 'teams' | 'target'>;
  family: RatingFamily;
  /** How many wait in it now. */
  waiting: number;
  /** Seconds after which computers may take a table's empty seats (for seekers who agree); null in a pool of two seats. */
  computersAfter: number | null;
}

/** `rated`: the changes were recorded, or the match was not rated since these two (or more) met too often today. */
export type RatedOutcome = 'rated' | 'over-pair-cap';

/** One person's rating after a rated match (`before` and `after` as shown). */
export interface RatingChange {
  seat: Seat;
  id: string;
  before: number;
  after: number;
  /** Still provisional after the match (fewer than ten rated matches). */
  provisional: boolean;
  /** Placed last for leaving, staying away until the end, or leaving most of their moves to the computer. */
  forfeit: boolean;
}


/** A rating as people see it. */
export interface ShownRating {
  /** The number shown: 1000 for a newcomer, rising with wins (a whole number). */
  rating: number;
  /** Fewer than ten rated matches in the family: the number is still settling (the widget shows "?"). */
  provisional: boolean;
  /** Rated matches played in the family. */
  matches: number;
}

/** `anonymous`: the widget's own identity (its secret); `site`: a member the host site signed a token for. */
export type IdentityKind = 'anonymous' | 'site';

/** One row of a leaderboard (`GET /leaderboard`, docs/PROTOCOL.md "Players over HTTP"). */
export interface LeaderboardRow {
  /** 1 for the best. */
  rank: number;
  id: string;
  name: string;
  rating: number;
  matches: number;
  provisional: boolean;
}

/** Someone else at a rated table, named as they were then. */
export interface TablePerson {
  id: string;
  name: string;
}

/** One rated match as its player's card shows it (`GET /players/ID`'s `history`). */
export interface HistoryEntry {
  /** When it was recorded (ms since the epoch). */
  at: number;
  family: RatingFamily;
  opponents: TablePerson[];
  /** The player's partners (four in teams); empty otherwise. */
  partners: TablePerson[];
  /** 1 for the winner; people who finished level share a place. */
  place: number;
  /** How many places the table had. */
  places: number;
  /** The shown rating before and after the match. */
  before: number;
  after: number;
}

/** A player as the wire shows them to anyone: never a secret, a token, whom they avoid or whether they are banned. */
export interface PlayerSummary {
  /** The public id: 22 base64url characters. */
  id: string;
  name: string;
  kind: IdentityKind;
  /** Only the families the player has been rated in. */
  ratings: Partial<Record<RatingFamily, ShownRating>>;
}

/**
 * The turn clock as a `view` carries it: the seat to act and the time it has left when the view was
 * sent (ms, by the server's clock; the client counts down from when it got the view). Left out when no
 * clock runs (none set, no person to act, or the computer plays that seat).
 */
export interface TurnClockView {
  seat: Seat;
  msLeft: number;
}

// ---------------------------------------------------------------------------------------------
// Parsing

export type Parsed =
  | { ok: true; message: ClientMessage }
  | { ok: false; code: 'bad-message'; message: string; ref?: ClientMessageType };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Each message type's schema: a frame is checked against its own type's at once, not tried against each in turn. */
const SCHEMA_BY_TYPE = new Map(ClientMessageSchema.options.map((schema, i) => [CLIENT_MESSAGE_TYPES[i]!, schema]));

/** The last forbidden key met in the order JSON.parse's reviver would meet it (children before their parent), or null. */
function forbiddenKey(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  let found: string | null = null;
  for (const key of Object.keys(value)) {
    found = forbiddenKey((value as Record<string, unknown>)[key]) ?? found;
    if (FORBIDDEN_KEYS.has(key)) found = key;
  }
  return found;
}

/** Reads one text frame from a client. Never throws; a refusal names the problem and, when known, the message type. */
export function parseClientMessage(text: string): Parsed {
  let data: unknown;
  try {
    // JSON.parse makes a "__proto__" key an own property (never the prototype): a walk finds it, and a reviver would slow every parse.
    data = JSON.parse(text);
  } catch {
    return { ok: false, code: 'bad-message', message: 'not JSON' };
  }
  const type = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as { type?: unknown }).type : undefined;
  const ref = SCHEMA_BY_TYPE.has(type as ClientMessageType) ? (type as ClientMessageType) : undefined;
  const refusal = (message: string): Parsed => ({ ok: false, code: 'bad-message', message, ...(ref ? { ref } : {}) });
  const forbidden = forbiddenKey(data);
  if (forbidden !== null) return refusal(`the key "${forbidden}" is not allowed`);
  if (ref === undefined) {
    return refusal(typeof type === 'string' ? `unknown message type "${type.slice(0, 40)}"` : 'a message is an object with a "type"');
  }
  const result = v.safeParse(SCHEMA_BY_TYPE.get(ref)!, data);
  if (!result.success) return refusal(describeIssue(result.issues[0]));
  const formProblem = result.output.type === 'identify' ? identifyFormProblem(result.output) : null;
  if (formProblem !== null) return refusal(formProblem);
  return { ok: true, message: result.output as ClientMessage };
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = v.getDotPath(issue);
  if (issue.kind === 'schema' && issue.type === 'strict_object' && issue.expected === 'never') {
    return `unknown field "${[path].filter(Boolean).join('.') || String(issue.input)}"`;
  }
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Checks room settings outside a message (the widget's form, stored rooms). */
export function checkSettings(settings: unknown): { ok: true; settings: RoomSettings } | { ok: false; message: string } {
  const result = v.safeParse(RoomSettingsSchema, settings);
  return result.success ? { ok: true, settings: result.output } : { ok: false, message: describeIssue(result.issues[0]) };
}
