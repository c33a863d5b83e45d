import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Follows one pointer across the window until it is released or cancelled, or the element leaves the
 * page: the hand uses it to tell a drag from a tap, the root to carry the dragged tile to a place.
 */
export class PointerFollowerController implements ReactiveController {
  private release: (() => void) | null = null;

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Calls `moved` for each move and `ended` once, on release or cancel; a pointer followed before is let go. */
  follow(moved: (event: PointerEvent) => void, ended: (event: PointerEvent) => void = () => undefined): void {
    this.stop();
    const end = (event: PointerEvent) => {
      this.stop();
      ended(event);
    };
    window.addEventListener('pointermove', moved);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    this.release = () => {
      window.removeEventListener('pointermove', moved);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
  }

  /** Lets the pointer go without an end (another part follows it from here). */
  stop(): void {
    this.release?.();
    this.release = null;
  }

  hostDisconnected(): void {
    this.stop();
  }
}
