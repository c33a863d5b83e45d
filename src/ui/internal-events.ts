/**
 * The events the root's children send it. They are the widget's own business: dispatched on the child
 * alone (not bubbling, not composed), so none leaves the shadow root and the page hears only the
 * `domino-*` events (domino-game/events.ts). One map types them all, with their details here, apart
 * from the elements that send them (which import this file); `emitInternal` is the one way to send them.
 */
import type { Play, Tile } from '../engine/index.js';
import type { PhraseId, RoomSettings } from '../net/protocol.js';
import type { PlayerSettings } from '../storage/index.js';

/** <domino-hand>: a playable tile was clicked, activated by keyboard, or dragged. */
export interface TileChosenDetail {
  tile: Tile;
  /** How it was chosen: a drag offers the places at once and continues on the table. */
  via: 'click' | 'drag';
  /** For a drag: where the pointer went down (the table follows it from there). */
  pointer?: PointerEvent;
}

/** <domino-board>: a place was picked for the tile being played. */
export interface PlaceChosenDetail {
  move: Play;
}

/** <domino-settings>: the person changed settings (each applies at once, or from the next match). */
export interface SettingsChangeDetail {
  settings: PlayerSettings;
}
/** <domino-settings>: whom the person wants to play: the computer, friends in a room, or someone quick match finds. */
export type PlayAgainst = 'computer' | 'friends' | 'someone';

/** <domino-lobby>: a room to create, with the person's name. */
export interface LobbyCreateDetail {
  name: string;
  settings: RoomSettings;
}
/** <domino-lobby>: joining the room looked at, under this name. */
export interface LobbyJoinDetail {
  name: string;
}
/** <domino-lobby>: the host changed the room's settings before the start. */
export interface LobbySettingsDetail {
  settings: RoomSettings;
}

/** <domino-quick-match>: the name picked before the first wait. */
export interface QuickNameDetail {
  name: string;
}
/** <domino-quick-match>: wait in `pool`; `computers`: computers may take a 4-seat table's empty seats after the pool's wait. */
export interface QuickSeekDetail {
  pool: string;
  computers: boolean;
}

/** <domino-room-bar>: a quick phrase to say. */
export interface RoomPhraseDetail {
  phrase: PhraseId;
}
/** <domino-room-bar>: the person mutes (or hears again) a seat's phrases, for themselves. */
export interface RoomMuteDetail {
  seat: number;
  muted: boolean;
}
/** <domino-room-bar>: the host lets newcomers take free seats through the invite, or closes the room to them. */
export interface RoomNewcomersDetail {
  allowed: boolean;
}

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
  'quick-name': QuickNameDetail;
  'quick-seek': QuickSeekDetail;
  /** Stop waiting: back to the pools at once. */
  'quick-cancel': undefined;
  /** Back to playing the computer. */
  'quick-back': undefined;
  /** <domino-room-bar>: leave the room, or stop watching it. */
  'room-leave': undefined;
  'room-phrase': RoomPhraseDetail;
  'room-mute': RoomMuteDetail;
  /** At a quick-match table: not to be paired with a seat's person again. */
  'room-avoid': { seat: number };
  /** The person takes back the turns the computer played after their clock ran out. */
  'room-return': undefined;
  /** The host starts the next match without waiting for everyone. */
  'room-start-now': undefined;
  'room-newcomers': RoomNewcomersDetail;
}

export type InternalEvent<K extends keyof InternalEventMap> = CustomEvent<InternalEventMap[K]>;

/** Sends `type` from a child to the root, which listens on the child itself. */
export function emitInternal<K extends keyof InternalEventMap>(
  from: HTMLElement,
  type: K,
  ...[detail]: InternalEventMap[K] extends undefined ? [] : [InternalEventMap[K]]
): void {
  from.dispatchEvent(new CustomEvent(type, { detail }));
}
