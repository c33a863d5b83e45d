/** The parts of the widget around the table: the players' line, the status line and the summaries. */
import { html, nothing } from 'lit';
import { handPips, type PlayerView, type Seat } from '../../engine/index.js';
import type { Translator } from '../../i18n/index.js';
import { seatName, sideName, tileText } from '../names.js';
import type { SessionState } from '../session/session.js';
import { renderTile } from '../tile/tile.js';

/** Each variant's name in the catalogs. */
export const VARIANT_NAMES = {
  draw: 'variantDraw',
  block: 'variantBlock',
  fives: 'variantFives',
  doubles: 'variantDoubles',
} as const;

/**
 * Each player with their tile count and points (team points in partnerships); whose turn it is.
 * `presence` adds a word after a name (online: a person without a connection).
 */
export function renderPlayers(t: Translator, state: SessionState, thinking: boolean, presence?: (seat: Seat) => string) {
  const { view } = state;
  const { config } = view;
  return html`<ul class="players" part="players">
    ${view.handCounts.map((count, seat) => {
      const name = seatName(t, seat, state);
      const tiles = t.t('tiles', { count });
      const points = t.t('points', { count: view.scores[config.teams ? seat % 2 : seat] ?? 0 });
      const turn = view.turn === seat;
      return html`<li class="player ${turn ? 'turn' : ''} ${seat === state.seat ? 'you' : ''}" aria-current=${turn ? 'true' : 'false'}>
        <span class="name">${name}</span> ${presence?.(seat)}
        <span class="count">${tiles}</span>
        ${config.teams ? nothing : html`<span class="score">${points}</span>`}
        ${turn && thinking ? html`<span class="thinking" aria-hidden="true">…</span>` : nothing}
      </li>`;
    })}
    ${config.teams
      ? view.scores.map(
          (score, side) => html`<li class="team"><span class="name">${sideName(t, config, side, state)}</span>
            <span class="score">${t.t('points', { count: score })}</span></li>`,
        )
      : nothing}
  </ul>`;
}

/** Round, target and boneyard, above the table. */
export function renderStatusLine(t: Translator, view: PlayerView) {
  const { config } = view;
  const stock =
    config.variant === 'block'
      ? t.t('outOfPlay', { count: view.boneyardCount })
      : t.t('boneyard', { count: view.boneyardCount });
  return html`<p class="status" part="status">
    <span>${t.t(VARIANT_NAMES[config.variant])}</span>
    <span>${t.t('roundLine', { round: view.round.number, target: config.target })}</span>
    <span>${stock}</span>
    ${config.variant === 'fives' && view.table.length > 0 ? html`<span class="count">Σ ${t.number(view.count)}</span>` : nothing}
  </p>`;
}

/** Between rounds: the result and every hand face up. After the match: the final score. */
export function renderSummary(t: Translator, state: SessionState) {
  const { view, phase } = state;
  const { config } = view;
  const result = view.round.result;
  const hands = view.revealed?.hands ?? [];
  const heading = phase === 'matchOver' ? t.t('matchSummary') : t.t('roundSummary', { round: view.round.number });
  return html`<section class="summary" part="summary" aria-label=${heading}>
    <h2>${heading}</h2>
    ${phase === 'matchOver' && view.winner !== null
      ? html`<p class="winner">${t.t('winner')}: <strong>${sideName(t, config, view.winner, state)}</strong></p>`
      : nothing}
    ${result
      ? html`<p>${result.winner === null
          ? t.t('announceRoundTie')
          : t.t(result.reason === 'domino' ? 'announceRoundDomino' : 'announceRoundBlocked', {
              name: seatName(t, result.winner, state),
              count: result.points,
            })}</p>`
      : nothing}
    <ul class="hands">
      ${hands.map(
        (hand, seat) => html`<li class=${seat === state.seat ? 'you' : ''}>
          <span class="name">${seatName(t, seat, state)}</span>
          <span class="pips">${t.t('pipsLeft', { count: handPips(hand) })}</span>
          <span class="mini-tiles" role="list">
            ${hand.map(
              (tile) => html`<span class="mini" role="listitem" aria-label=${t.t('tileOnTable', { tile: tileText(tile) })}>
                ${renderTile(tile, { vertical: true })}
              </span>`,
            )}
          </span>
        </li>`,
      )}
    </ul>
    <p class="scores">
      ${view.scores.map((score, side) => html`<span>${sideName(t, config, side, state)}: <strong>${t.number(score)}</strong></span> `)}
    </p>
  </section>`;
}
