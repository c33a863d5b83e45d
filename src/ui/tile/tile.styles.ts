import { css } from 'lit';

/**
 * How a tile looks; shared by the hand, the table and the round summary. An ivory face over a darker
 * body (its thickness), a light rim for the bevel, a soft shadow under it; pips black by default, or
 * each number its own colour (`--domino-pip-1` … `--domino-pip-6`, as many sets are).
 */
export const tileStyles = css`
  .tile-svg {
    overflow: visible;
    filter: drop-shadow(0 1px 1.5px rgba(0, 0, 0, 0.45));
  }
  .tile-svg .body {
    fill: var(--domino-tile-side, #c9b98f);
    stroke: var(--domino-tile-edge, #5b5346);
    stroke-width: 1.5;
  }
  .tile-svg .face {
    fill: var(--domino-tile, #f8f1de);
    stroke: rgba(255, 255, 255, 0.75);
    stroke-width: 1.5;
  }
  .tile-svg.spinner .face {
    fill: var(--domino-spinner, #ffd84d);
  }
  .tile-svg .divider {
    stroke: var(--domino-tile-edge, #5b5346);
    stroke-width: 2;
    stroke-linecap: round;
    opacity: 0.7;
  }
  /* --n: the pip's own colour by its number, where set (tile.ts gives each pip its number's class). */
  .tile-svg .pip {
    fill: var(--n, var(--domino-pip, #1b1b1b));
  }
  .p1 {
    --n: var(--domino-pip-1);
  }
  .p2 {
    --n: var(--domino-pip-2);
  }
  .p3 {
    --n: var(--domino-pip-3);
  }
  .p4 {
    --n: var(--domino-pip-4);
  }
  .p5 {
    --n: var(--domino-pip-5);
  }
  .p6 {
    --n: var(--domino-pip-6);
  }
`;
