/**
 * Room-finding for the layouter's look-ahead: whether an end has room for what may still be laid on it
 * (its next tile, the tile after, its double and a spinner's sides), on the grids as they are, searched
 * as a Search says (in bounds or not, off the other ends' rooms or not, off a place being weighed).
 */
import { DOWN, hitsAny, horizontal, LEFT, overlaps, RIGHT, UP, type Rect } from './geometry.js';
import type { Arm, Candidate, Heading, TileKind } from './candidates.js';
import { STRIDE } from './candidates.js';
import { AMONG_TILES, type Grids, type Search } from './grids.js';

/**
 * Proof that an end has room: a free place for its next tile, and the places it needs: one beyond it
 * (and, for a double that may be a spinner, one at each of its short sides).
 */
export interface Room {
  next: Candidate;
  rects: Rect[];
}

/** An end's room in the look-ahead. */
export interface Hold {
  /** Its own room, clear of the other ends' rooms; null if it has none of its own. */
  room: Room | null;
  /** `room` is in bounds, and so is the room for the end's double if that may still come. */
  bounded: boolean;
  /** It has room at all, regardless of the other ends. */
  alive: boolean;
}

/** `alive`'s memo of an arm: its room (null: none) when the table had `at` tiles, for `pip`, and whether it had to hold the double. */
interface Solo {
  rects: Rect[] | null;
  at: number;
  pip: number;
  neededDouble: boolean;
}

/** What room-finding needs to know of the table being laid (the layouter tells). */
export interface TableFacts {
  /** Tiles laid so far. */
  readonly tilesLaid: number;
  /** Whether a double laid now may be a spinner. */
  spinnerNext(): boolean;
  /** Whether the double of `pip` may still come (pip -1: not known, so yes). */
  doubleToCome(pip: number): boolean;
  /** The candidate places for a tile of `kind` leaving from `from`, in the table's order of ways. */
  template(from: Heading, kind: TileKind): Int16Array;
}

/** A room an end holds: off the other ends' rooms, within the bounds or not. */
const HELD_IN_BOUNDS: Search = { bounded: true, rooms: true, avoid: null };
const HELD: Search = { bounded: false, rooms: true, avoid: null };

export class RoomFinder {
  /** Scratch rectangle for `firstFree`. */
  private readonly probe: Rect = { x: 0, y: 0, w: 0, h: 0 };
  /** Scratch heading for `findRoom`'s searches beyond a place. */
  private readonly beyondPlace: Heading = { region: { x: 0, y: 0, w: 0, h: 0 }, double: false, dir: 0, rowDir: -1, progress: 0 };
  /** `alive`'s memo per arm, kept off the arm. */
  private readonly solos = new WeakMap<Arm, Solo>();

  constructor(
    private readonly grid: Grids,
    private readonly facts: TableFacts,
  ) {}

  /**
   * The first free position (see `Search`) for a non-double leaving from `from`, off the places `a`…`c`
   * the same look-ahead already took. No candidate objects: the positions come from templates relative
   * to the region, kept across calls.
   */
  private firstFree(from: Heading, search: Search, a: Rect, b: Rect | null, c: Rect | null): Rect | null {
    const r = from.region;
    const t = this.facts.template(from, 'single');
    const probe = this.probe;
    for (let i = 0; i < t.length; i += STRIDE) {
      probe.x = r.x + t[i]!;
      probe.y = r.y + t[i + 1]!;
      probe.w = t[i + 2]!;
      probe.h = t[i + 3]!;
      if (overlaps(a, probe) || (b && overlaps(b, probe)) || (c && overlaps(c, probe))) continue;
      if (this.grid.free(probe, search)) return { x: probe.x, y: probe.y, w: probe.w, h: probe.h };
    }
    return null;
  }

  /**
   * Room on `arm` for a tile of the kind and the tile after it (see `free`); for a double that may be a
   * spinner (see `spinnerNext`), for its short sides' first tiles too.
   */
  findRoom(arm: Arm, kind: TileKind, search: Search): Room | null {
    const double = kind === 'double';
    const R = arm.region;
    const t = this.facts.template(arm, kind);
    const rect: Rect = { x: 0, y: 0, w: 0, h: 0 };
    const outer: Rect = { x: 0, y: 0, w: 2, h: 2 };
    for (let i = 0; i < t.length; i += STRIDE) {
      rect.x = R.x + t[i]!;
      rect.y = R.y + t[i + 1]!;
      rect.w = t[i + 2]!;
      rect.h = t[i + 3]!;
      if (!this.grid.free(rect, search)) continue;
      const dir = t[i + 4]!;
      const single = t[i + 7] === 1;
      outer.x = R.x + t[i + 5]!;
      outer.y = R.y + t[i + 6]!;
      const beyond = this.beyondPlace;
      beyond.region = single ? outer : rect;
      beyond.double = !single;
      beyond.dir = dir;
      beyond.rowDir = horizontal(dir) ? dir : arm.rowDir;
      beyond.progress = arm.progress;
      const n = this.firstFree(beyond, search, rect, null, null);
      if (n === null) continue;
      if (!double || !this.facts.spinnerNext()) return { next: this.made(rect, dir, single ? outer : null), rects: [{ ...rect }, n] };
      // A spinner's short sides: perpendicular to its line, rows stacking away from the lead's line.
      const [d1, d2] = horizontal(dir) ? [UP, DOWN] : [LEFT, RIGHT];
      const rows = horizontal(d1); // sides running left and right stack their rows away from the lead's line
      const across = rect.y + rect.h / 2 >= 0 ? DOWN : UP;
      const side = (d: number): Heading => ({ region: rect, double: true, dir: d, rowDir: rows ? d : -1, progress: rows ? across : d });
      const s1 = this.firstFree(side(d1), search, rect, n, null);
      const s2 = s1 && this.firstFree(side(d2), search, rect, n, s1);
      if (s1 && s2) return { next: this.made(rect, dir, single ? outer : null), rects: [{ ...rect }, n, s1, s2] };
    }
    return null;
  }

  /** A candidate from (copies of) scratch rectangles. */
  private made(rect: Rect, dir: number, outer: Rect | null): Candidate {
    return { rect: { x: rect.x, y: rect.y, w: rect.w, h: rect.h }, dir, outer: outer && { x: outer.x, y: outer.y, w: 2, h: 2 } };
  }

  /**
   * Room on `arm` (showing `pip`) for what may still be laid there: a non-double (the room returned; its
   * first place is the end's box), and the double of `pip` while that is not on the table.
   */
  roomFor(arm: Arm, pip: number, search: Search): Room | null {
    const w = this.findRoom(arm, 'single', search);
    if (w === null || (this.facts.doubleToCome(pip) && this.findRoom(arm, 'double', search) === null)) return null;
    return w;
  }

  /**
   * An end's own room (clear of the other ends' rooms), within the bounds if it can when `bounded` is
   * asked; not marked. `avoid`: a place it must keep off when it says whether the end is still alive.
   */
  findHold(arm: Arm, pip: number, { bounded: wantBounded, avoid }: { bounded: boolean; avoid: Rect | null }): Hold {
    this.grid.outOfBounds = false;
    let room = wantBounded ? this.roomFor(arm, pip, HELD_IN_BOUNDS) : null;
    const bounded = room !== null;
    if (room === null && wantBounded && this.facts.doubleToCome(pip)) {
      // Its double may only fit beyond the bounds: a non-double's place within them is still worth having.
      const single = this.findRoom(arm, 'single', HELD_IN_BOUNDS);
      if (single && this.findRoom(arm, 'double', HELD)) room = single;
    }
    // Without the bounds, only a search that met them can find more.
    if (room === null && (!wantBounded || this.grid.outOfBounds)) room = this.roomFor(arm, pip, HELD);
    return { room, bounded, alive: room !== null || this.alive(arm, pip, avoid) };
  }

  /** Whether `arm` has room regardless of the other ends (tiles only; off `avoid`). Kept per arm until the next tile. */
  alive(arm: Arm, pip: number, avoid: Rect | null): boolean {
    let solo = this.solos.get(arm);
    const stale = solo === undefined || solo.at !== this.facts.tilesLaid || solo.pip !== pip;
    // Walled in stays walled in as tiles are added, unless the end no longer needs room for its double.
    const stillDead = solo !== undefined && solo.rects === null && solo.pip === pip && !(this.facts.doubleToCome(pip) === false && solo.neededDouble);
    if (solo === undefined || (stale && !stillDead)) {
      const neededDouble = this.facts.doubleToCome(pip);
      const single = this.findRoom(arm, 'single', AMONG_TILES);
      const double = single && neededDouble ? this.findRoom(arm, 'double', AMONG_TILES) : null;
      const rects = single === null || (neededDouble && double === null) ? null : [...single.rects, ...(double?.rects ?? [])];
      solo = { rects, at: this.facts.tilesLaid, pip, neededDouble };
      this.solos.set(arm, solo);
    }
    const w = solo.rects;
    if (w === null) return false;
    if (avoid === null || !hitsAny(w, avoid)) return true;
    return this.roomFor(arm, pip, { ...AMONG_TILES, avoid }) !== null;
  }
}
