/**
 * The round's end, one panel beside the final table (under it on a narrow widget): the round's or the
 * match's summary under its heading (who won and why the match ended, how the
 * round ended, the score round by round), and against the computer the round's review and the match's
 * record; every hand face up at its seat's chip. Loaded on demand when a round ends (a first visit does
 * not need it), with its styles and the texts loaded on demand. The view holds no history (only the
 * running round's log), so the rows come from the round-end events the widget recorded (`RoundRow`,
 * round-history.ts) and what the view shows now.
 */
import { css, html, nothing } from 'lit';
import { handPips, sideOf, tileName } from '../../engine/index.js';
import type { Translator } from '../../i18n/index.js';
import { seatName, seatTag, sideName } from '../names.js';
import type { SessionState } from '../session/session.js';
import { miniTileStyles, renderMiniTiles } from '../tile/mini-tiles.js';
import { visuallyHidden } from '../visually-hidden.styles.js';
import type { RoundRow } from './round-history.js';
import { renderRecordActions } from '../domino-match-record/domino-match-record.js';
import { renderRoundReview, type ReviewSource } from '../domino-round-review/domino-round-review.js';
import type { RecordParts } from '../session/local-session.js';

export { resultAnnouncement } from '../announcements/results.js';
export { reviewStyles } from '../domino-round-review/domino-round-review.js';

/** Added to the root's styles when this loads. The score table shrinks to a phone's width (long names give way to seat marks). */
export const summaryStyles = css`
  ${miniTileStyles}
  /*
   * The round's end: one panel, as tall as its parts up to the room it has (the stage's, beside the
   * final table or under it). The summary's text scrolls under its heading, which stays in view; an
   * opened review's list scrolls likewise under its own; the record's buttons never scroll.
   */
  .over {
    display: flex;
    flex-direction: column;
    gap: 0.5em;
    min-block-size: 0;
    padding: 0.75em;
    border-radius: 0.75em;
    background: var(--domino-panel);
  }
  /* The review's fold is the panel's own row. */
  .over > domino-round-review {
    display: contents;
  }
  /*
   * Each fold's text scrolls under its heading, a shadow along its bottom edge while more of it lies
   * below (a cover that scrolls with the text hides the shadow at its end).
   */
  .over :is(.summary, .review) {
    flex: 0 1 auto;
    margin: 0;
    overflow: auto;
    background:
      linear-gradient(transparent, var(--domino-panel) 70%) bottom / 100% 1.5em no-repeat local,
      radial-gradient(farthest-side at 50% 100%, color-mix(in srgb, var(--domino-color) 30%, transparent), transparent) bottom / 100% 0.6em
        no-repeat scroll;
  }
  .over :is(.summary, .review) > summary {
    position: sticky;
    inset-block-start: 0;
    background: var(--domino-panel);
  }
  /* Shrunk to their headings at most (a line of 1.15em, a line of 1em). */
  .over > .summary {
    min-block-size: calc(1.15em * 1.5);
  }
  .over .review {
    min-block-size: 1.5em;
  }
  /* Opened, the review is what the person asked to read: the summary's text gives it its room first. */
  .over:has(.review[open]) > .summary {
    flex-shrink: 1000;
  }
  .over .review p {
    margin: 0.25em 0;
  }
  .over .review > summary + p {
    margin-block-start: 0;
  }
  .over > domino-match-record {
    flex: none;
  }
  .summary h2 {
    margin: 0 0 0.25em;
    font-size: 1.15em;
  }
  .summary p {
    margin: 0.25em 0;
  }
  /*
   * The score by round: a column of round numbers, the sides sharing the rest. Where a side's column
   * has too little room for a name (a phone's width, or three or four sides beside the table), its
   * header shows the seat's mark instead (as the final table does), the name still read out and shown
   * on hover: a header never breaks inside a word.
   */
  .rounds {
    inline-size: 100%;
    margin: 0.5em 0;
    border-collapse: collapse;
    table-layout: fixed;
    font-size: 0.9em;
  }
  .rounds caption {
    text-align: start;
    font-weight: 600;
  }
  .rounds th,
  .rounds td {
    padding: 0.15em 0.35em;
    border-block-end: 1px solid color-mix(in srgb, var(--domino-color) 25%, transparent);
    text-align: end;
    overflow-wrap: anywhere;
  }
  .rounds thead th:first-child {
    inline-size: 5.5em;
  }
  .rounds th:first-child {
    text-align: start;
  }
  /* Each side's header measures its own column. */
  .rounds .side {
    display: block;
    container: side / inline-size;
  }
  .rounds .tag {
    display: none;
  }
  @container side (max-width: 6em) {
    .rounds .tag {
      display: inline;
    }
    .rounds .full {
      ${visuallyHidden}
    }
  }
  .rounds tfoot {
    font-weight: 700;
  }
  .summary > summary {
    cursor: pointer;
  }
  .summary > summary h2 {
    display: inline;
  }
  .summary > summary:focus-visible {
    outline: 3px solid var(--domino-accent);
    outline-offset: 2px;
  }
  /*
   * The final table stays in view: the round's end beside it on a wide widget, under it on a narrow
   * one, as tall as its parts up to what the table leaves. On a narrow widget the table keeps the room
   * for tiles of 28 px (8em: fit.ts's smallest scale lays a Draw, Block or All Fives table of a round
   * out in 112 px at 280 px wide), and the open summary takes the room of the lines that say what it
   * says, or no longer matter once the round is over: the two under the table (how the round ended,
   * what to do now) and the status line (the round, the boneyard, the count).
   */
  .stage:has(> .over) {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(15em, 40%);
    grid-template-rows: minmax(0, 1fr) auto auto;
    gap: 0.5em 0.75em;
  }
  .stage:has(> .over > .summary:not([open])) {
    grid-template-columns: minmax(0, 1fr) fit-content(40%);
  }
  .stage > .over {
    grid-column: 2;
    grid-row: 1 / -1;
    align-self: start;
    max-block-size: 100%;
  }
  @container (max-width: 40em) {
    .stage:has(> .over) {
      --final-table: 8em;
    }
    /* While the person reads the review, the table gives it some of its room. */
    .stage:has(> .over .review[open]) {
      --final-table: 6em;
    }
    .stage:has(> .over),
    .stage:has(> .over > .summary:not([open])) {
      grid-template-columns: minmax(0, 1fr);
      grid-template-rows: minmax(var(--final-table), 1fr) auto auto minmax(0, max-content);
    }
    .stage > .over {
      grid-column: 1;
      grid-row: 4;
      align-self: stretch;
    }
    .stage:has(> .over > .summary[open]) {
      grid-template-rows: minmax(var(--final-table), 1fr) minmax(0, max-content);
    }
    .stage:has(> .over > .summary[open]) > :is(.happened, .hint),
    .play:has(> .stage > .over > .summary[open]) > .status {
      display: none;
    }
    .stage > .over:has(> .summary[open]) {
      grid-row: 2;
    }
  }
  .record-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em;
  }
  .record-actions button.secondary {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    padding: 0.35em 0.9em;
    font-size: 0.9em;
  }
  .record-actions .icon {
    flex: none;
    inline-size: 1.25em;
    block-size: 1.25em;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  /* On a phone's width the record's buttons keep to one row: Copy and Download as icons, named still. */
  @container (max-width: 30em) {
    .over {
      gap: 0.4em;
      padding: 0.5em;
    }
    .record-actions .label {
      ${visuallyHidden}
    }
    .record-actions button.secondary:has(.icon) {
      padding-inline: 0.55em;
    }
  }
  /* Empty until a button is used: no room taken (it stays in the page, to be heard when it speaks). */
  .record-status {
    margin: 0;
  }
  .record-status:not(:empty) {
    margin-block-start: 0.35em;
  }
  /* A seat's tiles face up at its chip. */
  .revealed {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.2em 0.5em;
    inline-size: 100%;
  }
  .players .player > .revealed {
    white-space: normal;
    overflow: visible;
  }
`;

/** What the round's end offers against the computer: the round's review and the match's record. */
export type RoundEndSource = ReviewSource & { recordParts(): RecordParts | null };

/**
 * The round's end beside or under the final table: the summary, a fold (open at first) whose text alone
 * may scroll under its heading; then, against the computer (`source`), the review's fold and at the
 * match's end its record's actions, never inside a box that scrolls, so every control shows with the
 * final table and the button row (summaryStyles).
 */
export function renderRoundEnd(t: Translator, state: SessionState, recorded: readonly RoundRow[], source: RoundEndSource | null) {
  const { view, phase } = state;
  const heading = phase === 'matchOver' ? t.t('matchSummary') : t.t('roundSummary', { round: view.round.number });
  return html`<div class="over">
    <details class="summary" part="summary" open>
      <summary><h2>${heading}</h2></summary>
      ${renderSummaryBody(t, state, recorded)}
    </details>
    ${source ? html`${renderRoundReview(t, state, source)} ${renderRecordActions(t, state, source)}` : nothing}
  </div>`;
}

/** Everything under the summary's heading. */
function renderSummaryBody(t: Translator, state: SessionState, recorded: readonly RoundRow[]) {
  const { view, phase } = state;
  const { config } = view;
  const result = view.round.result;
  return html`${phase === 'matchOver' && view.winningSide !== null
      ? html`<p class="winner">${t.t('winner')}: <strong>${sideName(t, config, view.winningSide, state)}</strong></p>
          ${renderMatchEnd(t, state)}`
      : nothing}
    ${result
      ? html`<p>${result.winner === null
          ? t.t('announceRoundTie')
          : t.t(result.reason === 'domino' ? 'announceRoundDomino' : 'announceRoundBlocked', {
              name: seatName(t, result.winner, state),
              count: result.points,
            })}</p>`
      : nothing}
    ${renderScoreTable(t, state, recorded)}
    ${state.dealSeed !== undefined ? html`<p class="seed">${t.t('dealSeed', { seed: state.dealSeed })}</p>` : nothing}`;
}

/** A seat's tiles face up and their pips, at its chip in the players' line, once the round is over. */
export function renderRevealedHand(t: Translator, state: SessionState, seat: number) {
  const hand = state.view.revealed?.hands[seat];
  if (!hand) return nothing;
  const pips = t.t('pipsLeft', { count: handPips(hand) });
  return html`<span class="revealed">
    <span class="pips">${pips}</span>
    ${renderMiniTiles(t, hand, t.t('revealedHand', { name: seatName(t, seat, state) }))}
  </span>`;
}


/**
 * This match's rows, from every round end heard: a round not after the one before starts a new match,
 * and a round heard twice (a match won as its round ended) counts once, as last heard. The round on
 * screen is added if its end was not heard (a match resumed at a round's end).
 */
export function rowsOf(state: SessionState, heard: readonly RoundRow[]): RoundRow[] {
  const { view } = state;
  let rows: RoundRow[] = [];
  for (const row of heard) {
    const last = rows[rows.length - 1];
    if (last && row.round < last.round) rows = [];
    else if (last?.round === row.round) rows.pop();
    rows.push(row);
  }
  rows = rows.filter((row) => row.round <= view.round.number && row.scores.length === view.scores.length);
  if (rows[rows.length - 1]?.round !== view.round.number) rows.push({ round: view.round.number, scores: view.scores.slice() });
  return rows;
}

/** The scores round by round: each round's points per side (All Fives' points in play included), then the totals. */
function renderScoreTable(t: Translator, state: SessionState, recorded: readonly RoundRow[]) {
  const { config } = state.view;
  const rows = rowsOf(state, recorded);
  const sides = rows[0]!.scores.map((_, side) => sideName(t, config, side, state));
  let before: readonly number[] = sides.map(() => 0);
  const body = rows.map((row, index) => {
    // Rounds before the first one recorded (a match resumed after a reload) show as one row: 1–n.
    const label = index === 0 && row.round > 1 ? `${t.number(1)}–${t.number(row.round)}` : t.number(row.round);
    const points = row.scores.map((score, side) => score - (before[side] ?? 0));
    before = row.scores;
    return html`<tr>
      <th scope="row">${label}</th>
      ${points.map((p) => html`<td>${p > 0 ? `+${t.number(p)}` : t.number(p)}</td>`)}
    </tr>`;
  });
  // A name of four letters or fewer ("You") needs no mark.
  const tagOf = (name: string) => (name.length <= 4 ? name : seatTag(name));
  return html`<table class="rounds">
    <caption>${t.t('scoreByRound')}</caption>
    <thead>
      <tr>
        <th scope="col">${t.t('roundColumn')}</th>
        ${sides.map((name) => html`<th scope="col" title=${name}>
            <span class="side"><span class="full">${name}</span><span class="tag" aria-hidden="true">${tagOf(name)}</span></span>
          </th>`)}
      </tr>
    </thead>
    <tbody>
      ${body}
    </tbody>
    <tfoot>
      <tr>
        <th scope="row">${t.t('totalRow')}</th>
        ${state.view.scores.map((score) => html`<td>${t.number(score)}</td>`)}
      </tr>
    </tfoot>
  </table>`;
}

/**
 * Why the match ended: the target reached at a round's end, or (All Fives) during play, by the move
 * that scored it. A match won in play ends the round with no award (RULES.md §1, §10), so the last move
 * of the log is a scoring play of the winning side and the round's award, if the round ended at all, is 0.
 */
function renderMatchEnd(t: Translator, state: SessionState) {
  const { view } = state;
  const { config } = view;
  const last = view.log[view.log.length - 1];
  const result = view.round.result;
  const inPlay =
    last?.type === 'play' && last.points > 0 && sideOf(config, last.seat) === view.winningSide && (result === null || result.points === 0);
  const text = inPlay
    ? t.t('matchEndInPlay', {
        target: config.target,
        round: view.round.number,
        name: seatName(t, last.seat, state),
        tile: tileName(last.tile),
        count: last.points,
      })
    : t.t('matchEndRound', { target: config.target, round: view.round.number });
  return html`<p class="why">${text}</p>`;
}
