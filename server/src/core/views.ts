/**
 * The `view` frames of one change, assembled rather than serialized whole for every seat: what every
 * seat sees alike (config, table, counts, scores, the revealed hands at a round's end) is serialized
 * once, and each seat adds only what is its own: its seat, its hand, the round (whose required lead
 * only its leader sees), and the log (where only its own draws name their tile).
 *
 * Every field still comes from the engine's allow-list of what a seat may see (`configView`,
 * `placementView` and `sharedStatus`, which `sharedView` is made of, `seatView` and `viewLogEntry`,
 * which `playerView` is made of): this module only joins their JSON, and a test checks, over random
 * matches, that every frame parses to exactly `{ ...playerView(game, seat), winner }`.
 *
 * The parts that outlive a change are serialized once for the match, not once a change: the engine
 * keeps the same object for the configuration, for each seat's hand while it does not change and for
 * each entry of the round's log from one state to the next, so their JSON is kept beside them (weakly:
 * it goes with them). The table and the round's log only grow, so each is kept as one JSON text with
 * the item it ends at, and the next change adds just its new items' JSON; each seat's log is cut from
 * the public one, its own draws put in.
 */
import { configView, legalMoves, placementView, seatView, sharedStatus, spectatorView, viewLogEntry, type DealProof, type LogEntry, type MatchState, type Placement, type Seat } from 'domino-game/engine';
import type { MatchEmitted } from 'domino-game/machine';
import type { WireEvent } from 'domino-game/protocol';

/** The events as sent: `matchEnd` keeps its old `winner` beside `winningSide` (protocol.ts WireEvent). */
export function wireEvents(events: readonly MatchEmitted[]): WireEvent[] {
  return events.map((event) => (event.type === 'matchEnd' ? { ...event, winner: event.winningSide } : event));
}

/** JSON of an engine object that stays the same across states, keyed by that object. */
const kept = new WeakMap<object, string>();

function once(key: object, value: () => unknown): string {
  let json = kept.get(key);
  if (json === undefined) {
    json = JSON.stringify(value());
    kept.set(key, json);
  }
  return json;
}

/** JSON array members (no brackets) of an append-only list of the engine's, up to its `count`th item, `last`. */
interface GrownJson<T> {
  count: number;
  last: T;
  json: string;
}

/**
 * Whether `list` is the list `before` was made of, grown by appends since: the engine appends to the
 * table and to the log and never replaces an item, and a new round's or match's list holds new ones.
 */
function grewFrom<T>(before: GrownJson<T> | undefined, list: readonly T[]): before is GrownJson<T> {
  return before !== undefined && before.count <= list.length && list[before.count - 1] === before.last;
}

/** The table as everyone sees it, by match (keyed by its configuration, the one object every state of a match shares). */
const publicTables = new WeakMap<object, GrownJson<Placement>>();

function tableJson(game: MatchState): string {
  const table = game.table;
  if (table.length === 0) return '[]';
  const before = publicTables.get(game.config);
  const grows = grewFrom(before, table);
  if (grows && before.count === table.length) return `[${before.json}]`;
  let json = grows ? before.json : '';
  for (let index = grows ? before.count : 0; index < table.length; index++) {
    if (json !== '') json += ',';
    json += JSON.stringify(placementView(table[index]!));
  }
  publicTables.set(game.config, { count: table.length, last: table[table.length - 1]!, json: flat(json) });
  return `[${json}]`;
}

/**
 * The round's log as anyone sees it, as JSON array members (no brackets), up to and including the entry
 * `last`, the log's `count`th; and where each draw's member lies in the text, since a seat sees its own
 * draws with their tile: the one place where seats' logs differ.
 */
interface PublicLog extends GrownJson<LogEntry> {
  draws: { index: number; seat: Seat; start: number; end: number }[];
}

/**
 * The public log so far, by match: keyed by the match's configuration, the one object every state of a
 * match shares (see grewFrom). One text for the room, not one per seat: a seat's log is cut from it as
 * its frame is made.
 */
const publicLogs = new WeakMap<object, PublicLog>();

/** A draw as the seat that drew it sees it (with its tile), by the entry: entries outlive changes. */
const ownDraws = new WeakMap<LogEntry, string>();

/**
 * `text`, flat: a string joined with `+` stays a tree of its parts until it is read whole, and a log
 * grown a change at a time would keep a chain of every earlier text. Reading it as a number makes V8
 * flatten it in place.
 */
function flat(text: string): string {
  void Number(text);
  return text;
}

/** The public log of `game`, grown from the one of the match's previous change when that is its start. */
function publicLog(game: MatchState): PublicLog {
  const log = game.log;
  const before = publicLogs.get(game.config);
  const grows = grewFrom(before, log);
  if (grows && before.count === log.length) return before;
  let json = grows ? before.json : '';
  const draws = grows ? before.draws.slice() : [];
  for (let index = grows ? before.count : 0; index < log.length; index++) {
    const entry = log[index]!;
    const member = JSON.stringify(viewLogEntry(entry, null));
    if (json !== '') json += ',';
    if (entry.type === 'draw') draws.push({ index, seat: entry.seat, start: json.length, end: json.length + member.length });
    json += member;
  }
  const grown = { count: log.length, last: log[log.length - 1]!, json: flat(json), draws };
  publicLogs.set(game.config, grown);
  return grown;
}

export class ViewFrames {
  private sharedJson: string | null = null;
  /** The seat to act's legal moves, as the engine lists them (its frame's `moves`), made once per change. */
  private movesJson: string | null = null;

  private readonly proofJson: string;

  /** `game`: the match after the change; `seq`: the change's; `dealProof`: the round's, once it is over. */
  constructor(
    private readonly game: MatchState,
    private readonly seq: number,
    dealProof: DealProof | null = null,
  ) {
    this.proofJson = dealProof ? `,"dealProof":${JSON.stringify(dealProof)}` : '';
  }

  /**
   * The frame for `seat`, with `eventsJson` (a JSON array of wire events) as its events; `tailJson`:
   * more members of the message, each after a comma (the turn clock). The seat to act's frame also
   * carries its legal moves (`moves`: the engine's `legalMoves`), so that a client needs no rules of its own.
   */
  frame(seat: Seat, eventsJson: string, tailJson = ''): string {
    const own = seatView(this.game, seat);
    const shared = (this.sharedJson ??= this.sharedPart());
    const moves = this.game.turn === seat ? `,"moves":${(this.movesJson ??= JSON.stringify(legalMoves(this.game)))}` : '';
    return (
      `{"type":"view","seq":${this.seq},"view":{"seat":${seat},"hand":${once(this.game.hands[seat]!, () => own.hand)},` +
      `"round":${JSON.stringify(own.round)},"log":${this.logJson(seat)},${shared}},"events":${eventsJson}${moves}${tailJson}${this.proofJson}}`
    );
  }

  /** A spectator's frame (`table`): the engine's `spectatorView`, its shared part serialized once with the seats'. */
  spectatorFrame(eventsJson: string, tailJson = ''): string {
    const view = spectatorView(this.game);
    const shared = (this.sharedJson ??= this.sharedPart());
    return (
      `{"type":"table","seq":${this.seq},"view":{"seat":null,"hand":[],"round":${JSON.stringify(view.round)},` +
      `"log":${this.logJson(null)},${shared}},"events":${eventsJson}${tailJson}${this.proofJson}}`
    );
  }

  /** The log as `seat` sees it: the public one with the seat's own draws put in (null: as a spectator sees it). */
  private logJson(seat: Seat | null): string {
    const log = this.game.log;
    if (log.length === 0) return '[]';
    const { json, draws } = publicLog(this.game);
    let own = '';
    let at = 0;
    for (const draw of draws) {
      if (draw.seat !== seat) continue;
      const entry = log[draw.index]!;
      let member = ownDraws.get(entry);
      if (member === undefined) ownDraws.set(entry, (member = JSON.stringify(viewLogEntry(entry, seat))));
      own += json.slice(at, draw.start) + member;
      at = draw.end;
    }
    return at === 0 ? `[${json}]` : `[${own}${json.slice(at)}]`;
  }

  /** The seat-independent fields of a view as JSON members (no braces), in `sharedView`'s order, with `winner` beside `winningSide`. */
  private sharedPart(): string {
    const game = this.game;
    const status = sharedStatus(game);
    return `"config":${once(game.config, () => configView(game.config))},"table":${tableJson(game)},${JSON.stringify(status).slice(1, -1)},"winner":${JSON.stringify(status.winningSide)}`;
  }
}
