/**
 * Under the summary of a round against the computer: a fold, "Review of your moves", that when first
 * opened asks the worker to grade the person's moves of that round (ai/review.ts) and lists them, each
 * with its grade in words, the points it cost and the better play, then the totals. Rendered in the
 * root's own tree (no shadow root of its own), like the record's actions; loaded with the summary.
 */
import { LitElement, css, html, nothing, type PropertyDeclarations } from 'lit';
import { tileName, type MatchRecord, type ViewLogEntry } from '../../engine/index.js';
import type { ReviewedMove, ReviewedPlay, RoundReview } from '../../ai/worker-player.js';
import { ENGLISH, type Translator } from '../../i18n/index.js';
import { endName } from '../names.js';
import type { RecordParts } from '../session/local-session.js';
import type { SessionState } from '../session/session.js';
import { recordOf } from '../domino-match-record/match-record.js';

/** What the fold needs of the local session. */
export interface ReviewSource {
  recordParts(): RecordParts | null;
  review(record: MatchRecord, round: number): Promise<RoundReview>;
}

/** The review's fold under a round's summary (nothing while the round is played). */
export function renderRoundReview(t: Translator, state: SessionState, source: ReviewSource) {
  if (state.phase !== 'roundOver' && state.phase !== 'matchOver') return nothing;
  return html`<domino-round-review .t=${t} .source=${source} .round=${state.view.round.number} .log=${state.view.log}></domino-round-review>`;
}

/** Added to the root's styles with the summary's. */
export const reviewStyles = css`
  .review {
    margin: 0.5em 0;
  }
  .review > summary {
    cursor: pointer;
    font-weight: 600;
  }
  .review > summary:focus-visible {
    outline: 3px solid var(--domino-accent);
    outline-offset: 2px;
  }
  .review ol {
    margin: 0.35em 0;
    padding-inline-start: 1.5em;
  }
  .review li {
    margin: 0.2em 0;
  }
  .review .grade {
    font-weight: 700;
  }
  .review .grade-mistake {
    text-decoration: underline wavy;
    text-decoration-thickness: 1px;
  }
`;

type Outcome = { status: 'working' } | { status: 'done'; review: RoundReview } | { status: 'missing' } | { status: 'failed' };

/**
 * The reviews asked for, by the round's end state and round: the fold may be drawn anew (the summary
 * re-rendered, the widget moved), and a review, a second or two of the worker's time, is made once.
 */
const reviews = new WeakMap<object, Map<number, Promise<Outcome>>>();

function reviewOnce(source: ReviewSource, round: number): Promise<Outcome> {
  const parts = source.recordParts();
  const key = parts?.game ?? source;
  let byRound = reviews.get(key);
  if (!byRound) reviews.set(key, (byRound = new Map()));
  let outcome = byRound.get(round);
  if (!outcome) {
    const record = recordOf(parts);
    outcome = record
      ? source.review(record, round).then(
          (review): Outcome => ({ status: 'done', review }),
          (error: unknown): Outcome => {
            console.warn('<domino-game>: the review could not be made.', error);
            return { status: 'failed' };
          },
        )
      : Promise.resolve({ status: 'missing' });
    byRound.set(round, outcome);
  }
  return outcome;
}

export class DominoRoundReview extends LitElement {
  static override properties: PropertyDeclarations = {
    t: { attribute: false },
    source: { attribute: false },
    round: { attribute: false },
    log: { attribute: false },
    outcome: { state: true },
  };

  t: Translator = ENGLISH;
  source: ReviewSource | null = null;
  round = 0;
  /** The round's log (every seat's moves), to number the person's own plays. */
  log: readonly ViewLogEntry[] = [];
  /** Null until the fold is first opened. */
  outcome: Outcome | null = null;
  private asked: { source: ReviewSource; round: number } | null = null;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(): void {
    // Another round (or match) in the same element: its review is asked for when the fold opens again.
    if (this.asked && (this.asked.source !== this.source || this.asked.round !== this.round)) {
      this.asked = null;
      this.outcome = null;
    }
  }

  override render() {
    const { t, outcome } = this;
    const moves = outcome?.status === 'done' ? outcome.review.moves : [];
    // The live region says only the status line (working, then the totals): not the whole list.
    return html`<details class="review" @toggle=${this.toggled}>
      <summary>${t.t('reviewTitle')}</summary>
      <p class="review-explained">${t.t('reviewExplained')}</p>
      ${moves.length > 0
        ? html`<ol class="review-moves">
            ${moves.map(
              (move) =>
                html`<li class="reviewed" data-grade=${move.grade}>
                  ${t.t('reviewPlay', { n: this.playNumber(move, outcome), play: this.playText(move.played, move) })}
                  <span class="grade grade-${move.grade}">${this.gradeText(move)}</span>
                </li>`,
            )}
          </ol>`
        : nothing}
      <p class="review-status" role="status">${this.statusText()}</p>
    </details>`;
  }

  private statusText(): string {
    const { t, outcome } = this;
    switch (outcome?.status) {
      case undefined:
        return '';
      case 'working':
        return t.t('reviewWorking');
      case 'missing':
        return t.t('reviewMissing');
      case 'failed':
        return t.t('reviewFailed');
      case 'done': {
        const { moves } = outcome.review;
        if (moves.length === 0) return t.t('reviewNothing');
        const count = (grade: ReviewedMove['grade']) => moves.filter((m) => m.grade === grade).length;
        const given = Math.round(moves.reduce((sum, m) => sum + m.cost, 0) * 10) / 10;
        return t.t('reviewTotals', { best: count('best'), good: count('good'), mistakes: count('mistake'), points: given });
      }
    }
  }

  /** The move's place among the person's own plays of the round (1: their first tile laid), not among every seat's moves. */
  private playNumber(move: ReviewedMove, outcome: Outcome | null): number {
    const seat = outcome?.status === 'done' ? outcome.review.seat : null;
    return this.log.slice(0, move.index).filter((entry) => entry.type === 'play' && entry.seat === seat).length + 1;
  }

  private gradeText(move: ReviewedMove): string {
    const { t } = this;
    if (move.grade === 'best') return t.t('reviewBest');
    const better = this.playText(move.best, move);
    return t.t(move.grade === 'good' ? 'reviewGood' : 'reviewMistake', { count: move.cost, better });
  }

  private playText(play: ReviewedPlay, move: ReviewedMove): string {
    const tile = tileName(play.tile);
    return play.onlyPlace ? tile : this.t.t('reviewPlayAt', { tile, end: endName(this.t, play.end, move.openEnds) });
  }

  private toggled(event: Event): void {
    const details = event.currentTarget as HTMLDetailsElement;
    const { source, round } = this;
    if (!details.open || !source || this.asked) return;
    this.asked = { source, round };
    this.outcome = { status: 'working' };
    void reviewOnce(source, round).then((outcome) => {
      // The fold may show another round by now.
      if (this.asked?.source === source && this.asked.round === round) this.outcome = outcome;
    });
  }
}

if (!customElements.get('domino-round-review')) customElements.define('domino-round-review', DominoRoundReview);

declare global {
  interface HTMLElementTagNameMap {
    'domino-round-review': DominoRoundReview;
  }
}
