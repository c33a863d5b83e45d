/**
 * The layouter: lays the tiles of a table one by one, choosing each tile's place with a look-ahead that
 * keeps room for every open end (the rules are in the header of layout.ts), and gives the open ends'
 * boxes. One per call of layoutTable.
 */
import { indexOfHalves } from '../../engine/internal.js';
import type { OpenEnd, Placement } from '../../engine/index.js';
import {
  DOWN,
  faceLine,
  faceMid,
  hitsAny,
  horizontal,
  LEFT,
  opposite,
  overlaps,
  RIGHT,
  UP,
  type Rect,
} from './geometry.js';
import { candidateAt, STRIDE, template, type Arm, type Candidate, type Heading, type TileKind } from './candidates.js';
import { AMONG_TILES, GRID, Grids } from './grids.js';
import { PlaceChooser, UNKNOWN_TILE, type ChoiceFacts, type Laying } from './choice.js';
import { RoomFinder, type Hold, type TableFacts } from './rooms.js';
import type { Point, TileLayout } from './geometry.js';








/** An open end's box, in half-units; `anchor` only when detached (see `anchorOf`). */
export interface Box {
  id: string;
  rect: Rect;
  dir: number;
  anchor: Point | null;
}




/** Where an arm's end is: the middle of its region's face the arm leaves from (for detached tiles and boxes). */
export function anchorOf(arm: Arm): Point {
  const line = faceLine(arm.region, arm.dir);
  const mid = faceMid(arm.region, arm.dir);
  return horizontal(arm.dir) ? { x: line, y: mid } : { x: mid, y: line };
}






/** Lays the tiles of one table, one by one (see layout.ts). */
export class Layouter implements TableFacts, ChoiceFacts {
  readonly tiles: TileLayout[] = [];
  readonly rects: Rect[] = [];
  readonly arms = new Map<string, Arm>();
  readonly holds = new Map<string, Hold>();
  /** Bit i: the tile with index i (indexOfHalves) is on the table. */
  private placed = 0;
  /** The lead is a spinner: later spinners branch into 's<i>.1' and 's<i>.2' (Doubles). */
  private branchIds = false;
  /** A double that is not a spinner has been laid: no later double spins (Draw, Block, All Fives). */
  private plainDouble = false;
  /** A spinner has been laid (the lead or later). */
  private spun = false;
  /** What the look-ahead worked out per candidate, kept off its objects. */
  private readonly nextArms = new WeakMap<Candidate, Arm>();
  private readonly spinnerSides = new WeakMap<Candidate, [Arm, Arm]>();

  /** The tiles laid and the ends' rooms, cell by cell; the bounds. */
  readonly grid: Grids;
  private readonly width: number;

  get tilesLaid(): number {
    return this.tiles.length;
  }

  /** Room-finding for the ends, over the same grids. */
  private readonly rooms: RoomFinder;
  /** The choice of a tile's place, weighing what each costs the ends. */
  private readonly chooser: PlaceChooser;

  constructor(width: number, rows: number) {
    this.width = width;
    this.grid = new Grids(width, rows);
    this.rooms = new RoomFinder(this.grid, this);
    this.chooser = new PlaceChooser(this.grid, this.rooms, this);
  }

  // ------------------------------------------------------------------------------------------
  // Candidate positions

  /**
   * The ways an arm would like to run next, best first, packed in 6 bits (the first in the high bits):
   * a horizontal arm straight on, then the way its rows stack, then the other; a vertical one straight
   * on, then toward the roomier side, except that a corner tile in a snake turns back into a row.
   */
  private waysCode(d: number, rowDir: number, progress: number, centre: number): number {
    if (horizontal(d)) return (d << 4) | (progress << 2) | opposite(progress);
    // A vertical corner tile: turn back into a row running the other way; in Doubles, where branches
    // crowd the rows, go on away from the lead's line instead.
    if (rowDir >= 0 && !this.branchIds) return (opposite(rowDir) << 4) | (d << 2) | rowDir;
    const roomier = centre <= this.width / 2 ? RIGHT : LEFT;
    return (d << 4) | (roomier << 2) | opposite(roomier);
  }

  /** The candidate places for a tile of `kind` leaving from `from` (see candidates.ts), in this table's order of ways. */
  template(from: Heading, kind: TileKind): Int16Array {
    const r = from.region;
    return template(from, kind, this.waysCode(from.dir, from.rowDir, from.progress, r.x + r.w / 2));
  }

  /** The geometry of the arm after a tile at `c` on `arm` (kept on `c`). */
  after(arm: Arm, c: Candidate): Arm {
    let next = this.nextArms.get(c);
    if (next === undefined) {
      next = { from: -1, region: c.outer ?? c.rect, double: c.outer === null, dir: c.dir, rowDir: horizontal(c.dir) ? c.dir : arm.rowDir, progress: arm.progress, pip: -1 };
      this.nextArms.set(c, next);
    }
    return next;
  }

  /** The short sides of a spinner at `c` (kept on `c`): [up or left, down or right]. */
  sidesOf(c: Candidate): [Arm, Arm] {
    const side = (s: number): Arm => ({
      from: -1,
      region: c.rect,
      double: true,
      dir: s,
      rowDir: horizontal(s) ? s : -1,
      progress: horizontal(s) ? (c.rect.y + c.rect.h / 2 >= 0 ? DOWN : UP) : s,
      pip: -1,
    });
    let sides = this.spinnerSides.get(c);
    if (sides === undefined) {
      sides = horizontal(c.dir) ? [side(UP), side(DOWN)] : [side(LEFT), side(RIGHT)];
      this.spinnerSides.set(c, sides);
    }
    return sides;
  }

  /** `shape` as the end offered by table[from], showing `pip`. */
  private real(shape: Arm, from: number, pip: number): Arm {
    const { region, double, dir, rowDir, progress } = shape;
    return { from, region, double, dir, rowDir, progress, pip };
  }

  // ------------------------------------------------------------------------------------------
  // The look-ahead

  /**
   * Whether a double laid now may be a spinner, as far as the table tells: in Doubles every one is (the
   * lead is one, and so is every double since); in All Fives the first double is, so while no double
   * has been laid (Draw and Block look the same until their first double, which does not spin).
   */
  spinnerNext(): boolean {
    return !this.plainDouble && (this.branchIds || !this.spun);
  }

  /** Whether the double of `pip` may still come: it is not on the table (pip -1: not known, so yes). */
  doubleToCome(pip: number): boolean {
    return pip < 0 || (this.placed & (1 << indexOfHalves(pip, pip))) === 0;
  }

  private hold(id: string, h: Hold): void {
    if (h.room) this.grid.room(h.room.rects, 1);
    this.holds.set(id, h);
  }

  private unhold(id: string): Hold | undefined {
    const h = this.holds.get(id);
    if (h?.room) this.grid.room(h.room.rects, -1);
    this.holds.delete(id);
    return h;
  }

  /** Finds end `id`'s own room again. */
  private settle(id: string, arm: Arm): void {
    const old = this.unhold(id);
    // Walled in for good (space only shrinks): keep it so.
    this.hold(id, old && !old.alive ? old : this.rooms.findHold(arm, arm.pip, { bounded: true, avoid: null }));
  }

  // ------------------------------------------------------------------------------------------
  // Laying tiles

  /**
   * Last resort when an end is walled in: the nearest free place for a tile (a double when `double`),
   * not touching its tile. Prefers the arm's way of running (a double crosswise to it).
   */
  private stray(arm: Arm, kind: TileKind): Candidate {
    const double = kind === 'double';
    const { x, y } = arm.region;
    const lying = horizontal(arm.dir) !== double;
    const shapes: [number, number][] = lying ? [[4, 2], [2, 4]] : [[2, 4], [4, 2]];
    for (let r = 1; r < GRID; r++) {
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx += dy === -r || dy === r ? 1 : 2 * r) {
          for (const [w, h] of shapes) {
            const rect = { x: x + dx, y: y + dy, w, h };
            if (!this.grid.free(rect, AMONG_TILES)) continue;
            // The way the arm runs on from it: along a non-double, across a double.
            const dir = w > h !== double ? (dx < 0 ? LEFT : RIGHT) : dy < 0 ? UP : DOWN;
            if (double) return { rect, dir, outer: null };
            const outer = { x: dir === RIGHT ? rect.x + 2 : rect.x, y: dir === DOWN ? rect.y + 2 : rect.y, w: 2, h: 2 };
            return { rect, dir, outer };
          }
        }
      }
    }
    throw new Error('layoutTable: no room left on the grid');
  }

  /** Lays tile `index` at `c`; `detachedFrom` is the end it belongs to when it could not go there. */
  private record(index: number, c: Candidate, detachedFrom: Arm | null): void {
    const rect = c.rect;
    this.rects.push(rect);
    this.grid.lay(rect);
    const tile: TileLayout = {
      index,
      x: rect.x,
      y: rect.y,
      width: rect.w,
      height: rect.h,
      orientation: rect.w > rect.h ? 'horizontal' : 'vertical',
      flipped: c.outer !== null && (c.dir === LEFT || c.dir === UP),
    };
    if (detachedFrom) {
      tile.detached = true;
      tile.anchor = anchorOf(detachedFrom);
    }
    this.tiles.push(tile);
  }

  lay(index: number, p: Placement): void {
    const [a, b] = p.tile;
    this.placed |= 1 << indexOfHalves(a, b);
    if (p.double && !p.spinner) this.plainDouble = true;
    if (p.spinner) this.spun = true;
    const mid = this.width / 2;
    const fresh: [string, Arm][] = [];

    if (index === 0) {
      if (p.double) {
        const lead: Candidate = { rect: { x: mid - 1, y: -2, w: 2, h: 4 }, dir: RIGHT, outer: null };
        this.record(0, lead, null);
        const side = (dir: number, progress: number): Arm => ({
          from: 0,
          region: lead.rect,
          double: true,
          dir,
          rowDir: horizontal(dir) ? dir : -1,
          progress,
          pip: a,
        });
        fresh.push(['left', side(LEFT, DOWN)], ['right', side(RIGHT, UP)]);
        if (p.spinner) {
          fresh.push(['up', side(UP, UP)], ['down', side(DOWN, DOWN)]);
          // Only in Doubles is the lead a spinner and later doubles spinners too.
          this.branchIds = true;
        }
      } else {
        this.record(0, { rect: { x: mid - 2, y: -1, w: 4, h: 2 }, dir: RIGHT, outer: null }, null);
        const half = (x: number, dir: number, progress: number, pip: number): Arm => ({
          from: 0,
          region: { x, y: -1, w: 2, h: 2 },
          double: false,
          dir,
          rowDir: dir,
          progress,
          pip,
        });
        fresh.push(['left', half(mid - 2, LEFT, DOWN, a)], ['right', half(mid, RIGHT, UP, b)]);
      }
    } else {
      const id = p.end;
      const arm = this.arms.get(id);
      if (!arm) throw new Error(`layoutTable: table[${index}] is laid on "${id}", which is not an end of the tiles before it`);
      const laying: Laying = { kind: p.double ? 'double' : 'single', spinner: p.spinner, pip: b };
      const chosen = this.chooser.choose(id, arm, laying);
      const c = chosen?.c ?? this.stray(arm, laying.kind);
      this.unhold(id);
      for (const [other] of chosen?.old ?? []) this.unhold(other);
      this.record(index, c, chosen === null ? arm : null);
      fresh.push([id, this.real(this.after(arm, c), index, b)]);
      if (p.spinner) {
        const [s1, s2] = this.sidesOf(c);
        const ids = this.branchIds ? [`s${index}.1`, `s${index}.2`] : ['up', 'down'];
        fresh.push([ids[0]!, this.real(s1, index, b)], [ids[1]!, this.real(s2, index, b)]);
      }
      for (const [fid, farm] of fresh) this.arms.set(fid, farm);
      if (chosen) {
        // The rooms found when weighing the tile: the same grids, with the tile now laid.
        for (const [other, h] of chosen.moved) this.hold(other, h);
        fresh.forEach(([fid], k) => this.hold(fid, chosen.fresh[k]!));
      } else {
        for (const [other, h] of [...this.holds]) {
          if (h.room && hitsAny(h.room.rects, c.rect)) this.settle(other, this.arms.get(other)!);
        }
        for (const [fid, farm] of fresh) this.settle(fid, farm);
      }
    }
    if (index === 0) {
      for (const [id, arm] of fresh) this.arms.set(id, arm);
      for (const [id, arm] of fresh) this.settle(id, arm);
    }
    // Ends without room of their own may find some now that others moved theirs.
    const walled: string[] = [];
    for (const [other, h] of this.holds) if (h.alive && h.room === null) walled.push(other);
    for (const other of walled) this.settle(other, this.arms.get(other)!);
  }

  /** The boxes of the open ends (see the header). */
  boxes(openEnds: readonly OpenEnd[]): Box[] {
    const out: Box[] = [];
    for (const end of openEnds) {
      const arm = this.arms.get(end.id);
      if (!arm || arm.from !== end.from) {
        throw new Error(`layoutTable: open end "${end.id}" (from ${end.from}) does not match the table`);
      }
      const clearOf = (r: Rect): boolean => !out.some((o) => overlaps(o.rect, r));
      // The end's room is where its next tile goes when that costs nothing (see `choose`); without a
      // room of its own, weigh the end as for a tile (its outer number not known: with room for its double).
      let pick = this.holds.get(end.id)?.room?.next ?? this.chooser.choose(end.id, arm, UNKNOWN_TILE)?.c ?? null;
      if (pick && !clearOf(pick.rect)) {
        const t = this.template(arm, 'single');
        const others: Candidate[] = [];
        for (let i = 0; i < t.length; i += STRIDE) {
          const c = candidateAt(arm.region, t, i);
          if (clearOf(c.rect) && this.grid.free(c.rect, AMONG_TILES)) others.push(c);
        }
        pick = others.find((c) => this.grid.inBounds(c.rect)) ?? (this.grid.inBounds(pick.rect) ? pick : (others[0] ?? pick));
      }
      if (pick) out.push({ id: end.id, rect: pick.rect, dir: pick.dir, anchor: null });
      else {
        // Walled in: the nearest free place.
        const { rect, dir } = this.stray(arm, 'single');
        out.push({ id: end.id, rect, dir, anchor: anchorOf(arm) });
      }
    }
    return out;
  }
}
