import { LitElement, html, type PropertyDeclarations } from 'lit';
import { ENGLISH, type Translator } from '../../i18n/index.js';
import { tileName, type Tile } from '../../engine/index.js';
import { consumeLocale } from '../context/locale.js';
import { RovingFocusController } from '../controllers/roving.js';
import { dealIn } from '../motion.js';
import { renderTile } from '../tile/tile.js';
import { styles } from './domino-hand.styles.js';
import { emitInternal, type TileChosenDetail } from '../internal-events.js';
import { PointerFollowerController } from '../controllers/pointer-follower.js';

/**
 * Your tiles, as buttons. Playable tiles glow; the others are dimmed but stay focusable
 * (`aria-disabled`), so a screen reader hears every tile. One tab stop: the arrow keys (mirrored in
 * right-to-left), Home and End move between tiles; Enter or Space plays the focused one. One row of
 * a fixed height: a large hand shows narrower tiles, never a second row. A new deal comes in tile by tile.
 *
 * @fires tile-chosen - A playable tile was clicked, activated by keyboard, or dragged.
 * @csspart tile - Each tile button; also `playable` or `unplayable`, `selected`, and `hinted` (the tile a hint points to).
 */
export class DominoHand extends LitElement {
  static override styles = styles;
  // Declared without decorators: their helpers would cost the bundle about a kilobyte.
  static override properties: PropertyDeclarations = {
    t: { attribute: false },
    tiles: { attribute: false },
    playable: { attribute: false },
    selected: { attribute: false },
    hinted: { attribute: false },
    active: { type: Boolean },
    deal: { attribute: false },
  };

  /** The language, from the <domino-game> around it. */
  t: Translator = ENGLISH;
  tiles: readonly Tile[] = [];
  /** Keys ("6-3") of the tiles that can be played now. */
  playable: ReadonlySet<string> = new Set();
  /** The tile whose places are being chosen, if any. */
  selected: Tile | null = null;
  /** The tile a hint points to, if any. */
  hinted: Tile | null = null;
  /** Whether it is your turn to lay a tile (otherwise nothing glows). */
  active = false;
  /** Which deal the tiles are (e.g. the round's number; 0 between rounds): a new one is dealt visibly. */
  deal = 0;
  private dealt = 0;

  /** The tile that is the hand's tab stop, and the arrow keys between tiles. */
  private readonly roving = new RovingFocusController(this, () => this.tiles.length, () => this.buttons);
  private readonly pointer = new PointerFollowerController(this);

  constructor() {
    super();
    consumeLocale(this);
  }

  private get buttons(): NodeListOf<HTMLButtonElement> {
    return this.renderRoot.querySelectorAll('button.tile');
  }

  private get list(): HTMLElement | null {
    return this.renderRoot.querySelector('.tiles');
  }

  override render() {
    return html`<div class="tiles" role="group" aria-label=${this.t.t('yourHand')} @keydown=${this.onKeyDown}>
      ${this.tiles.map((tile, index) => {
        const name = tileName(tile);
        const fits = this.active && this.playable.has(name);
        const selected = this.selected !== null && tileName(this.selected) === name;
        const hinted = this.hinted !== null && tileName(this.hinted) === name ? 'hinted' : '';
        const label = fits ? this.t.t('tileFits', { tile: name }) : this.t.t('tileDoesNotFit', { tile: name });
        return html`<button
          class="tile ${fits ? 'playable' : 'unplayable'} ${selected ? 'selected' : ''} ${hinted}"
          part="tile ${fits ? 'playable' : 'unplayable'} ${selected ? 'selected' : ''} ${hinted}"
          type="button"
          tabindex=${this.roving.tabIndex(index)}
          aria-label=${hinted ? `${label}, ${this.t.t('teachHint')}` : label}
          aria-disabled=${fits ? 'false' : 'true'}
          aria-pressed=${selected ? 'true' : 'false'}
          data-tile=${name}
          @click=${() => this.choose(tile, 'click')}
          @focus=${() => this.roving.focused(index)}
          @pointerdown=${(event: PointerEvent) => this.onPointerDown(event, tile)}
        >
          ${renderTile(tile, { vertical: true })}
        </button>`;
      })}
    </div>`;
  }

  override updated(): void {
    if (this.deal !== this.dealt && this.deal !== 0 && this.tiles.length > 0) dealIn(this.buttons);
    if (this.tiles.length > 0 || this.deal === 0) this.dealt = this.deal;
  }

  /** Where your tile `tile` is on the page (a play flies from there to the table), or null. */
  rectOf(tile: Tile): DOMRect | null {
    const name = tileName(tile);
    return [...this.buttons].find((b) => b.dataset['tile'] === name)?.getBoundingClientRect() ?? null;
  }

  private choose(tile: Tile, via: 'click' | 'drag', pointer?: PointerEvent): void {
    if (!this.active || !this.playable.has(tileName(tile))) return;
    const detail: TileChosenDetail = { tile, via, ...(pointer ? { pointer } : {}) };
    emitInternal(this, 'tile-chosen', detail);
  }

  /** A drag starts once the pointer has moved a little with a playable tile held. */
  private onPointerDown(event: PointerEvent, tile: Tile): void {
    if (event.button !== 0 || !this.active || !this.playable.has(tileName(tile))) return;
    const startX = event.clientX;
    const startY = event.clientY;
    this.pointer.follow((moved) => {
      if (Math.hypot(moved.clientX - startX, moved.clientY - startY) < 8) return;
      // The root follows it from here, carrying the tile to the table.
      this.pointer.stop();
      this.choose(tile, 'drag', moved);
    });
  }

  private onKeyDown(event: KeyboardEvent): void {
    this.roving.keydown(event);
  }

  /** Moves the focus (and the tab stop) to the tile at `index`, or the nearest one; used after a tile leaves the hand. */
  focusTile(index?: number): void {
    void this.roving.focus(index);
  }

  /** Whether the focus is in the hand (so it can be put back after a move). */
  get hasFocus(): boolean {
    return this.list?.contains(this.shadowRoot?.activeElement ?? null) ?? false;
  }
}

if (!customElements.get('domino-hand')) customElements.define('domino-hand', DominoHand);

declare global {
  interface HTMLElementTagNameMap {
    'domino-hand': DominoHand;
  }
}
