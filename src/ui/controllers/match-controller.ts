/**
 * The bridge between the match actor and a Lit host (`@xstate/lit` is not published): it starts the
 * actor, re-renders the host on every snapshot, hands the machine's domain events to the host, and
 * keeps the persisted snapshot when the host leaves the page, so a moved element resumes its game
 * (a stopped XState actor never restarts).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createActor, fromPromise, type Subscription } from 'xstate';
import { WorkerPlayer } from '../../ai/worker-player.js';
import type { LegalMove } from '../../engine/index.js';
import {
  matchMachine,
  type ComputerPlayerInput,
  type MatchActor,
  type MatchEmitted,
  type MatchEvent,
  type MatchInput,
  type MatchSnapshot,
} from '../../machine/index.js';

type Persisted = ReturnType<MatchActor['getPersistedSnapshot']>;

export class MatchController implements ReactiveController {
  private readonly host: ReactiveControllerHost;
  private readonly onEmitted: (event: MatchEmitted) => void;
  private readonly player = new WorkerPlayer();
  private actor: MatchActor | null = null;
  private subscriptions: Subscription[] = [];
  private input: MatchInput | null = null;
  private persisted: Persisted | null = null;
  snapshot: MatchSnapshot | null = null;
  /** Called on every new snapshot (the saving hooks in here). */
  onSnapshot: ((actor: MatchActor) => void) | null = null;

  constructor(host: ReactiveControllerHost, onEmitted: (event: MatchEmitted) => void) {
    this.host = host;
    this.onEmitted = onEmitted;
    host.addController(this);
  }

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
   * Resumes a saved match if it is sound and XState takes it; else starts a new one with `input`.
   * Returns whether the saved match was resumed.
   */
  async resumeOrStart(input: MatchInput, saved: unknown): Promise<boolean> {
    try {
      // The checks load only when there is a saved match: a first visit does not need them.
      const { checkPersistedSnapshot } = await import('../../machine/restore.js');
      this.start(input, checkPersistedSnapshot<Persisted>(saved));
      if (this.snapshot?.status === 'active') return true;
    } catch {
      // Falls through to a new match: the caller says so once.
    }
    this.start(input);
    return false;
  }

  /** Starts a match with `input`, or resumes `snapshot` (a saved game) when given. */
  start(input: MatchInput, snapshot?: Persisted): void {
    this.stopActor();
    this.input = input;
    const actor = createActor(this.machine(), { input, ...(snapshot ? { snapshot } : {}) });
    this.subscriptions = [
      actor.subscribe({
        next: (next) => {
          this.snapshot = next;
          this.onSnapshot?.(actor);
          this.host.requestUpdate();
        },
        error: (error) => console.error('<domino-game>: the match stopped', error),
      }),
      ...(['move', 'score', 'roundEnd', 'matchEnd', 'turn'] as const).map((type) =>
        actor.on(type, (event) => {
          // XState tells emitted events before snapshot observers: read the snapshot they belong to.
          this.snapshot = actor.getSnapshot();
          this.onEmitted(event as MatchEmitted);
        }),
      ),
    ];
    this.actor = actor;
    actor.start();
    this.snapshot = actor.getSnapshot();
    this.host.requestUpdate();
  }

  get started(): boolean {
    return this.actor !== null;
  }

  send(event: MatchEvent): void {
    this.actor?.send(event);
  }

  persistedSnapshot(): Persisted | null {
    return this.actor ? this.actor.getPersistedSnapshot() : this.persisted;
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
  }
}
