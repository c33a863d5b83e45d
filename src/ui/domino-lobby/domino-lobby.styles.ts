import { css } from 'lit';
import { onlineControlStyles } from '../online-controls.styles.js';

export const styles = [
  onlineControlStyles,
  css`
  .screen {
    display: grid;
    gap: 0.75em;
    padding: 0.75em;
    border-radius: 0.75em;
    background: var(--domino-panel, #f6f3ea);
  }
  h2,
  h3,
  p,
  dl,
  ul {
    margin: 0;
  }
  h2 {
    font-size: 1.25em;
  }
  h3 {
    font-size: 1.05em;
  }
  form {
    display: grid;
    gap: 0.75em;
  }
  .fields,
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
  select,
  input[type='text'] {
    box-sizing: border-box;
    min-inline-size: 0;
    max-inline-size: 100%;
    min-block-size: 2.25em;
    padding: 0.2em 0.4em;
    border: 1px solid var(--domino-muted, #4a5561);
    border-radius: 0.4em;
    background: var(--domino-background, #ffffff);
    color: var(--domino-color, #1f2328);
  }
  input[aria-invalid='true'] {
    border-color: var(--domino-error, #b3261e);
  }
  .name input {
    inline-size: 100%;
  }
  .error {
    color: var(--domino-error, #b3261e);
    font-size: 0.9em;
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
  .buttons {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.75em;
  }
  button.primary {
    background: var(--domino-accent, #0b5cad);
    color: var(--domino-on-accent, #ffffff);
    font-weight: 700;
  }
  .problem {
    font-weight: 600;
  }
  @media (max-width: 30em) {
    .fields,
    .summary {
      grid-template-columns: 1fr;
    }
  }
`,
];
