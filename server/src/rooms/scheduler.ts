/**
 * One scheduler for everything the rooms have due (a computer's move, the next deal, a look again):
 * at most one job per key (a room), kept in a binary heap by time, with one timer for the earliest.
 * Setting a key again moves its job in the heap; cancelling takes it out. The heap holds exactly the
 * jobs that will run: a replaced job (and whatever its closure holds, such as an older room state)
 * is let go at once, not when its time would have come.
 */
interface Job {
  key: string;
  at: number;
  run: () => void;
  /** Where the job is in the heap. */
  index: number;
}

export class Scheduler {
  private readonly heap: Job[] = [];
  private readonly jobs = new Map<string, Job>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Infinity;
  private stopped = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Runs `run` at `at` (ms since the epoch; at once when that has passed), instead of whatever `key` had. */
  set(key: string, at: number, run: () => void): void {
    if (this.stopped) return;
    const job = this.jobs.get(key);
    if (job) {
      const earlier = at < job.at;
      job.at = at;
      job.run = run;
      if (earlier) this.siftUp(job.index);
      else this.siftDown(job.index);
    } else {
      const added: Job = { key, at, run, index: this.heap.length };
      this.jobs.set(key, added);
      this.heap.push(added);
      this.siftUp(added.index);
    }
    this.arm();
  }

  cancel(key: string): void {
    const job = this.jobs.get(key);
    if (!job) return;
    this.remove(job);
    this.arm();
  }

  /** The time of `key`'s job, or null. */
  at(key: string): number | null {
    return this.jobs.get(key)?.at ?? null;
  }

  /** How many jobs wait (one a key at most). */
  get size(): number {
    return this.heap.length;
  }

  stop(): void {
    this.stopped = true;
    this.jobs.clear();
    this.heap.length = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
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
      const job = this.heap[0]!;
      this.remove(job);
      due.push(job);
    }
    this.arm();
    for (const job of due) job.run();
  }

  private remove(job: Job): void {
    this.jobs.delete(job.key);
    const last = this.heap.pop()!;
    if (last === job) return;
    this.place(last, job.index);
    this.siftUp(last.index);
    this.siftDown(last.index);
  }

  private place(job: Job, index: number): void {
    this.heap[index] = job;
    job.index = index;
  }

  private siftUp(index: number): void {
    const heap = this.heap;
    const job = heap[index]!;
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.at <= job.at) break;
      this.place(heap[parent]!, i);
      i = parent;
    }
    this.place(job, i);
  }

  private siftDown(index: number): void {
    const heap = this.heap;
    const job = heap[index]!;
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && heap[right]!.at < heap[left]!.at ? right : left;
      if (heap[child]!.at >= job.at) break;
      this.place(heap[child]!, i);
      i = child;
    }
    this.place(job, i);
  }
}
