/**
 * What `<domino-leaderboard>` shows, loaded on its first connection (domino-leaderboard.ts defines the
 * element in the package's entry): the family's top 100 from the room server, and with `player` that
 * player's rank (with the rows around it when it is not among the top); each name a button that opens the
 * player's card in a modal dialog, focus back on the name when it closes.
 */
import { html, nothing } from 'lit';
import type { RatingFamily } from '../../net/protocol.js';
import { familyOf, playerOf, serverOf } from '../players/attributes.js';
import type { ViewMaker } from '../players/lazy-element.js';
import { PlayerView } from '../players/player-view.js';
import { leaderboardUrl, type Leaderboard, type LeaderboardRow } from '../players/players-http.js';
import { playersStyles } from '../players/players.styles.js';
import { FAMILY_NAMES, ratingText } from '../players/rating-text.js';
import { problemText } from '../players/problem-text.js';
import { RemoteJson } from '../players/remote.js';
import { leaderboardStyles } from './domino-leaderboard.styles.js';

const TAG = 'domino-leaderboard';

class LeaderboardView extends PlayerView {
  private readonly board = new RemoteJson<Leaderboard>(() => this.requestRender());
  private family: RatingFamily = 'two';
  private player: string | null = null;
  private server: string | null = null;
  /** The row whose card is open (or closing), and the name's button that opened it. */
  private opened: { row: LeaderboardRow; opener: HTMLElement } | null = null;

  constructor(host: HTMLElement) {
    super(host, [playersStyles, leaderboardStyles]);
  }

  protected attributesChanged(): void {
    const { host } = this;
    this.family = familyOf(TAG, host.getAttribute('family'));
    this.player = playerOf(TAG, host.getAttribute('player'));
    this.server = serverOf(TAG, host.getAttribute('server'), (server) => leaderboardUrl(server, 'two', null));
    this.board.show(this.server === null ? null : leaderboardUrl(this.server, this.family, this.player));
  }

  override disconnected(): void {
    this.board.stop();
  }

  protected template(): unknown {
    if (!this.textsReady) return nothing;
    const { t } = this;
    return html`<div class="frame" dir=${t.dir} lang=${t.language}>
      <h2>${t.t('leaderboardTitle', { family: t.t(FAMILY_NAMES[this.family]) })}</h2>
      ${this.body()}
      <dialog class="card" aria-label=${this.opened ? t.t('playerCard', { name: this.opened.row.name }) : nothing} @close=${this.onCardClosed}>
        <form method="dialog" class="dialog-bar"><button class="main close">${t.t('close')}</button></form>
        ${this.opened
          ? html`<domino-player-card
              server=${this.server ?? nothing}
              player=${this.opened.row.id}
              family=${this.family}
              lang=${t.language}
              theme=${this.host.getAttribute('theme') ?? nothing}
            ></domino-player-card>`
          : nothing}
      </dialog>
    </div>`;
  }

  private body(): unknown {
    const { t } = this;
    const state = this.board.state;
    if (state.kind === 'loading') return html`<p class="notice" role="status">${t.t('leaderboardLoading')}</p>`;
    if (state.kind === 'failed') {
      return html`<p class="problem" role="alert">${problemText(t, state.problem)}</p>
        <button class="main retry" @click=${() => this.board.retry()}>${t.t('retry')}</button>`;
    }
    const { top, around } = state.value;
    if (top.length === 0) return html`<p class="notice">${t.t('leaderboardEmpty')}</p>`;
    const own = this.player;
    const ownInTop = around !== undefined && top.some((row) => row.id === own);
    return html`${around ? html`<p class="own-rank">${t.t('yourRank', { rank: t.number(around.rank) })}</p>` : nothing}
      ${around && !ownInTop ? this.table('around', t.t('aroundYou'), around.rows) : nothing} ${this.table('top', t.t('topPlayers'), top)}`;
  }

  private table(name: string, caption: string, rows: readonly LeaderboardRow[]): unknown {
    const { t } = this;
    return html`<table class=${name}>
      <caption>
        ${caption}
      </caption>
      <thead>
        <tr>
          <th scope="col" class="number">${t.t('rankColumn')}</th>
          <th scope="col">${t.t('nameColumn')}</th>
          <th scope="col" class="number">${t.t('ratingColumn')}</th>
          <th scope="col" class="number">${t.t('matchesColumn')}</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map((row) => {
          const own = row.id === this.player;
          return html`<tr class=${own ? 'own' : ''} aria-current=${own ? 'true' : nothing}>
            <td class="number">${t.number(row.rank)}</td>
            <td>
              <button class="name" @click=${(event: Event) => this.openCard(row, event.currentTarget as HTMLElement)}>${row.name}</button>${own
                ? html` <span class="you">(${t.t('seatYou')})</span>`
                : nothing}
            </td>
            <td class="number">${ratingText(t, row.rating, row.provisional)}</td>
            <td class="number">${t.number(row.matches)}</td>
          </tr>`;
        })}
      </tbody>
    </table>`;
  }

  private openCard(row: LeaderboardRow, opener: HTMLElement): void {
    this.opened = { row, opener };
    this.requestRender();
    // The dialog opens once its card is in it (the render is a microtask away).
    queueMicrotask(() => this.find<HTMLDialogElement>('dialog.card')?.showModal());
  }

  private readonly onCardClosed = (): void => {
    const opener = this.opened?.opener;
    this.opened = null;
    this.requestRender();
    // Today's engines give focus back themselves (the tests see it in all three); older ones do not.
    if (opener?.isConnected) opener.focus();
  };
}

export const leaderboardView: ViewMaker = (host) => new LeaderboardView(host);
