import { LitElement, html, nothing, type PropertyDeclarations } from 'lit';
import { endName, placeMark } from '../names.js';
import { ENGLISH, type Translator } from '../../i18n/index.js';
import { tileName, type OpenEnd, type Placement, type Play, type Tile } from '../../engine/index.js';
import type { FittedLayout, TableLayout } from '../board/geometry.js';
import { EMPTY_TABLE, MIN_UNIT } from '../board/scales.js';
import { loneLeadLayout } from '../board/lone-lead.js';
import { consumeLocale } from '../context/locale.js';
import { flyFrom } from '../motion.js';
import { isRightToLeft, RovingFocusController } from '../controllers/roving.js';
import { renderTile } from '../tile/tile.js';
import { styles } from './domino-board.styles.js';
import { emitInternal, type PlaceChosenDetail } from '../internal-events.js';
import type { PixelBox } from './table-overlays.js';
import { SizeController } from '../controllers/size.js';

/**
 * The table's layout code (board/: the layouter, the fit) and what only a laid-out table needs (the links
 * to tiles lying apart, a scrolling table's start): a chunk of its own (table-overlays.ts).
 */
type LayoutCode = typeof import('./table-overlays.js');
let layoutCode: LayoutCode | null = null;
let layoutLoad: Promise<unknown> | null = null;

/**
 * Loads the table's layout, once. An empty table (the first screen) needs none, so it comes after: the
 * root asks for it as soon as the first screen is up, and a table with tiles at the latest.
 */
export function loadTableLayout(): Promise<unknown> {
  return (layoutLoad ??= import('./table-overlays.js').then((code) => {
    layoutCode = code;
  }));
}

/** Whether a table of `tiles` tiles is drawn now: an empty one or a lone lead always (lone-lead.ts), more once the layout has loaded. */
export function tableDrawable(tiles: number): boolean {
  return tiles <= 1 || layoutCode !== null;
}

/** A seat's last play, marked on the table until that seat moves again. */
export interface SeatMark {
  /** The tile's index in `table`. */
  index: number;
  /** Who played it (for its accessible name). */
  name: string;
  /** A short tag drawn on the tile: an initial, and the seat's number if the name has one. */
  tag: string;
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

/** Whether `now` is `before` with tiles added (or the same): the tiles drawn before are still on it. */
function continues(before: readonly Placement[], now: readonly Placement[]): boolean {
  const last = before.length - 1;
  return last >= 0 && now.length > last && tileName(now[last]!.tile) === tileName(before[last]!.tile);
}

/**
 * The table: a box whose size comes from around it (never from its tiles: the widget keeps its size
 * through a match), the line of play laid out inside it, turning corners like a real table at its
 * sides and at its top and bottom; doubles crosswise; spinners in yellow; each seat's last play tagged.
 * A tile just laid flies in from where it came from (`origin`). While you choose where a tile goes,
 * the possible places show as buttons on the table (in All Fives with the points each would score): one tab stop, arrow keys
 * between them, Enter to play, Escape to cancel. A table that is only looked at (`scrollable`: a round's
 * end) and does not fit at the smallest readable scale keeps that scale and scrolls inside its box, where
 * one being played on shrinks to show every end at once.
 *
 * @fires place-chosen - A place was picked for the tile being played.
 * @fires place-cancel - Choosing was cancelled (Escape).
 * @csspart table - The table area.
 * @csspart place - Each place button.
 */
export class DominoBoard extends LitElement {
  static override styles = styles;
  // Declared without decorators: their helpers would cost the bundle about a kilobyte.
  static override properties: PropertyDeclarations = {
    t: { attribute: false },
    table: { attribute: false },
    openEnds: { attribute: false },
    places: { attribute: false },
    placing: { attribute: false },
    hintedEnd: { attribute: false },
    marks: { attribute: false },
    scrollable: { attribute: false },
  };

  /** The language, from the <domino-game> around it. */
  t: Translator = ENGLISH;
  table: readonly Placement[] = [];
  openEnds: readonly OpenEnd[] = [];
  /** The plays of the tile being placed, one per place; empty when not choosing. */
  places: readonly Play[] = [];
  /** The tile being placed (for the group's name). */
  placing: Tile | null = null;
  /** The end a hint points to (its place is marked while the tile's places show). */
  hintedEnd: string | null = null;
  /** Each seat's last play while it stands (see SeatMark). */
  marks: readonly SeatMark[] = [];
  /**
   * The table is only looked at (no place to choose): when it does not fit at the smallest readable
   * scale (MIN_UNIT), it is drawn at that scale and scrolls, a tab stop of its own, rather than shrunk.
   */
  scrollable = false;
  /**
   * Where the tile of a seat's play comes from, on the page (your hand's tile, another player's chip);
   * null: it just appears. Asked once per tile laid, after it is drawn at its place.
   */
  origin: ((seat: number) => DOMRect | null) | null = null;

  /** The place that is the places' tab stop, and the arrow keys between places. */
  private readonly roving = new RovingFocusController(this, () => this.places.length, () => this.placeButtons);
  /** The table's inner size: it comes from around the table, never from its tiles, so observing it cannot loop. */
  private readonly ruler = new SizeController(this, () => this.renderRoot.querySelector('.table'));
  /** The table already drawn: a longer one with the same start has new tiles to fly in. */
  private drawn: readonly Placement[] = [];
  /** The last render had tiles to draw but not the layout's code yet. */
  private waitingForLayout = false;
  /** The layout last drawn (kept on the table while a longer one waits for the layout's code). */
  private lastFitted: FittedLayout | null = null;
  /** The box size of the last render. */
  private drawnSize = { width: 0, height: 0 };
  /** The table drawn scrolling in the last render (it is scrolled to its middle once it starts to). */
  private scrolled: readonly Placement[] | null = null;
  /** The last layout made, and what it was made of (see `fitted`). */
  private fit: {
    table: readonly Placement[];
    openEnds: readonly OpenEnd[];
    width: number;
    height: number;
    result: FittedLayout;
  } | null = null;

  constructor() {
    super();
    consumeLocale(this);
  }

  private get placeButtons(): NodeListOf<HTMLButtonElement> {
    return this.renderRoot.querySelectorAll('button.place');
  }

  /**
   * The table at the largest scale that fits (see fit.ts), kept while nothing it depends on changes
   * (choosing a place re-renders the board). A table that grew starts the search at the scale drawn.
   * Null while the layout's code loads (the board draws again once it is here).
   */
  private fitted(width: number, height: number): FittedLayout | null {
    if (this.table.length === 0) return EMPTY_TABLE;
    if (!layoutCode) {
      // A lone lead (a computer's first, on the first screen) is drawn without the layout's code, as
      // that code would draw it; the code comes when the game prefetches it, or with the next tile.
      const lone = this.table.length === 1 ? loneLeadLayout(this.table[0]!, this.openEnds, width, height) : null;
      if (lone) return lone;
      void loadTableLayout().then(() => this.requestUpdate(), () => undefined);
      return null;
    }
    const kept = this.fit;
    if (kept && kept.table === this.table && kept.openEnds === this.openEnds && kept.width === width && kept.height === height) {
      return kept.result;
    }
    const hint = kept && continues(kept.table, this.table) ? kept.result.unit : undefined;
    const result = layoutCode.fitTable(this.table, this.openEnds, hint === undefined ? { width, height } : { width, height, hint });
    this.fit = { table: this.table, openEnds: this.openEnds, width, height, result };
    return result;
  }

  /** Up to date once its tiles are drawn: a table waiting for its layout's code is not yet. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    while (this.waitingForLayout) {
      try {
        await loadTableLayout();
      } catch {
        return done;
      }
      done = await super.getUpdateComplete();
    }
    return done;
  }

  override updated(): void {
    // Tiles not drawn yet (their layout's code is loading) fly in once they are.
    if (this.waitingForLayout) return;
    this.centreScrolledTable();
    const before = this.drawn;
    const now = this.table;
    this.drawn = now;
    // Tiles added to the table drawn before (its first tile, or more after the same ones) fly in; a new
    // round, a resumed match or another table just shows.
    const prefix = before.length;
    const grown = now.length > prefix && (prefix === 0 ? now.length === 1 : continues(before, now));
    if (!grown || !this.origin) return;
    const laid = this.renderRoot.querySelectorAll<HTMLElement>('.laid');
    for (let i = prefix; i < now.length; i++) {
      const from = this.origin(now[i]!.seat);
      const element = laid[i];
      if (from && element) flyFrom(element, from);
    }
  }

  override render() {
    // Until the ResizeObserver reports (before the first paint), a guess: measuring here would force a
    // layout of the whole page in the middle of rendering, the costliest step of a first visit.
    const width = this.ruler.size.width || 640;
    const height = this.ruler.size.height || 320;
    const fitted = this.fitted(width, height);
    this.waitingForLayout = fitted === null;
    // Until the layout's code is here (a slow connection), the table as last drawn when this one only
    // grew from it (a lone lead, drawn without that code, stays while your tile waits for it), else
    // without its tiles; the new tiles fly in once it has come.
    if (fitted) this.lastFitted = fitted;
    const drawnLayout = fitted ?? (continues(this.drawn, this.table) ? this.lastFitted : null);
    const { layout, unit: fittedUnit } = drawnLayout ?? EMPTY_TABLE;
    const scrolls = this.scrollable && this.places.length === 0 && fitted !== null && !fitted.fits;
    const unit = scrolls ? MIN_UNIT : fittedUnit;
    // The layout centred on the table, on whole pixels (the unit is even: every edge is too); one larger
    // than the table (scrolling) starts at its edge, so that scrolling reaches all of it.
    const left = Math.max(0, Math.floor((width - layout.width * unit) / 2));
    const top = Math.max(0, Math.floor((height - layout.height * unit) / 2));
    const areaSize = scrolls ? `inline-size:${Math.max(width, layout.width * unit)}px;block-size:${Math.max(height, layout.height * unit)}px` : '';
    this.scrolled = scrolls ? this.table : null;
    const at = (b: { x: number; y: number; width: number; height: number }): PixelBox => ({
      x: left + b.x * unit,
      y: top + b.y * unit,
      width: b.width * unit,
      height: b.height * unit,
    });
    const endIds = this.openEnds.map((e) => e.id);
    // Laid tiles glide to their new places when the table grew and the scale or the centring changed;
    // not on a new table, nor when the box changed size (the first measurement replacing the guess).
    const glide = continues(this.drawn, this.table) && width === this.drawnSize.width && height === this.drawnSize.height;
    this.drawnSize = { width, height };
    return html`<div class="table ${scrolls ? 'scrolls' : ''}" part="table" role="group" aria-label=${this.t.t('table')} tabindex=${scrolls ? 0 : nothing}>
      ${this.table.length === 0 ? html`<p class="empty">${this.t.t('tableEmpty')}</p>` : nothing}
      <div class="area ${glide ? 'glide' : ''}" style=${areaSize}>
        ${layout.tiles.map((box) => {
          const placement = this.table[box.index]!;
          const shown: Tile = box.flipped ? [placement.tile[1], placement.tile[0]] : placement.tile;
          const tile = tileName(placement.tile);
          const mark = this.marks.find((m) => m.index === box.index);
          const p = at(box);
          return html`<div
            class="laid ${mark ? 'mark' : ''} ${box.detached ? 'detached' : ''}"
            role="img"
            aria-label=${mark ? this.t.t('tileLastMove', { tile, name: mark.name }) : this.t.t('tileOnTable', { tile })}
            style="inset-inline-start:${p.x}px;inset-block-start:${p.y}px;inline-size:${p.width}px;block-size:${p.height}px"
          >
            ${renderTile(shown, { vertical: box.orientation === 'vertical', spinner: placement.spinner })}
            ${mark ? html`<span class="tag" aria-hidden="true">${mark.tag}</span>` : nothing}
          </div>`;
        })}
        ${layoutCode ? layoutCode.renderLinks(layout, at({ x: 0, y: 0, width: layout.width, height: layout.height }), this.places, isRightToLeft(this)) : nothing}
        ${fitted ? this.renderPlaces(layout, at, width, height, endIds) : nothing}
      </div>
    </div>`;
  }

  /** A table that has just started to scroll (or another table scrolling) shows its middle, where its lead lies. */
  private centredTable: readonly Placement[] | null = null;
  private centreScrolledTable(): void {
    if (this.scrolled === this.centredTable) return;
    this.centredTable = this.scrolled;
    const table = this.renderRoot.querySelector<HTMLElement>('.table');
    if (table && this.scrolled && layoutCode) layoutCode.scrollToMiddle(table, isRightToLeft(this));
  }

  private renderPlaces(
    layout: TableLayout,
    at: (box: PixelBox) => PixelBox,
    width: number,
    height: number,
    endIds: readonly string[],
  ) {
    if (this.places.length === 0) return nothing;
    const tile = this.placing ? tileName(this.placing) : '';
    return html`<div class="places" role="group" aria-label=${this.t.t('places', { tile })} @keydown=${this.onKeyDown}>
      ${this.places.map((move, index) => {
        const box = layout.ends.find((e) => e.id === move.end);
        const center = move.end === 'lead' || !box;
        const style = center
          ? `inset-inline-start:calc(50% - 2em);inset-block-start:calc(50% - 1em)`
          : placeStyle(at(box), width, height);
        const end = endName(this.t, move.end, endIds);
        const points = move.points ?? 0;
        const label =
          move.end === 'lead'
            ? this.t.t('placeLead', { tile })
            : points > 0
              ? this.t.t('placePoints', { end, pip: move.pip ?? 0, count: points })
              : this.t.t('place', { end, pip: move.pip ?? 0 });
        return html`<button
          class="place ${center ? 'center' : ''} ${move.end === this.hintedEnd ? 'hinted' : ''}"
          part="place"
          type="button"
          data-end=${move.end}
          tabindex=${this.roving.tabIndex(index)}
          aria-label=${label}
          style=${style}
          @click=${() => this.choose(move)}
          @focus=${() => this.roving.focused(index)}
        >
          <span aria-hidden="true">${placeMark(move, (n) => this.t.number(n))}</span>
        </button>`;
      })}
    </div>`;
  }

  private choose(move: Play): void {
    const detail: PlaceChosenDetail = { move };
    emitInternal(this, 'place-chosen', detail);
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      emitInternal(this, 'place-cancel');
      return;
    }
    this.roving.keydown(event);
  }

  /** Puts the focus on a place button (the first by default), once rendered. */
  focusPlace(index = 0): Promise<void> {
    return this.roving.focus(index);
  }

  /** The place button under a point of the page, for drops. */
  placeAt(x: number, y: number): Play | null {
    for (const button of this.placeButtons) {
      const r = button.getBoundingClientRect();
      // A generous margin: a finger covers the button it aims at.
      if (x >= r.left - 12 && x <= r.right + 12 && y >= r.top - 12 && y <= r.bottom + 12) {
        return this.places.find((p) => p.end === button.dataset['end']) ?? null;
      }
    }
    return null;
  }

  /** Whether a point of the page is over the table. */
  coversPoint(x: number, y: number): boolean {
    const r = this.getBoundingClientRect();
    return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  }
}

if (!customElements.get('domino-board')) customElements.define('domino-board', DominoBoard);

declare global {
  interface HTMLElementTagNameMap {
    'domino-board': DominoBoard;
  }
}
