import { LitElement, html, nothing, type PropertyDeclarations } from 'lit';
import { defaultHouseRules, HOUSE_RULE_OPTIONS, resolveConfig, VARIANTS } from '../../engine/index.js';
import type { HouseRules } from '../../engine/index.js';
import { ENGLISH, LANGUAGES, type MessageKey, type Translator } from '../../i18n/index.js';
import { LANGUAGE_NAMES } from '../../i18n/language-names.js';
import { LEVELS } from '../../shared/names.js';
import { browserStore, type KeyValueStore, type PlayerSettings, type Stats } from '../../storage/index.js';
import { forgetIdentity, identityKey, keptIdentityName } from '../session/identity-key.js';
import { consumeLocale } from '../context/locale.js';
import type { EffectiveSettings, SettingName } from '../domino-game/effective-settings.js';
import { LEVEL_NAMES, VARIANT_HOUSE_RULES, VARIANT_NAMES } from './choices.js';
import { gameFields, renderFields } from './setting-fields.js';
import { styles } from './domino-settings.styles.js';
import { emitInternal, type PlayAgainst } from '../internal-events.js';

/**
 * The settings dialog: a real modal (native <dialog>: focus stays inside, Escape closes, focus returns
 * to the button that opened it). Every change applies at once (the game, players and level from the
 * next match, which it offers to start at once); what the site locks is not shown. Also the statistics.
 *
 * @fires settings-change - The player changed a setting: `{ settings }` (only what changed).
 * @fires play-against - The player chose whom to play against: `'computer'`, `'friends'` (a room online) or `'someone'` (quick match).
 * @fires stats-reset - The player reset the statistics (confirmed).
 * @fires new-game - The player gave up the match being played to start the next one now (confirmed).
 */
/** What is asked before something that cannot be undone. */
type Question = 'restart' | 'reset' | 'forget';

export class DominoSettings extends LitElement {
  static override styles = styles;
  static override properties: PropertyDeclarations = {
    t: { attribute: false },
    settings: { attribute: false },
    locked: { attribute: false },
    stats: { attribute: false },
    online: { attribute: false },
    restart: { attribute: false },
    server: { attribute: false },
    confirming: { state: true },
    resetDone: { state: true },
    forgotten: { state: true },
  };

  /** The language, from the <domino-game> around it. */
  t: Translator = ENGLISH;
  settings: EffectiveSettings | null = null;
  locked: ReadonlySet<SettingName> = new Set();
  stats: Stats | null = null;
  /** Whom the person plays (online, the game's settings are the room's, not these); null: the site did not set online play up. */
  online: PlayAgainst | null = null;
  /** Settings that wait for the next match changed while one is played: offer starting it now. */
  restart = false;
  /** The room server's base URL (<domino-game server>): Forget me forgets the player kept for it. */
  server: string | null = null;
  /** The player this browser keeps for the room server (its name, '' before one was picked); null when none is kept. */
  private identity: { key: string; name: string } | null = null;
  /** The page's storage, once looked at (null: none). */
  private store: KeyValueStore | null | undefined;
  /** The question being asked before something that cannot be undone. */
  private confirming: Question | null = null;
  private resetDone = false;
  /** Forget me was done: said until the dialog closes. */
  private forgotten = false;

  private opener: HTMLElement | null = null;

  constructor() {
    super();
    consumeLocale(this);
  }

  /** Read at every update: quick match may have made a player since the last. */
  protected override willUpdate(): void {
    this.identity = this.keptIdentity();
  }

  private keptIdentity(): { key: string; name: string } | null {
    if (!this.server) return null;
    this.store ??= browserStore();
    if (!this.store) return null;
    let key: string;
    try {
      key = identityKey(this.server, location.href);
    } catch {
      return null;
    }
    const name = keptIdentityName(this.store, key);
    return name === null ? null : { key, name };
  }

  private get dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  /** Opens the dialog; focus returns to `opener` when it closes. */
  open(opener?: HTMLElement): void {
    this.opener = opener ?? null;
    // Drawn afresh: the player kept for the server may have changed since it last was.
    this.requestUpdate();
    void this.updateComplete.then(() => {
      const dialog = this.dialog;
      if (this.isConnected && dialog && !dialog.open) dialog.showModal();
    });
  }

  close(): void {
    this.dialog?.close();
  }

  get isOpen(): boolean {
    return this.dialog?.open ?? false;
  }

  private onClose(): void {
    this.confirming = null;
    this.resetDone = false;
    this.forgotten = false;
    this.opener?.focus();
    this.opener = null;
  }

  private change(settings: PlayerSettings): void {
    emitInternal(this, 'settings-change', { settings });
  }

  /** The game's own settings are not shown online (the room has its own); the language and statistics are. */
  private shows(name: SettingName): boolean {
    return !this.locked.has(name) && (this.online === null || this.online === 'computer' || name === 'lang');
  }

  /** Playing against the computer, friends online or someone online: the widget switches, and the dialog closes. */
  private choose(against: PlayAgainst): void {
    this.close();
    emitInternal(this, 'play-against', against);
  }

  override render() {
    const s = this.settings;
    const t = this.t;
    if (!s) return nothing;
    return html`<dialog aria-labelledby="settings-title" @close=${this.onClose}>
      <form method="dialog" @submit=${(e: Event) => e.preventDefault()}>
        <header>
          <h2 id="settings-title">${t.t('settingsTitle')}</h2>
          <button class="close" type="button" @click=${this.close}>${t.t('close')}</button>
        </header>
        <div class="fields">
          <fieldset class="against">
            <legend>${t.t('playAgainst')}</legend>
            <label
              ><input type="radio" name="against" value="computer" .checked=${this.online !== 'friends' && this.online !== 'someone'} @change=${() => this.choose('computer')} />
              ${t.t('againstComputer')}</label
            >
            ${this.onlineChoice('friends', t.t('againstFriends'))} ${this.onlineChoice('someone', t.t('againstSomeone'))}
            ${this.online === null ? html`<p class="note" id="online-unavailable">${t.t('onlineUnavailable')}</p>` : nothing}
          </fieldset>
          ${renderFields(
            t,
            gameFields(t, s).filter((f) => this.shows(f.name as SettingName)),
            { idPrefix: 'setting', change: (choices) => this.change(choices as PlayerSettings) },
          )}
          ${this.shows('lang')
            ? this.select(
                'lang',
                t.t('languageLabel'),
                [['', t.t('languageAuto')], ...LANGUAGES.map((l) => [l, LANGUAGE_NAMES[l]] as [string, string])],
                s.lang ?? '',
                (v) => this.change({ lang: v || null }),
              )
            : nothing}
          ${this.shows('houseRules') ? this.renderHouseRules(s) : nothing}
          ${this.locked.has('sound')
            ? nothing
            : html`<label class="check"
                ><input type="checkbox" name="sound" .checked=${s.sound} @change=${(e: Event) => this.change({ sound: (e.target as HTMLInputElement).checked })} />
                ${t.t('soundSetting')}</label
              >`}
        </div>
        ${this.restart ? this.renderRestart() : nothing} ${this.renderStats()} ${this.renderIdentity()}
      </form>
    </dialog>`;
  }

  /** A choice of online play: not offered (but shown, saying why) when the site set no room server up. */
  private onlineChoice(against: Exclude<PlayAgainst, 'computer'>, label: string) {
    const unavailable = this.online === null;
    return html`<label
      ><input
        type="radio"
        name="against"
        value=${against}
        .checked=${this.online === against}
        ?disabled=${unavailable}
        aria-describedby=${unavailable ? 'online-unavailable' : nothing}
        @change=${() => this.choose(against)}
      />
      ${label}</label
    >`;
  }

  private select(id: string, label: string, options: [string, string][], value: string, onChange: (value: string) => void) {
    return html`<label class="field" for=${`setting-${id}`}>${label}</label>
      <select id=${`setting-${id}`} @change=${(e: Event) => onChange((e.target as HTMLSelectElement).value)}>
        ${options.map(([v, text]) => html`<option value=${v} ?selected=${v === value}>${text}</option>`)}
      </select>`;
  }

  /**
   * The house rules of the chosen variant only, as a group of labelled fields: an option that changes
   * nothing in it, or a value its rules refuse (Doubles must open with a double), is not offered.
   */
  private renderHouseRules(s: EffectiveSettings) {
    const t = this.t;
    const defaults = defaultHouseRules(s.variant);
    const label = (name: string, value: unknown) =>
      typeof value === 'number' ? t.number(value) : t.t(`rule_${name}_${String(value)}` as MessageKey);
    const allowed = (name: keyof HouseRules, value: unknown) => {
      try {
        resolveConfig({ variant: s.variant, players: s.players, teams: s.teams, houseRules: { [name]: value } });
        return true;
      } catch {
        return false;
      }
    };
    const names = VARIANT_HOUSE_RULES[s.variant].filter((name) => name !== 'partnerBlocked' || s.teams);
    return html`<details class="advanced">
      <summary>${t.t('advanced')}</summary>
      <fieldset class="rules">
        <legend>${t.t(VARIANT_NAMES[s.variant])}</legend>
        ${names.map((name) => {
          const chosen = s.houseRules[name];
          const values = (HOUSE_RULE_OPTIONS[name] as readonly unknown[]).filter((v) => allowed(name, v));
          const options: [string, string][] = [
            ['', t.t('ruleDefault', { value: label(name, defaults[name]) })],
            ...values.map((v) => [String(v), label(name, v)] as [string, string]),
          ];
          return this.select(`rule-${name}`, t.t(`rule_${name}` as MessageKey), options, chosen === undefined ? '' : String(chosen), (v) => {
            const rules: Record<string, unknown> = { ...s.houseRules };
            if (v === '') delete rules[name];
            else rules[name] = name === 'boneyardReserve' ? Number(v) : v;
            this.change({ houseRules: rules as Partial<HouseRules> });
          });
        })}
      </fieldset>
    </details>`;
  }

  /** Asks before what cannot be undone; the focus goes to the safe answer. */
  private ask(what: Question): void {
    this.confirming = what;
    this.focusOnceRendered('.confirm .no');
  }

  /** The question answered or dismissed: it goes, and the focus goes `back` (the button that asked it). */
  private putQuestionAway(back: string): void {
    this.confirming = null;
    this.focusOnceRendered(back);
  }

  private focusOnceRendered(selector: string): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(selector)?.focus());
  }

  /** The confirmation of `what`: its question labels the group, so a screen reader says it with the buttons. */
  private renderQuestion(
    what: Question,
    texts: { question: string; yes: string; no: string },
    answers: { onYes: () => void; back: string },
  ) {
    return html`<div class="confirm" role="group" aria-labelledby=${`${what}-question`}>
      <p id=${`${what}-question`}>${texts.question}</p>
      <button type="button" class="yes" @click=${answers.onYes}>${texts.yes}</button>
      <button type="button" class="no" @click=${() => this.putQuestionAway(answers.back)}>${texts.no}</button>
    </div>`;
  }

  /** Starting the new game now gives up the one being played (played, not won): asked first. */
  private renderRestart() {
    const t = this.t;
    return html`<section class="restart">
      <p>${t.t('settingsNextMatch')}</p>
      ${this.confirming === 'restart'
        ? this.renderQuestion(
            'restart',
            { question: t.t('restartConfirm'), yes: t.t('restartYes'), no: t.t('keepPlaying') },
            {
              onYes: () => {
                this.confirming = null;
                this.close();
                emitInternal(this, 'new-game');
              },
              back: '.restart-now',
            },
          )
        : html`<button type="button" class="restart-now" @click=${() => this.ask('restart')}>${t.t('restartNow')}</button>`}
    </section>`;
  }

  private renderStats() {
    const stats = this.stats;
    const t = this.t;
    if (!stats) return nothing;
    const line = (played: number, won: number) => t.t('statsLine', { won, played });
    return html`<section class="stats">
      <h3>${t.t('statsTitle')}</h3>
      <div class="stat-groups">
        <dl aria-label=${t.t('statsByLevel')}>
          ${LEVELS.map((l) => html`<dt>${t.t(LEVEL_NAMES[l])}</dt><dd>${line(stats.byLevel[l].played, stats.byLevel[l].won)}</dd>`)}
        </dl>
        <dl aria-label=${t.t('statsByVariant')}>
          ${VARIANTS.map((v) => html`<dt>${t.t(VARIANT_NAMES[v])}</dt><dd>${line(stats.byVariant[v].played, stats.byVariant[v].won)}</dd>`)}
        </dl>
        <dl class="with-help" aria-label=${t.t('statsWithHelp')}>
          <dt>${t.t('statsWithHelp')}</dt><dd>${line(stats.withHelp.played, stats.withHelp.won)}</dd>
        </dl>
      </div>
      ${this.confirming === 'reset'
        ? this.renderQuestion(
            'reset',
            { question: t.t('statsResetConfirm'), yes: t.t('statsResetYes'), no: t.t('cancel') },
            {
              onYes: () => {
                this.resetDone = true;
                emitInternal(this, 'stats-reset');
                this.putQuestionAway('.reset');
              },
              back: '.reset',
            },
          )
        : html`<button type="button" class="reset" @click=${() => this.ask('reset')}>${t.t('statsReset')}</button>`}
      <p class="note" role="status">${this.resetDone ? t.t('statsResetDone') : nothing}</p>
    </section>`;
  }

  /** Forget me, when this browser keeps a player for the room server: what it costs is asked first. */
  private renderIdentity() {
    const t = this.t;
    if (!this.identity && !this.forgotten) return nothing;
    return html`<section class="identity">
      ${this.identity?.name ? html`<p>${t.t('forgetMeHelp', { name: this.identity.name })}</p>` : nothing}
      ${!this.identity
        ? nothing
        : this.confirming === 'forget'
          ? this.renderQuestion(
              'forget',
              { question: t.t('forgetMeConfirm'), yes: t.t('forgetMe'), no: t.t('cancel') },
              {
                onYes: () => {
                  if (this.identity && this.store) forgetIdentity(this.store, this.identity.key);
                  this.forgotten = true;
                  this.confirming = null;
                  // The button went with the player: the focus stays in the dialog, on its close button.
                  this.focusOnceRendered('.close');
                },
                back: '.forget-me',
              },
            )
          : html`<button type="button" class="forget-me" @click=${() => this.ask('forget')}>${t.t('forgetMe')}</button>`}
      <p class="note" role="status">${this.forgotten ? t.t('forgetMeDone') : nothing}</p>
    </section>`;
  }
}

if (!customElements.get('domino-settings')) customElements.define('domino-settings', DominoSettings);

declare global {
  interface HTMLElementTagNameMap {
    'domino-settings': DominoSettings;
  }
}
