/**
 * When the root goes online, before online play's code is even loaded: the page URL invites to a room
 * (on arrival, and when the fragment changes), a seat kept on this server waits to be resumed (on
 * arrival), or the person picks Friends online or Someone online. Then it loads that code (online-mode.ts) and hands
 * over to it until the person is back to the computer.
 */
import type { ReactiveController } from 'lit';
import type { LazyParts } from '../lazy-parts.js';
import { roomInLink, watchInLink, type OnlineEntry } from './online-link.js';
import type { OnlineHost, OnlineModeController } from './online-mode.js';
import type { SettingsSource } from '../effective-settings.js';
import type { OnlineMemory } from './controller-host.js';
import type { ShownMatch } from '../shown-match.js';
import type { PlayAgainst } from '../../internal-events.js';

/** What going online needs of the root: what online play itself needs, and more. */
export interface OnlineEntryHost extends OnlineHost, Pick<ShownMatch, 'switched'> {
  lazy: Pick<LazyParts, 'onlineMode'>;
  /** The settings now (a new room starts with them) and the site's lock. */
  settings: Pick<SettingsSource, 'now' | 'locked'>;
}

export class OnlineEntryController implements ReactiveController {
  /** Online play, once its code has loaded; null while playing the computer. */
  mode: OnlineModeController | null = null;
  /** From the choice of online play (while its code loads, too) until the person is back to the computer. */
  chosen = false;
  /** What this widget remembers of online play across rooms (the name typed, the seats muted): its own, not the page's. */
  private readonly memory: OnlineMemory = { name: '', muted: new Map() };

  /** Added after the local match: on arrival, the saved game is open when this looks for a kept seat. */
  constructor(private readonly host: OnlineEntryHost) {
    host.element.addController(this);
  }

  hostConnected(): void {
    if (!this.chosen) this.onHashChange();
    window.addEventListener('hashchange', this.onHashChange);
  }

  hostDisconnected(): void {
    window.removeEventListener('hashchange', this.onHashChange);
  }

  /** Whom the person plays now: the computer, friends in a room, or someone quick match finds. */
  get against(): PlayAgainst {
    if (!this.chosen) return 'computer';
    return this.mode?.quickMatch || (!this.mode && this.entering === 'quick') ? 'someone' : 'friends';
  }

  /** The entry being loaded, while online play's code loads. */
  private entering: OnlineEntry['type'] | null = null;

  /** The person picked whom to play in the settings: back to the computer, on to create a room, or to quick match. */
  playAgainst(against: PlayAgainst): void {
    if (against === 'computer') this.mode?.back();
    else void this.go({ type: against === 'someone' ? 'quick' : 'create' });
  }

  private readonly onHashChange = (change?: Event) => {
    const invited = roomInLink(location.hash);
    const watched = watchInLink(location.hash);
    if (invited) void this.go({ type: 'join', ...invited });
    else if (watched) void this.go({ type: 'watch', ...watched });
    else if (!change && this.host.persistence.keptServer() === this.host.element.server) void this.go({ type: 'resume' });
  };

  private async go(entry: OnlineEntry): Promise<void> {
    const { host } = this;
    if (!host.element.server) return;
    this.chosen = true;
    this.entering = entry.type;
    host.switched();
    const module = await host.lazy.onlineMode();
    if (module && !this.mode) {
      this.mode = new module.OnlineModeController(host, {
        memory: this.memory,
        left: () => {
          this.mode = null;
          this.chosen = false;
          host.switched();
        },
      });
    }
    this.chosen = !!this.mode;
    this.mode?.enter(entry, host.settings.now());
  }
}
