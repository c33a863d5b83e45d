/**
 * The `view` frames of one change, assembled rather than serialized whole for every seat: what every
 * seat sees alike (config, table, counts, scores, the revealed hands at a round's end) is serialized
 * once, and each seat adds only what is its own: its seat, its hand, the round (whose required lead
 * only its leader sees), and the log (where only its own draws name their tile).
 *
 * Every field still comes from the engine's allow-list of what a seat may see (`sharedView`, `seatView`
 * and `viewLogEntry`, which `playerView` is made of): this module only joins their JSON, and a test checks, over random
 * matches, that every frame parses to exactly `{ ...playerView(game, seat), winner }`.
 *
 * The parts that outlive a change are serialized once for the match, not once a change: the engine
 * keeps the same object for the configuration, for each tile on the table and for each entry of the
 * round's log from one state to the next, so their JSON is kept beside them (weakly: it goes with
 * them). Each seat's log is kept as one JSON text with the entry it ends at: the round's log only
 * grows, so the next change adds just its new entries' JSON to it.
 */
import { seatView, sharedView, spectatorView, viewLogEntry, type DealProof, type LogEntry, type MatchState, type Seat } from 'domino-game/engine';
import type { MatchEmitted } from 'domino-game/machine';
import type { WireEvent } from 'domino-game/protocol';

/** The events as sent: `matchEnd` keeps its old `winner` beside `winningSide` (protocol.ts WireEvent). */
export function wireEvents(events: readonly MatchEmitted[]): WireEvent[] {
  return events.map((event) => (event.type === 'matchEnd' ? { ...event, winner: event.winningSide } : event));
}

/** JSON of an engine object that stays the same across states, keyed by that object. */
const kept = new WeakMap<object, string>();

function once(key: object, value: unknown): string {
  let json = kept.get(key);
  if (json === undefined) {
    json = JSON.stringify(value);
    kept.set(key, json);
  }
  return json;
}

/** A seat's log as JSON array members (no brackets), up to and including the entry `last`, the log's `count`th. */
interface LogSoFar {
  count: number;
  last: LogEntry;
  json: string;
}

/**
 * Each seat's log so far, by match: keyed by the match's configuration, the one object every state of
 * a match shares. Whether a state's log only grew from the one kept is told by its entry at the kept
 * count being the kept one (the engine appends entries and never replaces them; a new round's log
 * holds new ones).
 */
const logsSoFar = new WeakMap<object, (LogSoFar | undefined)[]>();

/**
 * `text`, flat: a string joined with `+` stays a tree of its parts until it is read whole, and a log
 * grown a change at a time would keep a chain of every earlier text. Reading it as a number makes V8
 * flatten it in place.
 */
function flat(text: string): string {
  void Number(text);
  return text;
}

export class ViewFrames {
  private sharedJson: string | null = null;

  private readonly proofJson: string;

  /** `game`: the match after the change; `seq`: the change's; `dealProof`: the round's, once it is over (#19). */
  constructor(
    private readonly game: MatchState,
    private readonly seq: number,
    dealProof: DealProof | null = null,
  ) {
    this.proofJson = dealProof ? `,"dealProof":${JSON.stringify(dealProof)}` : '';
  }

  /**
   * The frame for `seat`, with `eventsJson` (a JSON array of wire events) as its events; `tailJson`:
   * more members of the message, each after a comma (the turn clock, #19).
   */
  frame(seat: Seat, eventsJson: string, tailJson = ''): string {
    const own = seatView(this.game, seat);
    const shared = (this.sharedJson ??= this.sharedPart());
    return (
      `{"type":"view","seq":${this.seq},"view":{"seat":${seat},"hand":${JSON.stringify(own.hand)},` +
      `"round":${JSON.stringify(own.round)},"log":${this.logJson(seat)},${shared}},"events":${eventsJson}${tailJson}${this.proofJson}}`
    );
  }

  /** A spectator's frame (`table`, #19): the engine's `spectatorView`, its shared part serialized once with the seats'. */
  spectatorFrame(eventsJson: string, tailJson = ''): string {
    const view = spectatorView(this.game);
    const shared = (this.sharedJson ??= this.sharedPart());
    return (
      `{"type":"table","seq":${this.seq},"view":{"seat":null,"hand":[],"round":${JSON.stringify(view.round)},` +
      `"log":${JSON.stringify(view.log)},${shared}},"events":${eventsJson}${tailJson}${this.proofJson}}`
    );
  }

  /** The log as `seat` sees it, grown from the one of the match's previous change when that is its start. */
  private logJson(seat: Seat): string {
    const log = this.game.log;
    if (log.length === 0) return '[]';
    let seats = logsSoFar.get(this.game.config);
    if (!seats) logsSoFar.set(this.game.config, (seats = []));
    const before = seats[seat];
    const from = before && before.count <= log.length && log[before.count - 1] === before.last ? before.count : 0;
    let json = from > 0 ? before!.json : '';
    if (from < log.length) {
      const added = log
        .slice(from)
        .map((entry) => JSON.stringify(viewLogEntry(entry, seat)))
        .join(',');
      json = flat(from > 0 ? `${json},${added}` : added);
      seats[seat] = { count: log.length, last: log[log.length - 1]!, json };
    }
    return `[${json}]`;
  }

  /** The seat-independent fields of a view as JSON members (no braces), with `winner` beside `winningSide`. */
  private sharedPart(): string {
    const { config, table, ...rest } = sharedView(this.game);
    const tableJson = `[${table.map((placement, i) => once(this.game.table[i]!, placement)).join(',')}]`;
    const restJson = JSON.stringify({ ...rest, winner: rest.winningSide }).slice(1, -1);
    return `"config":${once(this.game.config, config)},"table":${tableJson},${restJson}`;
  }
}
