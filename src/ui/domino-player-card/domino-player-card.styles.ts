import { css } from 'lit';

/** The card's own: the chart's size and colour, the record's table. */
export const playerCardStyles = css`
  section {
    display: flex;
    flex-direction: column;
    gap: 0.4em;
  }
  .kind {
    margin-block-start: -0.5em;
  }
  figure.chart {
    margin: 0;
    display: flex;
    flex-direction: column;
    gap: 0.25em;
  }
  figure.chart svg {
    inline-size: 100%;
    block-size: 5em;
    color: var(--domino-accent);
    background: var(--domino-panel);
    border-radius: 0.4em;
  }
  figcaption {
    color: var(--domino-muted);
    font-size: 0.9em;
  }
  table.ratings tbody th {
    color: inherit;
    font-weight: 400;
  }
  /* Partners on a line of their own, under the opponents. */
  .partners {
    display: block;
  }
`;
