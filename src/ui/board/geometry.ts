/**
 * The geometry of the table layout, in half-units (see layout.ts): the four directions, rectangles, and
 * where faces of rectangles lie. Pure helpers, shared by the grids and the layouter; and the types of a
 * layout (in grid units) and of a fitted one (in pixels), shared by the layout, the fit and the board.
 */

// Directions, clockwise from right; y grows downward.
export const RIGHT = 0;
export const DOWN = 1;
export const LEFT = 2;
export const UP = 3;
export const DIRECTION_NAMES: readonly Direction[] = ['right', 'down', 'left', 'up'];
export const opposite = (d: number): number => (d + 2) & 3;
export const horizontal = (d: number): boolean => (d & 1) === 0;
/** +1 when `d` points along the positive axis (right or down), else -1. */
export const sign = (d: number): number => (d === RIGHT || d === DOWN ? 1 : -1);

/** A rectangle in half-units. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export function hitsAny(rects: readonly Rect[], r: Rect): boolean {
  for (const q of rects) if (overlaps(q, r)) return true;
  return false;
}

/** A rectangle beyond face `f` whose face lies at `line`: depth [d0, d1) away from it, lateral [l0, l1). */
export function beyond(f: number, line: number, d0: number, d1: number, l0: number, l1: number): Rect {
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
export function faceLine(r: Rect, f: number): number {
  return f === RIGHT ? r.x + r.w : f === LEFT ? r.x : f === DOWN ? r.y + r.h : r.y;
}
export const faceMid = (r: Rect, f: number): number => (horizontal(f) ? r.y + r.h / 2 : r.x + r.w / 2);
export const faceLen = (r: Rect, f: number): number => (horizontal(f) ? r.h : r.w);

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
  /**
   * Present (true) only when the tile could not go against the tile it was laid on: that end was walled
   * in (rare; crowded Doubles tables). It lies at the nearest free place instead.
   */
  detached?: true;
  /** With `detached`: the middle of the end it belongs to, on the edge of the tile offering it. */
  anchor?: Point;
}

export interface Point {
  x: number;
  y: number;
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
  /** Present (true) only when the end is walled in and its box lies at the nearest free place instead. */
  detached?: true;
  /** With `detached`: the middle of the end, on the edge of the tile offering it. */
  anchor?: Point;
}

export interface TableLayout {
  tiles: TileLayout[];
  /** One box per open end, in the order of `openEnds`: where a non-double laid there goes. */
  ends: EndLayout[];
  /** Bounding box of tiles and end boxes, in grid units; all coordinates are ≥ 0. */
  width: number;
  height: number;
}

export interface LayoutOptions {
  /** The width available, in grid units (a lying tile is 2 wide). Fractions are rounded down. */
  maxColumns: number;
  /**
   * The height available, in grid units (a standing tile is 2 high), centred on the lead's line; even
   * numbers, smaller ones count as MIN_ROWS; absent: no limit. Fractions are rounded down.
   */
  maxRows?: number;
}

/** The table's box in CSS pixels, for `fitTable`. */
export interface FitOptions {
  width: number;
  height: number;
  /** Where to start looking (the unit drawn before); absent: the largest. */
  hint?: number;
}

/** A layout and the scale it is drawn at. */
export interface FittedLayout {
  layout: TableLayout;
  /** CSS pixels per layout unit (half a tile's long side). */
  unit: number;
  /** False when even the smallest scale's layout did not fit, and `unit` shrinks it to fit. */
  fits: boolean;
}
