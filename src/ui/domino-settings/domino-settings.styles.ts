import { css } from 'lit';

/**
 * The dialog's colours come from the game's palette (--domino-*, set on <domino-game> for its theme),
 * inherited through the shadow roots. At a phone's width nothing may stick out sideways in any language:
 * the title and the Close button wrap, grid and flex items may shrink below their content (min-inline-size:
 * 0) and long words break.
 */
export const styles = css`
  dialog {
    inline-size: min(34em, calc(100vw - 2em));
    max-block-size: calc(100vh - 2em);
    padding: 0;
    border: none;
    border-radius: 0.75em;
    color: var(--domino-color);
    background: var(--domino-background);
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
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5em 1em;
  }
  h2 {
    margin: 0;
    font-size: 1.25em;
  }
  form,
  .fields > *,
  fieldset > *,
  details > * {
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }
  h3 {
    margin: 0 0 0.35em;
    font-size: 1.05em;
  }
  .fields {
    display: grid;
    grid-template-columns: minmax(8em, auto) minmax(0, 1fr);
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
    border: 1px solid var(--domino-muted);
    border-radius: 0.5em;
  }
  fieldset.rules {
    display: grid;
    grid-template-columns: minmax(8em, auto) minmax(0, 1fr);
    gap: 0.5em 0.75em;
    align-items: center;
  }
  legend {
    font-weight: 600;
  }
  .note {
    flex-basis: 100%;
    margin: 0;
    font-size: 0.9em;
    color: var(--domino-muted);
  }
  select,
  button {
    font: inherit;
  }
  select {
    min-block-size: 2.25em;
    max-inline-size: 100%;
    padding: 0.2em 0.4em;
    border: 1px solid var(--domino-muted);
    border-radius: 0.4em;
    background: var(--domino-background);
    color: var(--domino-color);
  }
  details {
    display: grid;
    gap: 0.5em;
  }
  summary {
    cursor: pointer;
    font-weight: 600;
  }
  button {
    padding: 0.45em 1em;
    border: 1px solid var(--domino-accent);
    border-radius: 999px;
    background: var(--domino-background);
    color: var(--domino-accent);
    cursor: pointer;
  }
  .restart,
  .confirm {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em;
  }
  .restart p,
  .confirm p {
    flex-basis: 100%;
    margin: 0;
  }
  .restart {
    padding: 0.75em;
    border-radius: 0.5em;
    background: var(--domino-panel);
  }
  button.yes {
    background: var(--domino-accent);
    color: var(--domino-on-accent);
  }
  button:focus-visible,
  select:focus-visible,
  input:focus-visible,
  summary:focus-visible {
    outline: 3px solid var(--domino-accent);
    outline-offset: 2px;
  }
  .stat-groups {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em 2em;
  }
  dl {
    display: grid;
    grid-template-columns: auto minmax(0, auto);
    gap: 0.1em 1em;
    margin: 0 0 0.5em;
  }
  dd {
    margin: 0;
  }
  .how p {
    margin: 0;
  }
  .identity {
    display: grid;
    gap: 0.5em;
    justify-items: start;
    margin-block-start: 0.75em;
  }
  .identity p {
    margin: 0;
  }
  @media (max-width: 30em) {
    .fields,
    fieldset.rules {
      grid-template-columns: minmax(0, 1fr);
    }
  }
`;
