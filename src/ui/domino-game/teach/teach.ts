/**
 * A computer that teaches, against the computer only: the Hint button (and key H) shows the move the
 * hard computer would make and says why; the Undo button (and Ctrl+Z or U) takes your last move of the
 * round back, with the computers' moves after it. The site turns either off (`hints="off"`,
 * `undo="off"`). Only the buttons and keys are here, in the first visit: what they do loads on first
 * use (teach-actions.ts, with the texts shown on demand); the hint itself is thought out in the worker.
 */
import { html, nothing } from 'lit';
import { loadExtraTexts, type Translator } from '../../../i18n/index.js';
import type { Tile } from '../../../engine/index.js';
import type { SessionState } from '../../session/session.js';
import type { TeachActionsController as Actions, TeachHost } from './teach-actions.js';

/** Keys typed into a field or the settings dialog are not the game's. */
const typing = (event: KeyboardEvent): boolean =>
  event.defaultPrevented || event.altKey || /^(input|select|textarea|domino-settings|domino-lobby|domino-room-bar)$/.test((event.target as Element).localName);

export class Teaching {
  private actions: Actions | null = null;

  constructor(private readonly host: TeachHost) {}

  /** The tile the hint points to while its position stands. */
  tileFor(state: SessionState): Tile | null {
    return this.actions?.shown(state)?.tile ?? null;
  }

  /** The end the hint points to, when the tile fits more than one. */
  endFor(state: SessionState): string | null {
    return this.actions?.shown(state)?.end ?? null;
  }

  /** The hint's line, shown where the game says what to do. */
  lineFor(state: SessionState): string | null {
    return this.actions?.shown(state)?.text ?? null;
  }

  /** Hint and Undo, where they can be used now. */
  buttons(t: Translator, state: SessionState) {
    if (!this.host.offline() || state.phase !== 'playing') return nothing;
    const { hints, undo } = this.host.settings.now();
    return html`${hints && state.legal.length > 0
      ? html`<button class="secondary hint-button" part="hint-button" type="button" aria-keyshortcuts="H" @click=${() => this.run('hint')}>${t.t('teachHint')}</button>`
      : nothing}${undo && this.host.local.canUndo
      ? html`<button class="secondary undo-button" part="undo-button" type="button" aria-keyshortcuts="Control+Z U" @click=${() => this.run('undo')}>${t.t('teachUndo')}</button>`
      : nothing}`;
  }

  readonly onKeyDown = (event: KeyboardEvent): void => {
    if (!this.host.offline() || typing(event)) return;
    const key = event.key.toLowerCase();
    const command = event.ctrlKey || event.metaKey;
    if (key === 'h' && !command) void this.run('hint');
    else if ((key === 'u' && !command) || (key === 'z' && command && !event.shiftKey)) void this.run('undo');
    else return;
    event.preventDefault();
  };

  private async run(action: 'hint' | 'undo'): Promise<void> {
    if (!this.host.settings.now()[action === 'hint' ? 'hints' : 'undo']) return;
    if (!this.actions) {
      await this.host.lazy.load(async () => {
        await loadExtraTexts();
        const { TeachActionsController } = await import('./teach-actions.js');
        this.actions ??= new TeachActionsController(this.host);
      });
    }
    this.actions?.[action]();
  }
}
