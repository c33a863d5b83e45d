import { css } from 'lit';

/**
 * What the lobby's screens and the room bar above a game share, so the two read as one place: a
 * block host, form controls in the text's font, outlined pill buttons and the focus ring.
 */
export const onlineControlStyles = css`
  :host {
    display: block;
  }
  select,
  input,
  button {
    font: inherit;
  }
  button {
    padding: 0.5em 1.2em;
    border: 2px solid var(--domino-accent, #0b5cad);
    border-radius: 999px;
    background: transparent;
    color: var(--domino-accent, #0b5cad);
    font-weight: 600;
    cursor: pointer;
  }
  button:focus-visible,
  select:focus-visible,
  input:focus-visible {
    outline: 3px solid var(--domino-accent, #0b5cad);
    outline-offset: 2px;
  }
`;

/**
 * What the screens before a table share (the lobby's, quick match's): a panel, its title, forms of
 * labelled fields, a name field's error, the row of buttons with the primary one, a problem.
 */
export const onlineScreenStyles = css`
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
  form {
    display: grid;
    gap: 0.75em;
  }
  .fields {
    display: grid;
    /* The fields may shrink below their longest option: a phone's width in German must fit. */
    grid-template-columns: minmax(min(8em, 40%), auto) minmax(0, 1fr);
    gap: 0.5em 0.75em;
    align-items: center;
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
`;
