/**
 * Names of the wire that the widget's pages need without the protocol's schemas (docs/PROTOCOL.md): the
 * form of an id, and the families players are rated in. net/protocol.ts exports them as part of the
 * protocol; the leaderboard and the player's card take them from here, so that their chunk does not
 * carry the schemas.
 */

/** Room ids, seat tokens and players' public ids: 128 bits, base64url without padding. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * The families players are rated in, each a rating of its own: two players; three or four each for
 * themself; four in teams.
 */
export type RatingFamily = 'two' | 'each' | 'teams';
export const RATING_FAMILIES: readonly RatingFamily[] = ['two', 'each', 'teams'];
