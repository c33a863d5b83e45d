/** Limits that keep one client or one address from starving the others. */

/** A token bucket: `rate` tokens a second, at most `burst` saved up. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
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

/** A token bucket per address (room creation), forgotten once full again. */
export class BucketPerAddress {
  private readonly buckets = new Map<string, TokenBucket>();
  constructor(
    private readonly perMinute: number,
    private readonly burst: number,
  ) {}

  take(address: string): boolean {
    let bucket = this.buckets.get(address);
    if (!bucket) {
      // Old buckets are dropped wholesale now and then: a forgotten address simply starts full.
      if (this.buckets.size > 10_000) this.buckets.clear();
      bucket = new TokenBucket(this.perMinute / 60, this.burst);
      this.buckets.set(address, bucket);
    }
    return bucket.take();
  }
}
