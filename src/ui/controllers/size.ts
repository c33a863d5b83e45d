import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The size of an element's content box in the host's shadow tree, as last observed (Lit's
 * ResizeController pattern): the host re-renders when it changes. The element found by `find` is
 * observed once it is rendered, again after the host comes back to the page, and no longer once it leaves.
 *
 * Measured as its border box less its padding, so a scroll bar appearing in it (the host
 * made it scroll because of its size) changes nothing: a content box that shrank by the scroll bar
 * would be reported in the same frame and looped (Firefox says "ResizeObserver loop completed").
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
      if (!entry) return;
      // The border box less the padding, the same on every side (the observed elements have no border).
      const padding = 2 * parseFloat(getComputedStyle(entry.target).paddingTop);
      const width = Math.max(0, Math.floor(entry.borderBoxSize[0]!.inlineSize - padding));
      const height = Math.max(0, Math.floor(entry.borderBoxSize[0]!.blockSize - padding));
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
    this.observer.observe(target, { box: 'border-box' });
    this.observed = target;
  }

  hostDisconnected(): void {
    this.observer.disconnect();
    this.observed = null;
  }
}

