/**
 * What one seat may see. Built field by field from an allow-list: nothing secret (other hands, the
 * boneyard's tiles, the dealing generator) can reach a view unless it is named here.
 */
import { drawableCount } from './config.js';
import { RuleError } from './errors.js';
import type { MatchState, PlayerView, ResolvedConfig, Seat, ViewLogEntry } from './types.js';

function publicConfig(config: ResolvedConfig): ResolvedConfig {
  const { variant, players, target, teams, houseRules } = config;
  return { variant, players, target, teams, houseRules: { ...houseRules } };
}

export function playerView(state: MatchState, seat: Seat): PlayerView {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.config.players) {
    throw new RuleError('invalid-seat', `seat must be from 0 to ${state.config.players - 1}, got ${seat}`);
  }
  const over = state.round.result !== null || state.winningSide !== null;
  const log: ViewLogEntry[] = state.log.map((entry) => {
    if (entry.type === 'draw') {
      return entry.seat === seat
        ? { seat: entry.seat, type: 'draw', tile: entry.tile, showing: entry.showing.slice() }
        : { seat: entry.seat, type: 'draw', showing: entry.showing.slice() };
    }
    if (entry.type === 'pass') return { seat: entry.seat, type: 'pass', showing: entry.showing.slice() };
    const { tile, end, pip, points } = entry;
    return { seat: entry.seat, type: 'play', tile, end, pip, points };
  });
  const { number, leader, lead, drawn, redeals, result } = state.round;
  return {
    seat,
    config: publicConfig(state.config),
    turn: state.turn,
    hand: state.hands[seat]!.slice(),
    handCounts: state.hands.map((h) => h.length),
    boneyardCount: state.boneyard.length,
    drawable: drawableCount(state.config, state.boneyard.length),
    table: state.table.map(({ tile, end, seat: s, double, spinner }) => ({ tile, end, seat: s, double, spinner })),
    openEnds: state.openEnds.map(({ id, pip, from }) => ({ id, pip, from })),
    count: state.count,
    scores: state.scores.slice(),
    round: {
      number,
      leader,
      // The required lead names a tile in the leader's hand: only the leader, or everyone once it is on the table.
      lead: seat === leader || state.table.length > 0 ? lead : null,
      drawn,
      redeals,
      result: result && { ...result, pips: result.pips.slice() },
    },
    winningSide: state.winningSide,
    log,
    revealed: over
      ? {
          hands: state.hands.map((h) => h.slice()),
          aside: state.config.variant === 'block' ? state.boneyard.slice() : [],
        }
      : null,
  };
}
