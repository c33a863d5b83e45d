/**
 * What `<domino-player-card>` shows, loaded on its first connection (domino-player-card.ts defines the
 * element in the package's entry): a player's name and kind, their ratings in every family they have
 * played, their rating over their last rated matches of the family asked (rating-chart.ts), and their
 * record: how many of those they won, and the last ten as a table (when, against whom, the place, the
 * rating's change).
 */
import { html, nothing } from 'lit';
import { RATING_FAMILIES, type RatingFamily } from '../../shared/players.js';
import { familyOf, playerOf, serverOf } from '../players/attributes.js';
import type { ViewMaker } from '../players/lazy-element.js';
import { PlayerView } from '../players/player-view.js';
import { cardUrl, type HistoryEntry, type PlayerCard, type TablePerson } from '../players/players-http.js';
import { playersStyles } from '../players/players.styles.js';
import { problemText } from '../players/problem-text.js';
import { FAMILY_NAMES, ratingText } from '../players/rating-text.js';
import { RemoteJson } from '../players/remote.js';
import { playerCardStyles } from './domino-player-card.styles.js';
import { renderRatingChart } from './rating-chart.js';

const TAG = 'domino-player-card';
/** The record's table: the last this many matches (the chart shows all the server sends, up to 50). */
const LISTED_MATCHES = 10;

class PlayerCardView extends PlayerView {
  private readonly card = new RemoteJson<PlayerCard>(() => this.requestRender());
  private family: RatingFamily = 'two';
  /** Formatters of the language shown, made again when it changes. */
  private formats: { language: string; date: Intl.DateTimeFormat; change: Intl.NumberFormat; list: Intl.ListFormat } | null = null;

  constructor(host: HTMLElement) {
    super(host, [playersStyles, playerCardStyles]);
  }

  protected attributesChanged(): void {
    const { host } = this;
    this.family = familyOf(TAG, host.getAttribute('family'));
    const player = playerOf(TAG, host.getAttribute('player'));
    const server = serverOf(TAG, host.getAttribute('server'), (base) => cardUrl(base, 'x', 'two'));
    this.card.show(server === null || player === null ? null : cardUrl(server, player, this.family));
  }

  override disconnected(): void {
    this.card.stop();
  }

  protected template(): unknown {
    if (!this.textsReady) return nothing;
    const { t } = this;
    return html`<div class="frame" dir=${t.dir} lang=${t.language}>${this.body()}</div>`;
  }

  private body(): unknown {
    const { t } = this;
    const state = this.card.state;
    if (state.kind === 'loading') return html`<p class="notice" role="status">${t.t('cardLoading')}</p>`;
    if (state.kind === 'failed') {
      return html`<p class="problem" role="alert">${problemText(t, state.problem)}</p>
        <button class="main retry" @click=${() => this.card.retry()}>${t.t('retry')}</button>`;
    }
    const card = state.value;
    const { history } = card;
    return html`<h2 class="player-name">${card.name}</h2>
      <p class="notice kind">${t.t(card.kind === 'site' ? 'kindSite' : 'kindAnonymous')}</p>
      ${this.ratings(card)}
      <section>
        <h3>${t.t('chartTitle', { family: t.t(FAMILY_NAMES[this.family]) })}</h3>
        ${history.length === 0 ? html`<p class="notice">${t.t('noRatedMatches')}</p>` : renderRatingChart(t, history)}
      </section>
      ${history.length === 0 ? nothing : this.record(history)}`;
  }

  private ratings(card: PlayerCard): unknown {
    const { t } = this;
    const families = RATING_FAMILIES.filter((family) => card.ratings[family]);
    if (families.length === 0) return html`<p class="notice">${t.t('notRated')}</p>`;
    return html`<table class="ratings">
      <caption>
        ${t.t('ratingsTitle')}
      </caption>
      <thead>
        <tr>
          <th scope="col">${t.t('playersLabel')}</th>
          <th scope="col" class="number">${t.t('ratingColumn')}</th>
          <th scope="col" class="number">${t.t('matchesColumn')}</th>
        </tr>
      </thead>
      <tbody>
        ${families.map((family) => {
          const shown = card.ratings[family]!;
          return html`<tr>
            <th scope="row">${t.t(FAMILY_NAMES[family])}</th>
            <td class="number">${ratingText(t, shown.rating, shown.provisional)}</td>
            <td class="number">${t.number(shown.matches)}</td>
          </tr>`;
        })}
      </tbody>
    </table>`;
  }

  private record(history: readonly HistoryEntry[]): unknown {
    const { t } = this;
    const formats = this.formatsOf(t.language);
    const wins = history.filter((entry) => entry.place === 1).length;
    const names = (people: readonly TablePerson[]) => formats.list.format(people.map((person) => person.name));
    return html`<section>
      <h3>${t.t('recordTitle')}</h3>
      <p class="won">${t.t('recordWon', { wins, count: history.length })}</p>
      <table class="matches">
        <caption>
          ${t.t('lastMatches')}
        </caption>
        <thead>
          <tr>
            <th scope="col">${t.t('whenColumn')}</th>
            <th scope="col">${t.t('opponentsColumn')}</th>
            <th scope="col">${t.t('placeColumn')}</th>
            <th scope="col" class="number">${t.t('ratingColumn')}</th>
          </tr>
        </thead>
        <tbody>
          ${history.slice(0, LISTED_MATCHES).map(
            (entry) =>
              html`<tr>
                <td>${formats.date.format(entry.at)}</td>
                <td>
                  ${names(entry.opponents)}${entry.partners.length > 0 ? html` <span class="partners notice">${t.t('withPartners', { names: names(entry.partners) })}</span>` : nothing}
                </td>
                <td>${t.t('placeOf', { place: t.number(entry.place), places: t.number(entry.places) })}</td>
                <td class="number">${formats.change.format(entry.after - entry.before)} (${t.number(entry.after)})</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </section>`;
  }

  private formatsOf(language: string) {
    if (this.formats?.language !== language) {
      this.formats = {
        language,
        date: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
        change: new Intl.NumberFormat(language, { signDisplay: 'exceptZero' }),
        list: new Intl.ListFormat(language, { type: 'conjunction' }),
      };
    }
    return this.formats;
  }
}

export const playerCardView: ViewMaker = (host) => new PlayerCardView(host);
