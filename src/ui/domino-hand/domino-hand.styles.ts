import { css } from 'lit';
import { tileStyles } from '../tile/tile.styles.js';

export const styles = [
  tileStyles,
  css`
    :host {
      display: block;
    }
    /* One row of a fixed height (a full-size tile's, and room for a raised one): the widget keeps its size. */
    .tiles {
      display: flex;
      align-items: flex-end;
      justify-content: center;
      gap: min(0.4em, 1.2%);
      box-sizing: border-box;
      block-size: calc(2 * var(--domino-hand-tile-width, 2.6em) + 0.5em + 8px);
      padding: 0.25em;
      padding-block-start: calc(0.25em + 8px);
    }
    /* A tile shrinks (keeping its shape) when the row holds more than fit at full size. */
    button.tile {
      all: unset;
      box-sizing: border-box;
      flex: 0 1 var(--domino-hand-tile-width, 2.6em);
      min-inline-size: 0;
      aspect-ratio: 1 / 2;
      border-radius: 0.45em;
      cursor: pointer;
      touch-action: none;
      transition: transform 120ms ease, opacity 120ms ease, box-shadow 120ms ease;
    }
    button.tile .tile-svg {
      display: block;
      inline-size: 100%;
      block-size: 100%;
    }
    /* Playable tiles stand lifted and glow; the others lie dimmed and greyed: more than a glow apart. */
    button.tile.playable {
      transform: translateY(-4px);
      box-shadow: 0 0 0 3px var(--domino-glow, #f2b705), 0 0 12px 2px var(--domino-glow, #f2b705);
    }
    button.tile.playable:hover {
      transform: translateY(-6px);
    }
    button.tile.unplayable {
      opacity: 0.55;
      filter: grayscale(0.85) brightness(0.85);
      cursor: default;
    }
    button.tile.selected {
      transform: translateY(-8px);
      box-shadow: 0 0 0 3px var(--domino-accent, #0b5cad), 0 0 14px 3px var(--domino-glow, #f2b705);
    }
    /*
     * The hinted tile outshines the playable ones it was chosen from: lifted higher, ringed in the
     * accent (which contrasts with the widget's background in both themes) inside a thicker glow ring,
     * and a wider glow. Selected, it keeps this look (the pressed state says it is chosen).
     */
    button.tile.hinted,
    button.tile.hinted:hover {
      transform: translateY(-8px);
      box-shadow:
        0 0 0 3px var(--domino-accent, #0b5cad),
        0 0 0 6px var(--domino-glow, #f2b705),
        0 0 22px 8px var(--domino-glow, #f2b705);
    }
    button.tile:focus-visible {
      outline: 3px solid var(--domino-accent, #0b5cad);
      outline-offset: 3px;
    }
    @media (prefers-reduced-motion: reduce) {
      button.tile {
        transition: none;
      }
      /* Still lifted (a place, not a movement), but nothing moves under the pointer. */
      button.tile.playable:hover,
      button.tile.selected {
        transform: translateY(-4px);
      }
      button.tile.hinted,
      button.tile.hinted:hover {
        transform: translateY(-8px);
      }
    }
  `,
];
