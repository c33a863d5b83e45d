/**
 * The fast path for playouts: the rules of match.ts and board.ts again, on bitmasks and typed arrays,
 * mutable and allocation-free, for the hard computer player's thousands of simulated rounds a move and
 * for benchmarks. It is not a second source of truth: test/engine/playout.test.ts replays its rounds
 * through the reference engine move by move and demands the same legal moves, counts and results.
 *
 * Tiles are indices 0..27 (tiles.ts `tileIndex`); a hand is a 28-bit mask. Open ends live in slots
 * that keep the order of the reference `openEnds`; an end's id is coded as a number (see `endId`).
 * Scoring at round end is shared with the reference engine (scoring.ts).
 *
 * Only the rules live here, and a uniformly random move; how a computer chooses its simulated moves is
 * the computer player's business (src/ai/playout-policy.ts), passed to `playRound`.
 */
import { sideOf, variantRules } from './config.js';
import type { RngState } from './rng.js';
import { blockedResult, dominoResult } from './scoring.js';
import { ALL_TILES, compareHeaviness, FULL_SET, tileIndex } from './tiles.js';
import type { Deal, MatchState, ResolvedConfig, RoundResult, Tile } from './types.js';

const TILE_COUNT = 28;
const MAX_ENDS = 48;
/** The slot code of the lead on the empty table. */
export const LEAD_SLOT = 63;
/** What `randomMove` returns for a draw and a pass. */
export const DRAWN = -1;
export const PASSED = -2;

/** A number per tile index. */
const perTile = (value: (tile: Tile) => number): Int8Array => Int8Array.from(ALL_TILES, value);
/** A mask per number, 0 to 6. */
const perNumber = (mask: (pip: number) => number): Int32Array => Int32Array.from({ length: 7 }, (_, pip) => mask(pip));
/** The tiles that pass `test`, as a mask. */
const tilesWhere = (test: (tile: Tile) => boolean): number =>
  ALL_TILES.reduce((mask, tile, i) => (test(tile) ? mask | (1 << i) : mask), 0);

// The tables are built by calls marked pure: a bundle that imports the engine's internals without the
// playouts (the easy and medium players' chunk) then leaves this module out.
const HIGH = /* @__PURE__ */ perTile((tile) => tile[0]);
const LOW = /* @__PURE__ */ perTile((tile) => tile[1]);
/** The pips of each tile. */
export const PIPS = /* @__PURE__ */ perTile((tile) => tile[0] + tile[1]);
/** Tiles showing each number. */
const PIP_MASK = /* @__PURE__ */ perNumber((pip) => tilesWhere((tile) => tile[0] === pip || tile[1] === pip));
/** The double of each number, as a one-tile mask. */
const DOUBLE_MASK = /* @__PURE__ */ perNumber((pip) => tilesWhere((tile) => tile[0] === pip && tile[1] === pip));
/** The seven doubles, as a mask. */
export const ALL_DOUBLES = /* @__PURE__ */ tilesWhere((tile) => tile[0] === tile[1]);
/** Tile indices heaviest first (RULES.md §3, C9). */
const HEAVIEST_FIRST = /* @__PURE__ */ (() =>
  ALL_TILES.map((t) => tileIndex(t)).sort((a, b) => compareHeaviness(ALL_TILES[a]!, ALL_TILES[b]!)))();
/** End kinds: how the outermost tile of an arm counts in All Fives. */
const PLAIN = 0;
const CROSSWISE_DOUBLE = 1;
const SPINNER_SIDE = 2;

/** End id codes: 0–3 the lead's arms and the All Fives spinner's short sides; 100+2i(+1): 's<i>.1/2'. */
const END_NAMES = ['left', 'right', 'up', 'down'];
export function endId(code: number): string {
  return code < 100 ? END_NAMES[code]! : `s${(code - 100) >> 1}.${((code - 100) & 1) + 1}`;
}

/** The number of tiles in a mask. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Doubles (perNumber): the tiles an end showing `pip` takes, given the unlocked numbers. */
function fitsNumber(pip: number, unlocked: number): number {
  return unlocked & (1 << pip) ? PIP_MASK[pip]! : DOUBLE_MASK[pip]!;
}

/** The index of the k-th set bit of a mask (k from 0). */
function nthBit(mask: number, k: number): number {
  for (; k > 0; k--) mask &= mask - 1;
  return 31 - Math.clz32(mask & -mask);
}

/** Makes one move for the seat to act in a simulated round; returns what it did, as `randomMove` does. */
export type MovePolicy = (sim: Playout) => number;

export class Playout {
  readonly config: ResolvedConfig;
  private readonly players: number;
  /** The open ends count and multiples of five score (VariantRules.scoresFives). */
  readonly fives: boolean;
  /** Every double spins, and a later spinner's sides are named after it (VariantRules.spinners 'every'). */
  private readonly everySpinner: boolean;
  /** Only the first double spins (VariantRules.spinners 'first'). */
  private readonly firstSpinner: boolean;
  /** Numbers lock until their double is laid (VariantRules.locksNumbers). */
  private readonly locksNumbers: boolean;
  private readonly drawing: boolean;
  private readonly drawOne: boolean;
  private readonly reserve: number;
  private readonly sniff: boolean;
  private readonly spinnerOnly: boolean;
  /** Doubles with perNumber unlocking: a number that is not unlocked takes nothing but its double. */
  readonly locking: boolean;
  private readonly shortSidesAtOnce: boolean;
  private readonly handSize: number;

  readonly hands = new Int32Array(4);
  readonly pips = new Int32Array(4);
  readonly tileCounts = new Int32Array(4);
  readonly scores = new Int32Array(4);
  /** Plain arrays for the shared scoring code, reused so that a round allocates only its result. */
  private readonly pipScratch: number[];
  private readonly countScratch: number[];
  private readonly boneyard = new Uint8Array(TILE_COUNT);
  private boneyardStart = 0;
  private boneyardEnd = 0;

  readonly endPip = new Int8Array(MAX_ENDS);
  private readonly endKind = new Int8Array(MAX_ENDS);
  /** The table index of the spinner whose side the end is, or -1. */
  private readonly endSpinner = new Int8Array(MAX_ENDS);
  private readonly endIsLong = new Uint8Array(MAX_ENDS);
  readonly endCode = new Int16Array(MAX_ENDS);
  endCount = 0;
  /** Free long sides of the spinner at each table index. */
  private readonly longFree = new Int8Array(TILE_COUNT);
  /** The number of the double at each table index. */
  private readonly doublePip = new Int8Array(TILE_COUNT);
  /** Tiles on the table. */
  placed = 0;
  /** Numbers whose double is on the table (Doubles' unlocking). */
  private unlocked = 0;
  /** Table index of the first spinner (the one the All Fives count reads), or -1. */
  private firstSpinnerAt = -1;

  turn = 0;
  private leader = 0;
  /** The tile the leader must lead, or -1 for any. */
  private leadTile = -1;
  private drawn = 0;
  count = 0;
  /** Set when the round ended; null while it runs or when the match was won in play. */
  result: RoundResult | null = null;
  /** The side that won the match, or -1. */
  winningSide = -1;
  over = false;

  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(config: ResolvedConfig, rng: RngState) {
    this.config = config;
    this.players = config.players;
    const rules = variantRules(config);
    this.fives = rules.scoresFives;
    this.everySpinner = rules.spinners === 'every';
    this.firstSpinner = rules.spinners === 'first';
    this.locksNumbers = rules.locksNumbers;
    this.drawing = rules.stock === 'draw';
    this.drawOne = config.houseRules.drawMode === 'drawOne';
    this.reserve = config.houseRules.boneyardReserve;
    this.sniff = config.houseRules.spinnerCounting === 'sniff';
    this.spinnerOnly = config.houseRules.doublesUnlock === 'spinnerOnly';
    this.locking = this.locksNumbers && !this.spinnerOnly;
    this.shortSidesAtOnce = this.locksNumbers && config.houseRules.spinnerSideOrder === 'anySide';
    this.handSize = rules.handSize[config.players];
    this.pipScratch = new Array<number>(config.players).fill(0);
    this.countScratch = new Array<number>(config.players).fill(0);
    [this.a, this.b, this.c, this.d] = rng;
  }

  /**
   * A uniform integer in [0, n) for n < 2^15, from sfc32 kept in fields (the shared rng.ts works on an
   * array, too slow here). A bias of n/65536 is fine for simulated play.
   */
  random(n: number): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    const c = (this.c << 21) | (this.c >>> 11);
    this.c = (c + t) | 0;
    return ((t >>> 16) * n) >>> 16;
  }

  private resetTable(): void {
    this.endCount = 0;
    this.placed = 0;
    this.unlocked = 0;
    this.firstSpinnerAt = -1;
    this.drawn = 0;
    this.count = 0;
    this.result = null;
    this.over = false;
  }

  /** Deals a random first round (first-round opening, Doubles' redeal) with scores kept. */
  dealFirstRound(): void {
    for (;;) {
      const tiles = this.boneyard;
      for (let i = 0; i < TILE_COUNT; i++) tiles[i] = i;
      for (let i = TILE_COUNT - 1; i > 0; i--) {
        const j = this.random(i + 1);
        const t = tiles[i]!;
        tiles[i] = tiles[j]!;
        tiles[j] = t;
      }
      let next = 0;
      for (let s = 0; s < this.players; s++) {
        let mask = 0;
        let pips = 0;
        for (let k = 0; k < this.handSize; k++) {
          const t = tiles[next++]!;
          mask |= 1 << t;
          pips += PIPS[t]!;
        }
        this.hands[s] = mask;
        this.pips[s] = pips;
        this.tileCounts[s] = this.handSize;
      }
      this.boneyardStart = next;
      this.boneyardEnd = TILE_COUNT;
      this.resetTable();
      if (this.openWithHighestDouble()) return;
      if (this.config.houseRules.noDoubleOpening === 'heaviest') {
        this.openWithHeaviest();
        return;
      }
    }
  }

  private openWithHighestDouble(): boolean {
    for (let p = 6; p >= 0; p--) {
      for (let s = 0; s < this.players; s++) {
        if (this.hands[s]! & DOUBLE_MASK[p]!) {
          this.setOpening(s, 31 - Math.clz32(DOUBLE_MASK[p]!));
          return true;
        }
      }
    }
    return false;
  }

  private openWithHeaviest(): void {
    for (const t of HEAVIEST_FIRST) {
      for (let s = 0; s < this.players; s++) {
        if (this.hands[s]! & (1 << t)) {
          this.setOpening(s, t);
          return;
        }
      }
    }
  }

  private setOpening(seat: number, tile: number): void {
    this.leader = seat;
    this.turn = seat;
    this.leadTile = tile;
  }

  /** Takes over a running round of a full (possibly sampled) match state. */
  load(state: MatchState): void {
    this.resetTable();
    for (let s = 0; s < this.players; s++) {
      let mask = 0;
      for (const tile of state.hands[s]!) mask |= 1 << tileIndex(tile);
      this.hands[s] = mask;
      this.pips[s] = state.hands[s]!.reduce((sum, t) => sum + t[0] + t[1], 0);
      this.tileCounts[s] = state.hands[s]!.length;
    }
    this.scores.fill(0);
    state.scores.forEach((score, side) => (this.scores[side] = score));
    this.boneyardStart = 0;
    this.boneyardEnd = state.boneyard.length;
    state.boneyard.forEach((tile, i) => (this.boneyard[i] = tileIndex(tile)));
    this.leader = state.round.leader;
    this.leadTile = state.round.lead ? tileIndex(state.round.lead) : -1;
    for (const placement of state.table) {
      if (placement.end === 'lead') this.layLead(tileIndex(placement.tile));
      else this.layOn(this.slotOfEnd(placement.end), tileIndex(placement.tile));
    }
    this.count = state.count;
    this.drawn = state.round.drawn;
    this.turn = state.turn ?? 0;
    this.over = state.turn === null;
    this.result = state.round.result;
    this.winningSide = state.winningSide ?? -1;
  }

  /** Becomes a copy of `other`'s round (same config), generator included: a search's step back. */
  copyFrom(other: Playout): void {
    this.hands.set(other.hands);
    this.pips.set(other.pips);
    this.tileCounts.set(other.tileCounts);
    this.scores.set(other.scores);
    this.boneyard.set(other.boneyard);
    this.boneyardStart = other.boneyardStart;
    this.boneyardEnd = other.boneyardEnd;
    this.endPip.set(other.endPip);
    this.endKind.set(other.endKind);
    this.endSpinner.set(other.endSpinner);
    this.endIsLong.set(other.endIsLong);
    this.endCode.set(other.endCode);
    this.endCount = other.endCount;
    this.longFree.set(other.longFree);
    this.doublePip.set(other.doublePip);
    this.placed = other.placed;
    this.unlocked = other.unlocked;
    this.firstSpinnerAt = other.firstSpinnerAt;
    this.turn = other.turn;
    this.leader = other.leader;
    this.leadTile = other.leadTile;
    this.drawn = other.drawn;
    this.count = other.count;
    this.result = other.result;
    this.winningSide = other.winningSide;
    this.over = other.over;
    [this.a, this.b, this.c, this.d] = [other.a, other.b, other.c, other.d];
  }

  /** The tiles in every hand. */
  tilesInHands(): number {
    let tiles = 0;
    for (let s = 0; s < this.players; s++) tiles += this.tileCounts[s]!;
    return tiles;
  }

  slotOfEnd(id: string): number {
    for (let e = 0; e < this.endCount; e++) if (endId(this.endCode[e]!) === id) return e;
    throw new Error(`playout: no open end ${id}`);
  }

  drawable(): number {
    return this.drawing ? Math.max(0, this.boneyardEnd - this.boneyardStart - this.reserve) : 0;
  }

  /** The tiles that fit the slot `e`. */
  fitMask(e: number): number {
    const pip = this.endPip[e]!;
    if (!this.locksNumbers) return PIP_MASK[pip]!;
    if (this.spinnerOnly) return this.endKind[e] === SPINNER_SIDE ? PIP_MASK[pip]! & ~ALL_DOUBLES : DOUBLE_MASK[pip]!;
    return fitsNumber(pip, this.unlocked);
  }

  /** Every tile that fits somewhere on the table now (or may lead it). */
  playableMask(): number {
    if (this.placed === 0) return this.leadTile >= 0 ? 1 << this.leadTile : FULL_SET;
    let mask = 0;
    for (let e = 0; e < this.endCount; e++) mask |= this.fitMask(e);
    return mask;
  }

  /** Legal plays of the seat to act, as tile * 64 + slot (LEAD_SLOT on the empty table), into `out`. */
  legalPlays(out: number[]): number {
    out.length = 0;
    const mask = this.hands[this.turn]! & this.playableMask();
    for (let m = mask; m !== 0; m &= m - 1) {
      const t = 31 - Math.clz32(m & -m);
      if (this.placed === 0) out.push(t * 64 + LEAD_SLOT);
      else for (let e = 0; e < this.endCount; e++) if (this.fitMask(e) & (1 << t)) out.push(t * 64 + e);
    }
    return out.length;
  }

  canDraw(): boolean {
    return this.drawable() > 0 && (!this.drawOne || this.drawn === 0);
  }

  private setEnd(e: number, code: number, pip: number, kind: number, spinner: number, isLong: number): void {
    this.endCode[e] = code;
    this.endPip[e] = pip;
    this.endKind[e] = kind;
    this.endSpinner[e] = spinner;
    this.endIsLong[e] = isLong;
  }

  private becomesSpinner(tile: number): boolean {
    if (HIGH[tile] !== LOW[tile]) return false;
    return this.everySpinner || (this.firstSpinner && this.firstSpinnerAt < 0);
  }

  private addShortSides(spinner: number, pip: number, lead: boolean): void {
    const first = this.everySpinner && !lead ? 100 + 2 * spinner : 2;
    this.setEnd(this.endCount++, first, pip, SPINNER_SIDE, spinner, 0);
    this.setEnd(this.endCount++, first + 1, pip, SPINNER_SIDE, spinner, 0);
  }

  private layLead(tile: number): void {
    const high = HIGH[tile]!;
    const index = this.placed++;
    this.endCount = 0;
    if (high === LOW[tile]) {
      this.unlocked |= 1 << high;
      this.doublePip[index] = high;
    }
    if (this.becomesSpinner(tile)) {
      if (this.firstSpinnerAt < 0) this.firstSpinnerAt = index;
      this.longFree[index] = 2;
      this.setEnd(0, 0, high, SPINNER_SIDE, index, 1);
      this.setEnd(1, 1, high, SPINNER_SIDE, index, 1);
      this.endCount = 2;
      if (this.shortSidesAtOnce) this.addShortSides(index, high, true);
      return;
    }
    const kind = high === LOW[tile] ? CROSSWISE_DOUBLE : PLAIN;
    this.setEnd(0, 0, high, kind, -1, 0);
    this.setEnd(1, 1, LOW[tile]!, kind, -1, 0);
    this.endCount = 2;
  }

  private layOn(e: number, tile: number): void {
    const pip = this.endPip[e]!;
    const outer = HIGH[tile] === pip ? LOW[tile]! : HIGH[tile]!;
    const index = this.placed++;
    const parent = this.endSpinner[e]!;
    const fillsLongSide = this.endKind[e] === SPINNER_SIDE && this.endIsLong[e] === 1;
    const double = HIGH[tile] === LOW[tile];
    if (double) {
      this.unlocked |= 1 << pip;
      this.doublePip[index] = pip;
    }
    if (this.becomesSpinner(tile)) {
      if (this.firstSpinnerAt < 0) this.firstSpinnerAt = index;
      this.longFree[index] = 1;
      this.setEnd(e, this.endCode[e]!, outer, SPINNER_SIDE, index, 1);
      if (this.shortSidesAtOnce) this.addShortSides(index, outer, false);
    } else {
      this.setEnd(e, this.endCode[e]!, outer, double ? CROSSWISE_DOUBLE : PLAIN, -1, 0);
    }
    if (fillsLongSide && --this.longFree[parent]! === 0 && !this.shortSidesAtOnce) {
      this.addShortSides(parent, pip, parent === 0);
    }
  }

  private fivesCount(): number {
    let count = 0;
    let spinnerSideOpen = false;
    for (let e = 0; e < this.endCount; e++) {
      const kind = this.endKind[e];
      if (kind === PLAIN) count += this.endPip[e]!;
      else if (kind === CROSSWISE_DOUBLE) count += 2 * this.endPip[e]!;
      else spinnerSideOpen = true;
    }
    const spinner = this.firstSpinnerAt;
    if (spinner >= 0 && (this.sniff ? spinnerSideOpen : this.longFree[spinner]! > 0)) {
      count += 2 * this.doublePip[spinner]!;
    }
    return count;
  }

  /** The All Fives points that laying `tile` on `slot` would score, without laying it (cf. fivesCount). */
  pointsIf(tile: number, slot: number): number {
    if (!this.fives) return 0;
    const high = HIGH[tile]!;
    const double = high === LOW[tile];
    const newSpinner = double && this.firstSpinnerAt < 0;
    let count: number;
    if (slot === LEAD_SLOT) {
      count = newSpinner ? 2 * high : high + LOW[tile]!;
    } else {
      const outer = HIGH[tile] === this.endPip[slot] ? LOW[tile]! : high;
      count = 0;
      let spinnerSideOpen = newSpinner;
      for (let e = 0; e < this.endCount; e++) {
        const kind = e === slot ? (newSpinner ? SPINNER_SIDE : double ? CROSSWISE_DOUBLE : PLAIN) : this.endKind[e];
        const pip = e === slot ? outer : this.endPip[e]!;
        if (kind === PLAIN) count += pip;
        else if (kind === CROSSWISE_DOUBLE) count += 2 * pip;
        else spinnerSideOpen = true;
      }
      let spinnerPip = 0;
      let longFree = 0;
      if (newSpinner) {
        spinnerPip = outer;
        longFree = 1;
      } else if (this.firstSpinnerAt >= 0) {
        spinnerPip = this.doublePip[this.firstSpinnerAt]!;
        longFree = this.longFree[this.firstSpinnerAt]!;
        if (this.endKind[slot] === SPINNER_SIDE && this.endIsLong[slot] === 1 && --longFree === 0) {
          spinnerSideOpen = true; // the short sides open
        }
      }
      if (this.sniff ? spinnerSideOpen && (newSpinner || this.firstSpinnerAt >= 0) : longFree > 0) {
        count += 2 * spinnerPip;
      }
    }
    return count > 0 && count % 5 === 0 ? count : 0;
  }

  /** Lays `tile` on slot `slot` (LEAD_SLOT on the empty table) for the seat to act. No legality check. */
  play(tile: number, slot: number): void {
    const seat = this.turn;
    if (slot === LEAD_SLOT) this.layLead(tile);
    else this.layOn(slot, tile);
    this.hands[seat]! &= ~(1 << tile);
    this.pips[seat]! -= PIPS[tile]!;
    this.tileCounts[seat]!--;
    this.drawn = 0;
    if (this.fives) {
      const count = this.fivesCount();
      this.count = count;
      if (count > 0 && count % 5 === 0) {
        const side = sideOf(this.config, seat);
        this.scores[side]! += count;
        if (this.scores[side]! >= this.config.target) {
          this.winningSide = side;
          this.over = true;
          this.turn = (seat + 1) % this.players;
          if (this.tileCounts[seat] === 0) this.result = { ...dominoResult(this.config, this.pipList(), seat), points: 0 };
          else if (this.isBlocked()) this.result = { ...this.blockedRoundResult(), points: 0 };
          return;
        }
      }
    }
    if (this.tileCounts[seat] === 0) {
      this.endRound(dominoResult(this.config, this.pipList(), seat));
      return;
    }
    this.turn = (seat + 1) % this.players;
    if (this.isBlocked()) this.endBlocked();
  }

  draw(): void {
    const seat = this.turn;
    const tile = this.boneyard[this.boneyardStart++]!;
    this.hands[seat]! |= 1 << tile;
    this.pips[seat]! += PIPS[tile]!;
    this.tileCounts[seat]!++;
    this.drawn++;
    if (this.isBlocked()) this.endBlocked();
  }

  pass(): void {
    this.turn = (this.turn + 1) % this.players;
    this.drawn = 0;
    if (this.isBlocked()) this.endBlocked();
  }

  private isBlocked(): boolean {
    if (this.drawable() > 0 || this.placed === 0) return false;
    const playable = this.playableMask();
    for (let s = 0; s < this.players; s++) if (this.hands[s]! & playable) return false;
    return true;
  }

  private pipList(): number[] {
    const list = this.pipScratch;
    for (let s = 0; s < this.players; s++) list[s] = this.pips[s]!;
    return list;
  }

  private blockedRoundResult(): RoundResult {
    const counts = this.countScratch;
    for (let s = 0; s < this.players; s++) counts[s] = this.tileCounts[s]!;
    return blockedResult(this.config, this.pipList(), counts, this.leader);
  }

  private endBlocked(): void {
    this.endRound(this.blockedRoundResult());
  }

  private endRound(result: RoundResult): void {
    this.result = result;
    this.over = true;
    if (result.side !== null) {
      this.scores[result.side]! += result.points;
      if (this.scores[result.side]! >= this.config.target) this.winningSide = result.side;
    }
  }

  /**
   * One random legal move for the seat to act: a random playable tile on a random end it fits.
   * Returns what it did: tile * 64 + slot for a play, DRAWN or PASSED.
   */
  randomMove(): number {
    const seat = this.turn;
    const playable = this.playableMask();
    const mask = this.hands[seat]! & playable;
    if (mask !== 0) {
      const tile = nthBit(mask, this.random(popcount(mask)));
      if (this.placed === 0) {
        this.play(tile, LEAD_SLOT);
        return tile * 64 + LEAD_SLOT;
      }
      const bit = 1 << tile;
      let fitting = 0;
      for (let e = 0; e < this.endCount; e++) if (this.fitMask(e) & bit) fitting++;
      let pick = this.random(fitting);
      for (let e = 0; e < this.endCount; e++) {
        if (this.fitMask(e) & bit && pick-- === 0) {
          this.play(tile, e);
          return tile * 64 + e;
        }
      }
    }
    return this.drawOrPass();
  }

  /** The move of a seat that cannot lay a tile. */
  drawOrPass(): number {
    if (this.canDraw()) {
      this.draw();
      return DRAWN;
    }
    this.pass();
    return PASSED;
  }

  /** The tiles still to be drawn (or, in Block, left out), as a mask. */
  boneyardMask(): number {
    let mask = 0;
    for (let i = this.boneyardStart; i < this.boneyardEnd; i++) mask |= 1 << this.boneyard[i]!;
    return mask;
  }

  /** Doubles (perNumber): every tile that would fit the table after laying `tile` on slot `slot`. */
  fitMaskIf(tile: number, slot: number): number {
    const pip = this.endPip[slot]!;
    const unlocked = HIGH[tile] === LOW[tile] ? this.unlocked | (1 << pip) : this.unlocked;
    // A double's new sides show the number its slot showed, so the new outer number covers them too.
    let mask = fitsNumber(HIGH[tile] === pip ? LOW[tile]! : HIGH[tile]!, unlocked);
    for (let e = 0; e < this.endCount; e++) if (e !== slot) mask |= fitsNumber(this.endPip[e]!, unlocked);
    return mask;
  }

  /** Plays until the round (or the match, in All Fives) is over, with random moves or the policy's. */
  playRound(policy: 'random' | MovePolicy): void {
    if (policy === 'random') while (!this.over) this.randomMove();
    else while (!this.over) policy(this);
  }

  /** The current deal: hands and the boneyard still to draw, in drawing order. */
  deal(): Deal {
    const hands: Tile[][] = [];
    for (let s = 0; s < this.players; s++) {
      const hand: Tile[] = [];
      for (let m = this.hands[s]!; m !== 0; m &= m - 1) hand.push(ALL_TILES[31 - Math.clz32(m & -m)]!);
      hands.push(hand);
    }
    const boneyard = Array.from(this.boneyard.subarray(this.boneyardStart, this.boneyardEnd), (t) => ALL_TILES[t]!);
    return { hands, boneyard };
  }

  /** The open ends as the reference engine names them. */
  openEnds(): { id: string; pip: number }[] {
    const ends = [];
    for (let e = 0; e < this.endCount; e++) ends.push({ id: endId(this.endCode[e]!), pip: this.endPip[e]! });
    return ends;
  }
}
