/**
 * Online play, loaded on demand (with its texts) when the person picks Friends online or Someone online,
 * opens an invite link, or holds a seat to resume. It opens and closes the room's OnlineSession (which
 * the root then renders and sends through), routes what the person chooses on <domino-lobby> and
 * <domino-room-bar>, and hands the rest to its controllers: quick match's screens and line before a
 * table by the QuickMatchController, what happens in the room by the
 * RoomAnnouncementsController, the turn clock by the TurnClockController, quick phrases by the
 * PhraseBubblesController. Everything it keeps is this widget's own.
 */
import { html, type ReactiveController, type TemplateResult } from 'lit';
import type { Seat } from '../../../engine/index.js';
import type { Translator } from '../../../i18n/index.js';
import '../../domino-lobby/domino-lobby.js';
import '../../domino-room-bar/domino-room-bar.js';
import type { InternalEvent, LobbyCreateDetail, LobbyJoinDetail } from '../../internal-events.js';
import type { LobbyScreen } from '../../domino-lobby/domino-lobby.js';
import type { RoomBarState, TableOffers } from '../../domino-room-bar/domino-room-bar.js';
import { OnlineSession, type SeatKeyStore } from '../../session/online-session.js';
import type { EffectiveSettings, SettingsSource } from '../effective-settings.js';
import type { PartHost } from '../game-element.js';
import type { MainButton } from '../table/guidance.js';
import type { RoomLink } from '../../../net/protocol.js';
import { roomInLink, watchInLink, type OnlineEntry } from './online-link.js';
import type { OnlineControllerHost, OnlineMemory } from './controller-host.js';
import { PhraseBubblesController } from './phrase-bubbles-controller.js';
import { QuickMatchController } from './quick-match-controller.js';
import type { QuickMatchTable } from '../../session/quick-match-session.js';
import { RoomAnnouncementsController } from './room-announcements-controller.js';
import { lobbyScreen, ratedLines, roomBarState } from './room-screens.js';
import { seatPresence } from './seat-presence.js';
import { TurnClockController } from './turn-clock-controller.js';
import type { PersistenceController } from '../persistence.js';
import type { ShownMatch } from '../shown-match.js';
import { seatKeyStore } from './seat-keys.js';

/** The room and key an entry by a link names. */
const linkOf = ({ room, key }: RoomLink): RoomLink => (key === undefined ? { room } : { room, key });

/** A seat key store that keeps nothing: a spectator holds no seat. */
const NO_SEAT_KEY: SeatKeyStore = { load: () => null, save: () => undefined, clear: () => undefined };

/** What online play needs of the root. */
export interface OnlineHost extends PartHost, Pick<ShownMatch, 'hearEvent'> {
  /** The settings the site locks: the room's settings offer only the others. */
  settings: Pick<SettingsSource, 'locked'>;
  /** Where the widget saves: the seat's key is kept beside the rest. */
  persistence: PersistenceController;
}

/** What online play keeps of the entry that loaded it. */
export interface OnlineEntryLink {
  /** What this widget remembers of online play while the page lives (kept across rooms). */
  memory: OnlineMemory;
  /** Online play is over: back to the match against the computer. */
  left(): void;
}

export class OnlineModeController implements ReactiveController {
  /** Where the room's match is played, once a room is created, looked at or resumed: the root renders and sends through it. */
  session: OnlineSession | null = null;
  /** The person's settings when they chose online play: what a new room starts with. */
  private settings: EffectiveSettings | null = null;
  /** The room an invite link names (with its key), while the person looks at it before joining. */
  private invited: RoomLink | null = null;
  /** The room a watch link opens read only (with its key), while watching it. */
  private watched: RoomLink | null = null;
  /** Taken off the page with the line open: it opens again on coming back. */
  private reopen = false;
  /** Taken off the page in quick match, before a table: it opens again (at the pools) on coming back. */
  private reopenQuick = false;
  /** The room's table showed when the session last changed. */
  private table = false;
  /** The quick-match table's rating changes were said. */
  private ratedSaid = false;
  private readonly server: string;
  private readonly keys: SeatKeyStore;
  private readonly announcements: RoomAnnouncementsController;
  private readonly clock: TurnClockController;
  private readonly bubbles: PhraseBubblesController;
  private readonly quick: QuickMatchController;

  constructor(
    private readonly host: OnlineHost,
    private readonly entry: OnlineEntryLink,
  ) {
    this.server = host.element.server ?? '';
    this.keys = seatKeyStore(host.persistence);
    const parts: OnlineControllerHost = { element: host.element, session: () => this.session, t: () => host.t(), announce: (text) => host.announce(text) };
    this.announcements = new RoomAnnouncementsController(parts);
    this.clock = new TurnClockController(parts);
    this.bubbles = new PhraseBubblesController(parts, entry.memory);
    this.quick = new QuickMatchController({
      element: host.element,
      server: this.server,
      t: () => host.t(),
      announce: (text) => host.announce(text),
      matched: (table) => this.tableFound(table),
      back: () => this.back(),
    });
    host.element.addController(this);
  }

  private get t(): Translator {
    return this.host.t();
  }

  /** Creating a room (its settings first), looking at an invite, or resuming the kept seat. */
  enter(entry: OnlineEntry, settings: EffectiveSettings): void {
    this.settings = settings;
    const session = this.session;
    // A seat is never dropped for another link or choice: the person leaves the room first.
    if (session && session.seat !== null) return;
    if (entry.type === 'join' && session?.roomId === entry.room) return;
    if (entry.type === 'watch' && session?.watching === entry.room) return;
    // The kept seat may be for another server, or not a seat at all (dropped as it is read).
    if (entry.type === 'resume' && this.keys.load()?.server !== this.server) return this.exit();
    this.close();
    this.quick.close();
    if (entry.type === 'quick') {
      this.invited = null;
      this.watched = null;
      this.quick.open();
      return;
    }
    this.invited = entry.type === 'join' ? linkOf(entry) : null;
    this.watched = entry.type === 'watch' ? linkOf(entry) : null;
    if (entry.type !== 'create') this.connect();
    this.host.element.requestUpdate();
  }

  /** Back to the match against the computer: a seat held is given up (a computer plays it); a room looked at is just closed. */
  back(): void {
    const session = this.session;
    // A seat played in another window stays that window's.
    if (session && session.seat !== null && session.problem?.code !== 'replaced') session.leave();
    // An invite link left in the address would invite again on the next visit.
    if (roomInLink(location.hash) || watchInLink(location.hash)) history.replaceState(history.state, '', location.pathname + location.search);
    this.focusTableIfLobbyHadFocus();
    this.exit();
  }

  private exit(): void {
    this.close();
    this.quick.close();
    for (const controller of [this, this.announcements, this.clock, this.bubbles]) this.host.element.removeController(controller);
    this.entry.left();
    this.host.element.requestUpdate();
  }

  hostConnected(): void {
    if (this.reopen && !this.session) this.connect();
    if (this.reopenQuick) this.quick.open();
    this.reopen = false;
    this.reopenQuick = false;
  }

  hostDisconnected(): void {
    // Off the page, the line closes; a seat stays kept (a computer plays it after the grace period).
    this.reopen = this.session !== null;
    this.reopenQuick = this.quick.active;
    this.close();
    this.quick.close();
  }

  /** Quick match found a table: its seat is kept as a friends' room seat is, and its room opened as after a reload. */
  private tableFound({ room, token }: QuickMatchTable): void {
    this.keys.save({ server: this.server, room, token });
    this.invited = null;
    this.watched = null;
    this.connect();
  }

  /** Playing someone: quick match's screens, or a quick-match table (rated). */
  get quickMatch(): boolean {
    return this.quick.active || !!this.session?.room?.rated;
  }

  /** Opens the line: looking at the invited room, or resuming the kept seat (also when the invite is to the kept seat's room). */
  private connect(): OnlineSession {
    if (this.watched) {
      // Watching: no seat is kept, resumed or dropped meanwhile.
      const session = new OnlineSession(this.server, NO_SEAT_KEY);
      session.watch(this.watched);
      return this.listen(session);
    }
    const { keys, server } = this;
    const kept = keys.load();
    const peek = this.invited !== null && !(kept?.server === server && kept.room === this.invited.room) ? this.invited : null;
    // While looking at another room, the kept seat is neither resumed nor dropped; joining replaces it.
    const store: SeatKeyStore = peek ? { load: () => null, save: (key) => keys.save(key), clear: () => keys.clear() } : keys;
    const session = new OnlineSession(server, store);
    if (peek) session.peek(peek);
    return this.listen(session);
  }

  private listen(session: OnlineSession): OnlineSession {
    const current = () => this.session === session;
    session.onChange(() => this.changed());
    session.onDealCheck((result) => {
      // A failed check is an alert on the bar (said at once); a deal that checks out is said politely.
      if (current() && result?.ok) this.host.announce(this.t.t('dealVerified'));
    });
    session.onEvent((event) => {
      if (current()) this.host.hearEvent(event);
    });
    session.onPhrase((said) => {
      if (current()) this.bubbles.heard(said.seat, said.phrase);
    });
    this.session = session;
    this.table = false;
    this.ratedSaid = false;
    this.host.element.requestUpdate();
    return session;
  }

  private close(): void {
    const session = this.session;
    this.session = null;
    this.announcements.forget();
    session?.dispose();
    this.clock.stop();
    this.bubbles.clear();
  }

  private create({ name, settings }: LobbyCreateDetail): void {
    this.entry.memory.name = name;
    this.invited = null;
    this.connect().create(name, settings);
  }

  private join({ name }: LobbyJoinDetail): void {
    this.entry.memory.name = name;
    if (this.session && this.invited) this.session.join(this.invited, name);
  }

  private changed(): void {
    if (!this.session) return;
    this.announcements.follow();
    const table = this.screenNow() === null;
    if (table && !this.table) this.focusTableIfLobbyHadFocus();
    this.table = table;
    if (!this.ratedSaid && this.session.room?.rated?.result) {
      this.ratedSaid = true;
      this.host.announce(ratedLines(this.session, this.t)?.join(' ') ?? '');
    }
    this.clock.follow();
    this.host.element.requestUpdate();
  }

  /** What the bar above the table offers in this room. */
  private offers(): TableOffers | undefined {
    const session = this.session;
    const room = session?.room;
    const seat = session?.seat ?? null;
    if (!session || !room || seat === null) return undefined;
    const muted = this.bubbles.mutedSeats();
    const own = room.seats[seat];
    return {
      phrases: room.settings.phrases !== false,
      others: room.seats
        .filter((s) => s.seat !== seat && s.kind === 'human')
        .map((s) => ({
          seat: s.seat,
          name: s.name ?? '',
          muted: muted?.has(s.seat) ?? false,
          ...(s.player ? { avoid: this.quick.avoided.has(s.player.id) ? ('asked' as const) : ('offered' as const) } : {}),
        })),
      away: !!own?.away && own.connected,
      // A quick-match table plays one match: another is a new wait (Play again).
      startNow: room.phase === 'over' && room.host === seat && !room.rated,
      // Before the start the lobby shows who may come; the host closes the room to newcomers once the match is under way.
      newcomers: room.phase !== 'lobby' && room.host === seat && session.keys?.invite ? room.newcomers : null,
    };
  }

  /** The person was on a lobby screen that went away: they go on from their tiles. */
  private focusTableIfLobbyHadFocus(): void {
    const game = this.host.element;
    if (game.shadowRoot?.activeElement?.localName !== 'domino-lobby') return;
    void game.updateComplete.then(() => game.shadowRoot?.querySelector('domino-hand')?.focusTile());
  }

  // ---- What the root shows -----------------------------------------------------------------------

  private screenNow(): LobbyScreen | null {
    return lobbyScreen(this.session, { t: this.t, settings: this.settings, locked: this.host.settings.locked(), name: this.entry.memory.name });
  }

  /** A screen of quick match or of the lobby instead of the table; null when the room's table shows. */
  screen(): TemplateResult | null {
    if (this.quick.active) return this.quick.screen();
    const screen = this.screenNow();
    return screen && this.lobby(screen);
  }

  /** Above the room's table: the line's state, what the game waits for, the way out. */
  bar(): TemplateResult | null {
    const bar = roomBarState(this.session, this.t, this.offers());
    return bar && this.roomBar(bar);
  }

  /** Watching: the table shows no hand and offers no move. */
  get watching(): boolean {
    return this.session?.watching != null;
  }

  /** After a name in the top row: away or played by the computer, the turn clock, ready, the last phrase. */
  readonly presence = (seat: Seat): unknown => seatPresence(this.t, this.session, seat, this.clock.shown(), this.bubbles.bubble(seat));

  /** Online, the main button offers neither what only the host may do nor the next round once asked for. */
  allow(button: MainButton | null): MainButton | null {
    const room = this.session?.room;
    const seat = this.session?.seat ?? null;
    if (this.watching) return null;
    if (!button || !room || seat === null) return button;
    // After the match every seat may ask for another (play again), once.
    if (button.action === 'new-match') return room.seats[seat]?.ready ? null : { ...button, label: 'playAgain' };
    if (button.action === 'next-round' && (room.seats[seat]?.ready || this.session?.waitingForAnswer)) return null;
    return button;
  }

  /**
   * The main button's action, when online play does it itself: "Play again" at a quick-match table is
   * a new wait in the same pool (the table's room plays one match). True when done here.
   */
  act(action: MainButton['action']): boolean {
    const session = this.session;
    const rated = session?.room?.rated;
    if (action !== 'new-match' || !session || !rated) return false;
    session.leave();
    this.close();
    this.quick.open(rated.pool);
    this.host.element.requestUpdate();
    return true;
  }

  /** "Don't pair me with them", for the person at `seat` of this quick-match table. */
  private avoid(seat: Seat): void {
    const other = this.session?.room?.seats[seat];
    if (other?.player) this.quick.avoid(other.player.id, other.name ?? '');
  }

  private lobby(screen: LobbyScreen): TemplateResult {
    return html`<domino-lobby
      .screen=${screen}
      @lobby-create=${(e: InternalEvent<'lobby-create'>) => this.create(e.detail)}
      @lobby-join=${(e: InternalEvent<'lobby-join'>) => this.join(e.detail)}
      @lobby-settings=${(e: InternalEvent<'lobby-settings'>) => this.session?.configure(e.detail.settings)}
      @lobby-start=${() => this.session?.start()}
      @lobby-back=${() => this.back()}
    ></domino-lobby>`;
  }

  private roomBar(bar: RoomBarState): TemplateResult {
    return html`<domino-room-bar
      .bar=${bar}
      @room-leave=${() => this.back()}
      @room-phrase=${(e: InternalEvent<'room-phrase'>) => this.session?.sendPhrase(e.detail.phrase)}
      @room-mute=${(e: InternalEvent<'room-mute'>) => (e.detail.muted ? this.bubbles.mute(e.detail.seat) : this.bubbles.unmute(e.detail.seat))}
      @room-avoid=${(e: InternalEvent<'room-avoid'>) => this.avoid(e.detail.seat)}
      @room-return=${() => this.session?.back()}
      @room-start-now=${() => this.session?.startNow()}
      @room-newcomers=${(e: InternalEvent<'room-newcomers'>) => this.session?.admitNewcomers(e.detail.allowed)}
    ></domino-room-bar>`;
  }
}
