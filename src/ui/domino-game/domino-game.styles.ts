import { css } from 'lit';
import { tileStyles } from '../tile/tile.styles.js';
import { visuallyHidden } from '../visually-hidden.styles.js';

/**
 * Styles of `<domino-game>`.
 *
 * The `:host` rule resets every inherited text property, so that rules of the embedding page on
 * `body` or on an ancestor (font size, letter spacing, text transform, colour, direction, …) do not
 * leak into the game. Rules that the page writes on the `domino-game` element itself still win:
 * that is how a site sizes or themes the embed on purpose.
 */
export const styles = [
  tileStyles,
  css`
  :host {
    /* A default size, so that an embed never collapses to nothing. */
    display: block;
    box-sizing: border-box;
    inline-size: 100%;
    max-inline-size: 960px;
    min-block-size: 320px;
    position: relative;

    /* Resets of inherited properties. */
    font-family: var(--domino-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    font-size: medium;
    font-style: normal;
    font-weight: 400;
    font-variant: normal;
    line-height: 1.5;
    letter-spacing: normal;
    word-spacing: normal;
    text-transform: none;
    text-align: start;
    text-indent: 0;
    text-shadow: none;
    white-space: normal;
    writing-mode: horizontal-tb;
    direction: ltr;
    color: var(--domino-color);
    background: var(--domino-background);

    /*
     * The palette. Declared on the host, so a site's rule on the element itself (domino-game { … })
     * wins over it (the page's declarations beat :host's) and the elements inside inherit the result.
     * light-dark() picks by the colour scheme the theme attribute sets (auto: the visitor's system).
     * The secondary colours are mixed from the text, background and accent, so a site that themes
     * those three (a dark site, say) never gets light chips or summaries under light text. The table's
     * and the tiles' colours are the same in both themes: the elements inside fall back to them.
     */
    color-scheme: light dark;
    --domino-color: light-dark(#1f2328, #e6e8eb);
    --domino-background: light-dark(#ffffff, #16191d);
    --domino-accent: light-dark(#0b5cad, #7ab8ff);
    --domino-on-accent: var(--domino-background);
    --domino-muted: color-mix(in srgb, var(--domino-color) 78%, var(--domino-background));
    --domino-chip: color-mix(in srgb, var(--domino-color) 8%, var(--domino-background));
    --domino-chip-turn: color-mix(in srgb, var(--domino-accent) 20%, var(--domino-background));
    --domino-panel: color-mix(in srgb, var(--domino-color) 5%, var(--domino-background));
    --domino-link: var(--domino-accent);
    --domino-error: light-dark(#b3261e, #ffb4ab);
  }
  /* Browsers before light-dark() (Safari 17.4 and older) get the light theme rather than no colours. */
  @supports not (color: light-dark(#000, #fff)) {
    :host {
      --domino-color: #1f2328;
      --domino-background: #fff;
      --domino-accent: #0b5cad;
    }
  }
  :host([theme='light' i]) {
    color-scheme: light;
  }
  :host([theme='dark' i]) {
    color-scheme: dark;
  }

  /* The game inside follows its language's direction; the host's own dir attribute sets the rest. */
  :host([dir='rtl']) {
    direction: rtl;
  }

  :host([hidden]) {
    display: none;
  }

  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }

  /* .game is an inline-size container (table.styles.ts): the chips go compact by the widget's width. */
  .game {
    display: flex;
    flex-direction: column;
    gap: 0.5em;
    padding: 0.75em;
  }

  .players {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4em;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .player,
  .team {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.5em;
    align-items: baseline;
    padding: 0.25em 0.6em;
    border: 2px solid transparent;
    border-radius: 999px;
    background: var(--domino-chip);
    font-size: 0.9em;
  }
  .player .name,
  .team .name {
    font-weight: 700;
  }
  .partner {
    font-style: italic;
  }
  .player.turn {
    border-color: var(--domino-accent);
    background: var(--domino-chip-turn);
  }
  .thinking {
    animation: blink 1s steps(2, start) infinite;
  }
  @keyframes blink {
    to {
      visibility: hidden;
    }
  }

  .status {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em 1em;
    margin: 0;
    font-size: 0.9em;
    color: var(--domino-muted);
  }

  .hint {
    margin: 0;
    min-block-size: 1.5em;
    font-weight: 600;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75em;
    justify-content: center;
    min-block-size: 2.75em;
  }
  button.main,
  button.secondary {
    all: unset;
    box-sizing: border-box;
    padding: 0.6em 1.6em;
    border-radius: 999px;
    background: var(--domino-accent);
    color: var(--domino-on-accent);
    font-weight: 700;
    cursor: pointer;
  }
  button.main:hover {
    filter: brightness(1.1);
  }
  button.main:focus-visible,
  button.secondary:focus-visible {
    outline: 3px solid var(--domino-color);
    outline-offset: 3px;
  }
  button.secondary {
    padding: 0.6em 1.2em;
    border: 2px solid var(--domino-accent);
    background: none;
    color: var(--domino-accent);
    font-weight: 600;
  }

  .notice {
    margin: 0;
    font-size: 0.9em;
    color: var(--domino-muted);
  }

  /* Heard, not seen (a provisional rating's "?" is read out in words). */
  .live,
  .heard {
    ${visuallyHidden}
  }

  /* The dragged tile follows the pointer (its look: table.styles.ts). */
  .ghost {
    position: fixed;
    inset: 0 auto auto 0;
    z-index: 10;
    pointer-events: none;
    translate: -50% -120%;
  }

  .how {
    font-size: 0.9em;
  }
  .how summary {
    cursor: pointer;
    font-weight: 600;
  }
  .how p {
    margin: 0.35em 0 0;
  }

  .home {
    margin: 0;
    text-align: center;
    font-size: 0.8em;
  }
  .home a {
    color: var(--domino-link);
  }

  /*
   * Narrow: every player on one row (four chips took six rows), each a column of short lines cut
   * with an ellipsis if need be (screen readers still read them whole); the teams on a row below.
   */
  @container (max-width: 34em) {
    .players {
      display: grid;
      grid-template-columns: repeat(var(--seats), minmax(0, 1fr));
    }
    .player,
    .team {
      /* One line: a wrapping column would be as wide as its widest text, not the chip. */
      flex-flow: column nowrap;
      align-items: stretch;
      padding: 0.2em 0.45em;
      border-radius: 0.6em;
      font-size: 0.8em;
    }
    .player > *,
    .team > * {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .team {
      grid-column: span 2;
    }
    /* In a corner: a line of its own would make the chip taller at every turn. */
    .player {
      position: relative;
    }
    .thinking {
      position: absolute;
      inset-block-start: 0;
      inset-inline-end: 0.3em;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .thinking {
      animation: none;
    }
  }
`,
];
