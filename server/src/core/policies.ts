/**
 * The room settings' policies: what a room's host chose, decided here from the room alone, so the
 * service only passes a message on and a new setting's rule is written (and tested) in one place.
 * A setting's default comes from the protocol's `roomRules`; these say what the room then allows.
 */
import { TEMPO_DELAYS } from 'domino-game/machine';
import { roomRules, type RoomSettings } from 'domino-game/protocol';
import type { Timing } from './due.js';
import { keyMatches } from '../tokens.js';
import type { Refused, RoomState } from './room.js';

/**
 * What a link's key is presented for: a seat (`join`; whether a seat is free and the room open to
 * newcomers is the `join` entry's to say, room.ts), the join screen (`peek`), or the table read only (`watch`).
 */
export type Access = 'join' | 'peek' | 'watch';

/**
 * Why `key` may not open the room for `access`, or null when it may. The invite joins, peeks and
 * watches (whoever may take a seat may as well look); the watch key watches and nothing else. A key
 * left out stands for the room's id, which was the invite of the rooms made before keys and is no key of
 * a room made since. The key is checked before anything else, so that a wrong one learns nothing of the room.
 */
export function accessRefusal(room: RoomState, access: Access, key: string | undefined): Refused | null {
  const presented = key ?? room.id;
  const invited = keyMatches(presented, room.secrets.invite);
  if (!invited && !(access === 'watch' && keyMatches(presented, room.secrets.watch))) {
    return { ok: false, code: 'bad-key', message: access === 'watch' ? 'this link does not open this room' : 'this link does not invite to this room' };
  }
  if (access === 'watch' && !roomRules(room.settings).spectators) return { ok: false, code: 'watching-off', message: 'the host has turned watching off for this room' };
  return null;
}

/** Why a seat may not say a quick phrase in this room, or null when it may (the rate limit is `PhraseLimit`'s). */
export function phraseRefusal(room: RoomState): Refused | null {
  return roomRules(room.settings).phrases ? null : { ok: false, code: 'phrases-off', message: 'the host turned quick phrases off in this room' };
}

/** The server's own timings, the same for every room. */
export interface ServerTiming {
  graceMs: number;
  nextRoundMs: number;
  /** What a turn clock is multiplied by (tests give a second's clock in a fraction of it); 1 when absent. */
  clockScale?: number;
  /** What the computers' pause before a move is multiplied by (tests give themselves room to act within it); 1 when absent. */
  computerPauseScale?: number;
}

/** The room's clock: the server's timings with the room's tempo (the computers' pace) and turn clock. */
export function roomTiming(settings: RoomSettings, server: ServerTiming): Timing {
  const { clock, tempo } = roomRules(settings);
  return { graceMs: server.graceMs, nextRoundMs: server.nextRoundMs, computerMs: TEMPO_DELAYS[tempo].move * (server.computerPauseScale ?? 1), turnMs: clock * 1000 * (server.clockScale ?? 1) };
}
