/** Limits that keep one client or one address from starving the others. */

/** Milliseconds on some clock; only differences are read (tests give one they move by hand). */
export type Clock = () => number;

/** A clock that never goes back (Date.now may, when the system's time is set). */
export const monotonic: Clock = () => performance.now();

/** The limits' defaults: the server's flags and `startServer`'s options start from these. */
export const DEFAULT_LIMITS = {
  /** Messages one connection may send a second, and its burst. */
  messagesPerSecond: 20,
  messageBurst: 40,
  /**
   * Messages all of one address's connections together may send a second, and their burst: four
   * people at a table and a spectator behind one household's NAT, reconnecting at once, fit in well.
   */
  messagesPerSecondPerAddress: 20,
  messageBurstPerAddress: 60,
  /** WebSocket connections one address may hold, and open a minute. */
  maxConnectionsPerAddress: 32,
  connectionsPerMinutePerAddress: 60,
  roomsPerMinutePerAddress: 10,
  /** An upgrade refused with 429 is answered after this pause, at most this many waiting at once (paused-refusals.ts). */
  refusalPauseMs: 1000,
  mostPausedRefusals: 1000,
} as const;

/** A token bucket: `perSecond` tokens a second, at most `burst` saved up; it starts full. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: Clock = monotonic,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Whether a token could be taken now (none is). */
  canTake(): boolean {
    this.refill();
    return this.tokens >= 1;
  }

  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** When it is full again, on its clock, unless taken from meanwhile: from then on it is as good as a new one. */
  get fullAt(): number {
    return this.last + ((this.burst - this.tokens) / this.perSecond) * 1000;
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + (Math.max(0, now - this.last) / 1000) * this.perSecond);
    this.last = now;
  }
}

/** Counts what each address holds (connections), refusing past a cap. */
export class PerAddress {
  private readonly counts = new Map<string, number>();
  constructor(private readonly cap: number) {}

  acquire(address: string): boolean {
    const count = this.counts.get(address) ?? 0;
    if (count >= this.cap) return false;
    this.counts.set(address, count + 1);
    return true;
  }

  release(address: string): void {
    const count = (this.counts.get(address) ?? 1) - 1;
    if (count <= 0) this.counts.delete(address);
    else this.counts.set(address, count);
  }
}

export interface BucketPerAddressOptions {
  perSecond: number;
  burst: number;
  now?: Clock;
  /**
   * The most addresses remembered at once. Past it the one unused longest is forgotten even before it
   * refilled (it then starts full again): memory stays bounded whatever the number of addresses.
   */
  most?: number;
}

/**
 * A token bucket per address. A bucket that refilled is forgotten (a new one would be the same), so
 * only the addresses that spent some of their budget lately are remembered, and at most `most`.
 */
export class BucketPerAddress {
  /** In the order they were last used, the least recent first. */
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly now: Clock;
  private readonly most: number;

  constructor(private readonly options: BucketPerAddressOptions) {
    this.now = options.now ?? monotonic;
    this.most = options.most ?? 100_000;
  }

  take(address: string): boolean {
    this.forgetRefilled();
    let bucket = this.buckets.get(address);
    if (bucket) this.buckets.delete(address);
    else bucket = new TokenBucket(this.options.perSecond, this.options.burst, this.now);
    this.buckets.set(address, bucket);
    return bucket.take();
  }

  /** How many addresses are remembered. */
  get size(): number {
    return this.buckets.size;
  }

  /**
   * From the least recently used on, while full again (or too many are kept). Each take does a little
   * of this, so nothing needs a timer; a bucket is forgotten at the latest one whole refill (burst /
   * perSecond) after its last use, when every bucket used before it has refilled too.
   */
  private forgetRefilled(): void {
    const now = this.now();
    for (const [address, bucket] of this.buckets) {
      if (bucket.fullAt > now && this.buckets.size < this.most) return;
      this.buckets.delete(address);
    }
  }
}
