import { css } from 'lit';
import { onlineControlStyles, onlineScreenStyles } from '../online-controls.styles.js';

/** Quick match's screens read as the lobby's: the same panel, fields and buttons; then its pools and the wait's facts. */
export const styles = [
  onlineControlStyles,
  onlineScreenStyles,
  css`
    .pools {
      display: grid;
      gap: 0.5em;
      padding: 0;
      list-style: none;
    }
    .pool {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.25em 0.75em;
    }
    .waiting,
    .line,
    .check {
      font-size: 0.9em;
      color: var(--domino-muted, #4a5561);
    }
    .check {
      flex-basis: 100%;
    }
    .wait-facts {
      display: grid;
      grid-template-columns: auto 1fr;
      gap: 0.25em 0.75em;
    }
    dd {
      margin: 0;
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }
  `,
];
