/**
 * What stands under the table: the notices (a setting that waits for the next match, a part that could
 * not load) and the how-to-play fold, whose text is one of those loaded on demand.
 */
import { html, nothing } from 'lit';
import type { Translator } from '../../../i18n/index.js';
import type { SessionState } from '../../session/session.js';
import type { LazyParts } from '../lazy-parts.js';
import type { LocalMatchController } from '../local-match.js';

const HOW_TO = { draw: 'howDraw', block: 'howBlock', fives: 'howFives', doubles: 'howDoubles' } as const;

/** What the notes need of the root: the match's notice, the lazy parts' problem and texts. */
export interface NotesHost {
  match: Pick<LocalMatchController, 'notice'>;
  lazy: Pick<LazyParts, 'problem' | 'texts'>;
}

export class TableNotes {
  constructor(private readonly host: NotesHost) {}

  render(t: Translator, state: SessionState) {
    const { match, lazy } = this.host;
    return html`${match.notice && state.pending ? html`<p class="notice">${t.t(match.notice)}</p>` : nothing}
      ${lazy.problem ? html`<p class="notice problem">${t.t(lazy.problem)}</p>` : nothing}
      <details class="how" part="how-to-play" @toggle=${this.onHowToPlayToggle}>
        <summary>${t.t('howToPlay')}</summary>
        <p>${t.t(HOW_TO[state.view.config.variant])}</p>
      </details>`;
  }

  /** The how-to-play text is one of the texts loaded on demand: it shows once they are here. */
  private readonly onHowToPlayToggle = (event: Event): void => {
    if ((event.currentTarget as HTMLDetailsElement).open) void this.host.lazy.texts();
  };
}
