/**
 * A match played in the page: the match actor, with the computers thinking in a Web Worker, seen from
 * one person's seat. It is also the XState↔Lit bridge (`@xstate/lit` is not published): it re-renders
 * its host on every change and keeps the persisted snapshot while the host is off the page, so a moved
 * element resumes its game (a stopped XState actor never restarts).
 *
 * Only this file and the local seats helper know which seat the person holds in local play; the rest
 * of the widget reads `state.seat`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createActor, fromPromise, type Subscription } from 'xstate';
import { WorkerPlayer, type Hint, type RoundReview } from '../../ai/worker-player.js';
import type { Level } from '../../shared/names.js';
import type { LegalMove, MatchConfig, MatchRecord, MatchState, Seat } from '../../engine/index.js';
import {
  hasPending,
  legalMovesFor,
  matchMachine,
  matchSeed,
  phaseOf,
  viewFor,
  type ComputerPlayerInput,
  type ConfigureIntent,
  type MatchActor,
  type MatchContext,
  type MatchEmitted,
  type MatchEvent,
  type MatchInput,
  type MatchSnapshot,
  type Rejection,
  type SeatKind,
  type Tempo,
} from '../../machine/index.js';
import { Listeners, type SeatInfo, type Session, type SessionIntent, type SessionRejection, type SessionState } from './session.js';

export type PersistedMatch = ReturnType<MatchActor['getPersistedSnapshot']>;

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
  private readonly player = new WorkerPlayer();
  private readonly stateListeners = new Listeners<SessionState | null>();
  private readonly eventListeners = new Listeners<MatchEmitted>();
  private actor: MatchActor | null = null;
  private subscriptions: Subscription[] = [];
  private input: MatchInput | null = null;
  /** The match while the host is off the page. */
  private persisted: PersistedMatch | null = null;
  private snapshot: MatchSnapshot | null = null;
  private memo: { snapshot: MatchSnapshot; state: SessionState } | null = null;
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
  ) {
    host?.addController(this);
  }

  // ---- Session ---------------------------------------------------------------------------------

  get state(): SessionState | null {
    const snapshot = this.snapshot;
    if (!snapshot) return null;
    if (this.memo?.snapshot !== snapshot) this.memo = { snapshot, state: this.compute(snapshot) };
    return this.memo.state;
  }

  send(intent: SessionIntent): void {
    // Every intent names the person's seat: a move sent out of turn is refused, never played for another seat.
    this.actor?.send({ ...intent, type: MACHINE_INTENTS[intent.type], seat: this.seat } as MatchEvent);
  }

  subscribe(listener: (state: SessionState | null) => void): () => void {
    return this.stateListeners.add(listener);
  }

  onEvent(listener: (event: MatchEmitted) => void): () => void {
    return this.eventListeners.add(listener);
  }

  private compute(snapshot: MatchSnapshot): SessionState {
    const { context } = snapshot;
    return {
      phase: phaseOf(snapshot),
      view: viewFor(snapshot, this.seat),
      seat: this.seat,
      seats: context.seats.map(seatInfo),
      legal: legalMovesFor(snapshot, this.seat),
      rejection: this.rejectionOf(context.rejection),
      pending: hasPending(snapshot),
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

  // ---- Local play only -------------------------------------------------------------------------

  /** The machine with computers thinking in a Web Worker. */
  private machine() {
    return matchMachine.provide({
      actors: {
        computerPlayer: fromPromise<LegalMove, ComputerPlayerInput>(({ input }) =>
          this.player.choose(input.view, { level: input.level, seed: input.seed }),
        ),
      },
    });
  }

  /**
   * Resumes a saved match if it is sound, XState takes it and this session's seat is a person's in
   * it; else starts a new one with `input`. Returns whether the saved match was resumed.
   */
  async resumeOrStart(input: MatchInput, saved: unknown, roundEnds: unknown[] | null = null): Promise<boolean> {
    try {
      this.roundEnds = roundEnds;
      // The checks load only when there is a saved match: a first visit does not need them.
      const { checkPersistedSnapshot } = await import('../../machine/restore.js');
      this.start(input, checkPersistedSnapshot<PersistedMatch>(saved));
      const snapshot = this.snapshot;
      if (snapshot?.status === 'active' && snapshot.context.seats[this.seat] === 'human') return true;
    } catch {
      // Falls through to a new match: the caller says so once.
    }
    this.start(input);
    return false;
  }

  /** Starts a match with `input`, or resumes `snapshot` (a saved game) when given. */
  start(input: MatchInput, snapshot?: PersistedMatch): void {
    this.stopActor();
    if (!snapshot) this.roundEnds = [];
    this.input = input;
    const actor = createActor(this.machine(), { input, ...(snapshot ? { snapshot } : {}) });
    this.subscriptions = [
      actor.subscribe({
        next: (next) => {
          this.snapshot = next;
          this.changed();
        },
        error: (error) => console.error('<domino-game>: the match stopped', error),
      }),
      // Every event the machine emits ('*'): no list of their types to keep in step with it.
      actor.on('*', (event) => {
        // XState tells emitted events before snapshot observers: listeners read the state they belong to.
        this.snapshot = actor.getSnapshot();
        // A new match's first round end starts its list afresh.
        if (event.type === 'roundEnd') {
          const ends = this.roundEnds;
          const known = event.round === 1 || (ends && ends.length >= event.round - 1);
          this.roundEnds = known ? [...(ends ?? []).slice(0, event.round - 1), this.snapshot.context.game] : null;
        }
        this.eventListeners.notify(event);
      }),
    ];
    this.actor = actor;
    actor.start();
    this.snapshot = actor.getSnapshot();
    this.host?.requestUpdate();
  }

  /** The tempo applies at once; the level, game and seats from the next match. */
  configure(settings: Omit<ConfigureIntent, 'type'>): void {
    this.actor?.send({ type: 'CONFIGURE', ...settings });
  }

  /** The tempo now, and the level and game the next match is set to (the current ones unless changed). */
  get settings(): LocalSettings | null {
    const context = this.snapshot?.context;
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
    return this.snapshot?.context.level ?? null;
  }

  /** The hard computer's move for the person now (thought out in the worker), and why; null when it is not their turn. */
  hint(): Promise<Hint | null> {
    const view = this.state?.legal.length ? this.state.view : null;
    return view ? this.player.hint(view, { seed: view.log.length + 64 * view.round.number }) : Promise.resolve(null);
  }

  /** The review of the person's moves in round `round` of the match's record (thought out in the worker). */
  review(record: MatchRecord, round: number): Promise<RoundReview> {
    // Seeded by the round: the same round reviewed again (the fold reopened) grades alike.
    return this.player.review(record, round, this.seat, { seed: 0x5eed + round });
  }

  /** Takes back the person's last move of this round (and the computers' after it); a refusal is the state's rejection. */
  undo(): void {
    this.actor?.send({ type: 'UNDO', seat: this.seat });
  }

  /** Whether a move can be taken back now (the machine would accept UNDO). */
  get canUndo(): boolean {
    const snapshot = this.snapshot;
    const undo = snapshot?.context.undo;
    return !!undo?.allowed && undo.before.length > 0 && snapshot!.hasTag('playing');
  }

  /** Whether a move was taken back in the match being played. */
  get undoUsed(): boolean {
    return this.snapshot?.context.undo?.used ?? false;
  }

  /** What the match's record is made of; null before the match starts. */
  recordParts(): RecordParts | null {
    const context = this.snapshot?.context;
    return context ? { ends: this.roundEnds, game: context.game, seed: matchSeed(context.config, context.seed, context.matchNumber) ?? null } : null;
  }

  /** What saving writes: the running match, or the one kept while the host is off the page. */
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
    if (!this.actor && this.persisted && this.input) {
      const persisted = this.persisted;
      this.persisted = null;
      this.start(this.input, persisted);
    }
  }

  hostDisconnected(): void {
    if (this.actor) this.persisted = this.actor.getPersistedSnapshot();
    this.stopActor();
    // The worker ends too; the next question starts a new one.
    this.player.dispose();
  }

  dispose(): void {
    this.stopActor();
    this.player.dispose();
    this.stateListeners.clear();
    this.eventListeners.clear();
  }
}
