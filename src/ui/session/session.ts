/**
 * The seam between the widget and where a match is played. The root element renders only a
 * `SessionState` and sends `SessionIntent`s; it never reads a match snapshot and never assumes which
 * seat the person holds. A local session wraps the match actor in the page; an online session wraps
 * the connection to the room server, which alone holds the full state.
 */
import type { LegalMove, PlayerView, Seat, Tile } from '../../engine/index.js';
import type { MatchEmitted, Phase, RejectionCode } from '../../machine/index.js';

// The widget takes these types from here, never from the machine.
export type { MatchEmitted, Phase };

/** What the person may ask for. The seat is never part of an intent: the session knows it. */
export type SessionIntent =
  | { type: 'play'; tile: Tile; end: string }
  | { type: 'draw' }
  | { type: 'pass' }
  | { type: 'next-round' }
  | { type: 'new-match' };

/** Who sits in a seat, as the top row shows it. */
export interface SeatInfo {
  seat: Seat;
  /** A person's chosen name; null for a computer in local play (the interface names it). */
  name: string | null;
  kind: 'human' | 'computer' | 'open';
  /** A person whose connection is up (always true for local seats and computers). */
  connected: boolean;
  /** A person who is away: a computer plays their turns until they are back. */
  away: boolean;
}

/** A refusal of one of this session's own intents: it goes to the one who sent it, and nobody else. */
export interface SessionRejection {
  code: RejectionCode | string;
  message: string;
  /** The refused intent's type: a `SessionIntent` type, or what only this kind of session offers (`configure`). */
  type: string;
}

/** One change of the match as the root renders it. A new object for every change, the same otherwise. */
export interface SessionState {
  phase: Phase;
  /** What this person's seat may see, and nothing else. */
  view: PlayerView;
  /** The person's seat. */
  seat: Seat;
  seats: SeatInfo[];
  /** The moves the person may make now (empty when it is not their turn). */
  legal: LegalMove[];
  rejection: SessionRejection | null;
  /** Settings chosen during this match wait for the next one. */
  pending: boolean;
  /** Offline: the seed this match was dealt from (the same seed deals the same rounds again); online, the deal is proven instead. */
  dealSeed?: string;
}

export interface Session {
  /** The current state; null until the first view has arrived. */
  readonly state: SessionState | null;
  send(intent: SessionIntent): void;
  /** Called with each new state; returns the unsubscribe function. */
  subscribe(listener: (state: SessionState | null) => void): () => void;
  /** The domain events of each change, as this seat may know them (another seat's drawn tile is never named). */
  onEvent(listener: (event: MatchEmitted) => void): () => void;
}

/** Who listens to one kind of news, and notifying them all. */
export class Listeners<T> {
  private readonly all = new Set<(value: T) => void>();

  /** Adds a listener; returns the function that removes it. */
  add(listener: (value: T) => void): () => void {
    this.all.add(listener);
    return () => this.all.delete(listener);
  }

  /**
   * Notifies every listener, each whatever another did: one that throws is reported and the rest still
   * hear it, so that the news goes on (a session notifies the events of a view before it says the view
   * changed: a throw there would leave the widget showing the view before).
   */
  notify(value: T): void {
    for (const listener of this.all) {
      try {
        listener(value);
      } catch (error) {
        console.error('<domino-game>: a listener failed.', error);
      }
    }
  }

  clear(): void {
    this.all.clear();
  }
}
