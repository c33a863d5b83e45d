import { css } from 'lit';
import { tileStyles } from '../tile/tile.styles.js';

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
    color: var(--domino-color, #1f2328);
    background: var(--domino-background, #ffffff);
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
    background: var(--domino-chip, #eef1f4);
    font-size: 0.9em;
  }
  .player .name,
  .team .name {
    font-weight: 700;
  }
  .player.turn {
    border-color: var(--domino-accent, #0b5cad);
    background: var(--domino-chip-turn, #dcebfa);
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
    color: var(--domino-muted, #4a5561);
  }

  .hint {
    margin: 0;
    min-block-size: 1.5em;
    font-weight: 600;
  }

  .actions {
    display: flex;
    justify-content: center;
    min-block-size: 2.75em;
  }
  button.main {
    all: unset;
    box-sizing: border-box;
    padding: 0.6em 1.6em;
    border-radius: 999px;
    background: var(--domino-accent, #0b5cad);
    color: #ffffff;
    font-weight: 700;
    cursor: pointer;
  }
  button.main:hover {
    filter: brightness(1.1);
  }
  button.main:focus-visible {
    outline: 3px solid var(--domino-color, #1f2328);
    outline-offset: 3px;
  }

  .actions {
    gap: 0.75em;
    flex-wrap: wrap;
  }
  button.secondary {
    all: unset;
    box-sizing: border-box;
    padding: 0.6em 1.2em;
    border: 2px solid var(--domino-accent, #0b5cad);
    border-radius: 999px;
    color: var(--domino-accent, #0b5cad);
    font-weight: 600;
    cursor: pointer;
  }
  button.secondary:focus-visible {
    outline: 3px solid var(--domino-color, #1f2328);
    outline-offset: 3px;
  }

  .summary {
    padding: 0.75em;
    border-radius: 0.75em;
    background: var(--domino-panel, #f6f3ea);
  }
  .summary h2 {
    margin: 0 0 0.25em;
    font-size: 1.15em;
  }
  .summary p {
    margin: 0.25em 0;
  }
  .hands {
    display: grid;
    gap: 0.35em;
    margin: 0.5em 0;
    padding: 0;
    list-style: none;
  }
  .hands li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 0.75em;
  }
  .mini-tiles {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2em;
  }
  .mini {
    display: inline-block;
    inline-size: 1.2em;
    block-size: 2.4em;
  }
  .mini .tile-svg {
    inline-size: 100%;
    block-size: 100%;
  }
  .scores {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em 1em;
  }

  .notice {
    margin: 0;
    font-size: 0.9em;
    color: var(--domino-muted, #4a5561);
  }

  /* Heard, not seen. */
  .live {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }

  .ghost {
    position: fixed;
    inset: 0 auto auto 0;
    z-index: 10;
    padding: 0.2em 0.5em;
    border-radius: 0.4em;
    background: var(--domino-accent, #0b5cad);
    color: #ffffff;
    font-weight: 700;
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
    color: var(--domino-link, #0b5cad);
  }

  @media (prefers-reduced-motion: reduce) {
    .thinking {
      animation: none;
    }
  }
`,
];
