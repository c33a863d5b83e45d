/**
 * Where the tiles of the table go on screen: a pure function of the engine's table model (RULES.md §1,
 * §4, §5; src/engine/board.ts). No DOM: the widget turns the grid units into pixels.
 *
 * Units: a tile is 2×1 units lying (horizontal) or 1×2 standing (vertical). A crosswise double is
 * centred on its line, so coordinates are multiples of 0.5. Internally everything is in half-units
 * (a tile is 4×2 cells), so every position is an integer.
 *
 * The bounds: a box `maxColumns` wide and, when `maxRows` is given, `maxRows` high, centred on the lead
 * (the widget's table, which keeps its size through a match). Without `maxRows` the height is free.
 *
 * How tiles go down:
 * - The lead is centred in the box: a non-double lies, [higher, lower] left to right;
 *   a double stands across the line. Its ends 'left' and 'right' start the two arms; a lead spinner's
 *   'up' and 'down' leave from its top and bottom.
 * - A non-double continues its arm in line, the attached half (tile[0]) against the tile before. A
 *   double (spinner or not) stands crosswise, centred on the line; the arm goes on from its far long
 *   side only. A spinner's short sides start arms perpendicular to its line, from its middle (All
 *   Fives: 'up' and 'down'; Doubles: 's<i>.1' and 's<i>.2', .1 being the upper side, or the left one
 *   when the spinner lies across a vertical stretch).
 *
 * Turning: an arm goes straight while it can. When the next tile would cross the box's edge or meet
 * another tile, it turns: a horizontal arm turns the way its rows stack ('left' and its branches down,
 * 'right' up, so the two never meet; a spinner's horizontal branch away from the lead's line), then the
 * other way. The corner tile stands against the side of the last tile's outer half, so the limit is
 * never crossed. In Draw, Block and All Fives without a lead spinner the arm then snakes: the tile after
 * the corner turns again and runs back the other way, rows two units apart. Where the lead is a spinner
 * (Doubles; All Fives led with a double) arms do not run back across the table, where the other arms'
 * branches are, but go on away from the lead's line. A vertical arm (a spinner's short sides) goes
 * straight until the box's top or bottom or a tile blocks it, then turns toward the roomier side. Each tile's candidate positions, best
 * first: straight, the preferred turn, the other turn; an L-corner (the attached half against the end,
 * the tile running along it); then all of these shifted by half a unit or a unit along the end, still
 * touching it.
 *
 * Collisions and the look-ahead: tiles occupy cells of a half-unit grid and never overlap. Every end
 * (open, or a spinner's short side not open yet) holds a room of its own: a free place for its next
 * tile and for the one after it, for each tile that may still come there (a non-double, and the end's
 * double while it is not on the table; where the lead is a spinner, as in Doubles, the double's room
 * includes places for the first tiles on its short sides), in bounds if possible, clear of the other
 * ends' rooms. A tile goes to its end's room when that costs nothing, else to the first candidate, in
 * order, that lets every end keep a room (the ends whose rooms it takes find others). When every
 * candidate costs something, the least bad one is taken, in this order of badness: an end left walled
 * in, an end left without a room of its own, the tile beyond the box, an end losing its room within
 * the box. So the box is exceeded only when every place within it would leave some end walled in or
 * without a room of its own: in practice on crowded Doubles tables in small boxes, and rarely on any
 * table in the smallest (a 300 px sidebar's; test/ui-logic/layout.test.ts counts them). The widget then
 * shows the whole layout smaller, so nothing leaves its table.
 *
 * Walled in: if, even so, an end has no free place touching it (rare, and in real rounds only seen in
 * Doubles), its tile (or box) goes to the nearest free place and is marked `detached`, with the
 * `anchor` of the end it belongs to; the widget outlines it and draws a line from that end to it. It
 * never overlaps a tile.
 *
 * Stability: a tile's position depends only on the tiles laid before it, so laying one more tile never
 * moves the others; only the normalisation (coordinates start at 0) translates everything when the
 * bounding box grows.
 *
 * Open ends: each open end's box is its room's first place: where a non-double laid there goes, unless
 * by then that place would cost something (see above; never in Draw and Block, rarely in All Fives, in
 * about one case in ten in Doubles), when the tile goes to the best place near it. Rooms never
 * overlap, so neither do boxes, except those of ends without a room of their own (crowded Doubles).
 * An end without a room of its own gets the place a tile would take (or, walled in, a detached box).
 */
import type { OpenEnd, Placement } from '../../engine/index.js';
import { DIRECTION_NAMES, type EndLayout, type LayoutOptions, type Point, type TableLayout } from './geometry.js';
import { Layouter, type Box } from './layouter.js';

export type { Direction, EndLayout, LayoutOptions, Point, TableLayout, TileLayout } from './geometry.js';

/** The narrowest layout: the lead and a box at each side. Smaller `maxColumns` count as this. */
export const MIN_COLUMNS = 6;
/** Wider than any table can get; larger `maxColumns` count as this. */
export const MAX_COLUMNS = 2000;
/** The lowest height limit: the lead double and a tile above and below it. */
export const MIN_ROWS = 6;

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
  const { maxRows = MAX_COLUMNS } = options;
  if (typeof maxRows !== 'number' || !Number.isFinite(maxRows)) {
    throw new RangeError(`layoutTable: maxRows must be a finite number, got ${String(maxRows)}`);
  }
  // Half the height above the lead's line and half below, in half-units: the rows' count in grid units.
  const half = Math.min(MAX_COLUMNS, Math.max(MIN_ROWS, Math.floor(maxRows))) & ~1;
  const layouter = new Layouter(2 * columns, half);
  let boxes: Box[];
  try {
    for (let i = 0; i < table.length; i++) layouter.lay(i, table[i]!);
    boxes = table.length === 0 ? [] : layouter.boxes(openEnds);
  } finally {
    layouter.grid.release();
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
  const point = ({ x, y }: Point): Point => ({ x: (x - minX) / 2, y: (y - minY) / 2 });
  return {
    tiles: layouter.tiles.map((t) => ({
      ...t,
      x: (t.x - minX) / 2,
      y: (t.y - minY) / 2,
      width: t.width / 2,
      height: t.height / 2,
      ...(t.anchor ? { anchor: point(t.anchor) } : {}),
    })),
    ends: boxes.map(({ id, rect, dir, anchor }) => {
      const end: EndLayout = {
        id,
        x: (rect.x - minX) / 2,
        y: (rect.y - minY) / 2,
        width: rect.w / 2,
        height: rect.h / 2,
        direction: DIRECTION_NAMES[dir]!,
      };
      if (anchor) {
        end.detached = true;
        end.anchor = point(anchor);
      }
      return end;
    }),
    width: (maxX - minX) / 2,
    height: (maxY - minY) / 2,
  };
}