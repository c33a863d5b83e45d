/**
 * The room settings' policies: what a room's host chose, decided here from the room alone, so the
 * service only passes a message on and a new setting's rule is written (and tested) in one place.
 * A setting's default comes from the protocol's `roomRules`; these say what the room then allows.
 */
import { TEMPO_DELAYS } from 'domino-game/machine';
import { roomRules, type RoomSettings } from 'domino-game/protocol';
import type { Timing } from './due.js';
import type { Refused, RoomState } from './room.js';

/** Why a watch link may not open this room's table, or null when it may. */
export function watchRefusal(room: RoomState): Refused | null {
  return roomRules(room.settings).spectators ? null : { ok: false, code: 'watching-off', message: 'the host has turned watching off for this room' };
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
}

/** The room's clock: the server's timings with the room's tempo (the computers' pace) and turn clock. */
export function roomTiming(settings: RoomSettings, server: ServerTiming): Timing {
  const { clock, tempo } = roomRules(settings);
  return { graceMs: server.graceMs, nextRoundMs: server.nextRoundMs, computerMs: TEMPO_DELAYS[tempo].move, turnMs: clock * 1000 * (server.clockScale ?? 1) };
}
