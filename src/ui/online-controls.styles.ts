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
