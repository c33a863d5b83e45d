/**
 * One scheduler for everything the rooms have due (a computer's move, the next deal, a look again):
 * at most one job per key (a room), kept in a binary heap by time, with one timer for the earliest.
 * Setting a key again replaces its job; a job whose key was set again or cancelled never runs.
 */
interface Job {
  key: string;
  at: number;
  run: () => void;
  /** Which setting of the key this is: a heap entry left behind by a newer one is skipped. */
  generation: number;
}

export class Scheduler {
  private readonly heap: Job[] = [];
  private readonly current = new Map<string, Job>();
  private generation = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Infinity;
  private stopped = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Runs `run` at `at` (ms since the epoch; at once when that has passed), instead of whatever `key` had. */
  set(key: string, at: number, run: () => void): void {
    if (this.stopped) return;
    const job: Job = { key, at, run, generation: ++this.generation };
    this.current.set(key, job);
    this.push(job);
    this.arm();
  }

  cancel(key: string): void {
    this.current.delete(key);
  }

  /** The time of `key`'s job, or null. */
  at(key: string): number | null {
    return this.current.get(key)?.at ?? null;
  }

  get size(): number {
    return this.current.size;
  }

  stop(): void {
    this.stopped = true;
    this.current.clear();
    this.heap.length = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    // Entries of cancelled or replaced jobs are dropped as they surface.
    while (this.heap.length > 0 && !this.isCurrent(this.heap[0]!)) this.pop();
    const next = this.heap[0];
    if (!next) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.timerAt = Infinity;
      return;
    }
    if (this.timer && this.timerAt <= next.at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = next.at;
    this.timer = setTimeout(() => this.fire(), Math.max(0, next.at - this.now()));
    // Jobs are the rooms' business: they never keep the process alive on their own.
    this.timer.unref?.();
  }

  private fire(): void {
    this.timer = null;
    this.timerAt = Infinity;
    const now = this.now();
    const due: Job[] = [];
    while (this.heap.length > 0 && this.heap[0]!.at <= now) {
      const job = this.pop();
      if (!this.isCurrent(job)) continue;
      this.current.delete(job.key);
      due.push(job);
    }
    this.arm();
    for (const job of due) job.run();
  }

  private isCurrent(job: Job): boolean {
    return this.current.get(job.key)?.generation === job.generation;
  }

  private push(job: Job): void {
    const heap = this.heap;
    heap.push(job);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.at <= job.at) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = job;
  }

  private pop(): Job {
    const heap = this.heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= heap.length) break;
        const right = left + 1;
        const child = right < heap.length && heap[right]!.at < heap[left]!.at ? right : left;
        if (heap[child]!.at >= last.at) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = last;
    }
    return top;
  }
}
