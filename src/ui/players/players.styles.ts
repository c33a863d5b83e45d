import { css } from 'lit';
import { visuallyHidden } from '../visually-hidden.styles.js';

/**
 * The look the leaderboard and the player's card share with `<domino-game>`: the same reset of inherited
 * text properties, the same palette and `--domino-*` custom properties (a site's values on the element
 * win, as on the game), the same `theme` attribute (`light`, `dark`, `auto`) and the same buttons.
 * (The palette's declarations are the game's, domino-game.styles.ts: keep the two alike.)
 */
export const playersStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    font-family: var(--domino-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    font-size: medium;
    font-style: normal;
    font-weight: 400;
    line-height: 1.5;
    letter-spacing: normal;
    text-transform: none;
    text-align: start;
    white-space: normal;
    direction: ltr;
    color: var(--domino-color);
    background: var(--domino-background);

    color-scheme: light dark;
    --domino-color: light-dark(#1f2328, #e6e8eb);
    --domino-background: light-dark(#ffffff, #16191d);
    --domino-accent: light-dark(#0b5cad, #7ab8ff);
    --domino-on-accent: var(--domino-background);
    --domino-muted: color-mix(in srgb, var(--domino-color) 78%, var(--domino-background));
    --domino-chip: color-mix(in srgb, var(--domino-color) 8%, var(--domino-background));
    --domino-chip-turn: color-mix(in srgb, var(--domino-accent) 20%, var(--domino-background));
    --domino-panel: color-mix(in srgb, var(--domino-color) 5%, var(--domino-background));
    --domino-error: light-dark(#b3261e, #ffb4ab);
  }
  @supports not (color: light-dark(#000, #fff)) {
    :host {
      --domino-color: #1f2328;
      --domino-background: #fff;
      --domino-accent: #0b5cad;
      --domino-error: #b3261e;
    }
  }
  :host([theme='light' i]) {
    color-scheme: light;
  }
  :host([theme='dark' i]) {
    color-scheme: dark;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  .frame {
    display: flex;
    flex-direction: column;
    gap: 0.75em;
    padding: 0.75em;
  }
  h2,
  h3 {
    margin: 0;
    line-height: 1.25;
  }
  h2 {
    font-size: 1.25em;
  }
  h3 {
    font-size: 1.05em;
  }
  p {
    margin: 0;
  }
  .notice {
    color: var(--domino-muted);
  }
  .problem {
    color: var(--domino-error);
  }
  button.main {
    all: unset;
    box-sizing: border-box;
    align-self: start;
    padding: 0.5em 1.4em;
    border-radius: 999px;
    background: var(--domino-accent);
    color: var(--domino-on-accent);
    font-weight: 700;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 3px solid var(--domino-color);
    outline-offset: 3px;
  }
  table {
    border-collapse: collapse;
    inline-size: 100%;
    font-variant-numeric: tabular-nums;
  }
  caption {
    padding-block-end: 0.25em;
    font-weight: 600;
    text-align: start;
  }
  th,
  td {
    padding: 0.3em 0.6em;
    text-align: start;
    border-block-end: 1px solid var(--domino-chip);
  }
  th {
    color: var(--domino-muted);
    font-weight: 600;
  }
  td.number,
  th.number {
    text-align: end;
  }
  .hidden {
    ${visuallyHidden}
  }
`;
