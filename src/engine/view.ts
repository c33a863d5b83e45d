/**
 * What one seat may see. Built field by field from an allow-list: nothing secret (other hands, the
 * boneyard's tiles, the dealing generator) can reach a view unless it is named here.
 */
import { drawableCount, variantRules } from './config.js';
import { RuleError } from './errors.js';
import { isPlayOver } from './match.js';
import { normalize, sameTile } from './tiles.js';
import type { Deal, LogEntry, MatchState, Placement, PlayerView, ResolvedConfig, Seat, SpectatorView, ViewLogEntry } from './types.js';

/** A log entry as `seat` sees it: a draw names its tile to the seat that drew it only (a spectator, `null`, to none). */
export function viewLogEntry(entry: LogEntry, seat: Seat | null): ViewLogEntry {
  if (entry.type === 'draw') {
    return entry.seat === seat
      ? { seat: entry.seat, type: 'draw', tile: entry.tile, showing: entry.showing.slice() }
      : { seat: entry.seat, type: 'draw', showing: entry.showing.slice() };
  }
  if (entry.type === 'pass') return { seat: entry.seat, type: 'pass', showing: entry.showing.slice() };
  const { tile, end, pip, points } = entry;
  return { seat: entry.seat, type: 'play', tile, end, pip, points };
}

/** What every seat sees alike: a player view without its seat, hand, round and log. */
export type SharedView = Omit<PlayerView, 'seat' | 'hand' | 'round' | 'log'>;

/** What only `seat` sees, or sees its own way: its hand and the round (whose required lead only its leader sees before the first tile). */
export type SeatView = Pick<PlayerView, 'seat' | 'hand' | 'round'>;

/**
 * The parts of every seat's view that are the same for all of them: the configuration, the table, and
 * the status (a server serializes them once a change, and the configuration and each laid tile once a
 * match: configView, placementView, sharedStatus).
 */
export function sharedView(state: MatchState): SharedView {
  return { config: configView(state.config), table: state.table.map(placementView), ...sharedStatus(state) };
}

/** The match's configuration as every seat sees it (all of it: nothing in it is secret). */
export function configView(config: ResolvedConfig): ResolvedConfig {
  const { variant, players, target, teams, houseRules } = config;
  return { variant, players, target, teams, houseRules: { ...houseRules } };
}

/** A tile on the table as every seat sees it. */
export function placementView(placement: Placement): Placement {
  const { tile, end, seat, double, spinner } = placement;
  return { tile, end, seat, double, spinner };
}

/** What every seat sees alike besides the configuration and the table. */
export type SharedStatus = Omit<SharedView, 'config' | 'table'>;

/** Whose turn, the counts, the open ends, the scores, the winning side, and every hand once the round is over. */
export function sharedStatus(state: MatchState): SharedStatus {
  const over = isPlayOver(state);
  return {
    turn: state.turn,
    handCounts: state.hands.map((h) => h.length),
    boneyardCount: state.boneyard.length,
    drawable: drawableCount(state.config, state.boneyard.length),
    openEnds: state.openEnds.map(({ id, pip, from }) => ({ id, pip, from })),
    count: state.count,
    scores: state.scores.slice(),
    winningSide: state.winningSide,
    revealed: over
      ? {
          hands: state.hands.map((h) => h.slice()),
          aside: variantRules(state.config).stock === 'aside' ? state.boneyard.slice() : [],
          deal: dealtOf(state),
        }
      : null,
  };
}

/** The parts of `seat`'s view that are its own, except the log (see viewLogEntry). */
export function seatView(state: MatchState, seat: Seat): SeatView {
  checkSeat(state, seat);
  return { seat, hand: state.hands[seat]!.slice(), round: roundAs(state, seat) };
}

/** The round as `seat` sees it (a spectator, `null`, as nobody's own). */
function roundAs(state: MatchState, seat: Seat | null): PlayerView['round'] {
  const { number, leader, lead, drawn, redeals, result } = state.round;
  return {
    number,
    leader,
    // The required lead names a tile in the leader's hand: only the leader, or everyone once it is on the table.
    lead: seat === leader || state.table.length > 0 ? lead : null,
    drawn,
    redeals,
    result: result && { ...result, pips: result.pips.slice() },
  };
}

/**
 * What someone watching the table may see: the shared parts, the round and the log as nobody's
 * own (no hand, no drawn tile named, the required lead only once it is on the table); the hands only
 * when a round's end reveals them, as to every seat.
 */
export function spectatorView(state: MatchState): SpectatorView {
  return { seat: null, hand: [], ...sharedView(state), round: roundAs(state, null), log: state.log.map((entry) => viewLogEntry(entry, null)) };
}

/**
 * The round's deal as it was dealt, from the round as it stands: each seat's hand is what it holds,
 * played and drew; the stock is the tiles drawn (in the order drawn: draws take the stock's first
 * tile) followed by what is left. Public once the round is over, so anyone can check the deal.
 */
export function dealtOf(state: MatchState): Deal {
  const hands = state.hands.map((hand) => hand.slice());
  const drawn: Deal['boneyard'] = [];
  for (const entry of state.log) {
    if (entry.type === 'play') hands[entry.seat]!.push(normalize(entry.tile));
    else if (entry.type === 'draw') drawn.push(entry.tile);
  }
  // A drawn tile still held or played later is counted in its seat's hand: a dealt hand holds only what was dealt.
  for (const entry of state.log) {
    if (entry.type !== 'draw') continue;
    const hand = hands[entry.seat]!;
    const at = hand.findIndex((tile) => sameTile(tile, entry.tile));
    if (at >= 0) hand.splice(at, 1);
  }
  return { hands, boneyard: [...drawn, ...state.boneyard] };
}

function checkSeat(state: MatchState, seat: Seat): void {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.config.players) {
    throw new RuleError('invalid-seat', `seat must be from 0 to ${state.config.players - 1}, got ${seat}`);
  }
}

/** Everything `seat` may see of the match: the shared parts, its own, and the log as it sees it. */
export function playerView(state: MatchState, seat: Seat): PlayerView {
  const own = seatView(state, seat);
  const shared = sharedView(state);
  return {
    seat,
    config: shared.config,
    turn: shared.turn,
    hand: own.hand,
    handCounts: shared.handCounts,
    boneyardCount: shared.boneyardCount,
    drawable: shared.drawable,
    table: shared.table,
    openEnds: shared.openEnds,
    count: shared.count,
    scores: shared.scores,
    round: own.round,
    winningSide: shared.winningSide,
    log: state.log.map((entry) => viewLogEntry(entry, seat)),
    revealed: shared.revealed,
  };
}
