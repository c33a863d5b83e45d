/**
 * The connections this process holds for one room: seats and spectators, bound through one path
 * (`attach`), and what they were last sent, so a change reaches each with just what it lacks
 * (`broadcastChange`): the room info when it changed (or when the connection is new), and its view
 * with the events since the one it holds.
 */
import type { Seat } from 'domino-game/engine';
import type { RatedResult, ServerMessage } from 'domino-game/protocol';
import { turnClock } from '../core/due.js';
import { roomInfo } from '../core/presence.js';
import { dealProofOf, type RoomState } from '../core/room.js';
import { ViewFrames } from '../core/views.js';
import type { RoomEnv } from './room-env.js';

/** One connection, as the rooms see it. */
export interface Client {
  readonly id: number;
  readonly address: string;
  send(message: ServerMessage): void;
  /** Sends a frame already serialized (views are assembled as text). */
  sendText(text: string): void;
  close(code: number, reason: string): void;
  /** The room and seat this connection plays, once welcomed; a spectator has the room and no seat. */
  room: string | null;
  seat: Seat | null;
  /** The `seq` of the last view this connection holds (-1: none yet). */
  seq: number;
}

/** A connection watching a room: bound to it, without a seat. */
export const isSpectator = (client: Client): boolean => client.room !== null && client.seat === null;

/** Marks a connection as in no room. */
export function unbound(client: Client): void {
  client.room = null;
  client.seat = null;
  client.seq = -1;
}

/** What the room info was made from: it is made again when one of these is another object. */
type InfoKey = Pick<RoomState, 'seats' | 'phase' | 'host' | 'settings' | 'watchers' | 'newcomers'> & { alive: number; next: RoomState['deals']['next']; rated: RatedResult | null | undefined };

export class RoomClients {
  private readonly all = new Set<Client>();
  /** Connections attached since the last broadcast: they get the room info whether or not it changed. */
  private readonly newcomers = new Set<Client>();
  /** Connections that said which view they held: their first view carries the events since. */
  private readonly resumedFrom = new Map<Client, number>();
  /** The room info last sent here (a `room` frame), to send it again only when it changed. */
  private lastInfo: string | null = null;
  private infoKey: InfoKey | null = null;
  /**
   * The room's `since` when the views were last sent here: the turn clock's start. When it moved without
   * a change of the match (`back` on the seat's own turn, the first person back in a room everyone had
   * left), the views held have a wrong clock, and are sent again at the same `seq` with the new one.
   */
  private clockSince: number | null = null;

  constructor(
    private readonly roomId: string,
    private readonly env: RoomEnv,
  ) {}

  get size(): number {
    return this.all.size;
  }

  /** Whether a seat (not only spectators) is held here: the room's clock runs on the seats' processes. */
  get anySeated(): boolean {
    for (const client of this.all) if (client.seat !== null) return true;
    return false;
  }

  /** How many spectators of the room this process holds. */
  get spectators(): number {
    let count = 0;
    for (const client of this.all) if (isSpectator(client)) count++;
    return count;
  }

  /**
   * Binds a connection to the room, on `seat` or watching (null). A newer connection for a seat
   * replaces the older one. `heardUpTo`: the seq of the view it holds (-1: none), so its first view
   * carries the events since.
   */
  attach(client: Client, seat: Seat | null, heardUpTo: number): void {
    if (seat !== null) {
      for (const other of this.all) {
        if (other.seat !== seat) continue;
        this.all.delete(other);
        unbound(other);
        other.close(4000, 'replaced by a newer connection');
      }
    }
    this.all.add(client);
    this.newcomers.add(client);
    client.room = this.roomId;
    client.seat = seat;
    client.seq = -1;
    if (heardUpTo >= 0) this.resumedFrom.set(client, heardUpTo);
  }

  detach(client: Client): void {
    unbound(client);
    this.all.delete(client);
    this.newcomers.delete(client);
    this.resumedFrom.delete(client);
  }

  /** Closes every connection here (the room is gone). */
  closeAll(reason: string): void {
    for (const client of this.all) {
      unbound(client);
      client.close(4001, reason);
    }
    this.all.clear();
    this.newcomers.clear();
    this.resumedFrom.clear();
  }

  /** A frame for everyone in the room this process holds a connection of: every seat and every spectator. */
  broadcast(text: string): void {
    for (const client of this.all) client.sendText(text);
  }

  /**
   * Sends each connection what the room's change means to it: the room info when it changed, and its
   * view with the events since the one it holds (`eventsSince`). `resendInfo`: the clock changed what the
   * room info shows (a grace period ended). A seat whose newer connection came in on another process
   * is let go here.
   */
  broadcastChange(state: RoomState, eventsSince: (seq: number) => string | null, { resendInfo }: { resendInfo: boolean }): void {
    if (this.all.size === 0) return;
    const { alive, processId } = this.env;
    const infoText = this.roomInfoText(state, resendInfo);
    const infoChanged = infoText !== null;
    const frames = state.match ? new ViewFrames(state.match.game, state.seq, dealProofOf(state)) : null;
    const clock = frames && turnClock(state, alive, this.env.now(), this.env.timing(state));
    const clockJson = clock ? `,"clock":${JSON.stringify(clock)}` : '';
    const eventsJson = new Map<number, string>();
    const clockRestarted = frames !== null && this.clockSince !== null && this.clockSince !== state.since;
    if (frames) this.clockSince = state.since;
    for (const client of [...this.all]) {
      const holder = client.seat === null ? undefined : state.seats[client.seat];
      if (holder?.kind === 'human' && holder.connectedVia !== null && holder.connectedVia !== processId && alive(holder.connectedVia)) {
        // A newer connection for this seat came in on another process.
        this.detach(client);
        client.close(4000, 'replaced by a newer connection');
        continue;
      }
      if (infoChanged || this.newcomers.has(client)) client.sendText(this.lastInfo!);
      this.newcomers.delete(client);
      if (!frames) continue;
      if (client.seq === state.seq) {
        // The same view again for its new clock: no events (the seat has heard them), nothing else new.
        if (clockRestarted) client.sendText(client.seat === null ? frames.spectatorFrame('[]', clockJson) : frames.frame(client.seat, '[]', clockJson));
        continue;
      }
      // The events since the seat's previous view (or since the view it said it held, resuming).
      const from = client.seq >= 0 ? client.seq : (this.resumedFrom.get(client) ?? -1);
      this.resumedFrom.delete(client);
      let events = eventsJson.get(from);
      if (events === undefined) {
        events = from < 0 ? '[]' : (eventsSince(from) ?? '[]');
        eventsJson.set(from, events);
      }
      client.seq = state.seq;
      client.sendText(client.seat === null ? frames.spectatorFrame(events, clockJson) : frames.frame(client.seat, events, clockJson));
    }
  }

  /**
   * The room info frame when it differs from the one last sent here (null when it does not). It is made
   * again only when what it shows may have changed: the seats (presence and ready included), the phase,
   * the host, the settings, the watchers, the next deal, whether newcomers may join, a quick-match table's rating, which processes are alive, or the clock (`resendInfo`).
   */
  private roomInfoText(state: RoomState, resendInfo: boolean): string | null {
    const key = this.infoKey;
    const alive = this.env.cluster.aliveGeneration;
    const stale =
      resendInfo || !key || key.seats !== state.seats || key.phase !== state.phase || key.host !== state.host || key.settings !== state.settings || key.alive !== alive ||
      key.watchers !== state.watchers || key.next !== state.deals.next || key.newcomers !== state.newcomers || key.rated !== state.rated?.result;
    if (!stale) return null;
    const text = JSON.stringify({ type: 'room', room: roomInfo(state, this.env.alive, this.env.now(), this.env.graceMs) });
    this.infoKey = { seats: state.seats, phase: state.phase, host: state.host, settings: state.settings, alive, watchers: state.watchers, next: state.deals.next, newcomers: state.newcomers, rated: state.rated?.result };
    if (text === this.lastInfo) return null;
    this.lastInfo = text;
    return text;
  }
}
