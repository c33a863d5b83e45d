/**
 * When the root goes online, before online play's code is even loaded: the page URL invites to a room
 * (on arrival, and when the fragment changes), a seat kept on this server waits to be resumed (on
 * arrival), or the person picks Friends online. Then it loads that code (online-mode.ts) and hands
 * over to it until the person is back to the computer.
 */
import type { ReactiveController } from 'lit';
import type { LazyParts } from './lazy-parts.js';
import { roomInLink, watchInLink, type OnlineEntry } from './online-link.js';
import type { OnlineHost, OnlineMode } from './online-mode.js';
import type { EffectiveSettings } from './effective-settings.js';
import type { OnlineMemory } from './online/controller-host.js';

/** What going online needs of the root: what online play itself needs, and more. */
export interface OnlinePlayHost extends Omit<OnlineHost, 'left' | 'memory'> {
  parts: LazyParts;
  /** The settings now (a new room starts with them). */
  settings(): EffectiveSettings;
  /** Online play began or ended: what the person was doing at the other table is dropped. */
  switched(): void;
}

export class OnlinePlay implements ReactiveController {
  /** Online play, once its code has loaded; null while playing the computer. */
  mode: OnlineMode | null = null;
  /** From the choice of online play (while its code loads, too) until the person is back to the computer. */
  chosen = false;
  /** What this widget remembers of online play across rooms (the name typed, the seats muted): its own, not the page's. */
  private readonly memory: OnlineMemory = { name: '', muted: new Map() };

  /** Added after the local match: on arrival, the saved game is open when this looks for a kept seat. */
  constructor(private readonly host: OnlinePlayHost) {
    host.element.addController(this);
  }

  hostConnected(): void {
    if (!this.chosen) this.onHashChange();
    window.addEventListener('hashchange', this.onHashChange);
  }

  hostDisconnected(): void {
    window.removeEventListener('hashchange', this.onHashChange);
  }

  /** The person picked whom to play in the settings: back to the computer, or on to create a room. */
  playAgainst(): void {
    if (this.mode) this.mode.back();
    else void this.go({ type: 'create' });
  }

  private readonly onHashChange = (change?: Event) => {
    const room = roomInLink(location.hash);
    const watched = watchInLink(location.hash);
    if (room) void this.go({ type: 'join', room });
    else if (watched) void this.go({ type: 'watch', room: watched });
    else if (!change && this.host.persistence.keptServer() === this.host.element.server) void this.go({ type: 'resume' });
  };

  private async go(entry: OnlineEntry): Promise<void> {
    const { host } = this;
    if (!host.element.server) return;
    this.chosen = true;
    host.switched();
    const module = await host.parts.onlineMode();
    if (module && !this.mode) {
      this.mode = new module.OnlineMode({
        ...host,
        memory: this.memory,
        left: () => {
          this.mode = null;
          this.chosen = false;
          host.switched();
        },
      });
    }
    this.chosen = !!this.mode;
    this.mode?.enter(entry, host.settings());
  }
}
