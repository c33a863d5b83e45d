/**
 * The choice of a tile's place (see layout.ts' header): each free candidate on the end is weighed by what
 * it costs the ends' rooms (found anew, moved to make space), and the cheapest wins; a place that costs
 * nothing ends the search.
 */
import { candidateAt, STRIDE, type Arm, type Candidate, type Heading, type TileKind } from './candidates.js';
import { hitsAny } from './geometry.js';
import { AMONG_TILES, type Grids } from './grids.js';
import type { Hold, RoomFinder } from './rooms.js';

/** See `cost`: [ends without room, ends without room of their own, beyond the bounds, ends losing room in bounds]. */
type Cost = [number, number, number, number];

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

/** The tile a place is chosen for: its kind, whether it spins, and the number it shows beyond (-1: not known). */
export interface Laying {
  kind: TileKind;
  spinner: boolean;
  pip: number;
}

/** A tile not known yet (an end's box): a single, no spinner, its outer number unknown. */
export const UNKNOWN_TILE: Laying = { kind: 'single', spinner: false, pip: -1 };

/** At most this many places are weighed for one tile (the first ones, in the order of preference). */
const MAX_WEIGHED = 16;

/** What the choice needs of the table being laid (the layouter tells). */
export interface ChoiceFacts {
  /** The ends, by id, and the rooms they hold. */
  readonly arms: ReadonlyMap<string, Arm>;
  readonly holds: ReadonlyMap<string, Hold>;
  /** The arm after a tile at `c` on `arm`. */
  after(arm: Arm, c: Candidate): Arm;
  /** The short sides of a spinner at `c`. */
  sidesOf(c: Candidate): [Arm, Arm];
  /** The candidate places for a tile of `kind` leaving from `from`. */
  template(from: Heading, kind: TileKind): Int16Array;
}

export class PlaceChooser {
  constructor(
    private readonly grid: Grids,
    private readonly rooms: RoomFinder,
    private readonly table: ChoiceFacts,
  ) {}

  /**
   * How bad a tile at `c` on end `id` would be, lower is better (see Cost): for the end itself after the
   * tile, a spinner's new sides, the ends whose rooms it takes (which look for another), and the ends
   * already without room of their own (which must keep room at all). The rooms found come with it, for
   * `lay` to keep.
   */
  cost(id: string, arm: Arm, c: Candidate, tile: Laying): Evaluation {
    const { spinner, pip } = tile;
    const cost: Cost = [0, 0, this.grid.inBounds(c.rect) ? 0 : 1, 0];
    const own = this.table.holds.get(id);
    if (own?.room) this.grid.room(own.room.rects, -1);
    const e: Evaluation = { c, cost, fresh: [], moved: [], old: [] };
    const hit: string[] = [];
    for (const [other, h] of this.table.holds) {
      if (other === id || !h.alive) continue;
      if (h.room === null) {
        const a = this.table.arms.get(other)!;
        cost[this.rooms.alive(a, a.pip, c.rect) ? 1 : 0]++;
      } else if (hitsAny(h.room.rects, c.rect)) {
        hit.push(other);
        e.old.push([other, h]);
        this.grid.room(h.room.rects, -1);
      }
    }
    this.grid.room([c.rect], 1);
    for (const other of hit) {
      const a = this.table.arms.get(other)!;
      e.moved.push([other, this.place(e, id, a, a.pip, { wantBounded: this.table.holds.get(other)!.bounded })]);
    }
    e.fresh.push(this.place(e, id, this.table.after(arm, c), pip, { wantBounded: true }));
    if (spinner) for (const side of this.table.sidesOf(c)) e.fresh.push(this.place(e, id, side, pip, { wantBounded: true }));
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
  private place(e: Evaluation, id: string, a: Arm, pip: number, { wantBounded }: { wantBounded: boolean }): Hold {
    let h = this.rooms.findHold(a, pip, { bounded: wantBounded, avoid: e.c.rect });
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
    for (const [other, h] of this.table.holds) {
      if (other === id || !h.room || !h.room.rects.some((r) => hitsAny(target.rects, r))) continue;
      if (e.old.some(([o]) => o === other)) continue; // already moved (its old room is not marked)
      blockers.push([other, h]);
    }
    if (blockers.length === 0 || blockers.length > 2) return null;
    for (const [, h] of blockers) this.grid.room(h.room!.rects, -1);
    this.grid.room(target.rects, 1);
    const moved: [string, Hold][] = [];
    for (const [other, h] of blockers) {
      const b = this.table.arms.get(other)!;
      const nh = this.rooms.findHold(b, b.pip, { bounded: h.bounded, avoid: e.c.rect });
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
  choose(id: string, arm: Arm, tile: Laying): Evaluation | null {
    const double = tile.kind === 'double';
    // The least a tile can cost: the other ends already without room of their own stay so.
    let floor = 0;
    for (const [other, h] of this.table.holds) if (other !== id && h.alive && h.room === null) floor++;
    let best: Evaluation | null = null;
    const box = double ? null : (this.table.holds.get(id)?.room?.next ?? null);
    if (box && this.grid.free(box.rect, AMONG_TILES)) {
      best = this.cost(id, arm, box, tile);
      if (perfect(best.cost, floor)) return best;
    }
    const R = arm.region;
    const t = this.table.template(arm, tile.kind);
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
}
