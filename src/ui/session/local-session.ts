/**
 * A match played in the page: the match actor, with the computers thinking in a Web Worker, seen from
 * one person's seat. It is also the XState↔Lit bridge (`@xstate/lit` is not published): it re-renders
 * its host on every change and keeps the persisted snapshot while the host is off the page, so a moved
 * element resumes its game (a stopped XState actor never restarts).
 *
 * A new match opens without the actor: its deal and its first turn come from the engine
 * (machine/opening.ts: the state, the events and the refusals the statechart would give), so the first
 * screen needs neither xstate nor the statechart; nor does a first lead the rules force on a computer (the
 * highest double), which the opening lays itself after the move pause. Their chunk (match-actor.ts) loads
 * once the table is playable (the root asks for it in idle time; the opening itself as soon as a computer
 * has a move to think out, or an intent only the actor takes), and the actor takes the match over, the
 * same deal, the same forced lead, with what the person asked for meanwhile, in order.
 *
 * Only this file and the local seats helper know which seat the person holds in local play; the rest
 * of the widget reads `state.seat`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Subscription } from 'xstate';
import type { Hint, RoundReview, WorkerPlayer } from '../../ai/worker-player.js';
import type { Level } from '../../shared/names.js';
import type { MatchConfig, MatchRecord, MatchState, Seat } from '../../engine/index.js';
import {
  dealPauseOf,
  dealtOpening,
  forcedOpeningLead,
  hasPending,
  legalMovesFor,
  matchSeed,
  movePauseOf,
  openingLeadLaid,
  openingTurn,
  openMatch,
  phaseOf,
  stepOpening,
  viewFor,
  type MatchOpening,
  type MatchShown,
} from '../../machine/light.js';
import type {
  ConfigureIntent,
  MatchActor,
  MatchContext,
  MatchEmitted,
  MatchEvent,
  MatchInput,
  Rejection,
  SeatKind,
  Tempo,
} from '../../machine/index.js';
import type { createMatchActor, MatchActorOptions, PersistedMatch, WorkerPlayer as WorkerPlayerClass } from './match-actor.js';
import { Listeners, type SeatInfo, type Session, type SessionIntent, type SessionRejection, type SessionState } from './session.js';

export type { PersistedMatch } from './match-actor.js';

/** xstate, the statechart and the actor made of them: a chunk loaded after the first screen (match-actor.ts). */
export interface Statechart {
  createMatchActor: typeof createMatchActor;
  WorkerPlayer: typeof WorkerPlayerClass;
}

/** Timers: the opening's deal pause runs on them. */
export interface OpeningClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

const pageClock: OpeningClock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

export interface LocalSessionOptions {
  /** Loads the statechart's chunk (a test holds it back to play before it arrives). */
  loadStatechart?: () => Promise<Statechart>;
  /** The clock of the opening's deal pause (a test's own). */
  clock?: OpeningClock;
}

/** A new match before its actor runs. */
interface Opening {
  input: MatchInput;
  shown: MatchOpening;
  /** The intents it was sent, in order, for the actor (all but moves refused while dealing). */
  sent: MatchEvent[];
  /**
   * How many of `sent` the opening took itself (and told): the actor takes them again, unheard. The
   * others, from the first it could not take (a new match), wait for the actor.
   */
  taken: number;
  /** Those of `sent` it refused: before a computer's forced lead they are not sent again after it. */
  refused: Set<MatchEvent>;
  /** It laid a computer's forced first lead (`openingLeadLaid`): the actor lays it at once, unheard. */
  leadShown: boolean;
  /** The deal pause, or the move pause before a computer's forced lead, while it runs. */
  timer: unknown;
}

/**
 * A seed for a match that has none: every offline match is dealt from one, so the summary can show it,
 * the same seed (the `seed` attribute) deals the same rounds again, and the opening and the actor deal
 * alike. Short enough to copy.
 */
function freshMatchSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => (b % 36).toString(36)).join('');
}

/** Where the person sits in local play. */
export const LOCAL_SEAT: Seat = 0;

/** What a local match is set up with: the tempo now; the level and game the next match will have. */
export interface LocalSettings {
  tempo: Tempo;
  level: Level;
  config: MatchConfig;
  /** Whether the person may take moves back. */
  undo: boolean;
}

const MACHINE_INTENTS = {
  play: 'PLAY',
  draw: 'DRAW',
  pass: 'PASS',
  'next-round': 'NEXT_ROUND',
  'new-match': 'NEW_MATCH',
} as const satisfies Record<SessionIntent['type'], MatchEvent['type']>;

/** The machine's intent names as the session's (`NEXT_ROUND` → `next-round`). */
const intentType = (type: string) => type.toLowerCase().replace(/_/g, '-');

/** The seed the running match was dealt from, when it has one (a match saved before every match had one may not). */
function seedShown(context: MatchContext): { dealSeed?: string } {
  const seed = matchSeed(context.config, context.seed, context.matchNumber);
  return seed === undefined ? {} : { dealSeed: String(seed) };
}

function seatInfo(kind: SeatKind, seat: Seat): SeatInfo {
  // A remote seat is a person elsewhere; local play names nobody, the interface does.
  return { seat, name: null, kind: kind === 'computer' ? 'computer' : 'human', connected: true, away: false };
}

/** What a match's record is made of (domino-match-record/match-record.ts): the round ends kept, the match's state now, its seed. */
export interface RecordParts {
  ends: unknown[] | null;
  game: MatchState;
  seed: number | string | null;
}

export class LocalSession implements Session, ReactiveController {
  /** The computers' player (a Web Worker), made once the statechart's chunk, which holds it, is here. */
  private workerPlayer: WorkerPlayer | null = null;
  private readonly stateListeners = new Listeners<SessionState | null>();
  private readonly eventListeners = new Listeners<MatchEmitted>();
  private readonly clock: OpeningClock;
  private actor: MatchActor | null = null;
  private subscriptions: Subscription[] = [];
  private input: MatchInput | null = null;
  /** The match while the host is off the page. */
  private persisted: PersistedMatch | null = null;
  /** What the match shows: the actor's snapshot, or before it runs the opening's. */
  private shown: MatchShown | null = null;
  private opening: Opening | null = null;
  private statechart: Statechart | null = null;
  private statechartLoad: Promise<unknown> | null = null;
  /** The host is off the page: nothing is played. */
  private away = false;
  private memo: { shown: MatchShown; state: SessionState } | null = null;
  /**
   * The engine's state at the end of each round of the match, by round, saved with it: its record is
   * made of them. Null: its earlier rounds are not known (resumed from a save from before they were kept).
   */
  roundEnds: unknown[] | null = [];
  /** The machine's rejection last mapped, so an unchanged one stays the same object (it is announced once). */
  private rejectionMemo: { from: Rejection; to: SessionRejection } | null = null;

  /**
   * @param host re-rendered on every change, and followed on and off the page (null: no host, as in tests)
   * @param seat the person's seat: it must be a human seat of the matches this session starts
   */
  constructor(
    private readonly host: ReactiveControllerHost | null,
    readonly seat: Seat = LOCAL_SEAT,
    private readonly options: LocalSessionOptions = {},
  ) {
    this.clock = options.clock ?? pageClock;
    host?.addController(this);
  }

  // ---- Session ---------------------------------------------------------------------------------

  get state(): SessionState | null {
    const shown = this.shown;
    if (!shown) return null;
    if (this.memo?.shown !== shown) this.memo = { shown, state: this.compute(shown) };
    return this.memo.state;
  }

  send(intent: SessionIntent): void {
    // Every intent names the person's seat: a move sent out of turn is refused, never played for another seat.
    this.deliver({ ...intent, type: MACHINE_INTENTS[intent.type], seat: this.seat } as MatchEvent);
  }

  subscribe(listener: (state: SessionState | null) => void): () => void {
    return this.stateListeners.add(listener);
  }

  onEvent(listener: (event: MatchEmitted) => void): () => void {
    return this.eventListeners.add(listener);
  }

  private compute(shown: MatchShown): SessionState {
    const { context } = shown;
    return {
      phase: phaseOf(shown),
      view: viewFor(shown, this.seat),
      seat: this.seat,
      seats: context.seats.map(seatInfo),
      legal: legalMovesFor(shown, this.seat),
      rejection: this.rejectionOf(context.rejection),
      pending: hasPending(shown),
      ...seedShown(context),
    };
  }

  private rejectionOf(rejection: Rejection | null): SessionRejection | null {
    if (!rejection) return null;
    if (this.rejectionMemo?.from !== rejection) {
      const { code, message, intent } = rejection;
      this.rejectionMemo = { from: rejection, to: { code, message, type: intentType(intent.type) } };
    }
    return this.rejectionMemo.to;
  }

  /**
   * An intent to the actor, or before it runs to the opening, which takes it as the machine would (a
   * play shows at once) or keeps it, and all after it, for the actor. Nothing is played while the host
   * is away.
   */
  private deliver(event: MatchEvent): void {
    if (this.actor) {
      this.actor.send(event);
      return;
    }
    const opening = this.opening;
    if (!opening || this.away) return;
    const step = opening.taken === opening.sent.length ? stepOpening(opening.shown, event) : null;
    if (!step || step.forActor) opening.sent.push(event);
    if (!step) {
      this.handOver();
      return;
    }
    if (step.forActor) opening.taken++;
    if (step.forActor && step.refused) opening.refused.add(event);
    const retimed = step.opening.context.tempo !== opening.shown.context.tempo;
    this.shown = opening.shown = step.opening;
    for (const emitted of step.emitted) this.tell(emitted);
    this.changed();
    // As the machine does: a new tempo starts the running pause again, at its own length.
    if (retimed && opening.shown.dealing) this.startDealPause();
    else if (retimed && opening.timer !== null) this.startLeadPause();
    else if (!opening.shown.dealing) this.handOver();
  }

  /** Tells the listeners an event of the match shown (its state is `shown` already). */
  private tell(event: MatchEmitted): void {
    // A new match's first round end starts its list afresh.
    if (event.type === 'roundEnd') {
      const ends = this.roundEnds;
      const known = event.round === 1 || (ends && ends.length >= event.round - 1);
      this.roundEnds = known ? [...(ends ?? []).slice(0, event.round - 1), this.shown!.context.game] : null;
    }
    this.eventListeners.notify(event);
  }

  // ---- Local play only -------------------------------------------------------------------------

  /**
   * Loads xstate and the statechart, once, and hands a new match's opening over to the actor. The root
   * asks for them once the table is playable, so that the first moves find them here; it says so when
   * they cannot load.
   */
  loadStatechart(): Promise<unknown> {
    const load = this.options.loadStatechart ?? (() => import('./match-actor.js'));
    return (this.statechartLoad ??= load().then((statechart) => {
      this.statechart = statechart;
      this.workerPlayer ??= new statechart.WorkerPlayer();
      this.takeOver();
    }));
  }

  /**
   * Resumes a saved match if it is sound, XState takes it and this session's seat is a person's in
   * it; else starts a new one with `input`. Returns whether the saved match was resumed. Rejects when
   * what resumes it (its checks, the statechart) could not load: a new match shows meanwhile, and the
   * saved one, sound as far as anyone knows, is the caller's to keep.
   */
  async resumeOrStart(input: MatchInput, saved: unknown, roundEnds: unknown[] | null = null): Promise<boolean> {
    let checks: typeof import('../../machine/restore.js');
    try {
      // The checks load only when there is a saved match: a first visit does not need them.
      [checks] = await Promise.all([import('../../machine/restore.js'), this.loadStatechart()]);
    } catch (error) {
      this.start(input);
      throw error;
    }
    try {
      const { checkPersistedSnapshot } = checks;
      this.closeOpening();
      this.roundEnds = roundEnds;
      this.run(input, { snapshot: checkPersistedSnapshot<PersistedMatch>(saved) });
      const snapshot = this.actor?.getSnapshot();
      if (snapshot?.status === 'active' && snapshot.context.seats[this.seat] === 'human') return true;
    } catch {
      // Falls through to a new match: the caller says so once.
    }
    this.start(input);
    return false;
  }

  /**
   * Starts a new match with `input` (dealt from a fresh seed when it has none): its opening shows at
   * once, and the actor takes it over at the first turn. Invalid input throws, and changes nothing.
   */
  start(input: MatchInput): void {
    const seeded = matchSeed(input.config, input.seed ?? null, 1) === undefined ? { ...input, seed: freshMatchSeed() } : input;
    const shown = openMatch(seeded);
    this.stopActor();
    this.closeOpening();
    this.roundEnds = [];
    this.input = seeded;
    this.opening = { input: seeded, shown, sent: [], taken: 0, refused: new Set(), leadShown: false, timer: null };
    if (!shown.dealing) {
      this.dealt();
      return;
    }
    this.showOpening(shown);
    this.startDealPause();
  }

  private showOpening(shown: MatchOpening): void {
    this.opening!.shown = shown;
    this.shown = shown;
    this.changed();
  }

  /** The deal shows for the tempo's deal pause, then the first turn. */
  private startDealPause(): void {
    const opening = this.opening!;
    this.clock.clearTimeout(opening.timer);
    const ms = dealPauseOf(opening.shown);
    if (ms <= 0) {
      this.dealt();
      return;
    }
    opening.timer = this.clock.setTimeout(() => {
      opening.timer = null;
      this.dealt();
    }, ms);
  }

  /** The deal pause is over: the first turn shows and is told; a computer's forced lead is laid after its pause. */
  private dealt(): void {
    const opening = this.opening!;
    opening.shown = this.shown = dealtOpening(opening.shown);
    // As the machine does: the turn is told with the state it belongs to, then the state's listeners hear it.
    for (const event of openingTurn(opening.shown)) this.tell(event);
    this.changed();
    if (forcedOpeningLead(opening.shown)) this.startLeadPause();
    else this.handOver();
  }

  /** A computer leads a tile the rules force on it: the opening lays it after the move pause, as the machine would. */
  private startLeadPause(): void {
    const opening = this.opening!;
    this.clock.clearTimeout(opening.timer);
    opening.timer = null;
    const lay = () => {
      opening.timer = null;
      this.layForcedLead(opening);
    };
    // Never within the call that dealt: even without a pause, a computer's move comes later, as the
    // machine's does (its player answers asynchronously), so a page listening once the element is
    // placed hears it.
    opening.timer = this.clock.setTimeout(lay, Math.max(0, movePauseOf(opening.shown)));
  }

  private layForcedLead(opening: Opening): void {
    // An intent only the actor takes (a new match) waits: then the actor plays the lead itself.
    if (this.opening !== opening || opening.taken !== opening.sent.length || !forcedOpeningLead(opening.shown)) {
      this.handOver();
      return;
    }
    const { opening: laid, emitted } = openingLeadLaid(opening.shown);
    // A move refused before the lead changed nothing; sent to the actor after it, it could be taken.
    opening.sent = opening.sent.filter((event) => !opening.refused.has(event));
    opening.taken = opening.sent.length;
    opening.leadShown = true;
    opening.shown = this.shown = laid;
    for (const event of emitted) this.tell(event);
    this.changed();
    this.handOver();
  }

  /**
   * The actor takes the match over as soon as it is here. Until then the opening plays on while it can:
   * the chunk is asked for now only when a computer has a move to think out or an intent waits for the
   * actor; otherwise the root asks for it once the table is playable (LazyParts), so that the first
   * visit's table is playable before it is fetched.
   */
  private handOver(): void {
    const opening = this.opening;
    if (!opening || this.away) return;
    if (this.statechart) {
      this.takeOver();
      return;
    }
    const waits = opening.taken < opening.sent.length;
    const openingPlays = opening.shown.hasTag('humanTurn') || opening.timer !== null;
    // A chunk that cannot load is said by the root, which asked for it first (LazyParts).
    if (waits || !openingPlays) this.loadStatechart().catch(() => undefined);
  }

  /**
   * The actor takes the match over from its opening, from the first turn on: the same deal, the forced
   * lead the opening laid, and the intents the opening took, again and unheard (the opening told what
   * they did), then those it kept. Not while the opening waits to lay a forced lead (unless an intent
   * waits for the actor: then the actor lays it).
   */
  private takeOver(): void {
    const opening = this.opening;
    if (!opening || opening.shown.dealing || this.away || !this.statechart) return;
    if (opening.timer !== null && opening.taken === opening.sent.length) return;
    this.clock.clearTimeout(opening.timer);
    this.opening = null;
    this.run(opening.input, { openingShown: true, openingLeadShown: opening.leadShown }, opening.sent.slice(0, opening.taken));
    const shown = opening.shown.context;
    const now = this.shown!.context;
    // Both are the machine's own steps: a difference is a bug, and the actor's match is the one played.
    if (JSON.stringify(now.game) !== JSON.stringify(shown.game)) console.error('<domino-game>: the match is not where its opening showed it.');
    // The rejection the opening showed, taken again, is the same one (it is announced once).
    const memo = this.rejectionMemo;
    if (memo && memo.from === shown.rejection && now.rejection && JSON.stringify(now.rejection) === JSON.stringify(shown.rejection)) {
      this.rejectionMemo = { from: now.rejection, to: memo.to };
    }
    this.changed();
    for (const event of opening.sent.slice(opening.taken)) this.actor!.send(event);
  }

  private closeOpening(): void {
    if (this.opening) this.clock.clearTimeout(this.opening.timer);
    this.opening = null;
  }

  /**
   * Runs the actor with `input` (the statechart has loaded): a new match, or the saved one in `options`;
   * `replayed` are sent to it at once, unheard (with `openingShown`, its start is unheard too: the
   * opening showed and told all that).
   */
  private run(input: MatchInput, options: MatchActorOptions, replayed: MatchEvent[] = []): void {
    this.stopActor();
    this.input = input;
    const actor = this.statechart!.createMatchActor(this.workerPlayer!, input, options);
    let unheard = options.openingShown === true;
    this.subscriptions = [
      actor.subscribe({
        next: (next) => {
          if (unheard) return;
          this.shown = next;
          this.changed();
        },
        error: (error) => console.error('<domino-game>: the match stopped', error),
      }),
      // Every event the machine emits ('*'): no list of their types to keep in step with it.
      actor.on('*', (event) => {
        if (unheard) return;
        // XState tells emitted events before snapshot observers: listeners read the state they belong to.
        this.shown = actor.getSnapshot();
        this.tell(event);
      }),
    ];
    this.actor = actor;
    actor.start();
    for (const event of replayed) actor.send(event);
    unheard = false;
    this.shown = actor.getSnapshot();
    this.host?.requestUpdate();
  }

  /** The tempo applies at once; the level, game and seats from the next match. */
  configure(settings: Omit<ConfigureIntent, 'type'>): void {
    this.deliver({ type: 'CONFIGURE', ...settings });
  }

  /** The tempo now, and the level and game the next match is set to (the current ones unless changed). */
  get settings(): LocalSettings | null {
    const context = this.shown?.context;
    if (!context) return null;
    return {
      tempo: context.tempo,
      level: context.pending.level ?? context.level,
      config: context.pending.config ?? context.config,
      undo: context.undo?.allowed ?? false,
    };
  }

  /** The computers' level in the match being played (statistics count per level). */
  get level(): Level | null {
    return this.shown?.context.level ?? null;
  }

  /** The hard computer's move for the person now (thought out in the worker), and why; null when it is not their turn. */
  hint(): Promise<Hint | null> {
    const view = this.state?.legal.length ? this.state.view : null;
    if (!view) return Promise.resolve(null);
    return this.loadStatechart().then(() => this.workerPlayer!.hint(view, { seed: view.log.length + 64 * view.round.number }));
  }

  /** The review of the person's moves in round `round` of the match's record (thought out in the worker). */
  review(record: MatchRecord, round: number): Promise<RoundReview> {
    // Seeded by the round: the same round reviewed again (the fold reopened) grades alike.
    return this.loadStatechart().then(() => this.workerPlayer!.review(record, round, this.seat, { seed: 0x5eed + round }));
  }

  /** Takes back the person's last move of this round (and the computers' after it); a refusal is the state's rejection. */
  undo(): void {
    this.deliver({ type: 'UNDO', seat: this.seat });
  }

  /** Whether a move can be taken back now (the machine would accept UNDO). */
  get canUndo(): boolean {
    const shown = this.shown;
    const undo = shown?.context.undo;
    return !!undo?.allowed && undo.before.length > 0 && shown!.hasTag('playing');
  }

  /** Whether a move was taken back in the match being played. */
  get undoUsed(): boolean {
    return this.shown?.context.undo?.used ?? false;
  }

  /** What the match's record is made of; null before the match starts. */
  recordParts(): RecordParts | null {
    const context = this.shown?.context;
    return context ? { ends: this.roundEnds, game: context.game, seed: matchSeed(context.config, context.seed, context.matchNumber) ?? null } : null;
  }

  /** What saving writes: the running match, or the one kept while the host is off the page; null before the actor runs. */
  persistedSnapshot(): PersistedMatch | null {
    return this.actor ? this.actor.getPersistedSnapshot() : this.persisted;
  }

  private changed(): void {
    this.stateListeners.notify(this.state);
    this.host?.requestUpdate();
  }

  private stopActor(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
    this.actor?.stop();
    this.actor = null;
  }

  hostConnected(): void {
    this.away = false;
    if (!this.actor && this.persisted && this.input && this.statechart) {
      const persisted = this.persisted;
      this.persisted = null;
      this.run(this.input, { snapshot: persisted });
    } else if (this.opening?.shown.dealing) {
      // As a restored actor's pause does: the deal pause begins again; and a computer's move pause.
      this.startDealPause();
    } else if (this.opening && forcedOpeningLead(this.opening.shown) && this.opening.taken === this.opening.sent.length) {
      this.startLeadPause();
    } else if (this.opening) {
      this.handOver();
    }
  }

  hostDisconnected(): void {
    this.away = true;
    if (this.actor) this.persisted = this.actor.getPersistedSnapshot();
    this.stopActor();
    if (this.opening) {
      this.clock.clearTimeout(this.opening.timer);
      this.opening.timer = null;
    }
    // The worker ends too; the next question starts a new one.
    this.workerPlayer?.dispose();
  }

  dispose(): void {
    this.stopActor();
    this.closeOpening();
    this.workerPlayer?.dispose();
    this.stateListeners.clear();
    this.eventListeners.clear();
  }
}
