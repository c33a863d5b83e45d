/**
 * The changes of a room, as its log stores them: an accepted message or timer becomes one entry
 * (sometimes two: a `ready` that completes the table is followed by the `deal`), appended to the
 * room's log; a room is its last snapshot with the entries since replayed onto it (room.ts
 * `applyEntry`). An entry carries everything its change depends on (the time, the seat, the token's
 * hash, the process holding a connection), so replaying it gives the same room on any process.
 *
 * Stored as a compact JSON array, a few tens of bytes: `["m",at,seat,seq,"p","p",6,4,"left"]`.
 */
import { SEED_PATTERN, type Move, type Seat } from 'domino-game/engine';
import { checkSettings, ID_PATTERN, type RatedResult, type RoomSettings } from 'domino-game/protocol';

export type Entry =
  /** A newcomer takes the lowest free seat (open before the start, a computer's after it). */
  | { type: 'join'; at: number; name: string; tokenHash: string }
  /** A person's connection is held by `via` (a process id) from now. */
  | { type: 'connect'; at: number; seat: Seat; via: string }
  | { type: 'disconnect'; at: number; seat: Seat }
  | { type: 'leave'; at: number; seat: Seat }
  | { type: 'settings'; at: number; seat: Seat; settings: RoomSettings }
  /** `nextSeed`: the secret of the deal after this one's (absent in logs from before provable deals). */
  | { type: 'start'; at: number; seat: Seat; nextSeed?: string }
  /**
   * `by: 'person'` is the seat's own move; `'computer'` one chosen for it (a computer seat, an away
   * person); `'clock'` one chosen for a person whose turn clock ran out.
   */
  | { type: 'move'; at: number; seat: Seat; seq: number; by: MoveBy; move: Move }
  | { type: 'ready'; at: number; seat: Seat; seq: number }
  /** The next round: every connected person was ready, or the wait after the round was over. */
  | { type: 'deal'; at: number; seq: number; nextSeed?: string }
  | { type: 'new-match'; at: number; seat: Seat; nextSeed?: string }
  // ---- Rooms people come back to
  /** After the match: the seat wants another (the service adds the `new-match` once every connected person does). */
  | { type: 'again'; at: number; seat: Seat }
  /** The person acted again after their clock ran out twice: their turns are theirs again. */
  | { type: 'back'; at: number; seat: Seat }
  // ---- Spectators and provable deals
  /** A person's seed for the next deal (a provable deal). */
  | { type: 'deal-seed'; at: number; seat: Seat; seed: string }
  /** `via` (a process) holds `count` spectators of the room from now. */
  | { type: 'watchers'; at: number; via: string; count: number }
  // ---- Access
  /** The host opens the room to newcomers through the invite, or closes it. */
  | { type: 'newcomers'; at: number; seat: Seat; allowed: boolean }
  /** A room made before keys gets its watch key (minted by the server when one of its seats comes back). */
  | { type: 'watch-key'; at: number; key: string }
  // ---- Quick match
  /** A quick-match table's match was rated (or found over the daily cap): what the players' store recorded. */
  | { type: 'rated'; at: number; result: RatedResult };

export type MoveBy = 'person' | 'computer' | 'clock';
const MOVE_BY_TAGS = { person: 'p', computer: 'c', clock: 't' } as const;
const MOVE_BY_OF_TAG: Record<string, MoveBy> = { p: 'person', c: 'computer', t: 'clock' };

export type EntryType = Entry['type'];

/** A stored entry that cannot be read: the log is damaged, and the room is not loaded from it. */
export class CorruptEntry extends Error {
  constructor(text: string, why: string) {
    super(`a stored room change cannot be read (${why}): ${text.slice(0, 120)}`);
  }
}

export function encodeEntry(entry: Entry): string {
  switch (entry.type) {
    case 'join':
      return JSON.stringify(['j', entry.at, entry.name, entry.tokenHash]);
    case 'connect':
      return JSON.stringify(['c', entry.at, entry.seat, entry.via]);
    case 'disconnect':
      return JSON.stringify(['d', entry.at, entry.seat]);
    case 'leave':
      return JSON.stringify(['l', entry.at, entry.seat]);
    case 'settings':
      return JSON.stringify(['s', entry.at, entry.seat, entry.settings]);
    case 'start':
      return JSON.stringify(['S', entry.at, entry.seat, ...seedOf(entry)]);
    case 'move': {
      const { move } = entry;
      const by = MOVE_BY_TAGS[entry.by];
      const played = move.type === 'play' ? ['p', move.tile[0], move.tile[1], move.end] : [move.type === 'draw' ? 'd' : 'x'];
      return JSON.stringify(['m', entry.at, entry.seat, entry.seq, by, ...played]);
    }
    case 'ready':
      return JSON.stringify(['r', entry.at, entry.seat, entry.seq]);
    case 'deal':
      return JSON.stringify(['D', entry.at, entry.seq, ...seedOf(entry)]);
    case 'new-match':
      return JSON.stringify(['n', entry.at, entry.seat, ...seedOf(entry)]);
    case 'again':
      return JSON.stringify(['a', entry.at, entry.seat]);
    case 'back':
      return JSON.stringify(['b', entry.at, entry.seat]);
    case 'deal-seed':
      return JSON.stringify(['z', entry.at, entry.seat, entry.seed]);
    case 'watchers':
      return JSON.stringify(['w', entry.at, entry.via, entry.count]);
    case 'newcomers':
      return JSON.stringify(['o', entry.at, entry.seat, entry.allowed ? 1 : 0]);
    case 'watch-key':
      return JSON.stringify(['k', entry.at, entry.key]);
    case 'rated':
      return JSON.stringify(['R', entry.at, entry.result]);
  }
}

const seedOf = (entry: { nextSeed?: string }): string[] => (entry.nextSeed === undefined ? [] : [entry.nextSeed]);
const isSeedHex = (x: unknown): x is string => typeof x === 'string' && SEED_PATTERN.test(x);
/** A deal's next seed at `data[3]`, when the entry has one (older logs do not). */
const nextSeedAt = (data: unknown[]): { nextSeed?: string } => (data.length === 4 ? { nextSeed: data[3] as string } : {});

const isWhole = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
const isSeat = (x: unknown): x is Seat => Number.isInteger(x) && (x as number) >= 0 && (x as number) < 4;
const isPip = (x: unknown): x is 0 | 1 | 2 | 3 | 4 | 5 | 6 => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 6;
const isText = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= 200;

const isRatingChange = (x: unknown): boolean => {
  const c = x as Record<string, unknown>;
  return typeof x === 'object' && x !== null && isSeat(c.seat) && typeof c.id === 'string' && ID_PATTERN.test(c.id) && Number.isSafeInteger(c.before) && Number.isSafeInteger(c.after) && typeof c.provisional === 'boolean' && typeof c.forfeit === 'boolean';
};
const isRatedResult = (x: unknown): boolean => {
  const r = x as Record<string, unknown>;
  return typeof x === 'object' && x !== null && (r.outcome === 'rated' || r.outcome === 'over-pair-cap') && Array.isArray(r.changes) && r.changes.length <= 4 && r.changes.every(isRatingChange);
};

/** Reads a stored entry back; anything but an entry this module wrote throws CorruptEntry. */
export function decodeEntry(text: string): Entry {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CorruptEntry(text, 'not JSON');
  }
  if (!Array.isArray(data) || !isWhole(data[1])) throw new CorruptEntry(text, 'not an entry');
  const [tag, at] = data as [unknown, number];
  const fail = (): never => {
    throw new CorruptEntry(text, `a malformed "${String(tag)}" entry`);
  };
  switch (tag) {
    case 'j':
      if (data.length !== 4 || !isText(data[2]) || !isText(data[3])) fail();
      return { type: 'join', at, name: data[2] as string, tokenHash: data[3] as string };
    case 'c':
      if (data.length !== 4 || !isSeat(data[2]) || !isText(data[3])) fail();
      return { type: 'connect', at, seat: data[2] as Seat, via: data[3] as string };
    case 'd':
    case 'l':
    case 'a':
    case 'b': {
      if (data.length !== 3 || !isSeat(data[2])) fail();
      const type = ({ d: 'disconnect', l: 'leave', a: 'again', b: 'back' } as const)[tag];
      return { type, at, seat: data[2] as Seat };
    }
    case 'S':
    case 'n': {
      if ((data.length !== 3 && data.length !== 4) || !isSeat(data[2]) || (data.length === 4 && !isSeedHex(data[3]))) fail();
      return { type: tag === 'S' ? 'start' : 'new-match', at, seat: data[2] as Seat, ...nextSeedAt(data) };
    }
    case 'z':
      if (data.length !== 4 || !isSeat(data[2]) || !isSeedHex(data[3])) fail();
      return { type: 'deal-seed', at, seat: data[2] as Seat, seed: data[3] as string };
    case 'w':
      if (data.length !== 4 || !isText(data[2]) || !isWhole(data[3])) fail();
      return { type: 'watchers', at, via: data[2] as string, count: data[3] as number };
    case 'o':
      if (data.length !== 4 || !isSeat(data[2]) || (data[3] !== 0 && data[3] !== 1)) fail();
      return { type: 'newcomers', at, seat: data[2] as Seat, allowed: data[3] === 1 };
    case 'k':
      if (data.length !== 3 || typeof data[2] !== 'string' || !ID_PATTERN.test(data[2])) fail();
      return { type: 'watch-key', at, key: data[2] as string };
    case 'R':
      if (data.length !== 3 || !isRatedResult(data[2])) fail();
      return { type: 'rated', at, result: data[2] as RatedResult };
    case 's': {
      const checked = data.length === 4 && isSeat(data[2]) ? checkSettings(data[3]) : null;
      if (!checked?.ok) return fail();
      return { type: 'settings', at, seat: data[2] as Seat, settings: checked.settings };
    }
    case 'm': {
      const [, , seat, seq, by, kind, a, b, end] = data as unknown[];
      const moveBy = typeof by === 'string' && Object.hasOwn(MOVE_BY_OF_TAG, by) ? MOVE_BY_OF_TAG[by] : undefined;
      if (!isSeat(seat) || !isWhole(seq) || moveBy === undefined) fail();
      let move: Move;
      if (kind === 'p' && data.length === 9 && isPip(a) && isPip(b) && isText(end)) move = { type: 'play', tile: [a, b], end };
      else if (kind === 'd' && data.length === 6) move = { type: 'draw' };
      else if (kind === 'x' && data.length === 6) move = { type: 'pass' };
      else return fail();
      return { type: 'move', at, seat: seat as Seat, seq: seq as number, by: moveBy!, move };
    }
    case 'r':
      if (data.length !== 4 || !isSeat(data[2]) || !isWhole(data[3])) fail();
      return { type: 'ready', at, seat: data[2] as Seat, seq: data[3] as number };
    case 'D':
      if ((data.length !== 3 && data.length !== 4) || !isWhole(data[2]) || (data.length === 4 && !isSeedHex(data[3]))) fail();
      return { type: 'deal', at, seq: data[2] as number, ...nextSeedAt(data) };
    default:
      return fail();
  }
}
