/**
 * The `view` frames of one change, assembled rather than serialized whole for every seat: what every
 * seat sees alike (config, table, counts, scores, the revealed hands at a round's end) is serialized
 * once, and each seat adds only what is its own: its seat, its hand, the round (whose required lead
 * only its leader sees), and the log (where only its own draws name their tile).
 *
 * Every field still comes from the engine's `playerView`, the one allow-list of what a seat may see:
 * this module only knows which of its fields differ between seats, and a test checks, over random
 * matches, that every frame parses to exactly `{ ...playerView(game, seat), winner }`.
 *
 * The parts that outlive a change are serialized once for the match, not once a change: the engine
 * keeps the same object for the configuration, for each tile on the table and for each entry of the
 * round's log from one state to the next, so their JSON is kept beside them (weakly: it goes with
 * them). A log entry is kept in two forms, as its own seat sees it and as the others do.
 */
import { playerView, spectatorView, type DealProof, type MatchState, type PlayerView, type Seat, type SpectatorView } from 'domino-game/engine';
import type { MatchEmitted } from 'domino-game/machine';
import type { WireEvent } from 'domino-game/protocol';

/** The events as sent: `matchEnd` keeps its old `winner` beside `winningSide` (protocol.ts WireEvent). */
export function wireEvents(events: readonly MatchEmitted[]): WireEvent[] {
  return events.map((event) => (event.type === 'matchEnd' ? { ...event, winner: event.winningSide } : event));
}

/** JSON of an engine object that stays the same across states, keyed by that object. */
const kept = new WeakMap<object, string>();
/** A log entry's JSON as the other seats see it (its own seat's form is in `kept`). */
const keptForOthers = new WeakMap<object, string>();

function once(key: object, value: unknown, cache: WeakMap<object, string> = kept): string {
  let json = cache.get(key);
  if (json === undefined) {
    json = JSON.stringify(value);
    cache.set(key, json);
  }
  return json;
}

export class ViewFrames {
  private sharedJson: string | null = null;

  private readonly proofJson: string;

  /** `game`: the match after the change; `seq`: the change's; `dealProof`: the round's, once it is over. */
  constructor(
    private readonly game: MatchState,
    private readonly seq: number,
    dealProof: DealProof | null = null,
  ) {
    this.proofJson = dealProof ? `,"dealProof":${JSON.stringify(dealProof)}` : '';
  }

  /** The frame for `seat`, with `eventsJson` (a JSON array of wire events) as its events. */
  frame(seat: Seat, eventsJson: string): string {
    const view = playerView(this.game, seat);
    const shared = (this.sharedJson ??= this.sharedPart(view));
    return (
      `{"type":"view","seq":${this.seq},"view":{"seat":${view.seat},"hand":${JSON.stringify(view.hand)},` +
      `"round":${JSON.stringify(view.round)},"log":${this.logJson(view)},${shared}},"events":${eventsJson}${this.proofJson}}`
    );
  }

  /**
   * A spectator's frame (`table`): the engine's `spectatorView` whole (its round and log are every
   * seat's but nobody's own; the shared part is a seat's, which holds nothing of a seat's own).
   */
  spectatorFrame(eventsJson: string): string {
    const view = spectatorView(this.game);
    const shared = (this.sharedJson ??= this.sharedPart(view));
    return `{"type":"table","seq":${this.seq},"view":{"seat":null,"hand":[],"round":${JSON.stringify(view.round)},"log":${JSON.stringify(view.log)},${shared}},"events":${eventsJson}${this.proofJson}}`;
  }

  /** The view's log, each entry's JSON kept with the engine's entry it shows. */
  private logJson(view: PlayerView): string {
    const { log } = this.game;
    const parts = view.log.map((entry, i) => {
      const source = log[i]!;
      return once(source, entry, entry.seat === view.seat ? kept : keptForOthers);
    });
    return `[${parts.join(',')}]`;
  }

  /** The seat-independent fields of a view as JSON members (no braces), with `winner` beside `winningSide`. */
  private sharedPart(view: PlayerView | SpectatorView): string {
    const { seat: _seat, hand: _hand, round: _round, log: _log, config, table, ...rest } = view;
    const tableJson = `[${table.map((placement, i) => once(this.game.table[i]!, placement)).join(',')}]`;
    const restJson = JSON.stringify({ ...rest, winner: rest.winningSide }).slice(1, -1);
    return `"config":${once(this.game.config, config)},"table":${tableJson},${restJson}`;
  }
}
