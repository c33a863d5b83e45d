/**
 * A session played on the room server: it renders the view the server sends for this seat and sends
 * the person's intents as protocol messages. It never holds more than this seat may see. The seat is
 * kept as {server, room, token} (in the given store), so a reload or a dropped line resumes it.
 */
import type { PlayerView, Seat } from '../../engine/index.js';
import type { MatchEmitted } from '../../machine/index.js';
import { Connection, type ConnectionStatus } from '../../net/connection.js';
import { newRoomId, type ClientMessage, type ErrorCode, type PhraseId, type RoomInfo, type RoomKeys, type RoomLink, type RoomSettings, type ServerMessage, type TurnClockView } from '../../net/protocol.js';
import type { OnlineSeatKey } from '../../storage/index.js';
import { DealChecker, type DealCheckResult } from './deal-checker.js';
import { onlineStateOf, watchedView } from './online-state.js';
import { Listeners, type Session, type SessionIntent, type SessionRejection, type SessionState } from './session.js';

/** Kept as an entry of the widget's saved game (storage/saved.ts). */
export type { OnlineSeatKey };

/** Where the seat's key is kept: localStorage, or only memory (`persist="none"`). */
export interface SeatKeyStore {
  load(): OnlineSeatKey | null;
  save(key: OnlineSeatKey): void;
  clear(): void;
}

/** Why the session cannot go on by itself; the widget says so and offers a way back. */
export interface OnlineProblem {
  code: ErrorCode | 'replaced';
  message: string;
}

const INTENT_REFS = new Set(['move', 'next-round', 'new-match', 'start', 'settings', 'play-again']);

/** The turn clock of the seat to act, as last heard: when it runs out by this page's clock (`performance.now()`), for show only. */
export interface ShownClock {
  seat: Seat;
  endsAt: number;
}

export type { DealCheckResult };

const roomLinkMessage = (room: string, key: string | undefined): { room: string; key?: string } => (key === undefined ? { room } : { room, key });

/** A view's turn clock (`msLeft` when it was sent) as this page counts it down. */
const shownClock = (clock: TurnClockView | undefined): ShownClock | null => (clock ? { seat: clock.seat, endsAt: performance.now() + clock.msLeft } : null);

export class OnlineSession implements Session {
  private readonly connection: Connection;
  private readonly stateListeners = new Listeners<SessionState | null>();
  private readonly eventListeners = new Listeners<MatchEmitted>();
  private readonly changeListeners = new Listeners<void>();
  private readonly phraseListeners = new Listeners<{ seat: Seat; phrase: PhraseId }>();
  /** Sent once the line is up (after the resume, when there is one). */
  private queue: ClientMessage[] = [];
  private key: OnlineSeatKey | null;
  private view: PlayerView | null = null;
  private seq = -1;
  private rejection: SessionRejection | null = null;
  /** The last move intent sent, to name a refused `move` as the intent the person made. */
  private lastMove: 'play' | 'draw' | 'pass' = 'play';
  /**
   * A move or a next-round sent and not yet answered (by a newer view, its refusal, or a resume): no
   * second one goes out meanwhile, so a double tap neither plays twice nor floods the line.
   */
  private awaiting: 'move' | 'next-round' | null = null;
  private memo: SessionState | null = null;
  /** The room being created, until it is: made again under a fresh id should its id be taken (a few times at most). */
  private creating: { name: string; settings: RoomSettings; attempts: number } | null = null;

  room: RoomInfo | null = null;
  seat: Seat | null = null;
  /** The room's keys, which its seats hand out as the invite and the watch link (a seat's welcome carries them; never kept). */
  keys: RoomKeys | null = null;
  /** Watching a room read only (a watch link): no seat, nothing sent but `leave`. */
  watching: string | null = null;
  /** The watch link's key, sent with each `watch` (again after every reconnect). */
  private watchKey: string | undefined;
  private readonly dealCheckListeners = new Listeners<DealCheckResult>();
  /** This seat's seeds for the deals, and the check of each round's deal. */
  private readonly deals = new DealChecker(
    (commitment, seed) => this.post({ type: 'deal-seed', commitment, seed }),
    (result) => {
      this.dealCheckListeners.notify(result);
      this.changed();
    },
  );
  status: ConnectionStatus = 'connecting';
  problem: OnlineProblem | null = null;
  /** The turn clock the last view carried (the server alone decides; this only counts down). */
  clock: ShownClock | null = null;

  constructor(
    private readonly server: string,
    private readonly store: SeatKeyStore,
    options: { WebSocket?: typeof WebSocket; backoff?: { first: number; most: number } } = {},
  ) {
    const kept = store.load();
    this.key = kept && kept.server === server ? kept : null;
    this.connection = new Connection({
      server,
      ...options,
      room: this.key?.room ?? null,
      // The view held goes with the resume, so the first view back tells every move missed meanwhile.
      hello: () =>
        this.watching
          ? { type: 'watch', ...roomLinkMessage(this.watching, this.watchKey) }
          : this.key
            ? { type: 'resume', room: this.key.room, token: this.key.token, ...(this.seq >= 0 ? { seq: this.seq } : {}) }
            : null,
      onMessage: (message) => this.receive(message),
      onStatus: (status) => {
        this.status = status;
        if (status === 'open') this.flush();
        if (status === 'replaced') this.problem = { code: 'replaced', message: 'this seat is being played in another window' };
        this.changed();
      },
    });
  }

  /** The last round's deal, checked once its round is over. */
  get dealCheck(): DealCheckResult {
    return this.deals.result;
  }

  /** The room this session holds a seat in (kept across reloads), if any. */
  get roomId(): string | null {
    return this.key?.room ?? this.room?.id ?? null;
  }

  get state(): SessionState | null {
    return this.memo;
  }

  // ---- What the person asks for --------------------------------------------------------------

  send(intent: SessionIntent): void {
    if (this.watching) return;
    if (intent.type === 'play' || intent.type === 'draw' || intent.type === 'pass') {
      if (this.awaiting) return;
      this.lastMove = intent.type;
      this.awaitAnswer('move');
    }
    switch (intent.type) {
      case 'play':
        this.post({ type: 'move', seq: this.seq, move: { type: 'play', tile: intent.tile, end: intent.end } });
        break;
      case 'draw':
      case 'pass':
        this.post({ type: 'move', seq: this.seq, move: { type: intent.type } });
        break;
      case 'next-round':
        if (this.awaiting) return;
        this.awaitAnswer('next-round');
        this.post({ type: 'next-round', seq: this.seq });
        break;
      case 'new-match':
        // Online, every seat asks for another match; it starts once every connected person has.
        if (this.awaiting) return;
        this.post({ type: 'play-again' });
        break;
    }
  }

  // ---- Rooms people come back to -------------------------------------------------------

  /** The host starts the next match without waiting for everyone to be ready. */
  startNow(): void {
    this.post({ type: 'new-match' });
  }

  /** A quick phrase, to everyone in the room. */
  sendPhrase(phrase: PhraseId): void {
    this.post({ type: 'phrase', phrase });
  }

  /** The person takes back the turns the computer played for them after their clock ran out. */
  back(): void {
    this.post({ type: 'back' });
  }

  /** Each quick phrase said in the room (this seat's own too). */
  onPhrase(listener: (said: { seat: Seat; phrase: PhraseId }) => void): () => void {
    return this.phraseListeners.add(listener);
  }

  /** The room's id is made here, so that the line can name it (for a load balancer) before the room exists. */
  create(name: string, settings: RoomSettings): void {
    this.forget();
    this.creating = { name, settings, attempts: (this.creating?.attempts ?? 0) + 1 };
    const room = newRoomId();
    this.connection.route(room);
    this.post({ type: 'create', name, settings, room });
  }

  /** Looks at the room an invite link names (its join screen). */
  peek({ room, key }: RoomLink): void {
    this.connection.route(room);
    this.post({ type: 'peek', ...roomLinkMessage(room, key) });
  }

  /** Takes a free seat in the room an invite link names. */
  join({ room, key }: RoomLink, name: string): void {
    this.forget();
    this.connection.route(room);
    this.post({ type: 'join', ...roomLinkMessage(room, key), name });
  }

  /** Watches a room's table read only (a watch link). */
  watch({ room, key }: RoomLink): void {
    this.forget();
    this.watching = room;
    this.watchKey = key;
    this.connection.route(room);
    // Sent as the hello once the line is up (and again after every reconnect).
    if (this.status === 'open') this.post({ type: 'watch', ...roomLinkMessage(room, key) });
  }

  /** The host lets newcomers take free seats through the invite, or closes the room to them. */
  admitNewcomers(allowed: boolean): void {
    this.post({ type: 'newcomers', allowed });
  }

  /** Called with the result of each round's deal check. */
  onDealCheck(listener: (result: DealCheckResult) => void): () => void {
    return this.dealCheckListeners.add(listener);
  }

  start(): void {
    this.post({ type: 'start' });
  }

  configure(settings: RoomSettings): void {
    this.post({ type: 'settings', settings });
  }

  /** Whether a move or a next-round is on its way and not answered yet. */
  get waitingForAnswer(): boolean {
    return this.awaiting !== null;
  }

  private awaitAnswer(what: 'move' | 'next-round'): void {
    this.awaiting = what;
    this.memo = this.compute();
    this.changed();
  }

  /** Gives up the seat: freed before the start, a computer's after it. */
  leave(): void {
    this.post({ type: 'leave' });
    this.forget();
    this.watching = null;
    this.changed();
  }

  reconnectNow(): void {
    this.connection.reconnectNow();
  }

  dispose(): void {
    this.connection.close();
    this.stateListeners.clear();
    this.eventListeners.clear();
    this.changeListeners.clear();
    this.phraseListeners.clear();
    this.dealCheckListeners.clear();
  }

  // ---- Listening -----------------------------------------------------------------------------

  subscribe(listener: (state: SessionState | null) => void): () => void {
    return this.stateListeners.add(listener);
  }

  onEvent(listener: (event: MatchEmitted) => void): () => void {
    return this.eventListeners.add(listener);
  }

  /** Anything online changed: the room, the line, a problem (the lobby and the top row render these). */
  onChange(listener: () => void): () => void {
    return this.changeListeners.add(listener);
  }

  // ---- What the server says ------------------------------------------------------------------

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case 'welcome':
        this.connection.welcomed();
        this.creating = null;
        this.problem = null;
        // A message lost with the old line is never answered: the resumed view says what happened.
        this.awaiting = null;
        this.seat = message.seat;
        // A server from before rooms had keys sends none.
        this.keys = message.keys ?? null;
        if (message.token) this.key = { server: this.server, room: message.room, token: message.token };
        if (this.key) this.store.save(this.key);
        break;
      case 'room':
        if (this.watching) this.connection.welcomed();
        this.room = message.room;
        // A seat answers each deal's commitment with a seed of its own: the deal is then not the server's alone.
        if (!this.watching && this.seat !== null) this.deals.answer(message.room.nextDeal?.commitment);
        break;
      case 'view':
      case 'table': {
        if (message.seq < this.seq) return;
        if (message.seq === this.seq) {
          // The view held, sent again because the turn's clock started afresh (or after a resume):
          // only its clock is new, and nothing else is applied again.
          this.clock = shownClock(message.clock);
          this.changeListeners.notify();
          return;
        }
        this.seq = message.seq;
        this.awaiting = null;
        const view = message.type === 'view' ? message.view : watchedView(message.view);
        this.view = view;
        this.seat = message.type === 'view' ? message.view.seat : null;
        this.clock = shownClock(message.clock);
        this.rejection = null;
        this.memo = this.compute();
        if (message.type === 'view') this.deals.seatViewed(message.view);
        if (message.dealProof) void this.deals.check(message.view, message.dealProof);
        for (const event of message.events) this.eventListeners.notify(event);
        break;
      }
      case 'error':
        this.onError(message);
        break;
      case 'phrase':
        this.phraseListeners.notify({ seat: message.seat, phrase: message.phrase });
        return;
    }
    if (message.type !== 'view') this.memo = this.compute();
    this.changed();
  }


  private onError(error: Extract<ServerMessage, { type: 'error' }>): void {
    if ((error.ref === 'resume' || error.ref === 'watch') && error.code === 'rate-limited') {
      // Refused for the address's pace (another tab or device of the household flooding), not for the
      // seat or the room: asked again on a new line after the backoff, the seat kept.
      this.connection.again();
      return;
    }
    if (error.ref === 'watch') {
      this.watching = null;
      this.problem = { code: error.code, message: error.message };
      return;
    }
    // A seed that came after its deal went without it: nothing for the person to hear.
    if (error.ref === 'deal-seed') return;
    if (error.ref === 'resume' && error.code === 'unavailable') {
      // The seat is still there; the server could not take it back just now (its storage is away, or a
      // process just died and the room is being taken up elsewhere): asked again after the backoff.
      this.connection.again();
      return;
    }
    if (error.ref === 'resume' || ((error.ref === 'join' || error.ref === 'peek') && error.code !== 'rate-limited')) {
      // The kept seat is gone (expired, left, or the room never was): nothing to resume.
      if (error.ref === 'resume') this.forget();
      this.problem = { code: error.code, message: error.message };
      return;
    }
    // A refusal of the message awaited answers it; so does a dropped one (rate-limited names none).
    if (error.ref === this.awaiting || error.code === 'rate-limited') this.awaiting = null;
    if (error.ref && INTENT_REFS.has(error.ref)) {
      // Named like the local session's: the intent's type, not the message's.
      const type = error.ref === 'move' ? this.lastMove : error.ref === 'settings' ? 'configure' : error.ref;
      this.rejection = { code: error.code, message: error.message, type };
      return;
    }
    if (error.ref === 'create' && error.code === 'room-taken' && this.creating && this.creating.attempts < 3) {
      // 128 random bits met a room's id: not the person's doing, so nothing to tell them.
      this.create(this.creating.name, this.creating.settings);
      return;
    }
    if (error.ref === 'create') {
      this.creating = null;
      this.problem = { code: error.code, message: error.message };
    }
  }

  private compute(): SessionState | null {
    const { view, seat, watching, room, rejection } = this;
    return onlineStateOf({ view, seat, watching, room, rejection, awaitingMove: this.awaiting === 'move' });
  }

  private post(message: ClientMessage): void {
    if (!this.connection.send(message)) this.queue.push(message);
  }

  private flush(): void {
    const queued = this.queue;
    this.queue = [];
    for (const message of queued) this.post(message);
  }

  private forget(): void {
    this.key = null;
    this.store.clear();
    this.view = null;
    this.seq = -1;
    this.awaiting = null;
    this.seat = null;
    this.room = null;
    this.keys = null;
    this.memo = null;
    this.clock = null;
    this.deals.forget();
  }

  private changed(): void {
    this.stateListeners.notify(this.memo);
    this.changeListeners.notify();
  }
}
