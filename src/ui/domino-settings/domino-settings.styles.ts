import { css } from 'lit';

export const styles = css`
  dialog {
    inline-size: min(34em, calc(100vw - 2em));
    max-block-size: calc(100vh - 2em);
    padding: 0;
    border: none;
    border-radius: 0.75em;
    color: var(--domino-color, #1f2328);
    background: var(--domino-background, #ffffff);
    box-shadow: 0 1em 3em rgba(0, 0, 0, 0.35);
  }
  dialog::backdrop {
    background: rgba(0, 0, 0, 0.45);
  }
  form {
    display: grid;
    gap: 1em;
    padding: 1em;
  }
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 1em;
  }
  h2 {
    margin: 0;
    font-size: 1.25em;
  }
  h3 {
    margin: 0 0 0.35em;
    font-size: 1.05em;
  }
  .fields {
    display: grid;
    grid-template-columns: minmax(8em, auto) 1fr;
    gap: 0.5em 0.75em;
    align-items: center;
  }
  .fields > fieldset,
  .fields > .check,
  .fields > details {
    grid-column: 1 / -1;
  }
  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em 1em;
    margin: 0;
    padding: 0.5em 0.75em;
    border: 1px solid #9aa4ae;
    border-radius: 0.5em;
  }
  .note {
    flex-basis: 100%;
    margin: 0;
    font-size: 0.9em;
    color: var(--domino-muted, #4a5561);
  }
  select,
  button {
    font: inherit;
  }
  select {
    min-block-size: 2.25em;
    padding: 0.2em 0.4em;
    border: 1px solid #6b7580;
    border-radius: 0.4em;
    background: #ffffff;
    color: #1f2328;
  }
  details {
    display: grid;
    gap: 0.5em;
  }
  details[open] {
    display: grid;
    grid-template-columns: minmax(8em, auto) 1fr;
    gap: 0.5em 0.75em;
    align-items: center;
  }
  summary {
    grid-column: 1 / -1;
    cursor: pointer;
    font-weight: 600;
  }
  button {
    padding: 0.45em 1em;
    border: 1px solid var(--domino-accent, #0b5cad);
    border-radius: 999px;
    background: #ffffff;
    color: var(--domino-accent, #0b5cad);
    cursor: pointer;
  }
  button:focus-visible,
  select:focus-visible,
  input:focus-visible,
  summary:focus-visible {
    outline: 3px solid var(--domino-accent, #0b5cad);
    outline-offset: 2px;
  }
  .stat-groups {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em 2em;
  }
  dl {
    display: grid;
    grid-template-columns: auto auto;
    gap: 0.1em 1em;
    margin: 0 0 0.5em;
  }
  dd {
    margin: 0;
  }
  .how p {
    margin: 0;
  }
  @media (max-width: 30em) {
    .fields,
    details[open] {
      grid-template-columns: 1fr;
    }
  }
`;
