import { css } from 'lit';

/**
 * The play area's shape: from the players' line to the button row, one box whose height depends on
 * the widget's width only, so the table, the hand and the button row keep their places through a match
 * (a table that fills, a hand that grows, a summary, a hint that wraps). The table takes what the rest
 * leaves; at a round's end the round's end (its summary, review and record: summary.ts) sits beside the
 * final table, or under it on a narrow widget, in the room the hand leaves. The heights fit the button
 * row inside a 1024×768 window from 960 px wide, and inside a 320×640 or 360×640 phone's screen (the
 * widget's padding above it included), the controls of a round's end with it.
 */
export const tableStyles = css`
  .game {
    container-type: inline-size;
  }
  .play {
    display: flex;
    flex-direction: column;
    gap: 0.5em;
    /* .game is an inline-size container: 600 px up to 344 px wide, then growing to 720 px at 824. */
    --play-block-size: var(--domino-play-height, clamp(600px, 520px + 25cqi, 720px));
    block-size: var(--play-block-size);
  }
  .stage {
    position: relative;
    display: flex;
    flex-direction: column;
    gap: 0.5em;
    flex: 1 1 0;
    min-block-size: 6em;
  }
  .stage domino-board {
    flex: 1 1 0;
    min-block-size: 0;
    aspect-ratio: auto;
  }
  .happened {
    margin: 0;
    font-size: 0.9em;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    min-block-size: 1.5em;
  }
  .hint {
    flex: none;
  }
  /* At a round's end your tiles lie at your chip: the round's end takes the hand's room. */
  domino-hand[hidden] {
    display: none;
  }
  /* The dragged image is the tile itself. */
  .ghost {
    inline-size: var(--domino-hand-tile-width, 2.6em);
    aspect-ratio: 1 / 2;
    filter: drop-shadow(0 4px 6px rgba(0, 0, 0, 0.35));
  }
  .ghost .tile-svg {
    display: block;
    inline-size: 100%;
    block-size: 100%;
  }
`;
