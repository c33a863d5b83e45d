/**
 * What one seat may see. Built field by field from an allow-list: nothing secret (other hands, the
 * boneyard's tiles, the dealing generator) can reach a view unless it is named here.
 */
import { drawableCount } from './config.js';
import { RuleError } from './errors.js';
import { normalize, sameTile } from './tiles.js';
import type { Deal, MatchState, PlayerView, ResolvedConfig, Seat, SpectatorView, ViewLogEntry } from './types.js';

function publicConfig(config: ResolvedConfig): ResolvedConfig {
  const { variant, players, target, teams, houseRules } = config;
  return { variant, players, target, teams, houseRules: { ...houseRules } };
}

export function playerView(state: MatchState, seat: Seat): PlayerView {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.config.players) {
    throw new RuleError('invalid-seat', `seat must be from 0 to ${state.config.players - 1}, got ${seat}`);
  }
  return viewOf(state, seat) as PlayerView;
}

/**
 * What someone watching the table may see: a seat's view without any seat's own part (no hand, no
 * drawn tile named, the required lead only once it is on the table); the hands only when a round's
 * end reveals them, as to every seat.
 */
export function spectatorView(state: MatchState): SpectatorView {
  return viewOf(state, null) as unknown as SpectatorView;
}

function viewOf(state: MatchState, seat: Seat | null): Omit<PlayerView, 'seat'> & { seat: Seat | null } {
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
    hand: seat === null ? [] : state.hands[seat]!.slice(),
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
          deal: dealtOf(state),
        }
      : null,
  };
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
  const drawnBy = state.log.filter((entry) => entry.type === 'draw');
  // A drawn tile still held or played later is already counted in its seat's hand: dealt hands hold only what was dealt.
  for (const entry of drawnBy) {
    const hand = hands[entry.seat]!;
    const at = hand.findIndex((tile) => sameTile(tile, entry.tile));
    if (at >= 0) hand.splice(at, 1);
  }
  return { hands, boneyard: [...drawn, ...state.boneyard] };
}
