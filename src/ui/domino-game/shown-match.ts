/**
 * The news of the match the root shows, to which its parts subscribe themselves: each domain event
 * (the local match's while the person plays the computer, the room's while online) with the state
 * right after it, and the switch between the two. The root and online play feed it; the sounds, the
 * table's story, the page's DOM events, the live region, the statistics and the play listen.
 */
import { Listeners, type MatchEmitted, type SessionState } from '../session/session.js';

export type MatchEventListener = (event: MatchEmitted, state: SessionState) => void;

/** What a part hears of the match shown. */
export interface ShownMatchNews {
  /** Each domain event of the match shown, with the state right after it; returns the unsubscribe function. */
  onMatchEvent(listener: MatchEventListener): () => void;
  /** Online play began or ended (the match shown is about to change); returns the unsubscribe function. */
  onSwitch(listener: () => void): () => void;
}

export class ShownMatch implements ShownMatchNews {
  private readonly events = new Listeners<{ event: MatchEmitted; state: SessionState }>();
  private readonly switches = new Listeners<void>();

  /** `state`: the state of the match shown now. */
  constructor(private readonly state: () => SessionState | null) {}

  onMatchEvent(listener: MatchEventListener): () => void {
    return this.events.add(({ event, state }) => listener(event, state));
  }

  onSwitch(listener: () => void): () => void {
    return this.switches.add(listener);
  }

  /** A domain event of the match shown: every part subscribed hears it (none before there is a state). */
  hearEvent(event: MatchEmitted): void {
    const state = this.state();
    if (state) this.events.notify({ event, state });
  }

  /** Online play began or ended. */
  switched(): void {
    this.switches.notify();
  }
}
