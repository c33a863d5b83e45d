/**
 * A player's rating over their last rated matches as a small line: the rating before the oldest, then
 * after each match. Time runs the way the language reads (oldest left in a left-to-right language, right
 * in a right-to-left one), as the match list beside it and every other sequence in the widget do. Its
 * accessible name is the summary that the figure's caption shows too.
 */
import { html, svg } from 'lit';
import type { Translator } from '../../i18n/index.js';
import type { HistoryEntry } from '../players/players-http.js';

const WIDTH = 300;
const HEIGHT = 80;
/** Room above and below the line, so that its stroke is not cut at the highest and lowest. */
const MARGIN = 4;

/** The ratings the line joins, oldest first (`history` is newest first, as the server sends it). */
export function ratingsOverTime(history: readonly HistoryEntry[]): number[] {
  const oldestFirst = [...history].reverse();
  return oldestFirst.length === 0 ? [] : [oldestFirst[0]!.before, ...oldestFirst.map((entry) => entry.after)];
}

/** The points of the line in the chart's box, `rtl` running from the right. */
export function chartPoints(ratings: readonly number[], rtl: boolean): [number, number][] {
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const span = high - low || 1;
  return ratings.map((rating, i) => {
    const along = ratings.length === 1 ? 0.5 : i / (ratings.length - 1);
    const x = (rtl ? 1 - along : along) * WIDTH;
    // A flat line (one rating throughout) sits in the middle.
    const y = high === low ? HEIGHT / 2 : MARGIN + ((high - rating) / span) * (HEIGHT - 2 * MARGIN);
    return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
  });
}

export function renderRatingChart(t: Translator, history: readonly HistoryEntry[]): unknown {
  const ratings = ratingsOverTime(history);
  const summary = t.t('chartSummary', {
    count: history.length,
    from: t.number(ratings[0]!),
    to: t.number(ratings.at(-1)!),
    highest: t.number(Math.max(...ratings)),
  });
  const points = chartPoints(ratings, t.dir === 'rtl')
    .map(([x, y]) => `${x},${y}`)
    .join(' ');
  return html`<figure class="chart">
    <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="none" role="img" aria-labelledby="chart-summary">
      ${svg`<polyline points=${points} fill="none" stroke="currentColor" stroke-width="2" vector-effect="non-scaling-stroke" stroke-linejoin="round"></polyline>`}
    </svg>
    <figcaption id="chart-summary">${summary}</figcaption>
  </figure>`;
}
