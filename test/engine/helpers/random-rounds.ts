/**
 * Random complete rounds and matches with invariant checks (docs/RULES.md): the one implementation behind
 * test/engine/properties.test.ts and bench/soak.ts.
 *
 * A case is named by a seed string `<base>/<variant>/<r|m><index>` (r = one round, m = a whole match).
 * Everything in it (the configuration, the deal, every move) follows from that string, so a failure
 * names the seed and `runCase(seed)` (or `npm run soak -- --case <seed>`) reproduces it.
 *
 * Cheap invariants are checked on every step; the expensive ones on every `sampleEvery`-th step.
 */
import assert from 'node:assert/strict';
import {
  ALL_TILES,
  HOUSE_RULE_OPTIONS,
  RuleError,
  VARIANTS,
  applyMove,
  createMatch,
  legalMoves,
  nextRound,
} from '../../../src/engine/index.js';
import { nextInt, seedRng, shuffleInPlace, type RngState } from '../../../src/engine/rng.js';
import type {
  HouseRules,
  LegalMove,
  MatchConfig,
  MatchState,
  Play,
  PlayerCount,
  ResolvedConfig,
  RoundResult,
  Tile,
  Variant,
} from '../../../src/engine/types.js';

// ---------------------------------------------------------------------------------------------
// The spec's numbers, written out from RULES.md (not read from the engine).

/** §2 hand sizes by variant, for 2 / 3 / 4 players. */
export const SPEC_HAND_SIZE: Record<Variant, Record<PlayerCount, number>> = {
  draw: { 2: 7, 3: 5, 4: 5 },
  block: { 2: 7, 3: 7, 4: 7 },
  fives: { 2: 7, 3: 5, 4: 5 },
  doubles: { 2: 8, 3: 6, 4: 6 },
};
/** §1 default targets. */
export const SPEC_TARGET: Record<Variant, number> = { draw: 100, block: 100, fives: 150, doubles: 100 };
/** The bold defaults of RULES.md, and the ones Doubles changes (§2, §3). */
export const SPEC_DEFAULTS: HouseRules = {
  boneyardReserve: 0,
  drawMode: 'untilPlayable',
  spinnerCounting: 'stopWhenLongSidesFilled',
  spinnerSideOrder: 'anySide',
  doublesUnlock: 'perNumber',
  blockedAward: 'othersMinusOwn',
  blockedTie: 'noScoreNextOpens',
  fivesRounding: 'perOpponent',
  partnerBlocked: 'teamTotals',
  noDoubleOpening: 'heaviest',
  laterRoundLead: 'winnerAnyTile',
};
export const SPEC_DOUBLES_DEFAULTS: Partial<HouseRules> = {
  boneyardReserve: 2,
  drawMode: 'drawOne',
  noDoubleOpening: 'redeal',
  laterRoundLead: 'highestDouble',
};
export const MAX_TARGET = 10_000;

export function specDefaults(variant: Variant): HouseRules {
  return variant === 'doubles' ? { ...SPEC_DEFAULTS, ...SPEC_DOUBLES_DEFAULTS } : { ...SPEC_DEFAULTS };
}

/** Values resolveConfig refuses for Doubles (§2: reserve 2; §3: a double must open every round). */
function doublesAllows(name: keyof HouseRules, value: unknown): boolean {
  if (name === 'boneyardReserve') return value === 2;
  if (name === 'noDoubleOpening') return value === 'redeal';
  if (name === 'laterRoundLead') return value !== 'winnerAnyTile';
  return true;
}

// ---------------------------------------------------------------------------------------------
// Failures

/** An invariant that did not hold; the message names the seed that reproduces it. */
export class Violation extends Error {
  constructor(
    readonly seed: string,
    detail: string,
  ) {
    super(`[seed ${seed}] ${detail}\n  reproduce: npm run soak -- --case '${seed}'`);
    this.name = 'Violation';
  }
}

class Ctx {
  round = 1;
  step = 0;
  constructor(readonly seed: string) {}
  fail(message: string): never {
    throw new Violation(this.seed, `round ${this.round}, step ${this.step}: ${message}`);
  }
  deepEqual(actual: unknown, expected: unknown, what: string): void {
    try {
      assert.deepStrictEqual(actual, expected);
    } catch (e) {
      this.fail(`${what}: ${(e as Error).message}`);
    }
  }
}

const show = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

// ---------------------------------------------------------------------------------------------
// Small helpers

const tileIndex = (t: readonly number[]): number => {
  const hi = Math.max(t[0]!, t[1]!);
  const lo = Math.min(t[0]!, t[1]!);
  return (hi * (hi + 1)) / 2 + lo;
};
const ALL_MASK = (1 << 28) - 1;
const isPip = (x: unknown): boolean => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 6;
const pips = (hand: readonly Tile[]): number => hand.reduce((s, t) => s + t[0] + t[1], 0);
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
/** §6: r(x) = 5·floor((x+2)/5). */
const r5 = (x: number): number => 5 * Math.floor((x + 2) / 5);
const fivesPoints = (count: number): number => (count > 0 && count % 5 === 0 ? count : 0);
const sideOf = (c: ResolvedConfig, seat: number): number => (c.teams ? seat % 2 : seat);
const sideCount = (c: ResolvedConfig): number => (c.teams ? 2 : c.players);
const drawable = (s: MatchState): number =>
  s.config.variant === 'block' ? 0 : Math.max(0, s.boneyard.length - s.config.houseRules.boneyardReserve);
const moveKey = (m: { tile: readonly number[]; end: string }): string => `${tileIndex(m.tile)}@${m.end}`;

function pick<T>(rng: RngState, items: readonly T[]): T {
  return items[nextInt(rng, items.length)]!;
}

/** Freezes a state so that any later write into it (by the engine) throws. Skips frozen subtrees. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
    else for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/**
 * Deep equality of JSON-like data, as strict as assert.deepStrictEqual for it (prototypes, -0, NaN,
 * undefined-valued keys, holes) but much faster.
 */
export function plainEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) {
    const y = b as unknown[];
    if (a.length !== y.length) return false;
    for (let i = 0; i < a.length; i++) if (!(i in a) || !(i in y) || !plainEqual(a[i], y[i])) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(a);
  if (proto !== Object.prototype && proto !== null) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!plainEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** Runs `fn` with stack capture off: thousands of expected RuleErrors are then cheap. */
function quietly<T>(fn: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return fn();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

// ---------------------------------------------------------------------------------------------
// Random configurations, valid by construction

export interface RandomConfig {
  config: MatchConfig;
  /** What resolveConfig must make of it (RULES.md defaults). */
  expected: ResolvedConfig;
}

/** The table shapes: 2p, 3p, 4p each for themselves, 4p partnerships. */
export const SHAPES = ['2p', '3p', '4p', '4p-teams'] as const;
export type Shape = (typeof SHAPES)[number];
export const shapeOf = (c: ResolvedConfig): Shape => (c.teams ? '4p-teams' : (`${c.players}p` as Shape));

/**
 * A random valid configuration of `variant`: players and partnerships, and every house rule either
 * left out, given as undefined, or set to one of its values. Combinations resolveConfig refuses are
 * never built: Doubles draws only its allowed values; lowestHand partnerships never get othersMinusOwn.
 */
export function randomConfig(rng: RngState, variant: Variant, mode: 'round' | 'match', seed: string): RandomConfig {
  const shape = SHAPES[nextInt(rng, SHAPES.length)]!;
  const players = (shape === '2p' ? 2 : shape === '3p' ? 3 : 4) as PlayerCount;
  const teams = shape === '4p-teams';

  const given: Partial<Record<keyof HouseRules, unknown>> = {};
  for (const name of Object.keys(HOUSE_RULE_OPTIONS) as (keyof HouseRules)[]) {
    const allowed = (HOUSE_RULE_OPTIONS[name] as readonly unknown[]).filter(
      (v) => variant !== 'doubles' || doublesAllows(name, v),
    );
    const r = nextInt(rng, 16);
    if (r < 6) continue; // left out
    if (r === 6) given[name] = undefined; // explicitly undefined: the default
    else given[name] = pick(rng, allowed);
  }
  if (teams && given.partnerBlocked === 'lowestHand' && given.blockedAward === 'othersMinusOwn') {
    // §7: lowestHand goes with othersOnly. Either say so, or leave it out (resolveConfig then picks it).
    if (nextInt(rng, 2) === 0) delete given.blockedAward;
    else given.blockedAward = 'othersOnly';
  }

  let target: number | undefined;
  const t = nextInt(rng, 10);
  if (mode === 'round') {
    if (t >= 6 && t <= 7) target = MAX_TARGET;
    else if (t === 8) target = 1 + nextInt(rng, 200);
    else if (t === 9) target = SPEC_TARGET[variant];
  } else if (t >= 3) target = 20 + nextInt(rng, 131);

  const config: MatchConfig = { variant, players, houseRules: given as Partial<HouseRules>, seed };
  if (target !== undefined) config.target = target;
  if (teams) config.teams = true;
  else if (players === 4 && nextInt(rng, 2) === 0) config.teams = false;

  const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  const houseRules: HouseRules = { ...specDefaults(variant), ...defined };
  if (given.partnerBlocked === 'lowestHand' && given.blockedAward === undefined) houseRules.blockedAward = 'othersOnly';
  const expected: ResolvedConfig = { variant, players, target: target ?? SPEC_TARGET[variant], teams, houseRules };
  return { config, expected };
}

// ---------------------------------------------------------------------------------------------
// Oracles from RULES.md

/** §3: the double with the highest number in any hand, and its holder. */
function highestDouble(hands: readonly Tile[][], among?: number[]): { seat: number; tile: Tile } | null {
  let best: { seat: number; tile: Tile } | null = null;
  hands.forEach((hand, seat) => {
    if (among && !among.includes(seat)) return;
    for (const t of hand) if (t[0] === t[1] && (!best || t[0] > best.tile[0])) best = { seat, tile: t };
  });
  return best;
}

/** §3, C9: the heaviest tile, ties to the higher half. */
function heaviestTile(hands: readonly Tile[][]): { seat: number; tile: Tile } {
  let best: { seat: number; tile: Tile } | null = null;
  hands.forEach((hand, seat) => {
    for (const t of hand) {
      const w = t[0] + t[1];
      const hi = Math.max(t[0], t[1]);
      if (!best || w > best.tile[0] + best.tile[1] || (w === best.tile[0] + best.tile[1] && hi > Math.max(...best.tile))) {
        best = { seat, tile: t };
      }
    }
  });
  return best!;
}

/** §6/§7: the award of a round to the winner's side. */
function award(c: ResolvedConfig, others: number[], own: number[]): number {
  let points: number;
  if (c.variant === 'fives' && c.houseRules.fivesRounding === 'perOpponent') {
    points = sum(others.map(r5)) - sum(own.map(r5));
  } else {
    points = sum(others) - sum(own);
    if (c.variant === 'fives') points = r5(points);
  }
  return Math.max(0, points); // §10: never negative
}

/** §6, §7, §10: the expected result of a round that just ended. */
export function expectedResult(
  c: ResolvedConfig,
  hands: readonly Tile[][],
  reason: 'domino' | 'blocked',
  mover: number,
  opener: number,
): Pick<RoundResult, 'winner' | 'side' | 'points'> {
  const p = hands.map(pips);
  const seats = p.map((_, s) => s);
  let winner: number | null;
  if (reason === 'domino') winner = mover;
  else {
    const fewerTiles = (tied: number[]): number | null => {
      if (tied.length === 1) return tied[0]!;
      if (c.houseRules.blockedTie !== 'fewerTilesWins') return null;
      const fewest = Math.min(...tied.map((s) => hands[s]!.length));
      const holders = tied.filter((s) => hands[s]!.length === fewest);
      return holders.length === 1 ? holders[0]! : null;
    };
    const lowestOf = (among: number[]): number[] => {
      const low = Math.min(...among.map((s) => p[s]!));
      return among.filter((s) => p[s] === low);
    };
    if (!c.teams) winner = fewerTiles(lowestOf(seats));
    else {
      let team: number | null;
      if (c.houseRules.partnerBlocked === 'teamTotals') {
        const a = p[0]! + p[2]!;
        const b = p[1]! + p[3]!;
        team = a === b ? null : a < b ? 0 : 1;
      } else {
        const low = lowestOf(seats);
        if (low.every((s) => s % 2 === low[0]! % 2)) team = low[0]! % 2;
        else {
          const s = fewerTiles(low);
          team = s === null ? null : s % 2;
        }
      }
      if (team === null) winner = null;
      else {
        const [x, y] = [team, team + 2];
        if (p[x] !== p[y]) winner = p[x]! < p[y]! ? x : y;
        else {
          // §7: equal hands: the first of the two in turn order after the opener.
          const dist = (s: number) => (s - opener - 1 + 4) % 4;
          winner = dist(x) <= dist(y) ? x : y;
        }
      }
    }
  }
  if (winner === null) return { winner: null, side: null, points: 0 };
  const side = sideOf(c, winner);
  const others = seats.filter((s) => sideOf(c, s) !== side).map((s) => p[s]!);
  const own =
    reason === 'blocked' && c.houseRules.blockedAward === 'othersMinusOwn'
      ? seats.filter((s) => sideOf(c, s) === side).map((s) => p[s]!)
      : [];
  return { winner, side, points: award(c, others, own) };
}

/** §1, §5: the plays the seat to act has, as `tileIndex@end` keys, worked out from the rules. */
function expectedPlays(s: MatchState): Set<string> {
  const c = s.config;
  const hand = s.hands[s.turn!]!;
  const keys = new Set<string>();
  if (s.table.length === 0) {
    for (const t of hand) {
      if (!s.round.lead || tileIndex(t) === tileIndex(s.round.lead)) keys.add(`${tileIndex(t)}@lead`);
    }
    return keys;
  }
  const unlocked = new Set(s.table.filter((p) => p.tile[0] === p.tile[1]).map((p) => p.tile[0]));
  for (const t of hand) {
    for (const end of s.openEnds) {
      if (t[0] !== end.pip && t[1] !== end.pip) continue;
      const dbl = t[0] === t[1];
      if (c.variant === 'doubles') {
        if (c.houseRules.doublesUnlock === 'perNumber') {
          if (!dbl && !unlocked.has(end.pip)) continue;
        } else {
          const fromDouble = s.table[end.from]!.double;
          if (fromDouble === dbl) continue;
        }
      }
      keys.add(`${tileIndex(t)}@${end.id}`);
    }
  }
  return keys;
}

/** §1(b): nobody could lay a tile and nothing can be drawn, by asking legalMoves for every seat. */
function nobodyCanMove(s: MatchState): boolean {
  if (drawable(s) > 0) return false;
  for (let seat = 0; seat < s.config.players; seat++) {
    const probe: MatchState = { ...s, turn: seat, winningSide: null, round: { ...s.round, result: null, drawn: 0 } };
    const moves = legalMoves(probe);
    if (moves.length !== 1 || moves[0]!.type !== 'pass') return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Statistics (also show the loop is not vacuous)

export interface Stats {
  cases: number;
  rounds: number;
  matches: number;
  steps: number;
  sampledSteps: number;
  domino: number;
  blocked: number;
  blockedNoScore: number;
  inPlayWins: number;
  draws: number;
  passes: number;
  fivesScoringPlays: number;
  redeals: number;
  illegalTried: number;
  replays: number;
  seedPairs: number;
  sameFirstDeal: number;
  shapes: Record<Shape, number>;
}

export function newStats(): Stats {
  return {
    cases: 0,
    rounds: 0,
    matches: 0,
    steps: 0,
    sampledSteps: 0,
    domino: 0,
    blocked: 0,
    blockedNoScore: 0,
    inPlayWins: 0,
    draws: 0,
    passes: 0,
    fivesScoringPlays: 0,
    redeals: 0,
    illegalTried: 0,
    replays: 0,
    seedPairs: 0,
    sameFirstDeal: 0,
    shapes: { '2p': 0, '3p': 0, '4p': 0, '4p-teams': 0 },
  };
}

// ---------------------------------------------------------------------------------------------
// Checks

function checkTiles(ctx: Ctx, s: MatchState): void {
  // Hot path: plain loops, no closures (tsx wraps every closure it creates in a naming helper).
  let mask = 0;
  let n = 0;
  const groups: (readonly (readonly number[])[])[] = [...s.hands, s.boneyard];
  for (let g = 0; g <= groups.length; g++) {
    const tiles = g < groups.length ? groups[g]! : null;
    const count = tiles ? tiles.length : s.table.length;
    for (let i = 0; i < count; i++) {
      const t = tiles ? tiles[i]! : s.table[i]!.tile;
      const bit = 1 << tileIndex(t);
      if (mask & bit) ctx.fail(`tile ${show(t)} is in two places (again in ${g < s.hands.length ? `hand ${g}` : tiles ? 'boneyard' : 'table'})`);
      mask |= bit;
      n++;
    }
  }
  if (n !== 28 || mask !== ALL_MASK) ctx.fail(`${n} tiles accounted for instead of each of the 28 once`);
}

/**
 * A cheap fingerprint of a state, to see on every step that applyMove left its input alone (sampled
 * steps also freeze the state and compare its JSON).
 */
function fingerprint(s: MatchState): number {
  let f = (s.turn ?? 9) + 10 * (s.winningSide ?? 9) + 100 * s.count + 1e5 * s.round.drawn + (s.round.result === null ? 0 : 7e5);
  f = f * 31 + s.boneyard.length * 1e4 + s.table.length * 100 + s.openEnds.length;
  f = (f * 31 + s.log.length) % 1e12;
  for (let i = 0; i < s.scores.length; i++) f = (f * 31 + s.scores[i]!) % 1e12;
  for (let i = 0; i < s.hands.length; i++) {
    const h = s.hands[i]!;
    f = (f * 31 + h.length * 1e4 + (h.length ? tileIndex(h[0]!) * 100 + tileIndex(h[h.length - 1]!) : 99)) % 1e12;
  }
  return f;
}

/** Checks on a fresh round (§2 deal sizes, §3 who leads). */
function checkRoundStart(ctx: Ctx, s: MatchState, prev: MatchState | null, stats: Stats): void {
  const c = s.config;
  checkTiles(ctx, s);
  const size = SPEC_HAND_SIZE[c.variant][c.players];
  if (s.hands.length !== c.players || s.hands.some((h) => h.length !== size)) {
    ctx.fail(`hands of ${show(s.hands.map((h) => h.length))}, expected ${c.players} × ${size}`);
  }
  if (s.table.length || s.openEnds.length || s.count || s.log.length || s.round.drawn || s.round.result || s.winningSide !== null) {
    ctx.fail('a new round does not start clean');
  }
  if (s.turn !== s.round.leader) ctx.fail(`turn ${s.turn} is not the leader ${s.round.leader}`);
  ctx.deepEqual(s.scores, prev ? prev.scores : new Array(sideCount(c)).fill(0), 'scores at round start');
  if (s.round.number !== (prev ? prev.round.number + 1 : 1)) ctx.fail(`round number ${s.round.number}`);

  // §3 who leads, with what.
  const mode = prev === null ? 'highestDouble' : c.houseRules.laterRoundLead;
  let expected: { seat: number; tile: Tile | null } | null = null;
  if (mode !== 'highestDouble') {
    const r = prev!.round;
    const leader = r.result!.winner ?? (r.leader + 1) % c.players;
    if (mode === 'winnerAnyTile') expected = { seat: leader, tile: null };
    else expected = highestDouble(s.hands, [leader]);
  }
  if (expected === null) {
    expected = highestDouble(s.hands);
    if (expected === null) {
      if (c.houseRules.noDoubleOpening === 'redeal') ctx.fail('no double dealt but the deal was not thrown in');
      expected = heaviestTile(s.hands);
    }
  }
  if (s.round.leader !== expected.seat) ctx.fail(`leader ${s.round.leader}, expected ${expected.seat} (${mode})`);
  const lead = s.round.lead;
  if ((lead === null) !== (expected.tile === null) || (lead && tileIndex(lead) !== tileIndex(expected.tile!))) {
    ctx.fail(`lead ${show(lead)}, expected ${show(expected.tile)} (${mode})`);
  }
  if (s.round.redeals > 0) {
    stats.redeals += s.round.redeals;
    if (c.houseRules.noDoubleOpening !== 'redeal') ctx.fail(`${s.round.redeals} redeals under noDoubleOpening heaviest`);
  }
}

/** Every step: what one move may change (log, hands, turn, scores, winner; §1, §2, §4, §6, §10). */
function checkStep(ctx: Ctx, before: MatchState, move: LegalMove, after: MatchState, stats: Stats): void {
  const c = before.config;
  const seat = before.turn!;
  const n = c.players;
  const fives = c.variant === 'fives';
  const entry = after.log[after.log.length - 1]!;
  if (after.log.length !== before.log.length + 1 || entry.seat !== seat || entry.type !== move.type) {
    ctx.fail(`log entry ${show(entry)} does not record ${show(move)} by seat ${seat}`);
  }
  const result = after.round.result;
  const over = after.turn === null;
  if (over !== (result !== null || after.winningSide !== null)) ctx.fail(`turn ${after.turn} with result ${show(result)}`);
  for (let s = 0; s < n; s++) {
    if (s !== seat && after.hands[s] !== before.hands[s] && after.hands[s]!.length !== before.hands[s]!.length) {
      ctx.fail(`seat ${s}'s hand changed on seat ${seat}'s move`);
    }
  }
  const own = after.hands[seat]!.length - before.hands[seat]!.length;
  if (move.type === 'play') {
    const placed = after.table[after.table.length - 1]!;
    if (own !== -1 || after.table.length !== before.table.length + 1 || after.boneyard.length !== before.boneyard.length) {
      ctx.fail(`a play changed hand by ${own}, table by ${after.table.length - before.table.length}`);
    }
    if (tileIndex(placed.tile) !== tileIndex(move.tile) || placed.seat !== seat || placed.end !== move.end) {
      ctx.fail(`placement ${show(placed)} is not ${show(move)}`);
    }
    for (const t of after.hands[seat]!) if (tileIndex(t) === tileIndex(move.tile)) ctx.fail('played tile still in hand');
    if (entry.type === 'play' && (tileIndex(entry.tile) !== tileIndex(move.tile) || entry.end !== move.end || entry.pip !== move.pip)) {
      ctx.fail(`log ${show(entry)} differs from ${show(move)}`);
    }
    if (!over && (after.turn !== (seat + 1) % n || after.round.drawn !== 0)) ctx.fail(`turn ${after.turn} after a play`);
  } else if (move.type === 'draw') {
    stats.draws++;
    const drawn = before.boneyard[0]!;
    const got = after.hands[seat]![after.hands[seat]!.length - 1]!;
    if (own !== 1 || after.boneyard.length !== before.boneyard.length - 1 || tileIndex(got) !== tileIndex(drawn)) {
      ctx.fail(`draw did not move boneyard[0] ${show(drawn)} to the hand`);
    }
    if (entry.type === 'draw' && tileIndex(entry.tile) !== tileIndex(drawn)) ctx.fail(`log names ${show(entry.tile)}`);
    if (!over && (after.turn !== seat || after.round.drawn !== before.round.drawn + 1)) ctx.fail('draw moved the turn on');
  } else {
    stats.passes++;
    if (own !== 0 || after.boneyard.length !== before.boneyard.length || after.table.length !== before.table.length) {
      ctx.fail('a pass changed the tiles');
    }
    if (!over && (after.turn !== (seat + 1) % n || after.round.drawn !== 0)) ctx.fail(`turn ${after.turn} after a pass`);
  }

  // Scores (§1, §4, §6): in Fives the play's points at once, else only the round award at round end.
  const points = entry.type === 'play' ? entry.points : 0;
  if (fives) {
    if (move.type === 'play' && points !== fivesPoints(after.count)) ctx.fail(`play scored ${points} with count ${after.count}`);
    if (move.type === 'play' && move.points !== points) ctx.fail(`legal move promised ${move.points}, scored ${points}`);
    if (points > 0) stats.fivesScoringPlays++;
  } else {
    if (points !== 0 || after.count !== 0) ctx.fail(`${c.variant} play scored ${points}, count ${after.count}`);
    if (move.type === 'play' && 'points' in move) ctx.fail(`${c.variant} legal move has points`);
  }
  if (move.type === 'play' && entry.type === 'play') {
    let pip = null;
    for (const e of before.openEnds) if (e.id === move.end) pip = e.pip;
    if (entry.pip !== pip) ctx.fail(`log pip ${entry.pip}, the end showed ${pip}`);
  }
  const expectedScores = before.scores.slice();
  expectedScores[sideOf(c, seat)]! += points;
  const inPlayWin = points > 0 && expectedScores[sideOf(c, seat)]! >= c.target;
  if (result !== null && before.round.result === null && result.side !== null) expectedScores[result.side]! += result.points;
  for (let i = 0; i < after.scores.length; i++) {
    const x = after.scores[i]!;
    if (!Number.isInteger(x) || x < 0 || x < before.scores[i]! || x !== expectedScores[i]) {
      ctx.fail(`scores ${show(before.scores)} → ${show(after.scores)}, expected ${show(expectedScores)} (play points ${points}, result ${show(result)})`);
    }
  }

  // The match winner (§1): the first side to reach the target; nobody else is there.
  const w = after.winningSide;
  for (let i = 0; i < after.scores.length; i++) {
    if (i !== w && after.scores[i]! >= c.target) ctx.fail(`side ${i} has ${after.scores[i]} ≥ target ${c.target} but the winner is ${w}`);
  }
  if (w !== null) {
    if (before.winningSide !== null || after.turn !== null || after.scores[w]! < c.target) ctx.fail(`winner ${w} with ${show(after.scores)}`);
    if (!fives && result === null) ctx.fail('outside Fives the match was won in the middle of a round');
    if (inPlayWin) {
      stats.inPlayWins++;
      if (w !== sideOf(c, seat)) ctx.fail(`in-play win went to ${w}`);
      // §10: the result stays null only if the round was still running.
      const roundOver = after.hands[seat]!.length === 0 || nobodyCanMove(after);
      if (roundOver && result === null) {
        ctx.fail(`the winning play also ended the round (${after.hands[seat]!.length === 0 ? 'out' : 'blocked'}) but round.result is null (RULES §10)`);
      }
      if (!roundOver && result !== null) ctx.fail(`round.result ${show(result)} while the round could go on`);
      if (result !== null && result.points !== 0) ctx.fail(`award ${result.points} after an in-play win (§4, C15)`);
    } else if (result === null) ctx.fail('the match was won without a round result or in-play points');
  } else if (over && result === null) ctx.fail('nobody to act, no result and no winner');

  if (result !== null && before.round.result === null) checkRoundEnd(ctx, before, move, after, inPlayWin, stats);
}

/** At round end (§1, §6, §7, §10). */
function checkRoundEnd(ctx: Ctx, before: MatchState, move: LegalMove, after: MatchState, inPlayWin: boolean, stats: Stats): void {
  const c = after.config;
  const r = after.round.result!;
  ctx.deepEqual(r.pips, after.hands.map(pips), 'result.pips');
  const someoneOut = after.hands.some((h) => h.length === 0);
  if ((r.reason === 'domino') !== someoneOut) ctx.fail(`reason ${r.reason} but hand sizes ${show(after.hands.map((h) => h.length))}`);
  if (r.reason === 'domino') {
    stats.domino++;
    if (move.type !== 'play' || after.hands[before.turn!]!.length !== 0) ctx.fail('domino by a seat that did not go out');
  } else {
    stats.blocked++;
    if (r.winner === null) stats.blockedNoScore++;
    if (!nobodyCanMove(after)) ctx.fail('round ended "blocked" but some seat could still play or draw');
  }
  const expected = expectedResult(c, after.hands, r.reason, before.turn!, after.round.leader);
  if (inPlayWin) expected.points = 0;
  const actual = { winner: r.winner, side: r.side, points: r.points };
  if (actual.winner !== expected.winner || actual.side !== expected.side || actual.points !== expected.points) {
    ctx.fail(`result ${show(actual)}, expected ${show(expected)} (${r.reason}, pips ${show(r.pips)}, tiles ${show(after.hands.map((h) => h.length))})`);
  }
  if (!inPlayWin) {
    const reached = r.side !== null && after.scores[r.side]! >= c.target;
    if (after.winningSide !== (reached ? r.side : null)) ctx.fail(`winner ${after.winningSide} with scores ${show(after.scores)}`);
  }
}

/**
 * The layout rebuilt from the placements alone (§1, §4, §5): which ends are open, what they show and
 * which tile offers them, which doubles are spinners, and the All Fives count (§4 rules 1-4).
 */
function checkLayout(ctx: Ctx, s: MatchState): void {
  const { variant: v, houseRules: h } = s.config;
  const table = s.table;
  if (table.length === 0) {
    if (s.openEnds.length || s.count) ctx.fail('open ends or a count on an empty table');
    return;
  }
  const arms = new Map<string, { pip: number; from: number }>();
  const pending: { at: number; long: string[]; sides: string[]; pip: number }[] = [];
  let fivesSpinner = -1;
  for (let i = 0; i < table.length; i++) {
    const p = table[i]!;
    const dbl = p.tile[0] === p.tile[1];
    if (i === 0) {
      if (p.end !== 'lead') ctx.fail(`the first placement is on ${p.end}`);
      arms.set('left', { pip: p.tile[0], from: 0 });
      arms.set('right', { pip: p.tile[1], from: 0 });
    } else {
      const arm = arms.get(p.end);
      if (!arm) ctx.fail(`placement ${i} ${show(p)} is on an end that was not open`);
      if (p.tile[0] !== arm.pip) ctx.fail(`placement ${i} ${show(p)} laid against a ${arm.pip}`);
      arm.pip = p.tile[1];
      arm.from = i;
    }
    const spinner = v === 'doubles' ? dbl : v === 'fives' && dbl && fivesSpinner < 0;
    if (p.spinner !== spinner || p.double !== dbl) ctx.fail(`placement ${i} ${show(p)}: spinner should be ${spinner}`);
    if (spinner) {
      if (v === 'fives') fivesSpinner = i;
      const sides = v === 'doubles' && i > 0 ? [`s${i}.1`, `s${i}.2`] : ['up', 'down'];
      const long = i === 0 ? ['left', 'right'] : [p.end];
      if (v === 'doubles' && h.spinnerSideOrder === 'anySide') for (const id of sides) arms.set(id, { pip: p.tile[0], from: i });
      else pending.push({ at: i, long, sides, pip: p.tile[0] });
    }
    // A spinner's short sides open once both long sides hold a tile.
    for (let k = pending.length - 1; k >= 0; k--) {
      const sp = pending[k]!;
      if (sp.long.every((id) => arms.get(id)!.from !== sp.at)) {
        for (const id of sp.sides) arms.set(id, { pip: sp.pip, from: sp.at });
        pending.splice(k, 1);
      }
    }
  }
  const expected = [...arms].map(([id, e]) => `${id}:${e.pip}:${e.from}`).sort();
  const actual = s.openEnds.map((e) => `${e.id}:${e.pip}:${e.from}`).sort();
  if (expected.join() !== actual.join()) ctx.fail(`open ends ${show(actual)}, expected ${show(expected)}`);

  let count = 0;
  if (v === 'fives') {
    for (const e of arms.values()) {
      const t = table[e.from]!;
      if (e.from !== fivesSpinner) count += t.tile[0] === t.tile[1] ? 2 * e.pip : e.pip;
    }
    if (fivesSpinner >= 0) {
      const sp = table[fivesSpinner]!;
      const long = fivesSpinner === 0 ? ['left', 'right'] : [sp.end];
      const counts =
        h.spinnerCounting === 'sniff'
          ? [...arms.values()].some((e) => e.from === fivesSpinner)
          : long.some((id) => arms.get(id)!.from === fivesSpinner);
      if (counts) count += 2 * sp.tile[0];
    }
  }
  if (s.count !== count) ctx.fail(`count ${s.count}, expected ${count} from the layout ${show(table.map((p) => [p.tile, p.end]))}`);
}

/** Structure of the table: ends unique, in range, showing a number of the tile they come from. */
function checkTable(ctx: Ctx, s: MatchState): void {
  const ids = new Set<string>();
  for (const e of s.openEnds) {
    if (ids.has(e.id)) ctx.fail(`open end ${e.id} twice`);
    ids.add(e.id);
    const from = s.table[e.from];
    if (!from || !isPip(e.pip) || (from.tile[0] !== e.pip && from.tile[1] !== e.pip)) ctx.fail(`open end ${show(e)} is off the table`);
  }
  const v = s.config.variant;
  if (s.table.length > 0) {
    if ((v === 'draw' || v === 'block') && s.openEnds.length !== 2) ctx.fail(`${s.openEnds.length} open ends in ${v}`);
    if (v === 'fives' && (s.openEnds.length < 2 || s.openEnds.length > 4)) ctx.fail(`${s.openEnds.length} open ends in fives`);
    const spinners = s.table.filter((p) => p.spinner);
    if (v === 'fives' && spinners.length > 1) ctx.fail('more than one spinner in fives');
    if ((v === 'draw' || v === 'block') && spinners.length) ctx.fail(`a spinner in ${v}`);
    if (v === 'doubles' && s.table.some((p) => p.spinner !== p.double)) ctx.fail('a double that is no spinner in doubles');
  }
  for (const p of s.table) {
    if (!isPip(p.tile[0]) || !isPip(p.tile[1]) || p.double !== (p.tile[0] === p.tile[1])) ctx.fail(`placement ${show(p)}`);
  }
  for (const h of s.hands) for (const t of h) if (!isPip(t[0]) || !isPip(t[1]) || t[0] < t[1]) ctx.fail(`hand tile ${show(t)}`);
}

const MALFORMED: ((anyEnd: string, own: Tile | undefined) => unknown)[] = [
  () => null,
  () => undefined,
  () => ({}),
  () => [],
  () => 'draw',
  () => 'pass',
  () => 42,
  () => ({ type: 'PLAY' }),
  () => ({ type: 'play' }),
  (end) => ({ type: 'play', tile: [7, 1], end }),
  (end) => ({ type: 'play', tile: [1, 2, 3], end }),
  (end) => ({ type: 'play', tile: '6-6', end }),
  (end) => ({ type: 'play', tile: [1.5, 2], end }),
  (end) => ({ type: 'play', tile: [-1, 0], end }),
  (end) => ({ type: 'play', tile: null, end }),
  (_, own) => ({ type: 'play', tile: own ?? [0, 0], end: 3 }),
  (_, own) => ({ type: 'play', tile: own ?? [0, 0] }),
];

/**
 * One illegal move for the seat to act, of a random kind: a tile not in hand, an end that does not
 * exist, a tile that does not fit, draw or pass when not allowed (§1, §2), or malformed input. Returns
 * the move, the RuleError codes it may raise, and what it is.
 */
function illegalMove(s: MatchState, moves: LegalMove[], rng: RngState): [unknown, string[], string] {
  const hand = s.hands[s.turn!]!;
  const empty = s.table.length === 0;
  const anyEnd = empty ? 'lead' : s.openEnds[0]!.id;
  const own = hand.length ? pick(rng, hand) : undefined;
  const kind = nextInt(rng, 5);
  if (kind === 0) {
    const foreign = pick(rng, ALL_TILES.filter((t) => !hand.some((h) => tileIndex(h) === tileIndex(t))));
    const fitting = s.openEnds.find((e) => foreign[0] === e.pip || foreign[1] === e.pip);
    return [{ type: 'play', tile: foreign, end: empty ? 'lead' : (fitting ?? s.openEnds[0]!).id }, ['not-in-hand'], 'tile not in hand'];
  }
  if (kind === 1 && own) {
    const ends = ['nowhere', '', empty ? 'left' : 'lead', 'LEFT', 'up '].filter((id) => !s.openEnds.some((e) => e.id === id));
    return [{ type: 'play', tile: own, end: pick(rng, ends) }, ['no-such-end'], 'end that does not exist'];
  }
  if (kind === 2) {
    const legal = new Set<string>();
    for (const m of moves) if (m.type === 'play') legal.add(moveKey(m));
    const misfits: { tile: Tile; end: string }[] = [];
    for (const t of hand) {
      for (const id of empty ? ['lead'] : s.openEnds.map((e) => e.id)) {
        if (!legal.has(`${tileIndex(t)}@${id}`)) misfits.push({ tile: t, end: id });
      }
    }
    if (misfits.length) {
      return [{ type: 'play', ...pick(rng, misfits) }, [empty ? 'wrong-lead' : 'tile-does-not-fit'], 'tile that does not fit'];
    }
  }
  if (kind === 4) return [pick(rng, MALFORMED)(anyEnd, own), ['invalid-move'], 'malformed move'];
  if (moves[0]!.type === 'play') {
    return nextInt(rng, 2) === 0
      ? [{ type: 'draw' }, ['must-play'], 'draw when a play exists']
      : [{ type: 'pass' }, ['must-play'], 'pass when a play exists'];
  }
  if (moves[0]!.type === 'draw') return [{ type: 'pass' }, ['must-draw'], 'pass when a draw exists'];
  return [{ type: 'draw' }, ['cannot-draw'], 'draw with nothing drawable'];
}

/** The JSON round trip runs on every n-th sampled step (and whole cases replay through JSON, see replayEvery). */
const JSON_EVERY = 5;
/** Legal moves applied per sampled step (all of them when there are no more). */
const APPLY_ALL = 6;

/** Every `sampleEvery`-th step: the expensive checks. */
function deepChecks(
  ctx: Ctx,
  s: MatchState,
  moves: LegalMove[],
  chosen: LegalMove,
  next: MatchState,
  rng: RngState,
  stats: Stats,
  withJson: boolean,
): void {
  stats.sampledSteps++;
  checkTable(ctx, s);
  checkLayout(ctx, s);

  // The legal moves are exactly those of the rules (§1 must play; §2 draw/pass; §5 Doubles locks).
  const plays = moves.filter((m): m is Play => m.type === 'play');
  const expected = expectedPlays(s);
  const got = new Set(plays.map(moveKey));
  if (got.size !== plays.length) ctx.fail(`legal moves repeat an entry: ${show(moves)}`);
  if (got.size !== expected.size || [...got].some((k) => !expected.has(k))) {
    ctx.fail(`legal plays ${show([...got].sort())}, expected ${show([...expected].sort())}`);
  }
  for (const m of plays) {
    if (m.tile[0] < m.tile[1]) ctx.fail(`legal move tile ${show(m.tile)} not higher half first`);
    const end = s.openEnds.find((e) => e.id === m.end);
    if (m.pip !== (s.table.length === 0 ? null : end!.pip)) ctx.fail(`legal move ${show(m)} names the wrong pip`);
  }
  if (plays.length === 0) {
    const canDraw = drawable(s) > 0 && (s.config.houseRules.drawMode === 'untilPlayable' || s.round.drawn === 0);
    if (moves.length !== 1 || moves[0]!.type !== (canDraw ? 'draw' : 'pass')) ctx.fail(`no play, moves ${show(moves)}`);
  } else if (moves.length !== plays.length) ctx.fail(`draw/pass offered beside plays: ${show(moves)}`);
  // §2: a drawn playable tile must be played this turn: after a draw, the only plays are the drawn tile.
  if (s.round.drawn > 0 && plays.length > 0) {
    const last = s.hands[s.turn!]![s.hands[s.turn!]!.length - 1]!;
    if (plays.some((m) => tileIndex(m.tile) !== tileIndex(last))) ctx.fail('after a draw, an older tile became playable');
  }

  // Every returned move applies (state frozen: any write into it throws). Up to APPLY_ALL of them per
  // sampled step, picked at random when there are more (Doubles layouts can offer a dozen).
  for (const m of moves.length <= APPLY_ALL ? moves : shuffleInPlace(rng, moves.slice()).slice(0, APPLY_ALL)) {
    let after: MatchState;
    try {
      after = applyMove(s, m);
    } catch (e) {
      ctx.fail(`legal move ${show(m)} threw ${(e as Error).stack}`);
    }
    checkTiles(ctx, after);
    if (m.type === 'play' && s.config.variant === 'fives') {
      const entry = after.log[after.log.length - 1]!;
      if (entry.type !== 'play' || entry.points !== m.points) ctx.fail(`${show(m)} scored ${show(entry)}`);
    }
  }

  // JSON (on every JSON_EVERY-th sampled step): serialisable, unchanged by applyMove without freezing,
  // and play goes on from the parsed copy exactly as from the state.
  if (withJson) {
    const json = JSON.stringify(s);
    const copy = JSON.parse(json) as MatchState;
    if (!plainEqual(copy, s)) ctx.deepEqual(copy, s, 'JSON.parse(JSON.stringify(state))');
    if (!plainEqual(applyMove(copy, chosen), next)) ctx.fail('play from the parsed copy continued differently');
    if (JSON.stringify(copy) !== json) ctx.fail('applyMove changed its (unfrozen) input');
    if (chosen.type === 'play' && chosen.tile[0] !== chosen.tile[1]) {
      // Either half order is accepted as input (types.ts Tile).
      const flipped = applyMove(s, { type: 'play', tile: [chosen.tile[1], chosen.tile[0]], end: chosen.end });
      if (!plainEqual(flipped.table, next.table) || !plainEqual(flipped.hands, next.hands) || flipped.turn !== next.turn) {
        ctx.fail('the tile given lower half first played differently');
      }
    }
  }

  // An illegal move throws RuleError (and leaves the input unchanged: it is frozen).
  quietly(() => {
    const [move, codes, what] = illegalMove(s, moves, rng);
    stats.illegalTried++;
    let error: unknown = null;
    try {
      applyMove(s, move);
    } catch (e) {
      error = e;
    }
    if (!(error instanceof RuleError) || !codes.includes(error.code)) {
      const got = error === null ? 'success' : `${(error as Error).name} ${(error as RuleError).code ?? ''} ${(error as Error).message}`;
      ctx.fail(`${what} ${show(move)}: expected RuleError ${codes.join('|')}, got ${got}`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Playing

export interface RunOptions {
  /** The expensive checks run on every n-th step. */
  sampleEvery?: number;
  /** One case in n is also replayed (same seed and choices; once from JSON copies at every step). */
  replayEvery?: number;
}

interface CaseSpec {
  seed: string;
  variant: Variant;
  mode: 'round' | 'match';
}

export function caseSeed(base: string, variant: Variant, mode: 'round' | 'match', index: number): string {
  return `${base}/${variant}/${mode === 'round' ? 'r' : 'm'}${index}`;
}

function parseSeed(seed: string): CaseSpec {
  const parts = seed.split('/');
  const variant = parts[parts.length - 2] as Variant;
  const kind = parts[parts.length - 1]?.[0];
  if (!VARIANTS.includes(variant) || (kind !== 'r' && kind !== 'm')) {
    throw new Error(`a case seed looks like <base>/<variant>/<r|m><n>, got ${seed}`);
  }
  return { seed, variant, mode: kind === 'r' ? 'round' : 'match' };
}

/** The rounds' limit of one match: targets are at most 150 in match cases, and most rounds score. */
const MAX_ROUNDS = 400;

/**
 * Plays the case named by `seed` with every check; throws a Violation naming the seed on the first
 * failure. Adds to `stats`.
 */
export function runCase(seed: string, stats: Stats = newStats(), options: RunOptions = {}): Stats {
  const { sampleEvery = 7, replayEvery = 100 } = options;
  const spec = parseSeed(seed);
  const ctx: Ctx = new Ctx(seed);
  try {
    const cfgRng = seedRng(`${seed}#config`);
    const { config, expected } = randomConfig(cfgRng, spec.variant, spec.mode, seed);
    const offset = nextInt(cfgRng, sampleEvery);
    const replay = nextInt(cfgRng, replayEvery) === 0;
    const moveRng = seedRng(`${seed}#moves`);
    const checkRng = seedRng(`${seed}#checks`);

    let state: MatchState;
    try {
      state = createMatch(config);
    } catch (e) {
      ctx.fail(`createMatch(${show(config)}) threw ${(e as Error).stack}`);
    }
    ctx.deepEqual(state.config, expected, `resolved config of ${show(config)}`);
    stats.cases++;
    stats.shapes[shapeOf(state.config)]++;
    // Another seed deals another first round (almost always); checked in one case of 8.
    if (nextInt(cfgRng, 8) === 0) {
      stats.seedPairs++;
      const other = createMatch({ ...config, seed: `${seed}~` });
      if (JSON.stringify(other.hands) === JSON.stringify(state.hands)) stats.sameFirstDeal++;
    }

    let prev: MatchState | null = null;
    let sampledHere = nextInt(cfgRng, JSON_EVERY);
    for (;;) {
      checkRoundStart(ctx, state, prev, stats);
      ctx.step = 0;
      for (;;) {
        const moves = legalMoves(state);
        checkTiles(ctx, state);
        if ((moves.length > 0) !== (state.turn !== null)) ctx.fail(`legalMoves ${show(moves)} with turn ${state.turn}`);
        if (state.turn === null) break;
        // §1(b): a state where nobody can move must already have ended.
        if (moves[0]!.type === 'pass' && nobodyCanMove(state)) ctx.fail('nobody can move but the round goes on');
        const move = moves[nextInt(moveRng, moves.length)]!;
        // Sampled steps freeze the state first (with everything it shares with later states), so a
        // write into it by the engine throws, then and later.
        const sampled = (ctx.step + offset) % sampleEvery === 0;
        if (sampled) deepFreeze(state);
        const before = fingerprint(state);
        let next: MatchState;
        try {
          next = applyMove(state, move);
        } catch (e) {
          ctx.fail(`legal move ${show(move)} threw ${(e as Error).stack}`);
        }
        if (fingerprint(state) !== before) ctx.fail(`applyMove(${show(move)}) changed its input`);
        if (sampled) deepChecks(ctx, state, moves, move, next, checkRng, stats, ++sampledHere % JSON_EVERY === 0);
        checkStep(ctx, state, move, next, stats);
        state = next;
        ctx.step++;
        stats.steps++;
      }
      stats.rounds++;
      // Nothing more may be played on a finished round.
      quietly(() => {
        const attempts = [{ type: 'pass' }, { type: 'draw' }, { type: 'play', tile: [0, 0], end: 'lead' }];
        for (const m of [attempts[nextInt(checkRng, attempts.length)]]) {
          try {
            applyMove(state, m);
            ctx.fail(`${show(m)} accepted after the round ended`);
          } catch (e) {
            const code = (e as RuleError).code;
            if (!(e instanceof RuleError) || code !== (state.winningSide !== null ? 'match-over' : 'round-over')) {
              ctx.fail(`${show(m)} after the round: ${(e as Error).message}`);
            }
          }
        }
      });
      if (state.winningSide !== null || spec.mode === 'round') break;
      if (ctx.round >= MAX_ROUNDS) ctx.fail(`no winner after ${MAX_ROUNDS} rounds: ${show(state.scores)}`);
      prev = state;
      state = nextRound(deepFreeze(state));
      ctx.round++;
    }
    if (spec.mode === 'match') {
      stats.matches++;
      const w = state.winningSide;
      if (w === null || state.scores[w]! < state.config.target) ctx.fail(`match ended with winner ${w}, scores ${show(state.scores)}`);
      quietly(() => {
        try {
          nextRound(state);
          ctx.fail('nextRound after the match was won');
        } catch (e) {
          if (!(e instanceof RuleError) || e.code !== 'match-over') ctx.fail(`nextRound after the match: ${(e as Error).message}`);
        }
      });
    }

    if (replay) {
      stats.replays++;
      const plain = transcript(config, seed, false);
      const viaJson = transcript(config, seed, true);
      if (plain[plain.length - 1] !== JSON.stringify(state)) ctx.fail('the same seed and moves ended in another state');
      if (plain.length !== viaJson.length || plain.some((j, i) => j !== viaJson[i])) {
        ctx.fail('play continued from JSON copies differs from play on the states');
      }
    }
  } catch (e) {
    if (e instanceof Violation) throw e;
    ctx.fail(`unexpected ${(e as Error).stack ?? String(e)}`);
  }
  return stats;
}

/** The JSON of every state of the case, replayed from its seed without checks. */
function transcript(config: MatchConfig, seed: string, viaJson: boolean): string[] {
  const moveRng = seedRng(`${seed}#moves`);
  const out: string[] = [];
  let state = createMatch(config);
  const mode = parseSeed(seed).mode;
  for (;;) {
    out.push(JSON.stringify(state));
    if (viaJson) state = JSON.parse(out[out.length - 1]!) as MatchState;
    const moves = legalMoves(state);
    if (moves.length > 0) {
      state = applyMove(state, moves[nextInt(moveRng, moves.length)]!);
      continue;
    }
    if (state.winningSide !== null || mode === 'round') return out;
    state = nextRound(state);
  }
}

/** Runs `count` cases of one variant and mode; returns the stats. */
export function runCases(base: string, variant: Variant, mode: 'round' | 'match', count: number, options?: RunOptions): Stats {
  const stats = newStats();
  for (let i = 0; i < count; i++) runCase(caseSeed(base, variant, mode, i), stats, options);
  return stats;
}
