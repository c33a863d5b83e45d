import { css } from 'lit';
import { onlineControlStyles, onlineScreenStyles } from '../online-controls.styles.js';

export const styles = [
  onlineControlStyles,
  onlineScreenStyles,
  css`
  h3 {
    font-size: 1.05em;
  }
  .summary {
    display: grid;
    /* The fields may shrink below their longest option: a phone's width in German must fit. */
    grid-template-columns: minmax(min(8em, 40%), auto) minmax(0, 1fr);
    gap: 0.5em 0.75em;
    align-items: center;
  }
  .fields > .check {
    grid-column: 1 / -1;
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
  .link-row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em;
  }
  .link-row input {
    flex: 1 1 16em;
    min-inline-size: 0;
  }
  .invite {
    display: grid;
    gap: 0.35em;
  }
  .help,
  .line,
  .note {
    font-size: 0.9em;
    color: var(--domino-muted, #4a5561);
  }
  .copied:empty {
    display: none;
  }
  .seats {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4em;
    padding: 0;
    list-style: none;
  }
  .seats li {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.5em;
    align-items: baseline;
    padding: 0.25em 0.7em;
    border-radius: 999px;
    background: var(--domino-chip, #eef1f4);
  }
  .seats .who {
    font-weight: 700;
  }
  .seats .open .who {
    font-weight: 400;
    font-style: italic;
  }
  .tag {
    font-size: 0.85em;
    color: var(--domino-muted, #4a5561);
  }
  @media (max-width: 30em) {
    .summary {
      grid-template-columns: 1fr;
    }
  }
`,
];
