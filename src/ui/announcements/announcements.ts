/** What the polite live region says: every move, draw, pass and score, and the round and match results. */
import { tileName, type PlayerView } from '../../engine/index.js';
import type { Translator } from '../../i18n/index.js';
import { endName, seatName } from '../names.js';
import type { MatchEmitted, SessionRejection, SessionState } from '../session/session.js';

/** What is said of `event`, as the person in `state.seat` sees it (the state right after the event). */
export function announcementOf(t: Translator, event: MatchEmitted, state: SessionState): string {
  const { view, seat: you } = state;
  switch (event.type) {
    case 'move': {
      const name = seatName(t, event.seat, state);
      const { move } = event;
      if (move.type === 'play') {
        const tile = tileName(move.tile);
        return move.end === 'lead'
          ? t.t('announceLead', { name, tile })
          : t.t('announcePlay', { name, tile, end: endName(t, move.end, view.openEnds.map((e) => e.id)) });
      }
      if (move.type === 'draw') {
        const drawn = event.seat === you ? [...view.log].reverse().find((e) => e.type === 'draw' && e.seat === you) : undefined;
        return drawn?.type === 'draw' && drawn.tile
          ? t.t('announceDrawYou', { tile: tileName(drawn.tile) })
          : t.t('announceDraw', { name });
      }
      return t.t('announcePass', { name });
    }
    case 'score':
      return t.t('announceScore', { name: seatName(t, event.seat, state), count: event.points });
    // The results are said by summary.ts, loaded when a round ends (LazyParts.resultText).
    case 'roundEnd':
    case 'matchEnd':
      return '';
    case 'turn':
      return event.seat === you ? t.t('announceTurn') : '';
  }
}

/**
 * Why an intent was refused, said to the person who sent it. `view` is that person's: a wrong lead
 * names the tile the round must be opened with, which only the leader sees before it is laid.
 */
export function rejectionText(t: Translator, rejection: SessionRejection, view?: Pick<PlayerView, 'round'>): string {
  switch (rejection.code) {
    case 'not-your-turn':
    case 'dealing':
      return t.t('rejectNotYourTurn');
    case 'tile-does-not-fit':
    case 'no-such-end':
      return t.t('rejectDoesNotFit');
    case 'must-play':
      return t.t('rejectMustPlay');
    case 'must-draw':
      return t.t('rejectMustDraw');
    case 'wrong-lead': {
      const lead = view?.round.lead;
      return lead ? t.t('rejectWrongLead', { tile: tileName(lead) }) : t.t('rejectOther');
    }
    default:
      return t.t('rejectOther');
  }
}

/** How long the live region stays empty before an announcement (see Announcer). */
export const ANNOUNCE_DELAY_MS = 100;

/**
 * Collects what happens within a moment into one announcement: a computer's move and the points it
 * scored are heard together, and nothing is cut off by the next message. The region is cleared at
 * once and written a little later, so that a repeated text is still a change a screen reader hears;
 * a timer rather than an animation frame, so that it also speaks in a page that is not painted
 * (a background tab).
 */
export class Announcer {
  private queue: string[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly write: (text: string) => void;

  constructor(write: (text: string) => void) {
    this.write = write;
  }

  announce(text: string): void {
    if (!text) return;
    this.queue.push(text);
    if (this.timer) return;
    this.write('');
    this.timer = setTimeout(() => this.flush(), ANNOUNCE_DELAY_MS);
  }

  private flush(): void {
    this.timer = null;
    const text = this.queue.join(' ');
    this.queue = [];
    this.write(text);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
  }
}
