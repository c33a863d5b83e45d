import { css } from 'lit';

/** The leaderboard's own: its names as buttons that read as names, the viewer's row, the card's dialog. */
export const leaderboardStyles = css`
  button.name {
    all: unset;
    color: var(--domino-accent);
    text-decoration: underline;
    text-underline-offset: 0.15em;
    cursor: pointer;
  }
  tr.own {
    background: var(--domino-chip-turn);
    font-weight: 600;
  }
  .you {
    color: var(--domino-muted);
  }
  .own-rank {
    font-weight: 600;
  }
  dialog.card {
    inline-size: min(40em, 100vw - 2em);
    max-block-size: calc(100vh - 2em);
    padding: 0;
    border: 1px solid var(--domino-chip);
    border-radius: 0.75em;
    color: var(--domino-color);
    background: var(--domino-background);
  }
  dialog.card::backdrop {
    background: rgb(0 0 0 / 0.4);
  }
  .dialog-bar {
    display: flex;
    justify-content: flex-end;
    padding: 0.75em 0.75em 0;
  }
`;
