/** Round awards (RULES.md §6, §7, §10). */
import { sideOf, variantRules } from './config.js';
import type { HouseRules, ResolvedConfig, RoundResult, Seat } from './types.js';

/** Nearest multiple of 5; remainders 1–2 go down, 3–4 up (§6, S4, R3). */
export const roundToFive = (x: number): number => 5 * Math.floor((x + 2) / 5);

/**
 * The award to `winner`'s side: the pips of the opponents' hands (`counted` 'othersOnly'), or those
 * minus the pips of the winner's own side ('othersMinusOwn', as the house rule of a blocked round is
 * named), with All Fives rounding. Never negative (§10). Loops without allocating: the fast playouts
 * score thousands of rounds a move through here.
 */
function award(config: ResolvedConfig, pips: readonly number[], winner: Seat, counted: HouseRules['blockedAward']): number {
  const subtractOwn = counted === 'othersMinusOwn';
  const fives = variantRules(config).scoresFives;
  const perHand = fives && config.houseRules.fivesRounding === 'perOpponent';
  const winningSide = sideOf(config, winner);
  let points = 0;
  for (let seat = 0; seat < pips.length; seat++) {
    const value = perHand ? roundToFive(pips[seat]!) : pips[seat]!;
    if (sideOf(config, seat) !== winningSide) points += value;
    else if (subtractOwn) points -= value;
  }
  if (fives && !perHand) points = roundToFive(points);
  return Math.max(0, points);
}

/**
 * The result of a round that `winner` ended by laying their last tile. `pips` are the pips left in each
 * hand (the rules need only these and, when blocked, the tile counts; the fast playouts share this code).
 */
export function dominoResult(config: ResolvedConfig, pips: readonly number[], winner: Seat): RoundResult {
  const points = award(config, pips, winner, 'othersOnly');
  return { reason: 'domino', winner, side: sideOf(config, winner), points, pips: pips.slice() };
}

/**
 * The result of a blocked round. `opener` is the seat that led it: it breaks a team's tie between its
 * two hands for the next lead (§7).
 */
export function blockedResult(
  config: ResolvedConfig,
  pips: readonly number[],
  tileCounts: readonly number[],
  opener: Seat,
): RoundResult {
  const winner = config.teams
    ? blockedTeamWinner(config, tileCounts, pips, opener)
    : blockedSeatWinner(config, tileCounts, pips);
  if (winner === null) return { reason: 'blocked', winner: null, side: null, points: 0, pips: pips.slice() };
  const points = award(config, pips, winner, config.houseRules.blockedAward);
  return { reason: 'blocked', winner, side: sideOf(config, winner), points, pips: pips.slice() };
}

/** Among tied seats, the one with fewest tiles if the house rule says so and it is unique (§6). */
function breakTie(config: ResolvedConfig, tileCounts: readonly number[], tied: Seat[]): Seat | null {
  if (tied.length === 1) return tied[0]!;
  if (config.houseRules.blockedTie !== 'fewerTilesWins') return null;
  const fewest = Math.min(...tied.map((s) => tileCounts[s]!));
  const holders = tied.filter((s) => tileCounts[s] === fewest);
  return holders.length === 1 ? holders[0]! : null;
}

function lowestSeats(pips: readonly number[], among: Seat[]): Seat[] {
  const lowest = Math.min(...among.map((s) => pips[s]!));
  return among.filter((s) => pips[s] === lowest);
}

function blockedSeatWinner(config: ResolvedConfig, tileCounts: readonly number[], pips: readonly number[]): Seat | null {
  const seats = pips.map((_, s) => s);
  return breakTie(config, tileCounts, lowestSeats(pips, seats));
}

/** §7: teams compare totals (or the single lowest hand); the winning team's lower hand leads next. */
function blockedTeamWinner(
  config: ResolvedConfig,
  tileCounts: readonly number[],
  pips: readonly number[],
  opener: Seat,
): Seat | null {
  let team: number | null;
  if (config.houseRules.partnerBlocked === 'teamTotals') {
    const totals = [pips[0]! + pips[2]!, pips[1]! + pips[3]!];
    team = totals[0] === totals[1] ? null : totals[0]! < totals[1]! ? 0 : 1;
  } else {
    const lowest = lowestSeats(pips, [0, 1, 2, 3]);
    const teams = new Set(lowest.map((s) => s % 2));
    if (teams.size === 1) team = lowest[0]! % 2;
    else {
      const seat = breakTie(config, tileCounts, lowest);
      team = seat === null ? null : seat % 2;
    }
  }
  if (team === null) return null;
  const [a, b] = [team, team + 2];
  if (pips[a] !== pips[b]) return pips[a]! < pips[b]! ? a : b;
  // Equal hands: the first of the two in turn order after the previous opener.
  const distance = (s: Seat) => (s - opener - 1 + config.players) % config.players;
  return distance(a) <= distance(b) ? a : b;
}
