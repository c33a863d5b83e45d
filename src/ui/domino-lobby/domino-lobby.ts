/**
 * The screens of online play before the table: creating a room, the invitation to join one, the room
 * filling up before the start, what went wrong. It shows what it is given and says what the person
 * chose with events; online play talks to the server (and <domino-room-bar> stands above the room's
 * table). Loaded on demand with online play.
 */
import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import type { Seat } from '../../engine/index.js';
import { ENGLISH, type MessageKey, type Translator } from '../../i18n/index.js';
import { roomRules, type RoomInfo, type RoomSettings } from '../../net/protocol.js';
import { consumeLocale } from '../context/locale.js';
import type { SettingName } from '../domino-game/effective-settings.js';
import { gameFields, renderFields, renderSummary, roomFields, type SettingChoices, type SettingField } from '../domino-settings/setting-fields.js';
import { emitInternal } from '../internal-events.js';
import { styles } from './domino-lobby.styles.js';
import { NameField } from './name-field.js';
import { focusNewScreen } from '../screen-focus.js';

export type LobbyScreen =
  /** The room's settings and the person's name, before creating it. */
  | { kind: 'create'; settings: RoomSettings; locked: ReadonlySet<SettingName>; name: string }
  /** A room an invite link names, seen before joining it. */
  | { kind: 'join'; room: RoomInfo; name: string }
  /** The person's room before the start: the invite link, the seats filling in; the host sets it up and starts. */
  /** `link`, `watchLink`: the invite and the watch link, null when the room has no such key. */
  | { kind: 'room'; room: RoomInfo; seat: Seat; link: string | null; locked: ReadonlySet<SettingName>; line: string; watchLink: string | null }
  | { kind: 'wait'; text: string }
  | { kind: 'problem'; text: string };

/** A room's settings with some choices made: a choice of the default is left out (the server refuses unknown values, not absent ones). */
function withChoices(settings: RoomSettings, choices: SettingChoices): RoomSettings {
  const next: Record<string, unknown> = { ...settings, ...choices };
  const isDefault: Record<string, unknown> = { target: null, teams: false, phrases: true, spectators: true };
  for (const name of Object.keys(next)) if (next[name] === undefined || (name in isDefault && next[name] === isDefault[name])) delete next[name];
  return next as unknown as RoomSettings;
}

/** Every setting of a room as fields, but those the site locks; `least` is the fewest players allowed. */
const roomSettingFields = (t: Translator, settings: RoomSettings, locked: ReadonlySet<SettingName>, least = 2): SettingField[] => {
  const rules = roomRules(settings);
  const { variant, players, teams, target } = rules.match;
  return [
    ...gameFields(t, { variant, players, teams, target, level: rules.level, tempo: rules.tempo }, least).filter((f) => !locked.has(f.name as SettingName)),
    ...roomFields(t, rules),
  ];
};

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
    copied: { state: true, attribute: false },
  };

  t: Translator = ENGLISH;
  screen: LobbyScreen | null = null;
  /** The settings being chosen on the create screen. */
  private draft: RoomSettings | null = null;
  private readonly nameField = new NameField(this, 'lobby-name');
  /** What copying the link did, said in a status region. */
  private copied = '';

  constructor() {
    super();
    consumeLocale(this);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const before = changed.get('screen') as LobbyScreen | null | undefined;
    if (changed.has('screen') && before?.kind !== this.screen?.kind) {
      this.draft = null;
      this.nameField.problem = null;
      this.copied = '';
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('screen')) focusNewScreen(this, (changed.get('screen') as LobbyScreen | null | undefined)?.kind, this.screen?.kind);
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
      default:
        return nothing;
    }
  }

  private backButton(label: MessageKey) {
    return html`<button class="back" type="button" @click=${() => emitInternal(this, 'lobby-back')}>${this.t.t(label)}</button>`;
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
    if (name !== null) emitInternal(this, 'lobby-create', { name, settings });
  }

  /**
   * The room's settings as fields; `least` is the fewest players allowed (the people already seated).
   * A field shows `settings` until they change: in the room, a choice shows once the server has taken
   * it (and not at all when it refuses it).
   */
  private renderChoices(settings: RoomSettings, locked: ReadonlySet<SettingName>, least: number, change: (settings: RoomSettings) => void) {
    return renderFields(this.t, roomSettingFields(this.t, settings, locked, least), {
      idPrefix: 'lobby',
      change: (choices, field) => {
        const shown = roomSettingFields(this.t, settings, locked, least).find((f) => f.name === field.id.slice('lobby-'.length));
        if (shown?.kind === 'check') field.checked = shown.checked;
        else if (shown) field.value = shown.value;
        change(withChoices(settings, choices));
      },
    });
  }

  // ---- Names -----------------------------------------------------------------------------------

  private renderName(name: string) {
    return this.nameField.render(this.t, name);
  }

  private readName(): string | null {
    return this.nameField.read();
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
    if (name !== null) emitInternal(this, 'lobby-join', { name });
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
      ${link === null
        ? nothing
        : html`<div class="invite">
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
          </div>`}
      ${!roomRules(room.settings).spectators || screen.watchLink === null
        ? nothing
        : html`<div class="invite">
            <label for="lobby-watch-link">${t.t('watchLink')}</label>
            <input id="lobby-watch-link" type="text" readonly .value=${screen.watchLink} aria-describedby="lobby-watch-help" @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
            <p class="help" id="lobby-watch-help">${t.t('watchHelp')}</p>
            ${room.watchers > 0 ? html`<p class="line">${t.t('watchersCount', { n: room.watchers })}</p>` : nothing}
          </div>`}
      ${this.renderSeats(room, seat)}
      ${hosting
        ? html`<div class="fields">${this.renderChoices(room.settings, screen.locked, least, (settings) => emitInternal(this, 'lobby-settings', { settings }))}</div>`
        : this.renderSummary(room.settings)}
      <div class="buttons">
        ${hosting
          ? html`<button class="primary start" type="button" aria-describedby="lobby-start-help" @click=${() => emitInternal(this, 'lobby-start')}>
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

  /** Every setting of the room, as chosen. */
  private renderSummary(settings: RoomSettings): TemplateResult {
    return renderSummary(this.t, roomSettingFields(this.t, settings, new Set()));
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
