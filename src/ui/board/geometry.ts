/**
 * The geometry of the table layout, in half-units (see layout.ts): the four directions, rectangles, and
 * where faces of rectangles lie. Pure helpers, shared by the grids and the layouter.
 */
import type { Direction } from './layout.js';

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
