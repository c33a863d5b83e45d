/**
 * The events the root's children send it. They are the widget's own business: dispatched on the child
 * alone (not bubbling, not composed), so none leaves the shadow root and the page hears only the
 * `domino-*` events (domino-game/events.ts). One map types them all; `tell` is the one way to send them.
 */
import type { PlaceChosenDetail } from './domino-board/domino-board.js';
import type { TileChosenDetail } from './domino-hand/domino-hand.js';
import type { LobbyCreateDetail, LobbyJoinDetail, LobbySettingsDetail } from './domino-lobby/domino-lobby.js';
import type { PlayAgainst, SettingsChangeDetail } from './domino-settings/domino-settings.js';

export interface InternalEventMap {
  'tile-chosen': TileChosenDetail;
  'place-chosen': PlaceChosenDetail;
  'place-cancel': undefined;
  'settings-change': SettingsChangeDetail;
  'stats-reset': undefined;
  /** Confirmed in the settings: give up the match being played and start the next one now. */
  'new-game': undefined;
  'play-against': PlayAgainst;
  'lobby-create': LobbyCreateDetail;
  'lobby-join': LobbyJoinDetail;
  'lobby-settings': LobbySettingsDetail;
  'lobby-start': undefined;
  'lobby-back': undefined;
}

export type InternalEvent<K extends keyof InternalEventMap> = CustomEvent<InternalEventMap[K]>;

/** Sends `type` from a child to the root, which listens on the child itself. */
export function tell<K extends keyof InternalEventMap>(
  from: HTMLElement,
  type: K,
  ...[detail]: InternalEventMap[K] extends undefined ? [] : [InternalEventMap[K]]
): void {
  from.dispatchEvent(new CustomEvent(type, { detail }));
}
