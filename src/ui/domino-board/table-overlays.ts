/**
 * What the board draws over a laid-out table, with the layout's code (fit.ts, re-exported here; a chunk
 * fetched after the first screen, whose empty table or lone lead needs neither): the lines leading to
 * tiles that lie apart on a crowded table, and the middle a scrolling table starts at. The places stay
 * in the board: a lone lead, drawn without this chunk, may be played on at once.
 */
import { html, nothing, svg } from 'lit';
import type { Play } from '../../engine/index.js';
import type { Point, TableLayout } from '../board/geometry.js';

export { fitTable } from '../board/fit.js';

/** A box on the table in CSS pixels, from the table's content box's inline-start and top. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * On a crowded table a tile (or a place) may lie apart from the end it belongs to (see layout.ts,
 * "walled in"): a dashed line leads from that end to it, over the tiles (it may cross some) and
 * under the places. `box`: the layout's box on the table; `mirrored`: right to left, which mirrors
 * the table (the tiles are placed from the inline start).
 */
export function renderLinks(layout: TableLayout, box: PixelBox, places: readonly Play[], mirrored: boolean) {
  const showing = new Set(places.map((p) => p.end));
  const apart = [...layout.tiles, ...layout.ends.filter((e) => showing.has(e.id))].filter((b) => b.anchor);
  if (apart.length === 0) return nothing;
  const x = (p: Point) => (mirrored ? layout.width - p.x : p.x);
  return html`<svg
    class="links"
    aria-hidden="true"
    viewBox="0 0 ${layout.width} ${layout.height}"
    preserveAspectRatio="none"
    style="inset-inline-start:${box.x}px;inset-block-start:${box.y}px;inline-size:${box.width}px;block-size:${box.height}px"
  >
    ${apart.map((b) => {
      const to = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      return svg`<line x1=${x(b.anchor!)} y1=${b.anchor!.y} x2=${x(to)} y2=${to.y}></line>`;
    })}
  </svg>`;
}

/** Scrolls a table larger than its box to its middle, where its lead lies (right to left, it scrolls from its right edge: leftwards is negative). */
export function scrollToMiddle(table: HTMLElement, rightToLeft: boolean): void {
  const across = (table.scrollWidth - table.clientWidth) / 2;
  table.scrollTo({ left: rightToLeft ? -across : across, top: (table.scrollHeight - table.clientHeight) / 2 });
}
