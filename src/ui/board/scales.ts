/**
 * The scales of the table and the empty table: apart from the layout's code (fit.ts and what it
 * imports, a chunk of its own), since the board draws an empty table, the first screen's, without it.
 */
import type { FittedLayout } from './geometry.js';

/**
 * The scales fit.ts tries, in CSS pixels per layout unit (half a tile's long side): even numbers, so that
 * every tile edge (coordinates are multiples of half a unit) falls on a whole pixel. The smallest keeps
 * a tile 28 px long, still readable: a crowded table (a round's end on a phone, beside its summary) is
 * laid out anew for that many more columns and rows rather than shrunk from a larger scale's layout.
 */
export const MIN_UNIT = 14;
export const MAX_UNIT = 40;

/** An empty table, as fitTable lays it out: nothing, at the largest scale. */
export const EMPTY_TABLE: FittedLayout = { layout: { tiles: [], ends: [], width: 0, height: 0 }, unit: MAX_UNIT, fits: true };
