/**
 * One JSON answer a view shows: loading, loaded or failed, fetched again only when its URL changes or the
 * person asks again (retry). An answer that comes after its URL changed is dropped (its fetch aborted).
 */
import { fetchJson, HttpProblem } from './players-http.js';

export type Remote<T> = { kind: 'loading' } | { kind: 'loaded'; value: T } | { kind: 'failed'; problem: HttpProblem };

export class RemoteJson<T> {
  state: Remote<T> = { kind: 'loading' };
  private url: URL | null = null;
  private asked = false;
  private controller: AbortController | null = null;

  constructor(private readonly changed: () => void) {}

  /** Shows the answer at `url` (null: there is no server to ask, said as unreachable). */
  show(url: URL | null): void {
    if (this.asked && url?.href === this.url?.href) return;
    this.url = url;
    this.asked = true;
    void this.load();
  }

  retry(): void {
    void this.load();
  }

  /** Stops what is loading; the next `show` fetches again. */
  stop(): void {
    this.controller?.abort();
    this.controller = null;
    this.asked = false;
  }

  private async load(): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.state = { kind: 'loading' };
    this.changed();
    const url = this.url;
    try {
      if (!url) throw new HttpProblem(null);
      const value = await fetchJson<T>(url, controller.signal);
      if (!controller.signal.aborted) this.state = { kind: 'loaded', value };
    } catch (error) {
      if (controller.signal.aborted) return;
      if (!(error instanceof HttpProblem)) throw error;
      this.state = { kind: 'failed', problem: error };
    }
    this.changed();
  }
}
