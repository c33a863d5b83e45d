/**
 * Runs chooseMove in a Web Worker started from code inlined in the page bundle, so the page never
 * freezes while a computer thinks. Where a page forbids workers from blob: URLs (a strict CSP) or has
 * no Worker, it thinks on the main thread instead, with a budget short enough to stay smooth.
 */
import workerSource from 'virtual:ai-worker-source';
import type { LegalMove, PlayerView } from '../engine/types.js';
import { chooseMove, type ChooseOptions } from './choose.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';

/** The hard level's budget when it must think on the main thread (one frame-ish chunk). */
const MAIN_THREAD_BUDGET_MS = 40;

export class WorkerPlayer {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { request: WorkerRequest; resolve(move: LegalMove): void; reject(error: unknown): void }
  >();
  /** Where the thinking happens; 'main-thread' once a worker could not be started. */
  mode: 'worker' | 'main-thread' = 'worker';

  choose(view: PlayerView, options: ChooseOptions): Promise<LegalMove> {
    const worker = this.ensureWorker();
    if (!worker) return this.chooseHere(view, options);
    const id = this.nextId++;
    const request: WorkerRequest = { id, view, options };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { request, resolve, reject });
      worker.postMessage(request);
    });
  }

  private chooseHere(view: PlayerView, options: ChooseOptions): Promise<LegalMove> {
    const budgetMs = Math.min(options.budgetMs ?? MAIN_THREAD_BUDGET_MS, MAIN_THREAD_BUDGET_MS);
    return new Promise((resolve, reject) => {
      // A macrotask, so the page can paint the last move before this one is computed.
      setTimeout(() => {
        try {
          resolve(chooseMove(view, { ...options, budgetMs }));
        } catch (error) {
          reject(error);
        }
      });
    });
  }

  private ensureWorker(): Worker | null {
    if (this.worker || this.mode === 'main-thread') return this.worker;
    let url: string | null = null;
    try {
      url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
      const worker = new Worker(url);
      worker.onmessage = ({ data }: MessageEvent<WorkerReply>) => this.settle(data);
      worker.onerror = (event) => {
        event.preventDefault();
        this.fail();
      };
      this.worker = worker;
    } catch {
      this.mode = 'main-thread';
    } finally {
      // The worker has fetched its code once constructed: the URL need not live on.
      if (url) URL.revokeObjectURL(url);
    }
    return this.worker;
  }

  private settle(reply: WorkerReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if ('move' in reply) waiting.resolve(reply.move);
    else waiting.reject(new Error(reply.error));
  }

  /**
   * A worker that fails to start (a CSP that forbids blob: workers) or crashes reports it here: think on
   * the main thread from now on, starting with the questions it left unanswered.
   */
  private fail(): void {
    this.worker?.terminate();
    this.worker = null;
    this.mode = 'main-thread';
    for (const { request, resolve, reject } of this.pending.values()) {
      this.chooseHere(request.view, request.options).then(resolve, reject);
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
