import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
  }
  p,
  ul {
    margin: 0;
  }
  button,
  input {
    font: inherit;
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 1em;
    font-size: 0.9em;
  }
  .line {
    font-weight: 600;
  }
  .note {
    font-size: 0.9em;
    color: var(--domino-muted, #4a5561);
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
  input:focus-visible {
    outline: 3px solid var(--domino-accent, #0b5cad);
    outline-offset: 2px;
  }
  .back {
    margin-inline-start: auto;
    padding: 0.25em 0.9em;
  }
  button.small {
    padding: 0.2em 0.8em;
  }
  .phrases {
    display: grid;
    gap: 0.4em;
    padding: 0.5em 0;
    font-size: 0.9em;
  }
  .phrase-list {
    display: flex;
    flex-wrap: wrap;
    gap: 0.35em;
    padding: 0;
    list-style: none;
  }
`;
