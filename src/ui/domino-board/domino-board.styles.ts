import { css } from 'lit';
import { tileStyles } from '../tile/tile.styles.js';

export const styles = [
  tileStyles,
  css`
    /*
     * The board's size comes from around it, never from its tiles (in the widget: its fixed height less
     * the rest; alone: a 3:2 box), so re-laying the table cannot change it.
     */
    :host {
      display: block;
      position: relative;
      aspect-ratio: 3 / 2;
      min-block-size: 6em;
    }
    .table {
      position: absolute;
      inset: 0;
      display: flex;
      align-items: center;
      justify-content: center;
      box-sizing: border-box;
      padding: 0.5em;
      border-radius: 0.75em;
      /* Felt: a fine weave and a light falling on the middle, over the table's colour (CSS only). */
      background:
        var(
            --domino-felt,
            radial-gradient(#fff2, #0000 70%),
            repeating-linear-gradient(45deg, #0001 0 1px, #0000 1px 3px),
            repeating-linear-gradient(-45deg, #fff1 0 1px, #0000 1px 3px)
          ),
        var(--domino-table, #1f6b4f);
      box-shadow: inset 0 0 1.5em #0006;
      overflow: hidden;
    }
    /* A crowded table only looked at (a round's end): drawn at the smallest readable scale, it scrolls. */
    .table.scrolls {
      display: block;
      overflow: auto;
    }
    .table.scrolls:focus-visible {
      outline: 3px solid var(--domino-glow, #f2b705);
      outline-offset: -3px;
    }
    /* The table's content box: the layout is centred in it by the board (fit.ts picks its scale). */
    .area {
      position: relative;
      flex: none;
      inline-size: 100%;
      block-size: 100%;
    }
    .empty {
      position: absolute;
      inset: 0;
      display: grid;
      place-items: center;
      margin: 0;
      color: var(--domino-table-text, #ffffff);
    }
    .laid {
      position: absolute;
    }
    /* When the scale changes (or the layout is centred anew), the tiles glide to their new places. */
    .area.glide .laid {
      transition-property: inset-inline-start, inset-block-start, inline-size, block-size;
      transition-duration: 360ms;
      transition-timing-function: cubic-bezier(0.3, 0.7, 0.3, 1);
    }
    @media (prefers-reduced-motion: reduce) {
      .area.glide .laid {
        transition: none;
      }
    }
    /* A tile lying apart from its end (crowded tables): outlined, and linked to the end by .links. */
    .laid.detached {
      outline: 2px dashed var(--domino-table-text, #ffffff);
      outline-offset: 2px;
      border-radius: 0.2em;
    }
    .links {
      position: absolute;
      overflow: visible;
      pointer-events: none;
    }
    .links line {
      stroke: var(--domino-table-text, #ffffff);
      stroke-width: 2;
      stroke-dasharray: 4 4;
      vector-effect: non-scaling-stroke;
    }
    .laid .tile-svg {
      display: block;
      inline-size: 100%;
      block-size: 100%;
    }
    /* A seat's last play: ringed, with the seat's tag in a corner. */
    .laid.mark {
      outline: 2px solid var(--domino-table-text, #ffffff);
      border-radius: 0.2em;
    }
    .tag {
      position: absolute;
      inset-block-start: -0.5em;
      inset-inline-start: -0.5em;
      padding: 0 0.3em;
      border-radius: 999px;
      background: var(--domino-accent, #0b5cad);
      color: var(--domino-on-accent, #ffffff);
      font-size: 0.7em;
      font-weight: 700;
      line-height: 1.4;
      white-space: nowrap;
      pointer-events: none;
    }
    button.place {
      all: unset;
      position: absolute;
      box-sizing: border-box;
      display: grid;
      place-items: center;
      min-inline-size: 2em;
      min-block-size: 2em;
      border: 2px dashed var(--domino-place-edge, #ffffff);
      border-radius: 0.4em;
      background: var(--domino-place, rgba(8, 40, 30, 0.85));
      color: #ffffff;
      font-weight: 700;
      cursor: pointer;
    }
    button.place.hinted {
      border: 3px solid var(--domino-glow, #f2b705);
    }
    button.place.center {
      inline-size: 4em;
      block-size: 2em;
    }
    button.place:hover,
    button.place:focus-visible {
      background: var(--domino-accent, #0b5cad);
      color: var(--domino-on-accent, #ffffff);
      outline: 3px solid #ffffff;
      outline-offset: 2px;
    }
  `,
];
