/**
 * The settings dialog as the table places it (its code loads on first use, button-row.ts), with what
 * its choices do: the match against the computer changes, restarts or forgets its statistics, and
 * online play is chosen from it.
 */
import { html } from 'lit';
import type { InternalEvent } from '../../internal-events.js';
import type { SessionState } from '../../session/session.js';
import type { SettingsSource } from '../effective-settings.js';
import type { LocalMatchController } from '../local-match.js';
import type { OnlineEntryController } from '../online/online-play.js';

/** What the dialog needs of the root: the settings, the match they change, and whether a room server is named. */
export interface SettingsViewHost {
  element: { readonly server: string | null };
  settings: Pick<SettingsSource, 'now' | 'locked'>;
  match: Pick<LocalMatchController, 'stats' | 'change' | 'resetStats' | 'giveUpAndStartNew'>;
  online: Pick<OnlineEntryController, 'chosen' | 'against' | 'playAgainst'>;
}

export class SettingsView {
  constructor(private readonly host: SettingsViewHost) {}

  render(state: SessionState) {
    const { settings, match, online } = this.host;
    return html`<domino-settings
        .settings=${settings.now()}
        .locked=${settings.locked()}
        .stats=${match.stats}
        .online=${this.host.element.server ? online.against : null}
        @settings-change=${(e: InternalEvent<'settings-change'>) => match.change(e.detail.settings)}
        .restart=${!online.chosen && state.pending && state.phase !== 'matchOver'}
        @stats-reset=${() => match.resetStats()}
        @new-game=${() => match.giveUpAndStartNew()}
        @play-against=${(e: InternalEvent<'play-against'>) => online.playAgainst(e.detail)}
        .server=${this.host.element.server}
      ></domino-settings>`;
  }
}
