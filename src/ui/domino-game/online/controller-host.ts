/**
 * What the online controllers need of online play: the widget they render in, the room's session
 * while there is one, the texts, and the live region.
 */
import type { ReactiveControllerHost } from 'lit';
import type { Seat } from '../../../engine/index.js';
import type { OnlineSession } from '../../session/online-session.js';
import type { PartHost } from '../game-element.js';

/** The root's part host (game-element.ts), with the room's session in place of the root's. */
export interface OnlineControllerHost extends Pick<PartHost, 't' | 'announce'> {
  element: ReactiveControllerHost & HTMLElement;
  /** The room's session, or null before one opens and after it closed. */
  session(): OnlineSession | null;
}

/**
 * What one widget remembers of online play while the page lives, across rooms: another widget on the
 * page is another person, who remembers their own.
 */
export interface OnlineMemory {
  /** The name typed last, offered again for the next room. */
  name: string;
  /** The seats the person muted, by room and their own seat there. */
  muted: Map<string, Set<Seat>>;
}

