/**
 * In the round's end of a match against the computer, once it is over: replay it, copy its record,
 * download it. Rendered in the root's own tree (no shadow root of its own), so the root's button styles
 * apply. The replay view loads when it is first asked for (<domino-replay>); the record is made once per
 * match.
 */
import { LitElement, html, nothing, svg, type PropertyDeclarations } from 'lit';
import type { MatchRecord } from '../../engine/index.js';
import { ENGLISH, type MessageKey, type Translator } from '../../i18n/index.js';
import type { Seating } from '../names.js';
import type { RecordParts } from '../session/local-session.js';
import type { SessionState } from '../session/session.js';
import { recordFileName, recordJson, recordOf } from './match-record.js';

/**
 * Copy and Download show as icons where the panel is narrow (summary.ts), their words still read out:
 * two pages over each other; an arrow down into a tray.
 */
const ICONS = {
  copy: svg`<rect x="8" y="8" width="12" height="13" rx="2"></rect><path d="M16 5V4.5A1.5 1.5 0 0 0 14.5 3h-9A1.5 1.5 0 0 0 4 4.5v11A1.5 1.5 0 0 0 5.5 17H6"></path>`,
  download: svg`<path d="M12 3v12M7 10l5 5 5-5M4 17v3h16v-3"></path>`,
};

function icon(name: keyof typeof ICONS) {
  return html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${ICONS[name]}</svg>`;
}

/** The record's actions at a match's end (nothing before the match is over). */
export function renderRecordActions(t: Translator, state: SessionState, source: { recordParts(): RecordParts | null }) {
  if (state.phase !== 'matchOver') return nothing;
  return html`<domino-match-record .t=${t} .parts=${source.recordParts()} .seating=${state}></domino-match-record>`;
}

export class DominoMatchRecord extends LitElement {
  static override properties: PropertyDeclarations = {
    t: { attribute: false },
    parts: { attribute: false },
    seating: { attribute: false },
    message: { state: true },
  };

  t: Translator = ENGLISH;
  /** What the record is made of (the local session's), read when the element first renders. */
  parts: RecordParts | null = null;
  /** Who sat where: the replay names the seats as the game did. */
  seating: Seating | null = null;
  /** What the last copy or download did. */
  message: MessageKey | '' = '';
  private made: { from: RecordParts['game']; record: MatchRecord | null } | null = null;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** The record of the match shown, made once (it replays the whole match to check it). */
  get record(): MatchRecord | null {
    const parts = this.parts;
    if (!parts) return null;
    if (this.made?.from !== parts.game) this.made = { from: parts.game, record: recordOf(parts) };
    return this.made.record;
  }

  override render() {
    const { t } = this;
    if (!this.record) return html`<p class="record-missing">${t.t('recordMissing')}</p>`;
    return html`<div class="record-actions" role="group" aria-label=${t.t('matchRecord')}>
        <button class="secondary" type="button" data-action="replay" aria-haspopup="dialog" @click=${this.replay}>${t.t('replayMatch')}</button>
        <button class="secondary" type="button" data-action="copy" title=${t.t('copyRecord')} @click=${this.copy}>
          ${icon('copy')}<span class="label">${t.t('copyRecord')}</span>
        </button>
        <button class="secondary" type="button" data-action="download" title=${t.t('downloadRecord')} @click=${this.download}>
          ${icon('download')}<span class="label">${t.t('downloadRecord')}</span>
        </button>
      </div>
      <p class="record-status" role="status">${this.message ? t.t(this.message) : nothing}</p>`;
  }

  private async replay(event: Event): Promise<void> {
    const opener = event.currentTarget as HTMLElement;
    const record = this.record;
    if (!record) return;
    try {
      await import('../domino-replay/domino-replay.js');
    } catch (error) {
      console.warn('<domino-game>: the replay could not be loaded.', error);
      this.message = 'loadFailed';
      return;
    }
    const replay = document.createElement('domino-replay');
    replay.record = record;
    replay.t = this.t;
    replay.seating = this.seating;
    replay.addEventListener('replay-close', () => {
      replay.remove();
      opener.focus();
    });
    this.append(replay);
    await replay.updateComplete;
    replay.open();
  }

  private async copy(): Promise<void> {
    const record = this.record;
    if (!record) return;
    try {
      await navigator.clipboard.writeText(recordJson(record));
      this.message = 'recordCopied';
    } catch {
      this.message = 'recordNotCopied';
    }
  }

  private download(): void {
    const record = this.record;
    if (!record) return;
    const url = URL.createObjectURL(new Blob([recordJson(record)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = recordFileName();
    link.hidden = true;
    this.append(link);
    link.click();
    link.remove();
    // The download has its data once the click is handled; a moment later the URL can go.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.message = 'recordDownloaded';
  }
}

if (!customElements.get('domino-match-record')) customElements.define('domino-match-record', DominoMatchRecord);

declare global {
  interface HTMLElementTagNameMap {
    'domino-match-record': DominoMatchRecord;
  }
}
