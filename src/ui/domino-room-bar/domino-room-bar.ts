/**
 * The bar above a room's table: the line's state, what the game waits for, spectators and the deal's
 * check, what the room offers there (quick phrases and muting, taking one's turns back, starting the
 * next match now) and the way out. It shows what it is given and says what the person chose with
 * events; online play talks to the server. Loaded on demand with online play.
 */
import { LitElement, html, nothing, type PropertyDeclarations } from 'lit';
import type { Seat } from '../../engine/index.js';
import { ENGLISH, type MessageKey, type Translator } from '../../i18n/index.js';
import { PHRASES, type PhraseId } from '../../net/protocol.js';
import { consumeLocale } from '../context/locale.js';
import { emitInternal } from '../internal-events.js';
import { styles } from './domino-room-bar.styles.js';

/** What the bar shows. */
export interface RoomBarState {
  /** The line's state. */
  line: string;
  /** What the game waits for, or empty. */
  note: string;
  /** What the room offers a seated person here; absent for a spectator. */
  room?: TableOffers;
  watch?: TableWatch;
  /** At a quick-match table after the match: what it did to the ratings, a line each. */
  rated?: string[];
}

/** What the bar above a room's table offers a seated person. */
export interface TableOffers {
  /** The quick phrases may be said (the host did not turn them off). */
  phrases: boolean;
  /** The other people at the table, each of whose phrases this person may mute. */
  others: { seat: Seat; name: string; muted: boolean; avoid?: AvoidState }[];
  /** The clock made this person away: they may take their turns back. */
  away: boolean;
  /** The host, after the match: may start the next one without waiting for everyone. */
  startNow: boolean;
  /**
   * The host, once the match has started: whether newcomers may take a free seat through the invite
   * (the host may close the room to them, or open it again); null for the others and in a room nobody may be invited to.
   */
  newcomers: boolean | null;
}

/** At a quick-match table, this person may ask not to be paired with another: offered, or asked already. */
export type AvoidState = 'offered' | 'asked';

/** Spectators and the deal's check: a label, and what the check found. */
export interface TableWatch {
  /** "Watching" for a spectator; the number of spectators for a seat; or empty. */
  label: string;
  /** "Deal verified" after a round whose deal checked out. */
  verified: string;
  /** The warning when a round's deal did not check out (shown as an alert). */
  warning: string;
}

const phraseKey = (id: PhraseId): MessageKey => `phrase_${id}`;

/**
 * @fires room-leave - Leave the room (a seat is given up to the computer) or stop watching.
 * @fires room-phrase - Say a quick phrase: `{ phrase }`.
 * @fires room-mute - Mute (or hear again) a seat's phrases, for this person: `{ seat, muted }`.
 * @fires room-avoid - At a quick-match table: not to be paired with a seat's person again: `{ seat }`.
 * @fires room-return - Take one's turns back from the computer.
 * @fires room-start-now - The host starts the next match without waiting for everyone.
 * @fires room-newcomers - The host opens the room to newcomers or closes it: `{ allowed }`.
 */
export class DominoRoomBar extends LitElement {
  static override styles = styles;
  static override properties: PropertyDeclarations = {
    t: { attribute: false },
    bar: { attribute: false },
    phrasesOpen: { state: true, attribute: false },
  };

  t: Translator = ENGLISH;
  bar: RoomBarState | null = null;
  /** The quick phrases' list is open. */
  private phrasesOpen = false;

  constructor() {
    super();
    consumeLocale(this);
  }

  override render() {
    const bar = this.bar;
    if (!bar) return nothing;
    const t = this.t;
    return html`<div class="bar" role="group" aria-label=${t.t('onlineTitle')}>
        <span class="line">${bar.line}</span>
        ${bar.note ? html`<span class="note">${bar.note}</span>` : nothing}
        ${bar.watch?.label ? html`<span class="watching" part="watching">${bar.watch.label}</span>` : nothing}
        ${bar.watch?.verified ? html`<span class="verified" part="deal-verified">${bar.watch.verified}</span>` : nothing}
        ${bar.room ? this.renderOffers(bar.room) : nothing}
        <button class="back" type="button" @click=${() => emitInternal(this, 'room-leave')}>${t.t('leaveRoom')}</button>
        ${bar.watch?.warning ? html`<p class="deal-warning" part="deal-warning" role="alert">${bar.watch.warning}</p>` : nothing}
      </div>
      ${bar.rated ? this.renderRated(bar.rated) : nothing} ${bar.room?.phrases && this.phrasesOpen ? this.renderPhrases(bar.room) : nothing}`;
  }

  private renderRated(lines: string[]) {
    return html`<section class="rated" part="ratings" aria-labelledby="room-rated-title">
      <h3 id="room-rated-title">${this.t.t('ratedTitle')}</h3>
      <ul>
        ${lines.map((line) => html`<li>${line}</li>`)}
      </ul>
    </section>`;
  }

  private renderOffers(offers: TableOffers) {
    const t = this.t;
    return html`${offers.away
      ? html`<span class="note">${t.t('clockAway')}</span><button type="button" class="small" @click=${() => emitInternal(this, 'room-return')}>${t.t('imBack')}</button>`
      : nothing}
    ${offers.startNow ? html`<button type="button" class="small" @click=${() => emitInternal(this, 'room-start-now')}>${t.t('startNow')}</button>` : nothing}
    ${offers.newcomers === null
      ? nothing
      : html`<button type="button" class="small newcomers" @click=${() => emitInternal(this, 'room-newcomers', { allowed: !offers.newcomers })}>
          ${t.t(offers.newcomers ? 'closeToNewcomers' : 'openToNewcomers')}
        </button>`}
    ${offers.phrases
      ? html`<button
          type="button"
          class="small phrases-toggle"
          aria-expanded=${this.phrasesOpen ? 'true' : 'false'}
          aria-controls="room-phrases"
          @click=${() => (this.phrasesOpen = !this.phrasesOpen)}
        >
          ${t.t('phrasesButton')}
        </button>`
      : nothing}`;
  }

  private renderPhrases(offers: TableOffers) {
    const t = this.t;
    const close = () => {
      this.phrasesOpen = false;
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('.phrases-toggle')?.focus());
    };
    const say = (phrase: PhraseId) => {
      emitInternal(this, 'room-phrase', { phrase });
      close();
    };
    return html`<div
      id="room-phrases"
      class="phrases"
      role="group"
      aria-label=${t.t('phrasesButton')}
      @keydown=${(e: KeyboardEvent) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        close();
      }}
    >
      <ul class="phrase-list">
        ${PHRASES.map((id) => html`<li><button type="button" class="small" data-phrase=${id} @click=${() => say(id)}>${t.t(phraseKey(id))}</button></li>`)}
      </ul>
      ${offers.others.map(
        (other) => html`<label class="check"
          ><input
            type="checkbox"
            .checked=${other.muted}
            @change=${(e: Event) => emitInternal(this, 'room-mute', { seat: other.seat, muted: (e.target as HTMLInputElement).checked })}
          />
          ${t.t('mutePerson', { name: other.name })}</label
        >${other.avoid === 'offered'
          ? html`<button type="button" class="small avoid" @click=${() => emitInternal(this, 'room-avoid', { seat: other.seat })}>
              ${t.t('avoidPerson', { name: other.name })}
            </button>`
          : other.avoid === 'asked'
            ? html`<p class="avoided">${t.t('avoidPersonDone', { name: other.name })}</p>`
            : nothing}`,
      )}
    </div>`;
  }
}

if (!customElements.get('domino-room-bar')) customElements.define('domino-room-bar', DominoRoomBar);

declare global {
  interface HTMLElementTagNameMap {
    'domino-room-bar': DominoRoomBar;
  }
}
