/**
 * Tells the page and the person what happens in the room: the `domino-room` event when the room's
 * info changes, and announcements of joins, leaves, lost and restored connections.
 */
import type { ReactiveController } from 'lit';
import type { Seat } from '../../../engine/index.js';
import type { MessageKey } from '../../../i18n/index.js';
import type { ConnectionStatus } from '../../../net/connection.js';
import type { RoomInfo, RoomSeat } from '../../../net/protocol.js';
import { emit } from '../events.js';
import type { OnlineControllerHost } from './controller-host.js';

/** What a seat's change says, if anything: comparing a seat of the room before and after. */
function seatNews(was: RoomSeat, now: RoomSeat): MessageKey | null {
  if (was.kind !== 'human' && now.kind === 'human') return 'announceJoined';
  if (was.kind === 'human' && now.kind !== 'human') return 'announceLeft';
  if (now.kind !== 'human') return null;
  if (!was.connected && now.connected) return 'announceBack';
  if (was.connected && !now.connected) return 'announceAway';
  if (!was.away && now.away) return 'announceComputerFor';
  return null;
}

export class RoomAnnouncementsController implements ReactiveController {
  /** The last room info and line state heard, to tell what changed. */
  private room: RoomInfo | null = null;
  private status: ConnectionStatus | null = null;

  constructor(private readonly host: OnlineControllerHost) {
    host.element.addController(this);
  }

  hostDisconnected(): void {
    this.forget();
  }

  /** Compares the session with what was heard last, and tells what changed. */
  follow(): void {
    const session = this.host.session();
    if (!session) return;
    const t = this.host.t();
    const { status, room } = session;
    if (status !== this.status) {
      if (status === 'reconnecting' && this.status === 'open') this.host.announce(t.t('onlineReconnecting'));
      if (status === 'open' && this.status === 'reconnecting') this.host.announce(t.t('onlineReconnected'));
      this.status = status;
    }
    if (room !== this.room) {
      if (room) {
        this.announce(this.room, room, session.seat);
        emit(this.host.element, 'domino-room', { room: room.id, seat: session.seat, phase: room.phase, seats: room.seats });
      }
      this.room = room;
    }
  }

  /** The room closed: the next one is heard afresh. */
  forget(): void {
    this.room = null;
    this.status = null;
  }

  /** Says who joined, left, lost the connection or came back, and whether the room closed to newcomers, comparing two infos of the same room. */
  private announce(before: RoomInfo | null, after: RoomInfo, you: Seat | null): void {
    if (!before || before.id !== after.id) return;
    const t = this.host.t();
    if (before.newcomers !== after.newcomers) this.host.announce(t.t(after.newcomers ? 'announceRoomOpened' : 'announceRoomClosed'));
    for (const now of after.seats) {
      const was = before.seats[now.seat];
      if (!was || now.seat === you) continue;
      const key = seatNews(was, now);
      if (key) this.host.announce(t.t(key, { name: now.name ?? was.name ?? '' }));
    }
  }
}
