import { css } from 'lit';
import { tileStyles } from '../tile/tile.styles.js';

export const styles = [
  tileStyles,
  css`
    :host {
      display: block;
    }
    .table {
      position: relative;
      display: flex;
      align-items: center;
      justify-content: center;
      min-block-size: 8em;
      padding: 0.75em 0;
      border-radius: 0.75em;
      background: var(--domino-table, #1f6b4f);
      overflow: hidden;
    }
    .area {
      position: relative;
      max-inline-size: 100%;
    }
    .ruler {
      position: absolute;
      inset-inline: 0;
      inset-block-start: 0;
      block-size: 0;
      visibility: hidden;
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
    /* A tile lying apart from its end (crowded tables): outlined, and linked to the end by .links. */
    .laid.detached {
      outline: 2px dashed var(--domino-table-text, #ffffff);
      outline-offset: 2px;
      border-radius: 0.2em;
    }
    .links {
      position: absolute;
      inset: 0;
      inline-size: 100%;
      block-size: 100%;
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
    .laid.last {
      animation: lay 320ms ease-out;
    }
    @keyframes lay {
      from {
        opacity: 0;
        transform: scale(1.25);
      }
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
    button.place.center {
      inline-size: 4em;
      block-size: 2em;
    }
    button.place:hover,
    button.place:focus-visible {
      background: var(--domino-accent, #0b5cad);
      outline: 3px solid #ffffff;
      outline-offset: 2px;
    }
    @media (prefers-reduced-motion: reduce) {
      .laid.last {
        animation: none;
      }
    }
  `,
];
