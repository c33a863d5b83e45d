/**
 * The `view` frames of one change, assembled rather than serialized whole for every seat: what every
 * seat sees alike (config, table, counts, scores, the revealed hands at a round's end) is serialized
 * once, and each seat adds only what is its own: its seat, its hand, the round (whose required lead
 * only its leader sees), and the log (where only its own draws name their tile).
 *
 * Every field still comes from the engine's `playerView`, the one allow-list of what a seat may see:
 * this module only knows which of its fields differ between seats, and a test checks, over random
 * matches, that every frame parses to exactly `{ ...playerView(game, seat), winner }`.
 */
import { playerView, type MatchState, type PlayerView, type Seat } from 'domino-game/engine';
import type { MatchEmitted } from 'domino-game/machine';
import type { WireEvent } from 'domino-game/protocol';

/** The fields of a PlayerView that differ from seat to seat; the rest is the same for every seat. */
type OwnFields = 'seat' | 'hand' | 'round' | 'log';
type SharedFields = Omit<PlayerView, OwnFields>;

/** The events as sent: `matchEnd` keeps its old `winner` beside `winningSide` (protocol.ts WireEvent). */
export function wireEvents(events: readonly MatchEmitted[]): WireEvent[] {
  return events.map((event) => (event.type === 'matchEnd' ? { ...event, winner: event.winningSide } : event));
}

export class ViewFrames {
  private sharedJson: string | null = null;

  /** `game`: the match after the change; `seq`: the change's. */
  constructor(
    private readonly game: MatchState,
    private readonly seq: number,
  ) {}

  /** The frame for `seat`, with `eventsJson` (a JSON array of wire events) as its events. */
  frame(seat: Seat, eventsJson: string): string {
    const view = playerView(this.game, seat);
    const shared = (this.sharedJson ??= sharedPart(view));
    return (
      `{"type":"view","seq":${this.seq},"view":{"seat":${view.seat},"hand":${JSON.stringify(view.hand)},` +
      `"round":${JSON.stringify(view.round)},"log":${JSON.stringify(view.log)},${shared}},"events":${eventsJson}}`
    );
  }
}

/** The seat-independent fields of a view as JSON members (no braces), with `winner` beside `winningSide`. */
function sharedPart(view: PlayerView): string {
  const { seat: _seat, hand: _hand, round: _round, log: _log, ...shared } = view;
  const wire: SharedFields & { winner: PlayerView['winningSide'] } = { ...shared, winner: shared.winningSide };
  return JSON.stringify(wire).slice(1, -1);
}
