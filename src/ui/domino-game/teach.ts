/**
 * A computer that teaches, against the computer only: the Hint button (and key H) shows the move the
 * hard computer would make and says why; the Undo button (and Ctrl+Z or U) takes your last move of the
 * round back, with the computers' moves after it. The site turns either off (`hints="off"`,
 * `undo="off"`). Only the buttons and keys are here: the words of a hint and of an undo load on first
 * use (teach-actions.ts, with the texts shown on demand), the hint itself is thought out in the worker.
 */
import { html, nothing, type ReactiveController, type ReactiveElement } from 'lit';
import { loadExtraTexts, type Translator } from '../../i18n/index.js';
import type { Tile } from '../../engine/index.js';
import type { LocalSession } from '../session/local-session.js';
import type { SessionState } from '../session/session.js';
import type { EffectiveSettings } from './effective-settings.js';
import type { LazyParts } from './lazy-parts.js';
import type { LocalMatch } from './local-match.js';

type Actions = typeof import('./teach-actions.js');

/** The hint shown, for the position it was asked in. */
interface ShownHint {
  position: string;
  tile: Tile | null;
  end: string | null;
  text: string;
}

/** A position of the round: a hint holds until someone moves (or a move is taken back). */
const positionOf = ({ view }: SessionState): string => `${view.round.number}:${view.log.length}`;

/** Keys typed into a field or the settings dialog are not the game's. */
const typing = (event: KeyboardEvent): boolean =>
  event.defaultPrevented || event.altKey || /^(input|select|textarea|domino-settings|domino-lobby)$/.test((event.target as Element).localName);

export class Teaching implements ReactiveController {
  private hint: ShownHint | null = null;
  private asking = false;
  private actions: Actions | null = null;
  /** Whether one of the buttons had the focus before this render (it may be about to go). */
  private buttonHadFocus = false;

  constructor(
    private readonly host: ReactiveElement,
    private readonly local: LocalSession,
    private readonly match: LocalMatch,
    private readonly parts: LazyParts,
    private readonly t: () => Translator,
    private readonly say: (text: string) => void,
    private readonly settings: () => Pick<EffectiveSettings, 'hints' | 'undo'>,
    /** The match shown is the local one (online, nothing here applies). */
    private readonly offline: () => boolean,
  ) {
    host.addController(this);
  }

  private shown(state: SessionState): ShownHint | null {
    return this.hint?.position === positionOf(state) ? this.hint : null;
  }

  /** The tile the hint points to while its position stands. */
  tileFor(state: SessionState): Tile | null {
    return this.shown(state)?.tile ?? null;
  }

  /** The end the hint points to, when the tile fits more than one. */
  endFor(state: SessionState): string | null {
    return this.shown(state)?.end ?? null;
  }

  /** The hint's line, shown where the game says what to do. */
  lineFor(state: SessionState): string | null {
    return this.shown(state)?.text ?? null;
  }

  /** Hint and Undo, where they can be used now. */
  buttons(t: Translator, state: SessionState) {
    if (!this.offline() || state.phase !== 'playing') return nothing;
    const { hints, undo } = this.settings();
    return html`${hints && state.legal.length > 0
      ? html`<button class="secondary hint-button" part="hint-button" type="button" aria-keyshortcuts="H" @click=${this.askHint}>${t.t('teachHint')}</button>`
      : nothing}${undo && this.local.canUndo
      ? html`<button class="secondary undo-button" part="undo-button" type="button" aria-keyshortcuts="Control+Z U" @click=${this.takeBack}>${t.t('teachUndo')}</button>`
      : nothing}`;
  }

  readonly onKeyDown = (event: KeyboardEvent): void => {
    if (!this.offline() || typing(event)) return;
    const key = event.key.toLowerCase();
    const command = event.ctrlKey || event.metaKey;
    if (key === 'h' && !command) this.askHint();
    else if ((key === 'u' && !command) || (key === 'z' && command && !event.shiftKey)) this.takeBack();
    else return;
    event.preventDefault();
  };

  /** The words of hints and undos, and the on-demand texts they use. */
  private async loadActions(): Promise<Actions | null> {
    if (!this.actions) {
      await this.parts.load(async () => {
        await loadExtraTexts();
        this.actions = await import('./teach-actions.js');
      });
    }
    return this.actions;
  }

  readonly askHint = (): void => {
    const state = this.local.state;
    if (!this.settings().hints || !state || state.legal.length === 0 || this.asking || this.shown(state)) return;
    this.asking = true;
    void Promise.all([this.loadActions(), this.local.hint()])
      .then(([actions, hint]) => {
        const now = this.local.state;
        // The position may have moved on while the computer thought (an undo, a new game).
        if (!actions || !hint || !now || positionOf(now) !== positionOf(state)) return;
        this.match.hintTaken();
        const { tile, end, text } = actions.describeHint(this.t(), hint, now);
        this.hint = { position: positionOf(now), tile, end, text };
        this.say(text);
        this.host.requestUpdate();
      })
      .catch((error: unknown) => console.warn('<domino-game>: no hint could be found.', error))
      .finally(() => (this.asking = false));
  };

  readonly takeBack = (): void => {
    if (!this.settings().undo) return;
    void this.loadActions().then((actions) => {
      if (!actions) return;
      if (!this.local.canUndo) {
        this.say(actions.nothingToUndoText(this.t()));
        return;
      }
      this.local.undo();
      this.hint = null;
      this.say(actions.undoneText(this.t()));
    });
  };

  hostUpdate(): void {
    this.buttonHadFocus = (this.host.renderRoot as ShadowRoot).activeElement?.matches('.hint-button, .undo-button') ?? false;
  }

  hostUpdated(): void {
    // A button that vanishes once used (nothing more to undo) hands the focus to your tiles, not the page.
    const root = this.host.renderRoot as ShadowRoot;
    if (this.buttonHadFocus && !root.activeElement) root.querySelector('domino-hand')?.focusTile();
  }
}
