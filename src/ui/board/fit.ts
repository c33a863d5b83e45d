/**
 * The scale of the table: the largest at which the layout fits the table's box. The layout is made for
 * the box at a scale (its columns and rows are the box's size in units of that scale), so at a large
 * scale the line turns early and snakes over the whole table; only when it no longer fits is a smaller
 * scale tried, with more room in units. Tiles therefore start large and shrink only when the table is
 * full at that size. Pure: no DOM.
 */
import type { OpenEnd, Placement } from '../../engine/index.js';
import { layoutTable } from './layout.js';
import type { FitOptions, FittedLayout, TableLayout } from './geometry.js';
import { MAX_UNIT, MIN_UNIT } from './scales.js';

export { MAX_UNIT, MIN_UNIT };
const STEP = 2;

/**
 * Whether `layout` shown at `unit` pixels per unit stays within `width` × `height`, every tile against
 * its end: a scale whose layout leaves a tile walled in (see layout.ts) is not a fit while a smaller
 * one, with more room, may do without.
 */
export function fitsAt(layout: TableLayout, unit: number, width: number, height: number): boolean {
  return layout.width * unit <= width && layout.height * unit <= height && !layout.tiles.some((t) => t.detached);
}

/**
 * The unit (CSS pixels) that shows a `layout` whole in a box of `width` × `height`, at most MAX_UNIT:
 * for a layout that does not fit even at MIN_UNIT (crowded Doubles tables in small boxes).
 */
export function unitFor(layout: Pick<TableLayout, 'width' | 'height'>, width: number, height: number): number {
  const fits = Math.min(MAX_UNIT, width / Math.max(layout.width, 1), height / Math.max(layout.height, 1));
  return Math.max(2, STEP * Math.floor(fits / STEP));
}

/** The table laid out for a box of `width` × `height` pixels at `unit` pixels per unit. */
export function layoutAt(
  table: readonly Placement[],
  openEnds: readonly OpenEnd[],
  unit: number,
  width: number,
  height: number,
): TableLayout {
  return layoutTable(table, openEnds, { maxColumns: Math.floor(width / unit), maxRows: Math.floor(height / unit) });
}

/**
 * The table at the largest scale (of MIN_UNIT…MAX_UNIT, in steps of 2 px) whose layout fits the box:
 * the unit returned fits and the next larger one does not (or it is MAX_UNIT). The search starts at
 * `options.hint` (the unit drawn before: a table growing by a tile keeps it or goes one step down) and
 * walks up or down from there, so a render usually lays the table out twice. When nothing fits at
 * MIN_UNIT, the layout for MIN_UNIT is shown smaller (`unitFor`; `fits` false).
 */
export function fitTable(table: readonly Placement[], openEnds: readonly OpenEnd[], options: FitOptions): FittedLayout {
  const { width, height } = options;
  const tried: TableLayout[] = [];
  const at = (unit: number): TableLayout => (tried[unit] ??= layoutAt(table, openEnds, unit, width, height));
  const fits = (unit: number) => fitsAt(at(unit), unit, width, height);
  let unit = Math.min(MAX_UNIT, Math.max(MIN_UNIT, STEP * Math.round((options.hint ?? MAX_UNIT) / STEP)));
  if (fits(unit)) {
    while (unit < MAX_UNIT && fits(unit + STEP)) unit += STEP;
    return { layout: at(unit), unit, fits: true };
  }
  while (unit > MIN_UNIT) if (fits((unit -= STEP))) return { layout: at(unit), unit, fits: true };
  const layout = at(MIN_UNIT);
  return { layout, unit: unitFor(layout, width, height), fits: false };
}
