/**
 * The row of buttons under the hand: the main action (Draw, Pass, Next round, New game; online, what
 * the room allows), Hint and Undo, and the settings button, which loads the dialog on first use.
 */
import { html, nothing } from 'lit';
import type { Translator } from '../../../i18n/index.js';
import type { Session, SessionState } from '../../session/session.js';
import type { LocalMatchController } from '../local-match.js';
import type { LazyParts } from '../lazy-parts.js';
import type { Teaching } from '../teach/teach.js';
import { mainActionOf, type MainAction, type MainButton } from './guidance.js';

/** What the button row needs of the root: where the main action goes, and the dialog it opens. */
export interface ButtonRowHost {
  element: { readonly renderRoot: HTMLElement | DocumentFragment };
  /** Where the match is played: the main action goes through it. */
  session(): Session;
  match: Pick<LocalMatchController, 'newMatchAsked'>;
  /** Online, the room decides what the main button offers. */
  online: { readonly mode: { allow(button: MainButton | null): MainButton | null; act(action: MainAction): boolean } | null };
  teach: Pick<Teaching, 'buttons'>;
  lazy: Pick<LazyParts, 'settingsDialog'>;
}

export class ButtonRow {
  constructor(private readonly host: ButtonRowHost) {}

  render(t: Translator, state: SessionState) {
    const online = this.host.online.mode;
    const button = mainActionOf(state.phase, state.legal);
    const action = online ? online.allow(button) : button;
    return html`<div class="actions">
        ${action
          ? html`<button class="main" part="main-button" type="button" @click=${() => this.onMainAction(action.action)}>
              ${t.t(action.label)}
            </button>`
          : nothing}
        ${this.host.teach.buttons(t, state)}
        <button class="secondary" part="settings-button" type="button" aria-haspopup="dialog" @click=${this.openSettings}>
          ${t.t('settings')}
        </button>
      </div>`;
  }

  private onMainAction(action: MainAction): void {
    if (this.host.online.mode?.act(action)) return;
    this.host.session().send({ type: action });
    if (action === 'new-match') this.host.match.newMatchAsked();
  }

  /** The dialog's code and texts load on first use: a first visit does not need them. */
  private readonly openSettings = async (event: Event): Promise<void> => {
    const opener = event.currentTarget as HTMLElement;
    if (!(await this.host.lazy.settingsDialog())) return;
    const dialog = this.host.element.renderRoot.querySelector('domino-settings');
    await dialog?.updateComplete;
    dialog?.open(opener);
  };
}
