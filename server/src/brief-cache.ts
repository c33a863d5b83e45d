/**
 * Answers kept a moment (a second or two): a thousand readers a second of the same leaderboard cost one
 * read of the store a second, and readers who ask while it is being read wait for that read instead of
 * starting their own. A failed read is not kept. At most `most` answers are kept: past that the oldest go.
 */
export class BriefCache<T> {
  private readonly kept = new Map<string, { until: number; value: Promise<T> }>();

  constructor(
    private readonly ms: number,
    private readonly most: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The answer kept for `key`, or the one `make` gives (kept for `ms` from now). */
  get(key: string, make: () => Promise<T>): Promise<T> {
    const now = this.now();
    const found = this.kept.get(key);
    if (found && found.until > now) return found.value;
    if (found) this.kept.delete(key);
    const value = make();
    const entry = { until: now + this.ms, value };
    this.kept.set(key, entry);
    value.catch(() => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    if (this.kept.size > this.most) this.trim(now);
    return value;
  }

  private trim(now: number): void {
    for (const [key, entry] of this.kept) if (entry.until <= now) this.kept.delete(key);
    // Still too many: the oldest first (a Map keeps the order they were put in).
    for (const key of this.kept.keys()) {
      if (this.kept.size <= this.most) break;
      this.kept.delete(key);
    }
  }

  get size(): number {
    return this.kept.size;
  }
}
