import { css } from 'lit';

/** How a tile looks; shared by the hand, the table and the round summary. */
export const tileStyles = css`
  .tile-svg .face {
    fill: var(--domino-tile, #fbf8ef);
    stroke: var(--domino-tile-edge, #5b5346);
    stroke-width: 2.5;
  }
  .tile-svg.spinner .face {
    fill: var(--domino-spinner, #ffd84d);
  }
  .tile-svg .divider {
    stroke: var(--domino-tile-edge, #5b5346);
    stroke-width: 2.5;
    stroke-linecap: round;
  }
  .tile-svg .pip {
    fill: var(--domino-pip, #1b1b1b);
  }
`;
