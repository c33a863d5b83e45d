/**
 * What one seat may see. Built field by field from an allow-list: nothing secret (other hands, the
 * boneyard's tiles, the dealing generator) can reach a view unless it is named here.
 */
import { drawableCount } from './config.js';
import { RuleError } from './errors.js';
import type { LogEntry, MatchState, PlayerView, ResolvedConfig, Seat, ViewLogEntry } from './types.js';

function publicConfig(config: ResolvedConfig): ResolvedConfig {
  const { variant, players, target, teams, houseRules } = config;
  return { variant, players, target, teams, houseRules: { ...houseRules } };
}

/** A log entry as `seat` sees it: a draw names its tile to the seat that drew it only. */
export function viewLogEntry(entry: LogEntry, seat: Seat): ViewLogEntry {
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

/** The parts of every seat's view that are the same for all of them (a server serializes them once). */
export function sharedView(state: MatchState): SharedView {
  const over = state.round.result !== null || state.winningSide !== null;
  return {
    config: publicConfig(state.config),
    turn: state.turn,
    handCounts: state.hands.map((h) => h.length),
    boneyardCount: state.boneyard.length,
    drawable: drawableCount(state.config, state.boneyard.length),
    table: state.table.map(({ tile, end, seat: s, double, spinner }) => ({ tile, end, seat: s, double, spinner })),
    openEnds: state.openEnds.map(({ id, pip, from }) => ({ id, pip, from })),
    count: state.count,
    scores: state.scores.slice(),
    winningSide: state.winningSide,
    revealed: over
      ? {
          hands: state.hands.map((h) => h.slice()),
          aside: state.config.variant === 'block' ? state.boneyard.slice() : [],
        }
      : null,
  };
}

/** The parts of `seat`'s view that are its own, except the log (see viewLogEntry). */
export function seatView(state: MatchState, seat: Seat): SeatView {
  checkSeat(state, seat);
  const { number, leader, lead, drawn, redeals, result } = state.round;
  return {
    seat,
    hand: state.hands[seat]!.slice(),
    round: {
      number,
      leader,
      // The required lead names a tile in the leader's hand: only the leader, or everyone once it is on the table.
      lead: seat === leader || state.table.length > 0 ? lead : null,
      drawn,
      redeals,
      result: result && { ...result, pips: result.pips.slice() },
    },
  };
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
