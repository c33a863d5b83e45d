import { css } from 'lit';

/**
 * Styles of `<domino-game>`.
 *
 * The `:host` rule resets every inherited text property, so that rules of the embedding page on
 * `body` or on an ancestor (font size, letter spacing, text transform, colour, direction, …) do not
 * leak into the game. Rules that the page writes on the `domino-game` element itself still win:
 * that is how a site sizes or themes the embed on purpose.
 */
export const styles = css`
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

  /* The element's own dir attribute still chooses the direction. */
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

  .placeholder {
    padding: 1em;
  }

  h1 {
    margin: 0 0 0.5em;
    font-size: 1.5em;
    line-height: 1.25;
  }

  p {
    margin: 0;
  }
`;
