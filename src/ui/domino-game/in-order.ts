/**
 * Keeps what the widget says in the order things happened. Most texts are at hand at once; a round's
 * result comes with the summary's code, loaded on demand, and on a slow connection the next round can
 * be dealt and led before it arrives. Without this, the live region said the result after the lead and
 * the line under the table went back to the result: texts are told in the order they were given,
 * each as soon as it and every one before it are ready. A text that has not come within `waitMs` is
 * skipped, so that a part that never loads silences nothing after it.
 */
export class InOrder<T> {
  /** The last text given that is still on its way (null: everything given has been told). */
  private pending: Promise<void> | null = null;

  constructor(
    private readonly announce: (item: T, text: string) => void,
    private readonly waitMs = 3000,
  ) {}

  /** Tells `text` about `item` now, or once it and every text given before it are ready; a text that fails or is late is skipped. */
  add(item: T, text: string | Promise<string>): void {
    if (this.pending === null && typeof text === 'string') {
      this.announce(item, text);
      return;
    }
    // Never rejects: an announcement that throws is reported, and the texts after it are still told.
    const told = (this.pending ?? Promise.resolve())
      .then(() => this.inTime(text))
      .then(
        (words) => this.announce(item, words),
        () => undefined,
      )
      .catch((error: unknown) => console.error('<domino-game>: could not say what happened.', error));
    this.pending = told;
    void told.then(() => {
      if (this.pending === told) this.pending = null;
    });
  }

  private inTime(text: string | Promise<string>): Promise<string> {
    if (typeof text === 'string') return Promise.resolve(text);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('too late')), this.waitMs);
    });
    return Promise.race([text, late]).finally(() => clearTimeout(timer));
  }
}
