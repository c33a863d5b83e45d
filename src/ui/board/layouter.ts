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
import { RoomFinder, type Hold, type TableFacts } from './rooms.js';
import type { Point, TileLayout } from './geometry.js';







/** See `cost`: [ends without room, ends without room of their own, beyond the bounds, ends losing room in bounds]. */
type Cost = [number, number, number, number];

/** An open end's box, in half-units; `anchor` only when detached (see `anchorOf`). */
export interface Box {
  id: string;
  rect: Rect;
  dir: number;
  anchor: Point | null;
}

/** A position weighed by `cost`, with the rooms found for the ends it concerns. */
interface Evaluation {
  c: Candidate;
  cost: Cost;
  /** Rooms for the end after the tile and a spinner's sides. */
  fresh: Hold[];
  /** New rooms for other ends: those the tile takes, and those moved to make space. */
  moved: [string, Hold][];
  /** Their rooms before. */
  old: [string, Hold][];
}

/** Costs nothing beyond the ends already without a room of their own (`floor` of them). */
function perfect(cost: Cost, floor: number): boolean {
  return cost[0] === 0 && cost[1] <= floor && cost[2] === 0 && cost[3] === 0;
}

function cheaper(a: Cost, b: Cost): boolean {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** Where an arm's end is: the middle of its region's face the arm leaves from (for detached tiles and boxes). */
export function anchorOf(arm: Arm): Point {
  const line = faceLine(arm.region, arm.dir);
  const mid = faceMid(arm.region, arm.dir);
  return horizontal(arm.dir) ? { x: line, y: mid } : { x: mid, y: line };
}


/** The tile a place is chosen for: its kind, whether it spins, and the number it shows beyond (-1: not known). */
interface Laying {
  kind: TileKind;
  spinner: boolean;
  pip: number;
}

/** A tile not known yet (an end's box): a single, no spinner, its outer number unknown. */
const UNKNOWN_TILE: Laying = { kind: 'single', spinner: false, pip: -1 };


/** At most this many places are weighed for one tile (the first ones, in the order of preference). */
const MAX_WEIGHED = 16;

/** Lays the tiles of one table, one by one (see layout.ts). */
export class Layouter implements TableFacts {
  readonly tiles: TileLayout[] = [];
  readonly rects: Rect[] = [];
  readonly arms = new Map<string, Arm>();
  private readonly holds = new Map<string, Hold>();
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

  constructor(width: number, rows: number) {
    this.width = width;
    this.grid = new Grids(width, rows);
    this.rooms = new RoomFinder(this.grid, this);
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
  private after(arm: Arm, c: Candidate): Arm {
    let next = this.nextArms.get(c);
    if (next === undefined) {
      next = { from: -1, region: c.outer ?? c.rect, double: c.outer === null, dir: c.dir, rowDir: horizontal(c.dir) ? c.dir : arm.rowDir, progress: arm.progress, pip: -1 };
      this.nextArms.set(c, next);
    }
    return next;
  }

  /** The short sides of a spinner at `c` (kept on `c`): [up or left, down or right]. */
  private sidesOf(c: Candidate): [Arm, Arm] {
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
    this.hold(id, old && !old.alive ? old : this.rooms.findHold(arm, arm.pip, true, null));
  }

  /**
   * How bad a tile at `c` on end `id` would be, lower is better (see Cost): for the end itself after the
   * tile, a spinner's new sides, the ends whose rooms it takes (which look for another), and the ends
   * already without room of their own (which must keep room at all). The rooms found come with it, for
   * `lay` to keep.
   */
  private cost(id: string, arm: Arm, c: Candidate, tile: Laying): Evaluation {
    const { spinner, pip } = tile;
    const cost: Cost = [0, 0, this.grid.inBounds(c.rect) ? 0 : 1, 0];
    const own = this.holds.get(id);
    if (own?.room) this.grid.room(own.room.rects, -1);
    const e: Evaluation = { c, cost, fresh: [], moved: [], old: [] };
    const hit: string[] = [];
    for (const [other, h] of this.holds) {
      if (other === id || !h.alive) continue;
      if (h.room === null) {
        const a = this.arms.get(other)!;
        cost[this.rooms.alive(a, a.pip, c.rect) ? 1 : 0]++;
      } else if (hitsAny(h.room.rects, c.rect)) {
        hit.push(other);
        e.old.push([other, h]);
        this.grid.room(h.room.rects, -1);
      }
    }
    this.grid.room([c.rect], 1);
    for (const other of hit) {
      const a = this.arms.get(other)!;
      e.moved.push([other, this.place(e, id, a, a.pip, this.holds.get(other)!.bounded)]);
    }
    e.fresh.push(this.place(e, id, this.after(arm, c), pip, true));
    if (spinner) for (const side of this.sidesOf(c)) e.fresh.push(this.place(e, id, side, pip, true));
    // Undo the marks: the grids are as they were.
    for (const h of e.fresh) if (h.room) this.grid.room(h.room.rects, -1);
    for (const [, h] of e.moved) if (h.room) this.grid.room(h.room.rects, -1);
    this.grid.room([c.rect], -1);
    for (const [, h] of e.old) if (h.room) this.grid.room(h.room.rects, 1);
    if (own?.room) this.grid.room(own.room.rects, 1);
    return e;
  }

  /**
   * Part of `cost`: finds end `a` a room of its own (in bounds if `wantBounded`), marks it, and adds to
   * the cost what it lacks. When the other ends' rooms leave none, tries to move up to two of them
   * elsewhere (as good as before) to make space; those moves join `e`.
   */
  private place(e: Evaluation, id: string, a: Arm, pip: number, wantBounded: boolean): Hold {
    let h = this.rooms.findHold(a, pip, wantBounded, e.c.rect);
    if (h.room === null || (wantBounded && !h.bounded)) h = this.makeSpace(e, id, a, pip, wantBounded) ?? h;
    const cost = e.cost;
    if (h.room) this.grid.room(h.room.rects, 1);
    else cost[h.alive ? 1 : 0]++;
    if (wantBounded && !h.bounded) cost[3]++;
    return h;
  }

  /** See `place`: a room for `a` made by moving other ends' rooms, or null (nothing changed). */
  private makeSpace(e: Evaluation, id: string, a: Arm, pip: number, bounded: boolean): Hold | null {
    // A room among the tiles alone, off the rooms just found in this evaluation.
    const target = this.rooms.roomFor(a, pip, { bounded, rooms: false, avoid: e.c.rect });
    if (target === null) return null;
    for (const h of e.fresh) if (h.room && h.room.rects.some((r) => hitsAny(target.rects, r))) return null;
    for (const [, h] of e.moved) if (h.room && h.room.rects.some((r) => hitsAny(target.rects, r))) return null;
    const blockers: [string, Hold][] = [];
    for (const [other, h] of this.holds) {
      if (other === id || !h.room || !h.room.rects.some((r) => hitsAny(target.rects, r))) continue;
      if (e.old.some(([o]) => o === other)) continue; // already moved (its old room is not marked)
      blockers.push([other, h]);
    }
    if (blockers.length === 0 || blockers.length > 2) return null;
    for (const [, h] of blockers) this.grid.room(h.room!.rects, -1);
    this.grid.room(target.rects, 1);
    const moved: [string, Hold][] = [];
    for (const [other, h] of blockers) {
      const b = this.arms.get(other)!;
      const nh = this.rooms.findHold(b, b.pip, h.bounded, e.c.rect);
      if (nh.room === null || (h.bounded && !nh.bounded)) break;
      this.grid.room(nh.room.rects, 1);
      moved.push([other, nh]);
    }
    this.grid.room(target.rects, -1);
    if (moved.length < blockers.length) {
      for (const [, nh] of moved) this.grid.room(nh.room!.rects, -1);
      for (const [, h] of blockers) this.grid.room(h.room!.rects, 1);
      return null;
    }
    e.old.push(...blockers);
    e.moved.push(...moved);
    return { room: target, bounded, alive: true };
  }

  /**
   * The best position for a tile on `id` (see the header) and what it costs, or null when no free
   * position touches the end. The end's box (its room's first place) is tried first, then the rest in
   * the arm's order of preference.
   */
  private choose(id: string, arm: Arm, tile: Laying): Evaluation | null {
    const double = tile.kind === 'double';
    // The least a tile can cost: the other ends already without room of their own stay so.
    let floor = 0;
    for (const [other, h] of this.holds) if (other !== id && h.alive && h.room === null) floor++;
    let best: Evaluation | null = null;
    const box = double ? null : (this.holds.get(id)?.room?.next ?? null);
    if (box && this.grid.free(box.rect, AMONG_TILES)) {
      best = this.cost(id, arm, box, tile);
      if (perfect(best.cost, floor)) return best;
    }
    const R = arm.region;
    const t = this.template(arm, tile.kind);
    let weighed = 0;
    for (let i = 0; i < t.length && weighed < MAX_WEIGHED; i += STRIDE) {
      const c = candidateAt(R, t, i);
      const rect = c.rect;
      if (box && rect.x === box.rect.x && rect.y === box.rect.y && rect.w === box.rect.w) continue;
      if (!this.grid.free(rect, AMONG_TILES)) continue;
      // Beyond the bounds it cannot beat a place within them that walls nothing in and takes no room.
      if (best && best.cost[0] === 0 && best.cost[1] <= floor && best.cost[2] === 0 && !this.grid.inBounds(rect)) continue;
      const e = this.cost(id, arm, c, tile);
      weighed++;
      if (best === null || cheaper(e.cost, best.cost)) best = e;
      if (perfect(e.cost, floor)) return best;
    }
    return best;
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
      const chosen = this.choose(id, arm, laying);
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
      let pick = this.holds.get(end.id)?.room?.next ?? this.choose(end.id, arm, UNKNOWN_TILE)?.c ?? null;
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
