/**
 * What the main bundle knows of online play: how a link names a room, and why the widget goes online.
 * Everything else loads on demand (online-mode.ts).
 *
 * A link is the page's own URL with a fragment: `#domino-room=ID.KEY` invites (the room's id, the routing
 * key of its WebSocket URL, and its invite key), `#domino-watch=ID.KEY` opens the table read only (the id
 * and the watch key). Never a token. A link made before rooms had keys carries the id alone, which was the
 * invite of the rooms of its time. (protocol.ts has the fragments' names and the id's pattern too, but a
 * value imported from it would bring valibot into the page.)
 */
import type { RoomLink } from '../../../net/protocol.js';

type LinkKind = 'room' | 'watch';
const LINK = /^#domino-(room|watch)=([\w-]{22})(?:\.([\w-]{22}))?$/;

function linkIn(hash: string, kind: LinkKind): RoomLink | null {
  const found = LINK.exec(hash);
  if (!found || found[1] !== kind) return null;
  return found[3] ? { room: found[2]!, key: found[3] } : { room: found[2]! };
}

/** The room a page URL's fragment invites to, with the invite key, if any. */
export const roomInLink = (hash: string): RoomLink | null => linkIn(hash, 'room');
/** The room a watch link opens read only, with the watch key, if any. */
export const watchInLink = (hash: string): RoomLink | null => linkIn(hash, 'watch');
/** The page's own URL (any other fragment replaced) as a link of `kind` to `room` with `key`: what the two above read. */
export const linkTo = (page: string, kind: LinkKind, room: string, key: string): string => `${page.split('#')[0]}#domino-${kind}=${room}.${key}`;

/**
 * Why the widget goes online: the person chose to create a room or to play someone (quick match), opened
 * an invite or watch link, or holds a seat to resume.
 */
export type OnlineEntry = { type: 'create' } | { type: 'quick' } | ({ type: 'join' } & RoomLink) | ({ type: 'watch' } & RoomLink) | { type: 'resume' };
