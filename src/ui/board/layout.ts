/**
 * Where the tiles of the table go on screen: a pure function of the engine's table model (RULES.md §1,
 * §4, §5; src/engine/board.ts). No DOM: the widget turns the grid units into pixels.
 *
 * Units: a tile is 2×1 units lying (horizontal) or 1×2 standing (vertical). A crosswise double is
 * centred on its line, so coordinates are multiples of 0.5. Internally everything is in half-units
 * (a tile is 4×2 cells) so that every position is an integer.
 *
 * How tiles go down:
 * - The lead is centred in the `maxColumns` wide area: a non-double lies, [higher, lower] left to right,
 *   on the centre line; a double stands across it. Its ends 'left' and 'right' start the two arms; a lead
 *   spinner's 'up' and 'down' leave from its top and bottom.
 * - A non-double continues its arm in line, the attached half against the tile before. A double
 *   (spinner or not) stands crosswise, centred on the line; the arm goes on from its far long side only.
 *   A spinner's short sides start new arms perpendicular to its line, from its middle (All Fives: 'up'
 *   and 'down'; Doubles: 's<i>.1' and 's<i>.2', .1 being up, or left when the spinner lies in a
 *   vertical stretch).
 *
 * Turning (the snake): an arm that runs horizontally goes straight while it can. When the next tile would
 * cross the width limit or touch another tile, the arm turns: the 'left' arm turns down, the 'right' arm
 * up (so the two never meet), an 'up'/'down' arm the way it was already going, a Doubles branch away from
 * the lead's line. The corner tile stands against the side of the last tile's outer half (not beyond it,
 * so the limit is never crossed), and the tile after it turns again and runs back the other way: rows
 * two units apart, the arm's rows stacking below (left arm) or above (right arm) the lead's line. A
 * vertical arm goes straight (height is unlimited) until blocked, then turns toward the roomier side and
 * snakes in rows like the others.
 *
 * Collisions: every tile occupies cells of a half-unit grid; a position is taken only if its cells are
 * free. The candidate positions for a tile are tried in the arm's order of preference (straight, the
 * preferred turn, the other turn; then an L-corner from the end of the last tile; then positions shifted
 * by half a unit or a unit along the face, still touching it). A look-ahead keeps every arm alive: a
 * position is refused if it would leave some arm (including a spinner's short sides that are not open
 * yet) without room for the next tile it may still receive (a non-double, and the double of its number
 * while that is not on the table), and refused if it would take away the last in-bounds room of an arm
 * that had some. If nothing in bounds passes, a position beyond the width limit that keeps every arm
 * alive is taken (the documented exception; it happens only on crowded Doubles tables), and only then a
 * position that gives up on the look-ahead. Tiles never overlap.
 *
 * Stability: a tile's position depends only on the tiles laid before it, so laying one more tile never
 * moves the others; only the normalisation (coordinates start at 0) translates everything when the
 * bounding box grows.
 *
 * Open ends: each open end gets a box where a non-double laid there would go: exactly where the next
 * tile would land, unless that place is already another end's box, in which case the box takes the next
 * free position on its end (boxes overlap only when an end has no other free position).
 */
import type { OpenEnd, Placement } from '../../engine/types.js';

export type Direction = 'left' | 'right' | 'up' | 'down';

export interface TileLayout {
  /** Index of the tile in `table`. */
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The tile's first half (tile[0]) is at the top or left, unless `flipped`. */
  orientation: 'horizontal' | 'vertical';
  /** tile[0] is drawn at the right (horizontal) or bottom (vertical). */
  flipped: boolean;
}

export interface EndLayout {
  /** The open end's id. */
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The way a tile laid there runs away from the tile offering the end. */
  direction: Direction;
}

export interface TableLayout {
  tiles: TileLayout[];
  /** One box per open end, in the order of `openEnds`: where a non-double laid there would go. */
  ends: EndLayout[];
  /** Bounding box of tiles and end boxes, in grid units; all coordinates are ≥ 0. */
  width: number;
  height: number;
}

export interface LayoutOptions {
  /** The width available, in grid units (a lying tile is 2 wide). Fractions are rounded down. */
  maxColumns: number;
}

/** The narrowest layout: the lead and a box at each side. Smaller `maxColumns` count as this. */
export const MIN_COLUMNS = 6;
/** Wider than any table can get; larger `maxColumns` count as this. */
export const MAX_COLUMNS = 2000;

// Directions, clockwise from right; y grows downward.
const RIGHT = 0;
const DOWN = 1;
const LEFT = 2;
const UP = 3;
const DIRECTION_NAMES: readonly Direction[] = ['right', 'down', 'left', 'up'];
const opposite = (d: number): number => (d + 2) & 3;
const horizontal = (d: number): boolean => (d & 1) === 0;
/** +1 when `d` points along the positive axis (right or down), else -1. */
const sign = (d: number): number => (d === RIGHT || d === DOWN ? 1 : -1);

/** A rectangle in half-units. */
interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The open (or not yet open) end of an arm, or where an arm would be after a tile being considered. */
interface Arm {
  /** Table index of the tile offering it (-1 for a look-ahead). */
  from: number;
  /** The part of that tile showing the end's number: a non-double's outer half, or a whole double. */
  region: Rect;
  /** The region is a double: tiles attach to its side `dir` only (a spinner's other sides are other arms). */
  double: boolean;
  /** The way the arm runs now. */
  dir: number;
  /** The horizontal way the arm last ran, or -1. */
  rowDir: number;
  /** UP or DOWN: where the arm's rows stack. */
  progress: number;
  /** The number showing (-1: not known). */
  pip: number;
  /** Its candidate positions (see `candidates`), kept: they depend on the arm's geometry only. */
  lists?: (Candidate[] | null)[];
  /** An arm of the same geometry whose candidates this one shares. */
  shape?: Arm;
}

/** A position for a tile on an arm. */
interface Candidate {
  rect: Rect;
  /** The way the arm runs after it. */
  dir: number;
  /** A non-double's outer half; null for a double. */
  outer: Rect | null;
  /** The arm after a tile here (for the look-ahead), once asked for. */
  next?: Arm;
  /** A spinner's short sides if laid here, once asked for. */
  sides?: [Arm, Arm];
}

/** Proof that an arm has room: a free position and a free one beyond it. */
type Witness = [Rect, Rect];

const pairIndex = (a: number, b: number): number => (a >= b ? (a * (a + 1)) / 2 + b : (b * (b + 1)) / 2 + a);

function overlaps(a: Rect | null, b: Rect): boolean {
  return a !== null && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** A rectangle beyond face `f` whose face lies at `line`: depth [d0, d1) away from it, lateral [l0, l1). */
function beyond(f: number, line: number, d0: number, d1: number, l0: number, l1: number): Rect {
  switch (f) {
    case RIGHT:
      return { x: line + d0, y: l0, w: d1 - d0, h: l1 - l0 };
    case LEFT:
      return { x: line - d1, y: l0, w: d1 - d0, h: l1 - l0 };
    case DOWN:
      return { x: l0, y: line + d0, w: l1 - l0, h: d1 - d0 };
    default:
      return { x: l0, y: line - d1, w: l1 - l0, h: d1 - d0 };
  }
}

/** Where face `f` of `r` lies, the middle of its span, and its length. */
function faceLine(r: Rect, f: number): number {
  return f === RIGHT ? r.x + r.w : f === LEFT ? r.x : f === DOWN ? r.y + r.h : r.y;
}
const faceMid = (r: Rect, f: number): number => (horizontal(f) ? r.y + r.h / 2 : r.x + r.w / 2);
const faceLen = (r: Rect, f: number): number => (horizontal(f) ? r.h : r.w);

/** Lateral shifts tried after the natural position, in half-units. */
const SHIFTS = [1, -1, 2, -2];
const NO_SHIFT = [0];

/**
 * The occupied cells, one byte per half-unit cell, shared by all calls (layoutTable is synchronous) and
 * cleared after each. It spans ±GRID/2 half-units around the lead, more than 28 tiles can reach.
 */
const GRID = 320;
const grid = new Uint8Array(GRID * GRID);

/** Per arm, what the look-ahead keeps: 2 = room in bounds, 1 = room anywhere, 0 = nothing. */
type Level = 0 | 1 | 2;

class Layouter {
  readonly tiles: TileLayout[] = [];
  readonly rects: Rect[] = [];
  readonly arms = new Map<string, Arm>();
  /** Indices set in `grid`, to clear. */
  private readonly used: number[] = [];
  /** Bit i: the tile with pairIndex i is on the table. */
  private placed = 0;
  /** Doubles: the lead is a spinner and so is every later double, branching into 's<i>.1' and 's<i>.2'. */
  private branchIds = false;
  /** Per arm shape, `findRoom` without extra for [single, single in bounds, double, double in bounds]. */
  private readonly witnesses = new Map<Arm, (Witness | null | undefined)[]>();
  private readonly ox: number;
  private readonly oy = GRID / 2;

  constructor(private readonly width: number) {
    this.ox = GRID / 2 - width / 2;
  }

  // ------------------------------------------------------------------------------------------
  // The grid

  private occupied(r: Rect): boolean {
    const x0 = r.x + this.ox;
    const y0 = r.y + this.oy;
    if (x0 < 0 || y0 < 0 || x0 + r.w > GRID || y0 + r.h > GRID) return true; // beyond any table
    for (let y = y0; y < y0 + r.h; y++) {
      const row = y * GRID;
      for (let x = x0; x < x0 + r.w; x++) if (grid[row + x] !== 0) return true;
    }
    return false;
  }

  private occupy(r: Rect): void {
    for (let y = r.y + this.oy; y < r.y + this.oy + r.h; y++) {
      for (let x = r.x + this.ox; x < r.x + this.ox + r.w; x++) {
        const i = y * GRID + x;
        if (i >= 0 && i < grid.length && grid[i] === 0) {
          grid[i] = 1;
          this.used.push(i);
        }
      }
    }
  }

  /** Empties the shared grid again. */
  release(): void {
    for (const i of this.used) grid[i] = 0;
    this.used.length = 0;
  }

  inBounds(r: Rect): boolean {
    return r.x >= 0 && r.x + r.w <= this.width;
  }

  /** Free of tiles and of `a` and `b` (tiles being considered), and in bounds when `bounded`. */
  private free(r: Rect, a: Rect | null, b: Rect | null, bounded: boolean): boolean {
    if (bounded && !this.inBounds(r)) return false;
    if (overlaps(a, r) || overlaps(b, r)) return false;
    return !this.occupied(r);
  }

  // ------------------------------------------------------------------------------------------
  // Candidate positions

  /** The ways an arm would like to run next, best first. */
  private preferred(arm: Arm): [number, number, number] {
    const d = arm.dir;
    if (horizontal(d)) return [d, arm.progress, opposite(arm.progress)];
    // A vertical corner tile: turn back into a row running the other way.
    if (arm.rowDir >= 0) return [opposite(arm.rowDir), d, arm.rowDir];
    const centre = arm.region.x + arm.region.w / 2;
    const roomier = centre <= this.width / 2 ? RIGHT : LEFT;
    return [d, roomier, opposite(roomier)];
  }

  /**
   * The positions for a tile (a double when `double`) on `arm`, best first: pass 0 the natural ones,
   * pass 1 the same shifted along the face. Every one touches the arm's region with the attached half
   * (a double: with its long side), and a non-double's outer half does not touch the region. Kept on
   * the arm's shape, as they depend on its geometry only.
   */
  private candidates(arm: Arm, double: boolean, pass: number): Candidate[] {
    const shape = arm.shape ?? arm;
    const lists = (shape.lists ??= [null, null, null, null]);
    const k = (double ? 2 : 0) + pass;
    return (lists[k] ??= this.generate(shape, double, pass));
  }

  private generate(arm: Arm, double: boolean, pass: number): Candidate[] {
    const list: Candidate[] = [];
    const R = arm.region;
    const back = opposite(arm.dir);
    const ways = this.preferred(arm);
    const shifts = pass === 0 ? NO_SHIFT : SHIFTS;

    if (double) {
      // Crosswise against a face, centred on it (pass 0) or shifted along it (pass 1).
      for (const f of ways) {
        if (arm.double ? f !== arm.dir : f === back) continue;
        const line = faceLine(R, f);
        const mid = faceMid(R, f);
        for (const o of shifts) list.push({ rect: beyond(f, line, 0, 2, mid - 2 + o, mid + 2 + o), dir: f, outer: null });
      }
      return list;
    }

    // Pairs face * 4 + way: straight on from a face (face = way), or an L: the attached half against
    // the face, the tile running along it. A double's region offers its one face only.
    const combos: number[] = [];
    for (const e of ways) {
      const f = arm.double ? arm.dir : e;
      if (!combos.includes(f * 4 + e)) combos.push(f * 4 + e);
    }
    if (!arm.double) {
      for (const e of ways) {
        for (const f of [arm.dir, (e + 1) & 3, (e + 3) & 3]) {
          if (f !== back && horizontal(f) !== horizontal(e) && !combos.includes(f * 4 + e)) combos.push(f * 4 + e);
        }
      }
    }
    for (const combo of combos) {
      const f = combo >> 2;
      const e = combo & 3;
      const line = faceLine(R, f);
      const mid = faceMid(R, f);
      const len = faceLen(R, f);
      const straight = f === e;
      // An L sits at the end of the face so that its outer half clears it.
      const base = straight ? 0 : sign(e) * (len / 2 - 1);
      for (const shift of shifts) {
        const o = base + shift;
        if (Math.abs(o) >= 1 + len / 2) continue; // must touch the face
        const a0 = mid - 1 + o;
        if (straight) {
          list.push({ rect: beyond(f, line, 0, 4, a0, a0 + 2), dir: e, outer: beyond(f, line, 2, 4, a0, a0 + 2) });
        } else {
          const b0 = a0 + 2 * sign(e);
          if (b0 < mid + len / 2 && b0 + 2 > mid - len / 2) continue; // the outer half would touch
          list.push({ rect: beyond(f, line, 0, 2, Math.min(a0, b0), Math.max(a0, b0) + 2), dir: e, outer: beyond(f, line, 0, 2, b0, b0 + 2) });
        }
      }
    }
    return list;
  }

  /** The geometry of the arm after a tile at `c` on `arm` (kept on `c`). */
  private after(arm: Arm, c: Candidate): Arm {
    return (c.next ??= {
      from: -1,
      region: c.outer ?? c.rect,
      double: c.outer === null,
      dir: c.dir,
      rowDir: horizontal(c.dir) ? c.dir : arm.rowDir,
      progress: arm.progress,
      pip: -1,
    });
  }

  /** The arm after a tile at `c` on `arm`, offered by table[from] and showing `pip`. */
  private continued(arm: Arm, c: Candidate, from: number, pip: number): Arm {
    const shape = this.after(arm, c);
    return { from, region: shape.region, double: shape.double, dir: shape.dir, rowDir: shape.rowDir, progress: shape.progress, pip, shape };
  }

  /** The short-side arms of a spinner at `rect` on a line running `dir`: [up or left, down or right]. */
  private shortSides(rect: Rect, dir: number, from: number, pip: number): [Arm, Arm] {
    const side = (s: number): Arm => ({
      from,
      region: rect,
      double: true,
      dir: s,
      rowDir: horizontal(s) ? s : -1,
      progress: horizontal(s) ? (rect.y + rect.h / 2 >= 0 ? DOWN : UP) : s,
      pip,
    });
    return horizontal(dir) ? [side(UP), side(DOWN)] : [side(LEFT), side(RIGHT)];
  }

  // ------------------------------------------------------------------------------------------
  // The look-ahead

  /** Whether the double of `pip` may still come: it is not on the table (pip -1: not known, so yes). */
  private doubleToCome(pip: number): boolean {
    return pip < 0 || (this.placed & (1 << pairIndex(pip, pip))) === 0;
  }

  /**
   * A free position for a tile of the kind on `arm`, with `extra` taken too, such that the arm can go on
   * after it: [the position, a free position for a non-double beyond it]; or null.
   */
  private findRoom(arm: Arm, double: boolean, extra: Rect | null, bounded: boolean): Witness | null {
    for (let pass = 0; pass < 2; pass++) {
      for (const c of this.candidates(arm, double, pass)) {
        if (!this.free(c.rect, extra, null, bounded)) continue;
        const next = this.after(arm, c);
        for (let pass2 = 0; pass2 < 2; pass2++) {
          for (const n of this.candidates(next, false, pass2)) if (this.free(n.rect, extra, c.rect, bounded)) return [c.rect, n.rect];
        }
      }
    }
    return null;
  }

  /** `findRoom` without extra, kept until the next tile is laid. */
  private witness(arm: Arm, double: boolean, bounded: boolean): Witness | null {
    const shape = arm.shape ?? arm;
    let kept = this.witnesses.get(shape);
    if (!kept) this.witnesses.set(shape, (kept = [undefined, undefined, undefined, undefined]));
    const k = (double ? 2 : 0) + (bounded ? 1 : 0);
    let w = kept[k];
    if (w === undefined) kept[k] = w = this.findRoom(shape, double, null, bounded);
    return w;
  }

  private hasRoom(arm: Arm, double: boolean, extra: Rect | null, bounded: boolean): boolean {
    const w = this.witness(arm, double, bounded);
    if (w === null) return false;
    if (extra === null || (!overlaps(extra, w[0]) && !overlaps(extra, w[1]))) return true;
    return this.findRoom(arm, double, extra, bounded) !== null;
  }

  /**
   * Room on `arm` (showing `pip`) for what may still be laid there, with `extra` taken too: a non-double
   * (its box), and the double of `pip` while that is not on the table.
   */
  private roomFor(arm: Arm, pip: number, extra: Rect | null, bounded: boolean): boolean {
    if (!this.hasRoom(arm, false, extra, bounded)) return false;
    return !this.doubleToCome(pip) || this.hasRoom(arm, true, extra, bounded);
  }

  /** What the arm has now: 2 = room in bounds, 1 = room only beyond them, 0 = none. */
  private level(arm: Arm): Level {
    return this.roomFor(arm, arm.pip, null, true) ? 2 : this.roomFor(arm, arm.pip, null, false) ? 1 : 0;
  }

  /**
   * Whether a tile at `c` on arm `id` keeps every arm going: the arm itself and a spinner's new sides
   * (in bounds when `strict`), and every other arm as well as it has it now (in bounds if it has room
   * there, when `strict`).
   */
  private keeps(id: string, arm: Arm, c: Candidate, spinner: boolean, strict: boolean, pip: number): boolean {
    if (!this.roomFor(this.after(arm, c), pip, c.rect, strict)) return false;
    if (spinner) {
      c.sides ??= this.shortSides(c.rect, c.dir, -1, -1);
      for (const side of c.sides) if (!this.roomFor(side, pip, c.rect, strict)) return false;
    }
    for (const [other, a] of this.arms) {
      if (other === id) continue;
      const level = this.level(a);
      if (level > 0 && !this.roomFor(a, a.pip, c.rect, strict && level === 2)) return false;
    }
    return true;
  }

  /** The best position for a tile on `id` (see the header), or null when no free position touches it. */
  private choose(id: string, arm: Arm, double: boolean, spinner: boolean, pip: number): Candidate | null {
    // Tiers, each in the order of preference: 1. in bounds, keeping every arm as it was; 2. in bounds,
    // keeping every arm alive; 3. out of bounds, keeping every arm alive; 4. in bounds; 5. anywhere free.
    let inside: Candidate | null = null;
    let outside: Candidate | null = null;
    let tier2: Candidate | null = null;
    let tier3: Candidate | null = null;
    let tier3Tried = false;
    for (let pass = 0; pass < 2; pass++) {
      for (const c of this.candidates(arm, double, pass)) {
        if (!this.free(c.rect, null, null, false)) continue;
        if (!this.inBounds(c.rect)) {
          outside ??= c;
          continue;
        }
        inside ??= c;
        if (this.keeps(id, arm, c, spinner, true, pip)) return c;
        if (tier2 === null && this.keeps(id, arm, c, spinner, false, pip)) tier2 = c;
      }
    }
    if (tier2) return tier2;
    for (let pass = 0; pass < 2 && !tier3Tried; pass++) {
      for (const c of this.candidates(arm, double, pass)) {
        if (!this.inBounds(c.rect) && this.free(c.rect, null, null, false) && this.keeps(id, arm, c, spinner, false, pip)) {
          tier3 = c;
          tier3Tried = true;
          break;
        }
      }
    }
    return tier3 ?? inside ?? outside;
  }

  /** Last resort when an arm is walled in: the nearest free place, not touching its tile. */
  private stray(arm: Arm): Candidate {
    const { x, y } = arm.region;
    const shapes: [number, number][] = horizontal(arm.dir) ? [[4, 2], [2, 4]] : [[2, 4], [4, 2]];
    for (let r = 1; r < GRID; r++) {
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
          for (const [w, h] of shapes) {
            const rect = { x: x + dx, y: y + dy, w, h };
            if (!this.free(rect, null, null, false)) continue;
            const dir = w > h ? (dx < 0 ? LEFT : RIGHT) : dy < 0 ? UP : DOWN;
            const outer = { x: dir === RIGHT ? rect.x + 2 : rect.x, y: dir === DOWN ? rect.y + 2 : rect.y, w: 2, h: 2 };
            return { rect, dir, outer };
          }
        }
      }
    }
    throw new Error('layoutTable: no room left on the grid');
  }

  // ------------------------------------------------------------------------------------------
  // Laying tiles

  private record(index: number, rect: Rect, flipped: boolean): void {
    this.rects.push(rect);
    this.occupy(rect);
    this.witnesses.clear();
    this.tiles.push({
      index,
      x: rect.x,
      y: rect.y,
      width: rect.w,
      height: rect.h,
      orientation: rect.w > rect.h ? 'horizontal' : 'vertical',
      flipped,
    });
  }

  lay(index: number, p: Placement): void {
    const [a, b] = p.tile;
    this.placed |= 1 << pairIndex(a, b);
    this.witnesses.clear();
    const mid = this.width / 2;

    if (index === 0) {
      if (p.double) {
        const rect = { x: mid - 1, y: -2, w: 2, h: 4 };
        this.record(0, rect, false);
        const side = (dir: number, progress: number): Arm => ({
          from: 0,
          region: rect,
          double: true,
          dir,
          rowDir: horizontal(dir) ? dir : -1,
          progress,
          pip: a,
        });
        this.arms.set('left', side(LEFT, DOWN));
        this.arms.set('right', side(RIGHT, UP));
        if (p.spinner) {
          this.arms.set('up', side(UP, UP));
          this.arms.set('down', side(DOWN, DOWN));
          // Only in Doubles is the lead a spinner and later doubles spinners too.
          this.branchIds = true;
        }
      } else {
        const rect = { x: mid - 2, y: -1, w: 4, h: 2 };
        this.record(0, rect, false);
        const half = (x: number, dir: number, progress: number, pip: number): Arm => ({
          from: 0,
          region: { x, y: -1, w: 2, h: 2 },
          double: false,
          dir,
          rowDir: dir,
          progress,
          pip,
        });
        this.arms.set('left', half(mid - 2, LEFT, DOWN, a));
        this.arms.set('right', half(mid, RIGHT, UP, b));
      }
      return;
    }

    const arm = this.arms.get(p.end);
    if (!arm) throw new Error(`layoutTable: table[${index}] is laid on "${p.end}", which is not an end of the tiles before it`);
    const c = this.choose(p.end, arm, p.double, p.spinner, b) ?? this.stray(arm);
    this.record(index, c.rect, c.outer !== null && (c.dir === LEFT || c.dir === UP));
    this.arms.set(p.end, this.continued(arm, c, index, b));
    if (p.spinner) {
      const ids = this.branchIds ? [`s${index}.1`, `s${index}.2`] : ['up', 'down'];
      const sides = this.shortSides(c.rect, c.dir, index, b);
      if (c.sides) [sides[0].shape, sides[1].shape] = c.sides;
      this.arms.set(ids[0]!, sides[0]);
      this.arms.set(ids[1]!, sides[1]);
    }
  }

  /** The boxes of the open ends (see the header). */
  boxes(openEnds: readonly OpenEnd[]): { id: string; rect: Rect; dir: number }[] {
    const out: { id: string; rect: Rect; dir: number }[] = [];
    for (const end of openEnds) {
      const arm = this.arms.get(end.id);
      if (!arm || arm.from !== end.from) {
        throw new Error(`layoutTable: open end "${end.id}" (from ${end.from}) does not match the table`);
      }
      const clear = (r: Rect): boolean => !out.some((o) => overlaps(o.rect, r));
      // The outer number of the tile to come is not known: -1 keeps room for its double too.
      let pick = this.choose(end.id, arm, false, false, -1);
      if (pick && !clear(pick.rect)) {
        const others = [...this.candidates(arm, false, 0), ...this.candidates(arm, false, 1)].filter(
          (c) => clear(c.rect) && this.free(c.rect, null, null, false),
        );
        pick = others.find((c) => this.inBounds(c.rect)) ?? (this.inBounds(pick.rect) ? pick : others[0] ?? pick);
      }
      const c = pick ?? this.stray(arm);
      out.push({ id: end.id, rect: c.rect, dir: c.dir });
    }
    return out;
  }
}

/**
 * Lays out the table: `table` and `openEnds` as the engine (or a PlayerView) gives them. Throws if an
 * end does not belong to the table, or `maxColumns` is not a finite number.
 */
export function layoutTable(table: readonly Placement[], openEnds: readonly OpenEnd[], options: LayoutOptions): TableLayout {
  const { maxColumns } = options;
  if (typeof maxColumns !== 'number' || !Number.isFinite(maxColumns)) {
    throw new RangeError(`layoutTable: maxColumns must be a finite number, got ${String(maxColumns)}`);
  }
  const columns = Math.min(MAX_COLUMNS, Math.max(MIN_COLUMNS, Math.floor(maxColumns)));
  const layouter = new Layouter(2 * columns);
  let boxes: { id: string; rect: Rect; dir: number }[];
  try {
    for (let i = 0; i < table.length; i++) layouter.lay(i, table[i]!);
    boxes = table.length === 0 ? [] : layouter.boxes(openEnds);
  } finally {
    layouter.release();
  }

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const r of [...layouter.rects, ...boxes.map((b) => b.rect)]) {
    minX = Math.min(minX, r.x);
    minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + r.w);
    maxY = Math.max(maxY, r.y + r.h);
  }
  if (minX === Infinity) return { tiles: [], ends: [], width: 0, height: 0 };
  return {
    tiles: layouter.tiles.map((t) => ({
      ...t,
      x: (t.x - minX) / 2,
      y: (t.y - minY) / 2,
      width: t.width / 2,
      height: t.height / 2,
    })),
    ends: boxes.map(({ id, rect, dir }) => ({
      id,
      x: (rect.x - minX) / 2,
      y: (rect.y - minY) / 2,
      width: rect.w / 2,
      height: rect.h / 2,
      direction: DIRECTION_NAMES[dir]!,
    })),
    width: (maxX - minX) / 2,
    height: (maxY - minY) / 2,
  };
}
