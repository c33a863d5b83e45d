import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Keyboard movement in a group with one tab stop (roving tabindex): arrows step (mirrored right to
 * left), Home and End jump, and the ends wrap around.
 */
export function rovingIndex(key: string, index: number, count: number, { rtl }: { rtl: boolean }): number | null {
  if (count === 0) return null;
  switch (key) {
    case rtl ? 'ArrowLeft' : 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case rtl ? 'ArrowRight' : 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export const isRightToLeft = (element: Element): boolean => getComputedStyle(element).direction === 'rtl';

/**
 * The one tab stop of a group of items and the arrow keys between them (as Material's list controller
 * does it): the host renders each item with `tabindex=${roving.tabIndex(i)}` and
 * `@focus=${() => roving.focused(i)}`, and hands the group's key presses to `keydown`. Whatever the
 * items go through (a hand emptied at a round's end, fewer places), exactly one is the tab stop.
 */
export class RovingFocusController implements ReactiveController {
  private index = 0;

  /**
   * @param count how many items the next render shows
   * @param items the items as rendered, in order
   */
  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly count: () => number,
    private readonly items: () => ArrayLike<HTMLElement>,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    this.index = this.clamped(this.index);
  }

  tabIndex(index: number): 0 | -1 {
    return index === this.index ? 0 : -1;
  }

  /** An item got the focus (a click, a tab): it becomes the tab stop. */
  focused(index: number): void {
    this.index = index;
  }

  /** Steps on an arrow, Home or End (taking the key from the page); leaves any other key alone. */
  keydown(event: KeyboardEvent): void {
    const next = rovingIndex(event.key, this.index, this.count(), { rtl: isRightToLeft(this.host) });
    if (next === null) return;
    event.preventDefault();
    void this.focus(next);
  }

  /** Makes the item at `index` (the tab stop by default; the nearest one there is) the tab stop and focuses it, once rendered. */
  async focus(index = this.index): Promise<void> {
    this.index = this.clamped(index);
    this.host.requestUpdate();
    await this.host.updateComplete;
    this.items()[this.index]?.focus();
  }

  private clamped(index: number): number {
    return Math.max(0, Math.min(index, this.count() - 1));
  }
}
