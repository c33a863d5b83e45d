import { css } from 'lit';
import { onlineControlStyles } from '../online-controls.styles.js';

export const styles = [
  onlineControlStyles,
  css`
  p,
  ul {
    margin: 0;
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
  .avoided {
    margin: 0;
  }
  .rated {
    padding: 0.5em 0;
  }
  .rated h3 {
    margin: 0 0 0.25em;
    font-size: 1em;
  }
  .rated ul {
    margin: 0;
    padding: 0;
    list-style: none;
    font-variant-numeric: tabular-nums;
  }
`,
];
