/** The line of players above the table and the status line under it. */
import { html, nothing } from 'lit';
import { VARIANT_RULES, type PlayerView, type Seat } from '../../../engine/index.js';
import type { Translator } from '../../../i18n/index.js';
import { seatName, sideName, VARIANT_NAMES } from '../../names.js';
import type { SessionState } from '../../session/session.js';
import type { LazyParts } from '../lazy-parts.js';

/** What the players' line shows beside the names and counts. */
export interface PlayersLineOptions {
  /** Another seat is to act: the dots after its name. */
  thinking: boolean;
  /** A word after a name (online: a person without a connection, the turn clock, a phrase). */
  presence?: ((seat: Seat) => unknown) | undefined;
  /** A seat's tiles face up once the round is over (summary.ts). */
  revealed?: ((seat: Seat) => unknown) | undefined;
}

/** Each player with their tile count and points (team points in partnerships); whose turn it is. */
export function renderPlayers(t: Translator, state: SessionState, { thinking, presence, revealed }: PlayersLineOptions) {
  const { view } = state;
  const { config } = view;
  // --seats: the columns of the compact form (narrow widths), one per player.
  return html`<ul class="players" part="players" style="--seats:${view.handCounts.length}">
    ${view.handCounts.map((count, seat) => {
      const name = seatName(t, seat, state);
      const tiles = t.t('tiles', { count });
      const points = t.t('points', { count: view.scores[config.teams ? seat % 2 : seat] ?? 0 });
      const turn = view.turn === seat;
      const partner = config.teams && seat !== state.seat && seat % 2 === state.seat % 2;
      return html`<li class="player ${turn ? 'turn' : ''} ${seat === state.seat ? 'you' : ''}" aria-current=${turn ? 'true' : 'false'}>
        <span class="name">${name}</span>${turn && thinking ? html`<span class="thinking" aria-hidden="true">…</span>` : nothing}
        ${partner ? html`<span class="partner">${t.t('partner')}</span>` : nothing} ${presence?.(seat)}
        <span class="count">${tiles}</span>
        ${config.teams ? nothing : html`<span class="score">${points}</span>`} ${revealed?.(seat)}
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
  const rules = VARIANT_RULES[config.variant];
  const stock =
    rules.stock === 'aside'
      ? t.t('outOfPlay', { count: view.boneyardCount })
      : t.t('boneyard', { count: view.boneyardCount });
  return html`<p class="status" part="status">
    <span>${t.t(VARIANT_NAMES[config.variant])}</span>
    <span>${t.t('roundLine', { round: view.round.number, target: config.target })}</span>
    <span>${stock}</span>
    ${rules.scoresFives && view.table.length > 0 ? html`<span class="count">Σ ${t.number(view.count)}</span>` : nothing}
  </p>`;
}

/** What the players' line needs of the root: online, the word after each name; at a round's end, the hands face up. */
export interface PlayersLineHost {
  online: { readonly mode: { readonly presence: (seat: Seat) => unknown } | null };
  lazy: Pick<LazyParts, 'revealed'>;
}

/** The players' line and the status line under it, for a session's state. */
export class PlayersLine {
  constructor(private readonly host: PlayersLineHost) {}

  render(t: Translator, state: SessionState) {
    const { phase, view } = state;
    const thinking = phase === 'playing' && view.turn !== null && view.turn !== state.seat;
    const over = phase === 'roundOver' || phase === 'matchOver';
    const presence = this.host.online.mode?.presence;
    return html`${renderPlayers(t, state, { thinking, presence, revealed: over ? this.host.lazy.revealed(t, state) : undefined })}
      ${renderStatusLine(t, view)}`;
  }
}
