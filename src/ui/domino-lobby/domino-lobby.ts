/**
 * The screens of online play around the table: creating a room, the invitation to join one, the room
 * filling up before the start, what went wrong, and (above the table) the line's state with the way
 * out. It shows what it is given and says what the person chose with events; online-mode.ts talks to
 * the server. Loaded on demand with online play.
 */
import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { LEVELS } from '../../shared/names.js';
import { PLAYER_COUNTS, VARIANTS, type Seat } from '../../engine/index.js';
import { ENGLISH, type MessageKey, type Translator } from '../../i18n/index.js';
import { PHRASES, roomRules, TURN_CLOCKS, type PhraseId, type RoomInfo, type RoomSettings, type TurnClock } from '../../net/protocol.js';
import { consumeLocale } from '../context/locale.js';
import type { SettingName } from '../domino-game/effective-settings.js';
import { LEVEL_NAMES, targetChoices, VARIANT_NAMES } from '../domino-settings/choices.js';
import { tell } from '../internal-events.js';
import { styles } from './domino-lobby.styles.js';

export type LobbyScreen =
  /** The room's settings and the person's name, before creating it. */
  | { kind: 'create'; settings: RoomSettings; locked: ReadonlySet<SettingName>; name: string }
  /** A room an invite link names, seen before joining it. */
  | { kind: 'join'; room: RoomInfo; name: string }
  /** The person's room before the start: the invite link, the seats filling in; the host sets it up and starts. */
  | { kind: 'room'; room: RoomInfo; seat: Seat; link: string; locked: ReadonlySet<SettingName>; line: string; watchLink: string }
  | { kind: 'wait'; text: string }
  | { kind: 'problem'; text: string }
  /** Above the table: the line's state, what the game waits for, the way out; `room`: what the room offers there (#19); `watch`: spectators and the deal's check (#19). */
  | { kind: 'table'; line: string; note: string; room?: TableOffers; watch?: TableWatch };

/** What the bar above a room's table offers (#19). */
export interface TableOffers {
  /** The quick phrases may be said (the host did not turn them off). */
  phrases: boolean;
  /** The other people at the table, each of whose phrases this person may mute. */
  others: { seat: Seat; name: string; muted: boolean }[];
  /** The clock made this person away: they may take their turns back. */
  away: boolean;
  /** The host, after the match: may start the next one without waiting for everyone. */
  startNow: boolean;
}

const phraseKey = (id: PhraseId): MessageKey => `phrase_${id}`;
/** Each turn clock's name in the settings. */
const clockName = (t: Translator, clock: TurnClock): string => (clock === 0 ? t.t('clockOff') : t.t('clockSeconds', { count: clock }));

/** Above the table, for spectators and the deal's check (#19): a label, and what the check found. */
export interface TableWatch {
  /** "Watching" for a spectator; the number of spectators for a seat; or empty. */
  label: string;
  /** "Deal verified" after a round whose deal checked out. */
  verified: string;
  /** The warning when a round's deal did not check out (shown as an alert). */
  warning: string;
}


/** The server's rule for a name (protocol.ts): 1 to 24 characters, none of them control characters; spaces around it are trimmed first. */
export const MAX_NAME_LENGTH = 24;
const CONTROL = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
export const validName = (name: string): boolean => name.length > 0 && [...name].length <= MAX_NAME_LENGTH && !CONTROL.test(name);

/** Settings with some changed; a choice set to undefined is left out (the server refuses unknown values, not absent ones). */
function withChoices(settings: RoomSettings, choices: Partial<RoomSettings>): RoomSettings {
  const next: Record<string, unknown> = { ...settings, ...choices };
  for (const name of Object.keys(next)) if (next[name] === undefined) delete next[name];
  return next as unknown as RoomSettings;
}

/**
 * @fires lobby-create - Create a room: `{ name, settings }`.
 * @fires lobby-join - Join the room shown: `{ name }`.
 * @fires lobby-settings - The host changed the room's settings: `{ settings }`.
 * @fires lobby-start - The host starts the match.
 * @fires lobby-back - Back to playing the computer (leaving the room, if seated).
 */
export class DominoLobby extends LitElement {
  static override styles = styles;
  static override properties: PropertyDeclarations = {
    t: { attribute: false },
    screen: { attribute: false },
    draft: { state: true, attribute: false },
    nameError: { state: true, attribute: false },
    copied: { state: true, attribute: false },
    phrasesOpen: { state: true, attribute: false },
  };

  t: Translator = ENGLISH;
  screen: LobbyScreen | null = null;
  /** The settings being chosen on the create screen. */
  private draft: RoomSettings | null = null;
  private nameError = false;
  /** What copying the link did, said in a status region. */
  private copied = '';
  /** The quick phrases' list is open (#19). */
  private phrasesOpen = false;

  constructor() {
    super();
    consumeLocale(this);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const before = changed.get('screen') as LobbyScreen | null | undefined;
    if (changed.has('screen') && before?.kind !== this.screen?.kind) {
      this.draft = null;
      this.nameError = false;
      this.copied = '';
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    const before = changed.get('screen') as LobbyScreen | null | undefined;
    if (changed.has('screen') && before?.kind !== this.screen?.kind && this.screen?.kind !== 'table' && this.focusIsLost()) {
      // A new screen replaced the one the person was on: they go on from its first control.
      this.renderRoot.querySelector<HTMLElement>('input, select, button')?.focus();
    }
  }

  /** Whether the focus is nowhere (the control that had it went away) or on this element. */
  private focusIsLost(): boolean {
    const active = document.activeElement;
    if (!active || active === document.body) return true;
    const game = this.getRootNode() as ShadowRoot;
    return active === game.host && (!game.activeElement || game.activeElement === this);
  }

  override render() {
    const screen = this.screen;
    switch (screen?.kind) {
      case 'create':
        return this.renderCreate(screen);
      case 'join':
        return this.renderJoin(screen);
      case 'room':
        return this.renderRoom(screen);
      case 'wait':
        return html`<section class="screen"><p class="wait" role="status">${screen.text}</p>${this.backButton('backToComputer')}</section>`;
      case 'problem':
        return html`<section class="screen"><p class="problem" role="alert">${screen.text}</p>${this.backButton('backToComputer')}</section>`;
      case 'table':
        return html`<div class="bar">
          <span class="line">${screen.line}</span>
          ${screen.note ? html`<span class="note">${screen.note}</span>` : nothing}
          ${screen.watch?.label ? html`<span class="watching" part="watching">${screen.watch.label}</span>` : nothing}
          ${screen.watch?.verified ? html`<span class="verified" part="deal-verified">${screen.watch.verified}</span>` : nothing}
          ${screen.room ? this.renderOffers(screen.room) : nothing}
          ${this.backButton('leaveRoom')}
          ${screen.watch?.warning ? html`<p class="deal-warning" part="deal-warning" role="alert">${screen.watch.warning}</p>` : nothing}
        </div>
        ${screen.room?.phrases && this.phrasesOpen ? this.renderPhrases(screen.room) : nothing}`;
      default:
        return nothing;
    }
  }

  // ---- Above the table: phrases, back, start now (#19) ------------------------------------------

  private renderOffers(offers: TableOffers) {
    const t = this.t;
    return html`${offers.away ? html`<span class="note">${t.t('clockAway')}</span><button type="button" class="small" @click=${() => tell(this, 'lobby-return')}>${t.t('imBack')}</button>` : nothing}
    ${offers.startNow ? html`<button type="button" class="small" @click=${() => tell(this, 'lobby-start-now')}>${t.t('startNow')}</button>` : nothing}
    ${offers.phrases
      ? html`<button
          type="button"
          class="small phrases-toggle"
          aria-expanded=${this.phrasesOpen ? 'true' : 'false'}
          aria-controls="lobby-phrases"
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
      tell(this, 'lobby-phrase', { phrase });
      close();
    };
    return html`<div
      id="lobby-phrases"
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
            @change=${(e: Event) => tell(this, 'lobby-mute', { seat: other.seat, muted: (e.target as HTMLInputElement).checked })}
          />
          ${t.t('mutePerson', { name: other.name })}</label
        >`,
      )}
    </div>`;
  }

  private backButton(label: MessageKey) {
    return html`<button class="back" type="button" @click=${() => tell(this, 'lobby-back')}>${this.t.t(label)}</button>`;
  }

  // ---- Create ----------------------------------------------------------------------------------

  private renderCreate(screen: Extract<LobbyScreen, { kind: 'create' }>) {
    const t = this.t;
    const draft = this.draft ?? screen.settings;
    return html`<section class="screen" aria-labelledby="lobby-title">
      <h2 id="lobby-title">${t.t('onlineTitle')}</h2>
      <p>${t.t('onlineCreateHelp')}</p>
      <form novalidate @submit=${(e: Event) => this.onCreate(e, draft)}>
        <div class="fields">
          ${this.renderChoices(draft, screen.locked, 2, (settings) => (this.draft = settings))} ${this.renderName(screen.name)}
        </div>
        <div class="buttons">
          <button class="primary" type="submit">${t.t('createRoom')}</button>
          ${this.backButton('backToComputer')}
        </div>
      </form>
    </section>`;
  }

  private onCreate(event: Event, settings: RoomSettings): void {
    event.preventDefault();
    const name = this.readName();
    if (name !== null) tell(this, 'lobby-create', { name, settings });
  }

  /**
   * The room's settings as fields; `least` is the fewest players allowed (the people already seated).
   * A field shows `settings` until they change: in the room, a choice shows once the server has taken
   * it (and not at all when it refuses it).
   */
  private renderChoices(settings: RoomSettings, locked: ReadonlySet<SettingName>, least: number, change: (settings: RoomSettings) => void) {
    const t = this.t;
    const choose = (event: Event, choices: Partial<RoomSettings>, shown: string | boolean) => {
      const field = event.target as HTMLSelectElement & HTMLInputElement;
      if (typeof shown === 'boolean') field.checked = shown;
      else field.value = shown;
      change(withChoices(settings, choices));
    };
    const field = (name: SettingName, label: MessageKey, options: [string, string][], value: string, pick: (value: string) => Partial<RoomSettings>) =>
      locked.has(name)
        ? nothing
        : html`<label for=${`lobby-${name}`}>${t.t(label)}</label>
            <select id=${`lobby-${name}`} .value=${value} @change=${(e: Event) => choose(e, pick((e.target as HTMLSelectElement).value), value)}>
              ${options.map(([v, text]) => html`<option value=${v} ?selected=${v === value}>${text}</option>`)}
            </select>`;
    const { match } = roomRules(settings);
    const players = PLAYER_COUNTS.filter((n) => n >= least);
    return html`${field('players', 'playersLabel', players.map((n) => [String(n), t.number(n)]), String(settings.players), (v) => ({
        players: Number(v) as RoomSettings['players'],
        ...(v !== '4' ? { teams: undefined } : {}),
      }))}
      ${settings.players === 4 && !locked.has('teams')
        ? html`<label class="check"
            ><input
              type="checkbox"
              .checked=${match.teams}
              @change=${(e: Event) => choose(e, { teams: (e.target as HTMLInputElement).checked || undefined }, match.teams)}
            />
            ${t.t('partnerships')}</label
          >`
        : nothing}
      ${field('variant', 'variantLabel', VARIANTS.map((v) => [v, t.t(VARIANT_NAMES[v])]), settings.variant, (v) => ({
        variant: v as RoomSettings['variant'],
        target: undefined,
      }))}
      ${field(
        'target',
        'targetLabel',
        targetChoices(settings.variant, match.target).map((n) => [String(n), t.number(n)]),
        String(match.target),
        (v) => ({ target: Number(v) }),
      )}
      ${field('level', 'computerLevel', LEVELS.map((l) => [l, t.t(LEVEL_NAMES[l])]), settings.level, (v) => ({ level: v as RoomSettings['level'] }))}
      ${this.renderRoomChoices(settings, choose)}`;
  }

  /** The room's own settings (#19): the turn clock and the quick phrases; no site attribute locks them. */
  private renderRoomChoices(settings: RoomSettings, choose: (event: Event, choices: Partial<RoomSettings>, shown: string | boolean) => void) {
    const t = this.t;
    const rules = roomRules(settings);
    const clock = String(rules.clock);
    const { phrases, spectators } = rules;
    return html`<label for="lobby-clock">${t.t('clockLabel')}</label>
      <select id="lobby-clock" .value=${clock} @change=${(e: Event) => choose(e, { clock: Number((e.target as HTMLSelectElement).value) as TurnClock }, clock)}>
        ${TURN_CLOCKS.map((c) => html`<option value=${String(c)} ?selected=${String(c) === clock}>${clockName(t, c)}</option>`)}
      </select>
      <label class="check"
        ><input
          id="lobby-phrases-allowed"
          type="checkbox"
          .checked=${phrases}
          @change=${(e: Event) => choose(e, { phrases: (e.target as HTMLInputElement).checked ? undefined : false }, phrases)}
        />
        ${t.t('phrasesAllowed')}</label
      >
      <label class="check"
        ><input
          type="checkbox"
          .checked=${spectators}
          @change=${(e: Event) => choose(e, { spectators: (e.target as HTMLInputElement).checked ? undefined : false }, spectators)}
        />
        ${t.t('allowSpectators')}</label
      >`;
  }

  // ---- Names -----------------------------------------------------------------------------------

  private renderName(name: string) {
    const t = this.t;
    return html`<label for="lobby-name">${t.t('yourName')}</label>
      <div class="name">
        <input
          id="lobby-name"
          type="text"
          autocomplete="nickname"
          maxlength=${MAX_NAME_LENGTH}
          required
          .value=${name}
          aria-invalid=${this.nameError ? 'true' : 'false'}
          aria-describedby=${this.nameError ? 'lobby-name-error' : nothing}
          @input=${() => (this.nameError = false)}
        />
        ${this.nameError ? html`<p class="error" id="lobby-name-error">${t.t('nameInvalid')}</p>` : nothing}
      </div>`;
  }

  /** The name typed, trimmed; null (and the field says why) when the server would refuse it. */
  private readName(): string | null {
    const input = this.renderRoot.querySelector<HTMLInputElement>('#lobby-name');
    const name = input?.value.trim() ?? '';
    if (validName(name)) return name;
    this.nameError = true;
    // Focused once the field is described by its error, so that the error is read with it.
    void this.updateComplete.then(() => input?.focus());
    return null;
  }

  // ---- Join ------------------------------------------------------------------------------------

  private renderJoin(screen: Extract<LobbyScreen, { kind: 'join' }>) {
    const t = this.t;
    const { room } = screen;
    return html`<section class="screen" aria-labelledby="lobby-title">
      <h2 id="lobby-title">${t.t('joinTitle')}</h2>
      ${this.renderSummary(room.settings)} ${this.renderSeats(room, null)}
      ${room.phase === 'lobby' ? nothing : html`<p>${t.t('joinStarted')}</p>`}
      <form novalidate @submit=${this.onJoin}>
        <div class="fields">${this.renderName(screen.name)}</div>
        <div class="buttons">
          <button class="primary" type="submit">${t.t('joinButton')}</button>
          ${this.backButton('backToComputer')}
        </div>
      </form>
    </section>`;
  }

  private onJoin(event: Event): void {
    event.preventDefault();
    const name = this.readName();
    if (name !== null) tell(this, 'lobby-join', { name });
  }

  // ---- The room before the start ---------------------------------------------------------------

  private renderRoom(screen: Extract<LobbyScreen, { kind: 'room' }>) {
    const t = this.t;
    const { room, seat, link } = screen;
    const hosting = room.host === seat;
    // The host may not leave out a seat somebody holds.
    const least = room.seats.reduce((most, s) => (s.kind === 'human' ? s.seat + 1 : most), 2);
    return html`<section class="screen" aria-labelledby="lobby-title">
      <h2 id="lobby-title">${t.t('lobbyTitle')}</h2>
      ${screen.line ? html`<p class="line">${screen.line}</p>` : nothing}
      <div class="invite">
        <label for="lobby-link">${t.t('inviteLink')}</label>
        <div class="link-row">
          <input
            id="lobby-link"
            type="text"
            readonly
            .value=${link}
            aria-describedby="lobby-invite-help"
            @focus=${(e: Event) => (e.target as HTMLInputElement).select()}
          />
          <button type="button" class="copy" @click=${() => this.copy(link)}>${t.t('copyLink')}</button>
          ${'share' in navigator ? html`<button type="button" class="share" @click=${() => this.share(link)}>${t.t('shareLink')}</button>` : nothing}
        </div>
        <p class="help" id="lobby-invite-help">${t.t('inviteHelp')}</p>
        <p class="copied" role="status">${this.copied}</p>
      </div>
      ${!roomRules(room.settings).spectators
        ? nothing
        : html`<div class="invite">
            <label for="lobby-watch-link">${t.t('watchLink')}</label>
            <input id="lobby-watch-link" type="text" readonly .value=${screen.watchLink} aria-describedby="lobby-watch-help" @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
            <p class="help" id="lobby-watch-help">${t.t('watchHelp')}</p>
            ${room.watchers > 0 ? html`<p class="line">${t.t('watchersCount', { n: room.watchers })}</p>` : nothing}
          </div>`}
      ${this.renderSeats(room, seat)}
      ${hosting
        ? html`<div class="fields">${this.renderChoices(room.settings, screen.locked, least, (settings) => tell(this, 'lobby-settings', { settings }))}</div>`
        : this.renderSummary(room.settings)}
      <div class="buttons">
        ${hosting
          ? html`<button class="primary start" type="button" aria-describedby="lobby-start-help" @click=${() => tell(this, 'lobby-start')}>
              ${t.t('startMatch')}
            </button>`
          : html`<p class="waiting">${t.t('waitingForHost', { name: room.seats[room.host]?.name ?? '' })}</p>`}
        ${this.backButton('leaveRoom')}
      </div>
      ${hosting ? html`<p class="help" id="lobby-start-help">${t.t('startHelp')}</p>` : nothing}
    </section>`;
  }

  private async copy(link: string): Promise<void> {
    let done: MessageKey = 'linkCopied';
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard here (an insecure origin, a refused permission): the link is selected for the person to copy.
      const input = this.renderRoot.querySelector<HTMLInputElement>('#lobby-link');
      input?.focus();
      input?.select();
      if (!document.execCommand?.('copy')) done = 'linkSelected';
    }
    // Emptied first, so that copying twice is announced twice.
    this.copied = '';
    await this.updateComplete;
    setTimeout(() => (this.copied = this.t.t(done)), 50);
  }

  private async share(link: string): Promise<void> {
    try {
      await navigator.share({ title: this.t.t('onlineTitle'), url: link });
    } catch {
      // Dismissed, or refused: the link is on the screen all the same.
    }
  }

  // ---- What every screen of a room shows -------------------------------------------------------

  private renderSummary(settings: RoomSettings): TemplateResult {
    const t = this.t;
    const rules = roomRules(settings);
    return html`<dl class="summary">
      <dt>${t.t('variantLabel')}</dt>
      <dd>${t.t(VARIANT_NAMES[settings.variant])}</dd>
      <dt>${t.t('playersLabel')}</dt>
      <dd>${t.number(settings.players)}${rules.match.teams ? html`, ${t.t('partnerships')}` : nothing}</dd>
      <dt>${t.t('targetLabel')}</dt>
      <dd>${t.number(rules.match.target)}</dd>
      <dt>${t.t('computerLevel')}</dt>
      <dd>${t.t(LEVEL_NAMES[settings.level])}</dd>
      <dt>${t.t('clockLabel')}</dt>
      <dd>${clockName(t, rules.clock)}</dd>
      <dt>${t.t('phrasesAllowed')}</dt>
      <dd>${t.t(rules.phrases ? 'phrasesOn' : 'phrasesOff')}</dd>
    </dl>`;
  }

  private renderSeats(room: RoomInfo, you: Seat | null): TemplateResult {
    const t = this.t;
    return html`<h3 id="lobby-seats">${t.t('seatsTitle')}</h3>
      <ul class="seats" aria-labelledby="lobby-seats">
        ${room.seats.map(
          (s) => html`<li class=${s.kind}>
            <span class="who">${s.kind === 'open' ? t.t('seatOpen') : (s.name ?? t.t('computer', { n: s.seat }))}</span>
            ${s.seat === you ? html`<span class="tag">${t.t('seatYou')}</span>` : nothing}
            ${s.seat === room.host && s.kind === 'human' ? html`<span class="tag">${t.t('seatHost')}</span>` : nothing}
            ${s.kind === 'human' && !s.connected ? html`<span class="tag">${t.t('seatAway')}</span>` : nothing}
          </li>`,
        )}
      </ul>`;
  }
}

if (!customElements.get('domino-lobby')) customElements.define('domino-lobby', DominoLobby);

declare global {
  interface HTMLElementTagNameMap {
    'domino-lobby': DominoLobby;
  }
}
