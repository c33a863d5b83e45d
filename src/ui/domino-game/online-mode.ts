/**
 * Online play, loaded on demand (with its texts) when the person picks Friends online, opens an invite
 * link, or holds a seat to resume. It decides what the root shows (a screen of <domino-lobby>, or the
 * table of the room's match through its OnlineSession, which the root then renders and sends through),
 * and tells the page and the person what happens in the room: the `domino-room` event, and
 * announcements of joins, leaves, lost and restored connections.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Seat } from '../../engine/index.js';
import type { MessageKey, Translator } from '../../i18n/index.js';
import type { MatchEmitted } from '../session/session.js';
import type { ConnectionStatus } from '../../net/connection.js';
import type { PhraseId, RoomInfo, RoomSettings } from '../../net/protocol.js';
import '../domino-lobby/domino-lobby.js';
import type { InternalEvent, LobbyCreateDetail, LobbyJoinDetail } from '../internal-events.js';
import type { LobbyScreen, TableOffers } from '../domino-lobby/domino-lobby.js';
import { OnlineSession, type OnlineProblem, type SeatKeyStore } from '../session/online-session.js';
import type { EffectiveSettings, SettingName } from './effective-settings.js';
import { emit } from './events.js';
import type { MainButton } from './guidance.js';
import { roomInLink, type OnlineEntry } from './online-link.js';
import type { Persistence, SavingOptions } from './persistence.js';
import { seatKeyStore } from './seat-keys.js';

/** The page's own URL inviting to `room` (any other fragment replaced): the fragment roomInLink reads. */
const inviteLink = (page: string, room: string): string => `${page.split('#')[0]}#domino-room=${room}`;

/** What online play needs of the root. */
export interface OnlineHost {
  element: ReactiveControllerHost & SavingOptions & { server: string | null };
  /** The settings the site locks (the room's settings offer only the others). */
  locked(): ReadonlySet<SettingName>;
  /** Where the widget saves: the seat's key is kept beside the rest. */
  persistence: Persistence;
  t(): Translator;
  say(text: string): void;
  /** The match's domain events, as the root re-emits and announces them (the session's own). */
  emitted(event: MatchEmitted): void;
  /** Online play is over: back to the match against the computer. */
  left(): void;
}

const PROBLEMS: Partial<Record<OnlineProblem['code'], MessageKey>> = {
  'no-such-room': 'problemNoSuchRoom',
  'room-full': 'problemRoomFull',
  'bad-token': 'problemBadToken',
  replaced: 'problemReplaced',
  'too-many': 'problemTooMany',
};

/** The name typed last, offered again for the next room. */
let lastName = '';

/** The seats each person muted, by their room and own seat (two widgets of a page are two people), while the page lives (#19). */
const mutedSeats = new Map<string, Set<Seat>>();
/** How long a quick phrase shows at its sender's name. */
const BUBBLE_MS = 5000;
/** The person is told once, this long before their clock runs out. */
const CLOCK_WARNING_MS = 10_000;
/** How often a running clock's countdown is shown again. */
const CLOCK_TICK_MS = 500;

export class OnlineMode implements ReactiveController {
  /** Where the room's match is played, once a room is created, looked at or resumed: the root renders and sends through it. */
  session: OnlineSession | null = null;
  /** The person's settings when they chose online play: what a new room starts with. */
  private settings: EffectiveSettings | null = null;
  /** The room an invite link names, while the person looks at it before joining. */
  private invited: string | null = null;
  /** Taken off the page with the line open: it opens again on coming back. */
  private reopen = false;
  /** The last room info and line state heard, to tell what changed. */
  private room: RoomInfo | null = null;
  private status: ConnectionStatus | null = null;
  private table = false;
  private readonly server: string;
  private readonly keys: SeatKeyStore;
  /** The phrase each seat said last, while it shows (#19). */
  private readonly bubbles = new Map<Seat, { phrase: PhraseId; timer: ReturnType<typeof setTimeout> }>();
  /** Shows a running clock's countdown again now and then. */
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** The clock (its end) whose ten seconds' warning was said. */
  private warned: number | null = null;

  constructor(private readonly host: OnlineHost) {
    this.server = host.element.server ?? '';
    this.keys = seatKeyStore(host.persistence);
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
    // The kept seat may be for another server, or not a seat at all (dropped as it is read).
    if (entry.type === 'resume' && this.keys.load()?.server !== this.server) return this.exit();
    this.close();
    this.invited = entry.type === 'join' ? entry.room : null;
    if (entry.type !== 'create') this.connect();
    this.host.element.requestUpdate();
  }

  /** Back to the match against the computer: a seat held is given up (a computer plays it); a room looked at is just closed. */
  back(): void {
    const session = this.session;
    // A seat played in another window stays that window's.
    if (session && session.seat !== null && session.problem?.code !== 'replaced') session.leave();
    // An invite link left in the address would invite again on the next visit.
    if (roomInLink(location.hash)) history.replaceState(history.state, '', location.pathname + location.search);
    this.focusTableIfLobbyHadFocus();
    this.exit();
  }

  private exit(): void {
    this.close();
    this.host.element.removeController(this);
    this.host.left();
    this.host.element.requestUpdate();
  }

  hostConnected(): void {
    if (this.reopen && !this.session) this.connect();
    this.reopen = false;
  }

  hostDisconnected(): void {
    // Off the page, the line closes; a seat stays kept (a computer plays it after the grace period).
    this.reopen = this.session !== null;
    this.close();
  }

  /** Opens the line: looking at the invited room, or resuming the kept seat (also when the invite is to the kept seat's room). */
  private connect(): OnlineSession {
    const { keys, server } = this;
    const kept = keys.load();
    const peek = this.invited !== null && !(kept?.server === server && kept.room === this.invited) ? this.invited : null;
    // While looking at another room, the kept seat is neither resumed nor dropped; joining replaces it.
    const store: SeatKeyStore = peek ? { load: () => null, save: (key) => keys.save(key), clear: () => keys.clear() } : keys;
    const session = new OnlineSession(server, store);
    if (peek) session.peek(peek);
    session.onChange(() => this.changed());
    session.onEvent((event) => {
      if (this.session === session) this.host.emitted(event);
    });
    session.onPhrase((said) => {
      if (this.session === session) this.heard(said.seat, said.phrase);
    });
    this.session = session;
    this.table = false;
    this.host.element.requestUpdate();
    return session;
  }

  private close(): void {
    const session = this.session;
    this.session = null;
    this.room = null;
    this.status = null;
    session?.dispose();
    this.stopTicking();
    for (const bubble of this.bubbles.values()) clearTimeout(bubble.timer);
    this.bubbles.clear();
  }

  private create({ name, settings }: LobbyCreateDetail): void {
    lastName = name;
    this.invited = null;
    this.connect().create(name, settings);
  }

  private join({ name }: LobbyJoinDetail): void {
    lastName = name;
    if (this.session && this.invited) this.session.join(this.invited, name);
  }

  /**
   * A new room's settings: the person's (the site's attributes and their own choices). House rules stay
   * at home: a room plays each variant by its standard rules, which everyone at the table can look up.
   */
  private defaults(): RoomSettings {
    const s = this.settings!;
    return {
      variant: s.variant,
      players: s.players,
      ...(s.target !== null ? { target: s.target } : {}),
      ...(s.teams ? { teams: true } : {}),
      level: s.level,
      tempo: s.tempo,
    };
  }

  // ---- What happens in the room -----------------------------------------------------------------

  private changed(): void {
    const session = this.session;
    if (!session) return;
    const t = this.t;
    const { status, room } = session;
    if (status !== this.status) {
      if (status === 'reconnecting' && this.status === 'open') this.host.say(t.t('onlineReconnecting'));
      if (status === 'open' && this.status === 'reconnecting') this.host.say(t.t('onlineReconnected'));
      this.status = status;
    }
    if (room !== this.room) {
      if (room) {
        this.announce(this.room, room, session.seat);
        emit(this.host.element, 'domino-room', { room: room.id, seat: session.seat, phase: room.phase, seats: room.seats });
      }
      this.room = room;
    }
    const table = this.screenOf(session) === null;
    if (table && !this.table) this.focusTableIfLobbyHadFocus();
    this.table = table;
    this.tick();
    this.host.element.requestUpdate();
  }

  // ---- The turn clock and quick phrases (#19) ---------------------------------------------------

  /** The clock shown, if one runs: its seat and whole seconds left (never below 0; the server decides). */
  private shownClock(): { seat: Seat; seconds: number; msLeft: number } | null {
    const session = this.session;
    const clock = session?.clock;
    if (!clock || session.state?.phase !== 'playing' || session.state.view.turn !== clock.seat) return null;
    const msLeft = Math.max(0, clock.endsAt - performance.now());
    return { seat: clock.seat, seconds: Math.ceil(msLeft / 1000), msLeft };
  }

  /** While a clock runs its countdown is shown again every so often, and its person told once when ten seconds are left. */
  private tick(): void {
    const clock = this.shownClock();
    if (!clock) return this.stopTicking();
    const session = this.session!;
    if (clock.seat === session.seat && clock.msLeft > 0 && clock.msLeft <= CLOCK_WARNING_MS && this.warned !== session.clock!.endsAt) {
      this.warned = session.clock!.endsAt;
      this.host.say(this.t.t('clockWarning'));
    }
    this.ticker ??= setInterval(() => {
      this.tick();
      this.host.element.requestUpdate();
    }, CLOCK_TICK_MS);
  }

  private stopTicking(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  /** A quick phrase said in the room: shown at its sender's name a while and said politely, unless this person muted them. */
  private heard(seat: Seat, phrase: PhraseId): void {
    const room = this.session?.room;
    if (!room || this.muted()?.has(seat)) return;
    const name = seat === this.session?.seat ? this.t.t('you') : (room.seats[seat]?.name ?? this.t.t('computer', { n: seat }));
    const kept = this.bubbles.get(seat);
    if (kept) clearTimeout(kept.timer);
    const timer = setTimeout(() => {
      this.bubbles.delete(seat);
      this.host.element.requestUpdate();
    }, BUBBLE_MS);
    this.bubbles.set(seat, { phrase, timer });
    this.host.say(this.t.t('phraseSaid', { name, phrase: this.t.t(`phrase_${phrase}`) }));
    this.host.element.requestUpdate();
  }

  /** The seats this person muted in this room. */
  private muted(create = false): Set<Seat> | undefined {
    const session = this.session;
    if (!session?.room || session.seat === null) return undefined;
    const key = `${session.room.id}/${session.seat}`;
    let seats = mutedSeats.get(key);
    if (!seats && create) mutedSeats.set(key, (seats = new Set()));
    return seats;
  }

  private mute(seat: Seat, muted: boolean): void {
    const seats = this.muted(true);
    if (!seats) return;
    if (muted) seats.add(seat);
    else seats.delete(seat);
    if (muted) {
      const bubble = this.bubbles.get(seat);
      if (bubble) clearTimeout(bubble.timer);
      this.bubbles.delete(seat);
    }
    this.host.element.requestUpdate();
  }

  /** What the bar above the table offers in this room. */
  private offers(): TableOffers | undefined {
    const session = this.session;
    const room = session?.room;
    const seat = session?.seat ?? null;
    if (!session || !room || seat === null) return undefined;
    const muted = this.muted();
    const own = room.seats[seat];
    return {
      phrases: room.settings.phrases !== false,
      others: room.seats.filter((s) => s.seat !== seat && s.kind === 'human').map((s) => ({ seat: s.seat, name: s.name ?? '', muted: muted?.has(s.seat) ?? false })),
      away: !!own?.away && own.connected,
      startNow: room.phase === 'over' && room.host === seat,
    };
  }

  /** Says who joined, left, lost the connection or came back, comparing two infos of the same room. */
  private announce(before: RoomInfo | null, after: RoomInfo, you: Seat | null): void {
    if (!before || before.id !== after.id) return;
    for (const now of after.seats) {
      const was = before.seats[now.seat];
      if (!was || now.seat === you) continue;
      const key: MessageKey | null =
        was.kind !== 'human' && now.kind === 'human'
          ? 'announceJoined'
          : was.kind === 'human' && now.kind !== 'human'
            ? 'announceLeft'
            : now.kind !== 'human'
              ? null
              : !was.connected && now.connected
                ? 'announceBack'
                : was.connected && !now.connected
                  ? 'announceAway'
                  : !was.away && now.away
                    ? 'announceComputerFor'
                    : null;
      if (key) this.host.say(this.t.t(key, { name: now.name ?? was.name ?? '' }));
    }
  }

  /** The person was on a lobby screen that went away: they go on from their tiles. */
  private focusTableIfLobbyHadFocus(): void {
    const game = this.host.element;
    if (game.shadowRoot?.activeElement?.localName !== 'domino-lobby') return;
    void game.updateComplete.then(() => game.shadowRoot?.querySelector('domino-hand')?.focusTile());
  }

  // ---- What the root shows -----------------------------------------------------------------------

  /** A screen of the lobby instead of the table; null when the room's table shows. */
  screen(): TemplateResult | null {
    const screen = this.screenOf(this.session);
    return screen && this.lobby(screen);
  }

  private screenOf(session: OnlineSession | null): LobbyScreen | null {
    const t = this.t;
    if (!session) return this.settings && { kind: 'create', settings: this.defaults(), locked: this.host.locked(), name: lastName };
    const { problem, room, seat, status } = session;
    if (problem) return { kind: 'problem', text: t.t(PROBLEMS[problem.code] ?? 'problemOther') };
    if (status === 'closed') return { kind: 'problem', text: t.t('problemOther') };
    if (session.state) return null;
    if (!room) return status === 'reconnecting' ? { kind: 'problem', text: t.t('problemUnreachable') } : { kind: 'wait', text: t.t('onlineConnecting') };
    if (seat === null) {
      // Before the start a newcomer takes an open seat, after it a seat a computer plays.
      const free = room.seats.some((s) => s.kind === (room.phase === 'lobby' ? 'open' : 'computer'));
      return free ? { kind: 'join', room, name: lastName } : { kind: 'problem', text: t.t('problemRoomFull') };
    }
    if (room.phase !== 'lobby') return { kind: 'wait', text: t.t('onlineConnecting') };
    return {
      kind: 'room',
      room,
      seat,
      link: inviteLink(location.href, room.id),
      locked: this.host.locked(),
      line: status === 'open' ? '' : t.t('onlineReconnecting'),
    };
  }

  /** Above the room's table: the line's state, what the game waits for, the way out. */
  bar(): TemplateResult | null {
    const session = this.session;
    const state = session?.state;
    if (!session || !state) return null;
    const t = this.t;
    const { room, seat, status } = session;
    const line = t.t(status === 'open' ? 'onlineConnected' : status === 'reconnecting' ? 'onlineReconnecting' : 'onlineConnecting');
    let note = '';
    if (room && seat !== null) {
      // After a round, and after the match (play again, #19): once this seat is ready, it waits for the others.
      if ((state.phase === 'roundOver' || state.phase === 'matchOver') && room.seats[seat]?.ready) note = t.t('waitingForOthers');
    }
    const offers = this.offers();
    return this.lobby({ kind: 'table', line, note, ...(offers ? { room: offers } : {}) });
  }

  /**
   * After a name in the top row: a person without a connection is away; past the grace period (or
   * after their clock ran out twice), the computer plays for them. Then the seat's turn clock, whether
   * they are ready for another match, and the phrase they said last (#19).
   */
  readonly presence = (seat: Seat): unknown => {
    const session = this.session;
    const info = session?.state?.seats[seat];
    const t = this.t;
    const word = info?.kind === 'human' && (!info.connected || info.away) ? t.t(info.away ? 'seatComputerFor' : 'seatAway', { name: info.name ?? '' }) : '';
    const clock = this.shownClock();
    const ready = session?.state?.phase === 'matchOver' && session.room?.seats[seat]?.kind === 'human' && session.room.seats[seat]!.ready;
    const bubble = this.bubbles.get(seat);
    return html`${word}${clock?.seat === seat
      ? html` <span class="clock" part="clock" role="timer" style="font-variant-numeric:tabular-nums;font-weight:700">${t.t('clockLeft', { count: clock.seconds })}</span>`
      : nothing}${ready ? html` <span class="ready" part="ready">${t.t('seatReady')}</span>` : nothing}${bubble
      ? html` <span class="bubble" part="phrase" style="padding:0 0.5em;border-radius:0.75em;background:var(--domino-panel,#f6f3ea);font-style:italic">${t.t(`phrase_${bubble.phrase}`)}</span>`
      : nothing}`;
  };

  /** Online, the main button offers neither what only the host may do nor the next round once asked for. */
  allow(button: MainButton | null): MainButton | null {
    const room = this.session?.room;
    const seat = this.session?.seat ?? null;
    if (!button || !room || seat === null) return button;
    // After the match every seat may ask for another (play again, #19), once.
    if (button.action === 'new-match') return room.seats[seat]?.ready ? null : { ...button, label: 'playAgain' };
    if (button.action === 'next-round' && (room.seats[seat]?.ready || this.session?.waitingForAnswer)) return null;
    return button;
  }

  private lobby(screen: LobbyScreen): TemplateResult {
    return html`<domino-lobby
      .screen=${screen}
      @lobby-create=${(e: InternalEvent<'lobby-create'>) => this.create(e.detail)}
      @lobby-join=${(e: InternalEvent<'lobby-join'>) => this.join(e.detail)}
      @lobby-settings=${(e: InternalEvent<'lobby-settings'>) => this.session?.configure(e.detail.settings)}
      @lobby-start=${() => this.session?.start()}
      @lobby-back=${() => this.back()}
      @lobby-phrase=${(e: InternalEvent<'lobby-phrase'>) => this.session?.say(e.detail.phrase)}
      @lobby-mute=${(e: InternalEvent<'lobby-mute'>) => this.mute(e.detail.seat, e.detail.muted)}
      @lobby-return=${() => this.session?.back()}
      @lobby-start-now=${() => this.session?.startNow()}
    ></domino-lobby>`;
  }
}
