/**
 * What the board draws over a laid-out table besides its tiles: the places offered for the tile being
 * played, the lines leading to tiles that lie apart on a crowded table, and the middle a scrolling table
 * starts at. With the layout's code (fit.ts, re-exported here), a chunk fetched after the first screen:
 * an empty table has none of them, and keeping them out of the entry keeps the first visit light.
 */
import { html, nothing, svg } from 'lit';
import { tileName, type Play, type Tile } from '../../engine/index.js';
import type { Translator } from '../../i18n/index.js';
import type { Point, TableLayout } from '../board/geometry.js';
import { endName, placeMark } from '../names.js';

export { fitTable } from '../board/fit.js';

/** A box on the table in CSS pixels, from the table's content box's inline-start and top. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the places need of the board: what is being placed, and the board's handlers for the buttons. */
export interface PlacesView {
  t: Translator;
  places: readonly Play[];
  placing: Tile | null;
  hintedEnd: string | null;
  /** Every open end's id, in the table's order (for each end's name). */
  endIds: readonly string[];
  tabIndex(index: number): number;
  focused(index: number): void;
  choose(move: Play): void;
  keydown(event: KeyboardEvent): void;
}

/**
 * Where a place button goes: centred on its end's box, at least 2em each way (a finger's size), and
 * moved inwards where that would cross the table's edge (which clips: a place must not be cut off).
 */
function placeStyle(box: PixelBox, width: number, height: number): string {
  const axis = (start: number, size: number, total: number) => {
    const extent = `max(2em, ${size}px)`;
    return {
      start: `clamp(0px, calc(${start + size / 2}px - ${extent} / 2), calc(${total}px - ${extent}))`,
      size: extent,
    };
  };
  const inline = axis(box.x, box.width, width);
  const block = axis(box.y, box.height, height);
  return `inset-inline-start:${inline.start};inset-block-start:${block.start};inline-size:${inline.size};block-size:${block.size}`;
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

/** The places of the tile being placed, one button each at its end (`at`: a layout box on the table), in a table of `width` × `height`. */
export function renderPlaces(view: PlacesView, layout: TableLayout, at: (box: PixelBox) => PixelBox, width: number, height: number) {
  const { t, places, placing, hintedEnd, endIds } = view;
  if (places.length === 0) return nothing;
  const tile = placing ? tileName(placing) : '';
  return html`<div class="places" role="group" aria-label=${t.t('places', { tile })} @keydown=${view.keydown}>
    ${places.map((move, index) => {
      const box = layout.ends.find((e) => e.id === move.end);
      const center = move.end === 'lead' || !box;
      const style = center ? `inset-inline-start:calc(50% - 2em);inset-block-start:calc(50% - 1em)` : placeStyle(at(box), width, height);
      const end = endName(t, move.end, endIds);
      const points = move.points ?? 0;
      const label =
        move.end === 'lead'
          ? t.t('placeLead', { tile })
          : points > 0
            ? t.t('placePoints', { end, pip: move.pip ?? 0, count: points })
            : t.t('place', { end, pip: move.pip ?? 0 });
      return html`<button
        class="place ${center ? 'center' : ''} ${move.end === hintedEnd ? 'hinted' : ''}"
        part="place"
        type="button"
        data-end=${move.end}
        tabindex=${view.tabIndex(index)}
        aria-label=${label}
        style=${style}
        @click=${() => view.choose(move)}
        @focus=${() => view.focused(index)}
      >
        <span aria-hidden="true">${placeMark(move, (n) => t.number(n))}</span>
      </button>`;
    })}
  </div>`;
}

/** Scrolls a table larger than its box to its middle, where its lead lies (right to left, it scrolls from its right edge: leftwards is negative). */
export function scrollToMiddle(table: HTMLElement, rightToLeft: boolean): void {
  const across = (table.scrollWidth - table.clientWidth) / 2;
  table.scrollTo({ left: rightToLeft ? -across : across, top: (table.scrollHeight - table.clientHeight) / 2 });
}
