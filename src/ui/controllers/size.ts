import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The size of an element in the host's shadow tree, as last observed (Lit's ResizeController pattern):
 * the host re-renders when it changes. The element found by `find` is observed once it is rendered,
 * again after the host comes back to the page, and no longer once it leaves.
 */
export class SizeController implements ReactiveController {
  /** In whole CSS pixels; 0 until the first observation (before the first paint). */
  size = { width: 0, height: 0 };
  private readonly observer: ResizeObserver;
  private observed: Element | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly find: () => Element | null,
  ) {
    this.observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      const height = Math.floor(entry?.contentRect.height ?? 0);
      if (width === this.size.width && height === this.size.height) return;
      this.size = { width, height };
      host.requestUpdate();
    });
    host.addController(this);
  }

  hostUpdated(): void {
    const target = this.find();
    if (!target || target === this.observed) return;
    this.observer.disconnect();
    this.observer.observe(target);
    this.observed = target;
  }

  hostDisconnected(): void {
    this.observer.disconnect();
    this.observed = null;
  }
}
