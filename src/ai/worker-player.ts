/**
 * Runs chooseMove in a Web Worker, so the page never freezes while a computer thinks. The worker loads
 * the page's own bundle (configureAiWorker, worker-start.ts, called by the bundle's entry), through a small same-origin
 * blob script so that a bundle served from a CDN works too. Where a page allows no such worker (a
 * strict CSP, file://) or none is configured yet, it thinks on the main thread with a short budget,
 * and tries the worker again on a later question.
 */
import type { LegalMove, MatchRecord, PlayerView, Seat } from '../engine/index.js';
import type { ChooseOptions } from './levels.js';
import { loadChooseMove } from './load.js';
import type { Hint } from './hint.js';
import type { ReviewOptions, RoundReview } from './review.js';
import type { WorkerQuestion, WorkerReply } from './worker-protocol.js';
import { configuredWorkerScript, startWorker } from './worker-start.js';

export type { Hint, HintReason, PlaceReason } from './hint.js';
export type { Grade, ReviewedMove, ReviewedPlay, RoundReview } from './review.js';
export { configureAiWorker } from './worker-start.js';

type Answer = LegalMove | Hint | RoundReview;

/** The hard level's budget when it must think on the main thread (about a frame or three). */
const MAIN_THREAD_BUDGET_MS = 40;

/**
 * Workers that failed to start or to load, one after another, before the main thread is taken for
 * good: a page that forbids workers fails every time, while a crash or a script not configured yet
 * passes, so one failure alone never decides.
 */
const WORKER_ATTEMPTS = 3;

export class WorkerPlayer {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { request: WorkerQuestion; resolve(answer: Answer): void; reject(error: unknown): void }
  >();
  /** Where the last question went: 'main-thread' while no worker could be started. */
  mode: 'worker' | 'main-thread' = 'worker';
  /** Workers that failed in a row (a worker's answer starts the count over). */
  private failures = 0;

  choose(view: PlayerView, options: ChooseOptions): Promise<LegalMove> {
    return this.ask({ id: this.nextId++, view, options }) as Promise<LegalMove>;
  }

  /** The hard computer's move for the person in the seat of `view`, and why. */
  hint(view: PlayerView, options: Omit<ChooseOptions, 'level'>): Promise<Hint> {
    return this.ask({ id: this.nextId++, type: 'hint', view, options }) as Promise<Hint>;
  }

  /** The review of the person's moves in round `round` of the record's match (ai/review.ts). */
  review(record: MatchRecord, round: number, seat: Seat, options: ReviewOptions = {}): Promise<RoundReview> {
    return this.ask({ id: this.nextId++, type: 'review', record, round, seat, options }) as Promise<RoundReview>;
  }

  private ask(request: WorkerQuestion): Promise<Answer> {
    const worker = this.ensureWorker();
    if (!worker) return this.answerHere(request);
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { request, resolve, reject });
      worker.postMessage(request);
    });
  }

  private answerHere(request: WorkerQuestion): Promise<Answer> {
    const options = { ...request.options, budgetMs: Math.min(request.options.budgetMs ?? MAIN_THREAD_BUDGET_MS, MAIN_THREAD_BUDGET_MS) };
    if ('type' in request && request.type === 'review') {
      return import('./review.js').then(({ reviewSteps }) => finishInMacrotasks(reviewSteps(request.record, request.round, request.seat, options)));
    }
    const answer =
      'type' in request
        ? import('./hint.js').then(({ hintFor }) => () => hintFor(request.view, options))
        : loadChooseMove(request.options.level).then((chooseMove) => () => chooseMove(request.view, { ...options, level: request.options.level }));
    return answer.then((think: () => Answer) => finishInMacrotasks(oneStep(think)));
  }

  private ensureWorker(): Worker | null {
    const script = configuredWorkerScript();
    if (!this.worker && script && this.failures < WORKER_ATTEMPTS) {
      try {
        const worker = startWorker(script);
        worker.onmessage = ({ data }: MessageEvent<WorkerReply>) => this.settle(data);
        worker.onerror = (event) => {
          event.preventDefault();
          this.fail();
        };
        this.worker = worker;
      } catch {
        this.failures += 1;
      }
    }
    this.mode = this.worker ? 'worker' : 'main-thread';
    return this.worker;
  }

  private settle(reply: WorkerReply): void {
    this.failures = 0;
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve('move' in reply ? reply.move : 'hint' in reply ? reply.hint : reply.review);
  }

  /**
   * A worker that fails to load (a CSP that forbids it, a script that cannot be fetched) or crashes
   * reports it here: the questions left unanswered go to the main thread, and the next one tries a
   * new worker (WORKER_ATTEMPTS says how often).
   */
  private fail(): void {
    this.worker?.terminate();
    this.worker = null;
    this.failures += 1;
    this.mode = 'main-thread';
    for (const { request, resolve, reject } of this.pending.values()) {
      this.answerHere(request).then(resolve, reject);
    }
    this.pending.clear();
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const waiting of this.pending.values()) waiting.reject(new Error('the computer player was stopped'));
    this.pending.clear();
  }
}

// eslint-disable-next-line require-yield -- a computation of one step, for finishInMacrotasks
function* oneStep<T>(think: () => T): Generator<never, T> {
  return think();
}

/**
 * Runs the steps of a computation one macrotask each, so the page can paint between them (and the last
 * move before the first step), and resolves with what the last returns.
 */
function finishInMacrotasks<T>(steps: Generator<unknown, T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const step = () => {
      try {
        const next = steps.next();
        if (next.done) resolve(next.value);
        else setTimeout(step);
      } catch (error) {
        reject(error);
      }
    };
    setTimeout(step);
  });
}
