/**
 * Quick phrases said in the room: each shows at its sender's name a while and is said politely,
 * unless the person muted that seat (for themselves, in that room, while the page lives).
 */
import type { ReactiveController } from 'lit';
import type { Seat } from '../../../engine/index.js';
import type { PhraseId } from '../../../net/protocol.js';
import type { OnlineControllerHost, OnlineMemory } from './controller-host.js';

/** How long a quick phrase shows at its sender's name. */
const BUBBLE_MS = 5000;

export class PhraseBubblesController implements ReactiveController {
  /** The phrase each seat said last, while it shows. */
  private readonly shown = new Map<Seat, { phrase: PhraseId; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly host: OnlineControllerHost,
    private readonly memory: OnlineMemory,
  ) {
    host.element.addController(this);
  }

  hostDisconnected(): void {
    this.clear();
  }

  /** The phrase `seat` said last, while it shows. */
  bubble(seat: Seat): PhraseId | undefined {
    return this.shown.get(seat)?.phrase;
  }

  heard(seat: Seat, phrase: PhraseId): void {
    const session = this.host.session();
    const room = session?.room;
    if (!room || this.mutedSeats()?.has(seat)) return;
    const t = this.host.t();
    const name = seat === session.seat ? t.t('you') : (room.seats[seat]?.name ?? t.t('computer', { n: seat }));
    this.hide(seat);
    const timer = setTimeout(() => {
      this.shown.delete(seat);
      this.host.element.requestUpdate();
    }, BUBBLE_MS);
    this.shown.set(seat, { phrase, timer });
    this.host.announce(t.t('phraseSaid', { name, phrase: t.t(`phrase_${phrase}`) }));
    this.host.element.requestUpdate();
  }

  /** Where the seats muted are kept: by room and this person's own seat there (null outside a seat). */
  private mutedKey(): string | null {
    const session = this.host.session();
    return session?.room && session.seat !== null ? `${session.room.id}/${session.seat}` : null;
  }

  /** The seats this person muted in this room, if any. */
  mutedSeats(): Set<Seat> | undefined {
    const key = this.mutedKey();
    return key === null ? undefined : this.memory.muted.get(key);
  }

  /** This person hears no more phrases from `seat` in this room; the one showing goes. */
  mute(seat: Seat): void {
    const key = this.mutedKey();
    if (key === null) return;
    const seats = this.memory.muted.get(key) ?? new Set<Seat>();
    this.memory.muted.set(key, seats.add(seat));
    this.hide(seat);
    this.host.element.requestUpdate();
  }

  /** `seat`'s phrases show again. */
  unmute(seat: Seat): void {
    this.mutedSeats()?.delete(seat);
    this.host.element.requestUpdate();
  }

  /** No phrase shows any more (the room closed). */
  clear(): void {
    for (const bubble of this.shown.values()) clearTimeout(bubble.timer);
    this.shown.clear();
  }

  private hide(seat: Seat): void {
    const bubble = this.shown.get(seat);
    if (bubble) clearTimeout(bubble.timer);
    this.shown.delete(seat);
  }
}
