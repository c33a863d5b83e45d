/**
 * What the main bundle knows of online play: how an invite link names a room, and why the widget goes
 * online. Everything else loads on demand (online-mode.ts).
 *
 * An invite link is the page's own URL with the fragment `#domino-room=ID`: the room id and nothing
 * else, never a token. (protocol.ts has the fragment's name and the id's pattern too, but a value
 * imported from it would bring valibot into the page.)
 */

/** The room a page URL's fragment invites to, if any. */
export const roomInLink = (hash: string): string | null => /^#domino-room=([\w-]{22})$/.exec(hash)?.[1] ?? null;
/** The room a watch link (`#domino-watch=ID`) opens read only, if any. */
export const watchInLink = (hash: string): string | null => /^#domino-watch=([\w-]{22})$/.exec(hash)?.[1] ?? null;


/** Why the widget goes online: the person chose to create a room, opened an invite link, or holds a seat to resume. */
export type OnlineEntry = { type: 'create' } | { type: 'join'; room: string } | { type: 'watch'; room: string } | { type: 'resume' };
