/**
 * The screens of quick match before the table (issue 40, "Play someone"): the name asked first when
 * the person has none, the server's pools to pick from, the wait in one (how many wait there, the time
 * waited, Cancel), and what went wrong. It shows what it is given and says what the person chose with
 * events; online play talks to the server. Loaded on demand with online play.
 */
import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { ENGLISH, type Translator } from '../../i18n/index.js';
import type { PoolInfo } from '../../net/protocol.js';
import { consumeLocale } from '../context/locale.js';
import { NameField } from '../domino-lobby/name-field.js';
import { emitInternal } from '../internal-events.js';
import { VARIANT_NAMES } from '../names.js';
import { styles } from './domino-quick-match.styles.js';
import { waitedClock } from './waited.js';
import { focusNewScreen } from '../screen-focus.js';

export type QuickMatchScreen =
  /** The name others will see, asked before the first wait. */
  | { kind: 'name'; name: string }
  /** The server's pools (null while they come), and why the last wait ended when it was refused. */
  | { kind: 'pools'; pools: PoolInfo[] | null; problem: string }
  /** Waiting in `pool`: how many wait there (null until the server says), the time waited (ms), the line's state. */
  | { kind: 'wait'; pool: PoolInfo; waiting: number | null; waited: number; computers: boolean; line: string }
  | { kind: 'problem'; text: string };

/** A pool in words: the game, the players (teams), the target. */
export function poolText(t: Translator, pool: PoolInfo): string {
  const { variant, players, teams, target } = pool.settings;
  const params = { variant: t.t(VARIANT_NAMES[variant]), players, target: target ?? 0 };
  return t.t(teams ? 'quickPoolTeams' : 'quickPoolPlayers', params);
}

/**
 * @fires quick-name - The name picked: `{ name }`.
 * @fires quick-seek - Wait in a pool: `{ pool, computers }`.
 * @fires quick-cancel - Stop waiting.
 * @fires quick-back - Back to playing the computer.
 */
export class DominoQuickMatch extends LitElement {
  static override styles = styles;
  static override properties: PropertyDeclarations = {
    t: { attribute: false },
    screen: { attribute: false },
  };

  t: Translator = ENGLISH;
  screen: QuickMatchScreen | null = null;
  private readonly nameField = new NameField(this, 'quick-name');

  constructor() {
    super();
    consumeLocale(this);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('screen')) focusNewScreen(this, (changed.get('screen') as QuickMatchScreen | null | undefined)?.kind, this.screen?.kind);
  }

  override render() {
    const screen = this.screen;
    switch (screen?.kind) {
      case 'name':
        return this.renderName(screen.name);
      case 'pools':
        return this.renderPools(screen);
      case 'wait':
        return this.renderWait(screen);
      case 'problem':
        return html`<section class="screen"><p class="problem" role="alert">${screen.text}</p>${this.backButton()}</section>`;
      default:
        return nothing;
    }
  }

  private backButton() {
    return html`<button class="back" type="button" @click=${() => emitInternal(this, 'quick-back')}>${this.t.t('backToComputer')}</button>`;
  }

  private renderName(name: string) {
    const t = this.t;
    return html`<section class="screen" aria-labelledby="quick-title">
      <h2 id="quick-title">${t.t('quickTitle')}</h2>
      <p>${t.t('quickNameHelp')}</p>
      <form novalidate @submit=${this.onName}>
        <div class="fields">${this.nameField.render(t, name)}</div>
        <div class="buttons">
          <button class="primary" type="submit">${t.t('quickNameGo')}</button>
          ${this.backButton()}
        </div>
      </form>
    </section>`;
  }

  private onName(event: Event): void {
    event.preventDefault();
    const name = this.nameField.read();
    if (name !== null) emitInternal(this, 'quick-name', { name });
  }

  private renderPools({ pools, problem }: Extract<QuickMatchScreen, { kind: 'pools' }>) {
    const t = this.t;
    return html`<section class="screen" aria-labelledby="quick-title">
      <h2 id="quick-title">${t.t('quickTitle')}</h2>
      ${problem ? html`<p class="problem" role="alert">${problem}</p>` : nothing}
      ${pools === null
        ? html`<p class="wait" role="status">${t.t('onlineConnecting')}</p>`
        : pools.length === 0
          ? html`<p class="wait">${t.t('quickNoPools')}</p>`
          : html`<p id="quick-help">${t.t('quickHelp')}</p>
              <ul class="pools" aria-labelledby="quick-title">
                ${pools.map((pool) => this.renderPool(pool))}
              </ul>`}
      <div class="buttons">${this.backButton()}</div>
    </section>`;
  }

  private renderPool(pool: PoolInfo) {
    const t = this.t;
    const checkId = `quick-computers-${pool.id}`;
    return html`<li class="pool" data-pool=${pool.id}>
      <button type="button" class="seek" aria-describedby=${`quick-waiting-${pool.id}`} @click=${() => this.seek(pool, checkId)}>${poolText(t, pool)}</button>
      <span class="waiting" id=${`quick-waiting-${pool.id}`}>${t.t('quickWaitingCount', { count: pool.waiting })}</span>
      ${pool.computersAfter === null
        ? nothing
        : html`<label class="check"><input type="checkbox" id=${checkId} /> ${t.t('quickComputers', { seconds: pool.computersAfter })}</label>`}
    </li>`;
  }

  private seek(pool: PoolInfo, checkId: string): void {
    const computers = this.renderRoot.querySelector<HTMLInputElement>(`#${checkId}`)?.checked ?? false;
    emitInternal(this, 'quick-seek', { pool: pool.id, computers });
  }

  private renderWait({ pool, waiting, waited, computers, line }: Extract<QuickMatchScreen, { kind: 'wait' }>) {
    const t = this.t;
    return html`<section class="screen" aria-labelledby="quick-title">
      <h2 id="quick-title">${t.t('quickWaitTitle')}</h2>
      <p class="pool-name">${poolText(t, pool)}</p>
      ${line ? html`<p class="line">${line}</p>` : nothing}
      <dl class="wait-facts">
        <dt>${t.t('quickWaitingLabel')}</dt>
        <dd class="waiting">${waiting === null ? '…' : t.number(waiting)}</dd>
        <dt>${t.t('quickWaitedLabel')}</dt>
        <dd class="waited"><span role="timer">${waitedClock(t.language, waited)}</span></dd>
      </dl>
      ${computers && pool.computersAfter !== null ? html`<p>${t.t('quickComputers', { seconds: pool.computersAfter })}</p>` : nothing}
      <div class="buttons">
        <button class="cancel primary" type="button" @click=${() => emitInternal(this, 'quick-cancel')}>${t.t('cancel')}</button>
      </div>
    </section>`;
  }
}

if (!customElements.get('domino-quick-match')) customElements.define('domino-quick-match', DominoQuickMatch);

declare global {
  interface HTMLElementTagNameMap {
    'domino-quick-match': DominoQuickMatch;
  }
}
