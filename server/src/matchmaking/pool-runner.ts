/**
 * Runs the matcher of every pool in waves, on whichever process holds the pool's lease: each wave reads
 * the pool's seekers (in the same round trip as the lease: see PoolStore.claim), drops those whose process died (their widgets seek again on reconnecting), forms
 * the tables (matcher.ts), takes each table's seekers out of the pool at once, has its room made, and
 * announces it. A table whose seekers are no longer all there (one cancelled meanwhile) is skipped:
 * the others stay in the pool for the next wave.
 *
 * A pool another process holds is not asked for again until that lease could have lapsed: an idle
 * process (the pools empty, another holding them) then costs Redis one command a pool every two or three
 * seconds instead of one a second, and a dead holder's pools are still taken over the moment its lease ends.
 */
import { formTables, type PoolRules } from './matcher.js';
import type { PoolStore, Seek, TableNotice } from './pool-store.js';

/** How often a pool's tables are formed, and how long a lease lasts without renewal (three waves). */
export const WAVE_MS = 1_000;
export const LEASE_MS = 3_000;

export interface RunnerPool {
  id: string;
  rules: PoolRules;
}

export interface PoolRunnerOptions {
  store: PoolStore;
  pools: readonly RunnerPool[];
  processId: string;
  alive(process: string): boolean;
  /** Whether `process` beat lately enough for its seekers to be seated now (a process that just died has not). */
  fresh(process: string): boolean;
  /** Makes the room of a table (its seats in the order given, computers after): its id. */
  makeRoom(pool: string, seekers: Seek[], computers: number): Promise<string>;
  now?: () => number;
  onError(error: unknown): void;
}

export class PoolRunner {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> = Promise.resolve();
  /** When to ask again for a pool another process held (its lease's end as Redis last said). */
  private readonly heldElsewhereUntil = new Map<string, number>();

  constructor(private readonly options: PoolRunnerOptions) {}

  start(): void {
    this.timer = setInterval(() => {
      // One wave at a time: a slow one (storage busy) is not overtaken by the next.
      this.running = this.running.then(async () => void (await this.wave())).catch(this.options.onError);
    }, WAVE_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One wave over every pool this process holds the lease of (the pools asked for at once); the tables formed. */
  async wave(): Promise<TableNotice[]> {
    const now = (this.options.now ?? Date.now)();
    const due = this.options.pools.filter((pool) => (this.heldElsewhereUntil.get(pool.id) ?? 0) <= now);
    const formed = await Promise.all(due.map((pool) => this.waveIn(pool, now)));
    return formed.flat();
  }

  private async waveIn(pool: RunnerPool, now: number): Promise<TableNotice[]> {
    const claim = await this.options.store.claim(pool.id, this.options.processId, LEASE_MS);
    if (!claim.held) {
      this.heldElsewhereUntil.set(pool.id, now + claim.retryInMs);
      return [];
    }
    this.heldElsewhereUntil.delete(pool.id);
    return this.formIn(pool, claim.seekers, now);
  }

  private async formIn(pool: RunnerPool, all: Seek[], now: number): Promise<TableNotice[]> {
    const { store, alive } = this.options;
    const waiting: Seek[] = [];
    for (const seek of all) {
      // Seated only when its process beat lately: one that just died must not seat its seekers' ghosts.
      if (alive(seek.via)) {
        if (this.options.fresh(seek.via)) waiting.push(seek);
      }
      // Its process died with the connection: the widget seeks again on the process it reaches next.
      else await store.cancel(pool.id, seek.id);
    }
    const byId = new Map(waiting.map((seek) => [seek.id, seek]));
    const notices: TableNotice[] = [];
    for (const table of formTables(waiting, pool.rules, now)) {
      if (!(await store.take(pool.id, table.seekers))) continue;
      const seated = table.seekers.map((id) => byId.get(id)!);
      let room: string;
      try {
        room = await this.options.makeRoom(pool.id, seated, table.computers);
      } catch (error) {
        // The room could not be made (storage away): they wait on, where they were.
        for (const seek of seated) await store.add(pool.id, seek).catch(this.options.onError);
        this.options.onError(error);
        continue;
      }
      const notice = { pool: pool.id, room, seats: seated.map((seek, seat) => ({ id: seek.id, seat, tokenHash: seek.tokenHash })) };
      await store.announce(notice);
      notices.push(notice);
    }
    return notices;
  }
}
