/**
 * The layouter's grids, one cell per half-unit: tiles laid, and how many ends' rooms cover a cell; and
 * the bounds of the table (its width, and its height around the lead's line).
 *
 * The grids are module-level scratch shared by all calls (layoutTable is synchronous) and cleared after
 * each (`release`): allocating 100,000 cells per layout would cost more than the layout itself. They
 * span ±GRID/2 half-units around the lead, more than 28 tiles can reach.
 */
import { overlaps, type Rect } from './geometry.js';

export const GRID = 320;
const tileGrid = new Uint8Array(GRID * GRID);
const roomGrid = new Uint8Array(GRID * GRID);
const touched = new Uint8Array(GRID * GRID);

/** What a search for a free place keeps off besides the tiles laid. */
export interface Search {
  /** Stay within the table's bounds. */
  bounded: boolean;
  /** Keep off the rooms the ends hold. */
  rooms: boolean;
  /** Keep off this place too (a tile being weighed), or null. */
  avoid: Rect | null;
}

/** Any place free of tiles: bounds, rooms and nothing else matter. */
export const AMONG_TILES: Search = { bounded: false, rooms: false, avoid: null };

export class Grids {
  /** Set when `free` refuses a place for crossing the bounds: a search without bounds may do better. */
  outOfBounds = false;
  /** Grid indices written, to clear. */
  private readonly used: number[] = [];
  private readonly ox: number;
  private readonly oy = GRID / 2;

  /**
   * `width`: the table's width in half-units, the lead centred in it. `rows`: half the table's height in
   * half-units, above and below the lead's line (which is y = 0).
   */
  constructor(
    readonly width: number,
    readonly rows: number,
  ) {
    this.ox = GRID / 2 - width / 2;
  }

  /** Whether `r` lies within the width and the height. */
  inBounds(r: Rect): boolean {
    return r.x >= 0 && r.x + r.w <= this.width && r.y >= -this.rows && r.y + r.h <= this.rows;
  }

  /** Whether `r` is free of tiles and of what `search` also keeps off (see Search). */
  free(r: Rect, search: Search): boolean {
    const { bounded, rooms, avoid } = search;
    if (bounded && !this.inBounds(r)) {
      this.outOfBounds = true;
      return false;
    }
    if (avoid && overlaps(avoid, r)) return false;
    const x0 = r.x + this.ox;
    const y0 = r.y + this.oy;
    if (x0 < 0 || y0 < 0 || x0 + r.w > GRID || y0 + r.h > GRID) return false; // beyond any table
    for (let y = y0; y < y0 + r.h; y++) {
      for (let i = y * GRID + x0, end = i + r.w; i < end; i++) {
        if (tileGrid[i] !== 0 || (rooms && roomGrid[i] !== 0)) return false;
      }
    }
    return true;
  }

  /** Marks `r` as a tile's. */
  lay(r: Rect): void {
    this.mark([r], tileGrid, 1);
  }

  /** Adds `delta` to the room count of the cells of `rects`. */
  room(rects: readonly Rect[], delta: number): void {
    this.mark(rects, roomGrid, delta);
  }

  private mark(rects: readonly Rect[], grid: Uint8Array, delta: number): void {
    for (const r of rects) {
      for (let y = r.y + this.oy; y < r.y + this.oy + r.h; y++) {
        for (let i = y * GRID + r.x + this.ox, end = i + r.w; i < end; i++) {
          if (i < 0 || i >= grid.length) continue;
          if (touched[i] === 0) {
            touched[i] = 1;
            this.used.push(i);
          }
          grid[i] = grid[i]! + delta;
        }
      }
    }
  }

  /** Empties the shared grids again. */
  release(): void {
    for (const i of this.used) {
      tileGrid[i] = 0;
      roomGrid[i] = 0;
      touched[i] = 0;
    }
    this.used.length = 0;
  }
}
