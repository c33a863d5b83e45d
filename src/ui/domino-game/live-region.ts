/**
 * The polite live region and the line under the table: what is said of each event of the match shown
 * (in the events' order, though a round's result waits for the summary's words: InOrder), a refusal of
 * one of the person's own intents, and any text another part announces.
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import type { Translator } from '../../i18n/index.js';
import type { MatchEmitted, Session, SessionRejection } from '../session/session.js';
import { Announcer, announcementOf, rejectionText } from '../announcements/announcements.js';
import { InOrder } from './in-order.js';
import type { LazyParts } from './lazy-parts.js';
import type { ShownMatchNews } from './shown-match.js';
import type { TableStory } from './table/table-story.js';

/** What the live region needs of the root. */
export interface LiveRegionHost extends Pick<ShownMatchNews, 'onMatchEvent'> {
  element: ReactiveElement;
  t(): Translator;
  /** The match shown. */
  session(): Session;
  lazy: Pick<LazyParts, 'resultText'>;
  story: Pick<TableStory, 'said'>;
}

export class LiveRegionController implements ReactiveController {
  private readonly announcer = new Announcer((text) => {
    const live = this.host.element.renderRoot.querySelector('.live');
    if (live) live.textContent = text;
  });
  /** What is said of the events, in the order they came. */
  private readonly inOrder = new InOrder<MatchEmitted>((event, text) => this.announceEvent(event, text));
  /** The refusal announced last: a state that keeps it is not announced again. */
  private lastRejection: SessionRejection | null = null;

  constructor(private readonly host: LiveRegionHost) {
    host.element.addController(this);
    host.onMatchEvent((event, state) => {
      // The results' words come with the summary's code, loaded now: what follows is said after them.
      const result = event.type === 'roundEnd' || event.type === 'matchEnd';
      this.inOrder.add(event, result ? host.lazy.resultText(event, state) : announcementOf(host.t(), event, state));
    });
  }

  /** Says a text in the live region (texts within a moment are said together). */
  announce(text: string): void {
    this.announcer.announce(text);
  }

  /** The live region says what `event` was, and the line under the table shows it. */
  private announceEvent(event: MatchEmitted, text: string): void {
    if (text) this.announcer.announce(text);
    this.host.story.said(event, text);
  }

  hostUpdated(): void {
    const state = this.host.session().state;
    const rejection = state?.rejection ?? null;
    if (rejection && rejection !== this.lastRejection) this.announcer.announce(rejectionText(this.host.t(), rejection, state?.view));
    this.lastRejection = rejection;
  }

  hostDisconnected(): void {
    this.announcer.cancel();
  }
}
