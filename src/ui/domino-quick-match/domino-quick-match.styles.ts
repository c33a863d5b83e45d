import { css } from 'lit';
import { onlineControlStyles } from '../online-controls.styles.js';

/** Quick match's screens read as the lobby's: the same panel, fields and buttons. */
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
    p,
    dl,
    ul {
      margin: 0;
    }
    h2 {
      font-size: 1.25em;
    }
    form {
      display: grid;
      gap: 0.75em;
    }
    .fields {
      display: grid;
      grid-template-columns: minmax(min(8em, 40%), auto) minmax(0, 1fr);
      gap: 0.5em 0.75em;
      align-items: center;
    }
    input[type='text'] {
      box-sizing: border-box;
      inline-size: 100%;
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
    .error {
      color: var(--domino-error, #b3261e);
      font-size: 0.9em;
    }
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
      .fields {
        grid-template-columns: 1fr;
      }
    }
  `,
];
