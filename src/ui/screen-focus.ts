/**
 * Online play's screens (the lobby's, quick match's) replace one another as the server answers: when
 * the control the person was on went away with its screen, they go on from the new screen's first
 * control, and nowhere else is the focus taken from them.
 */
import type { LitElement } from 'lit';

/** Whether the focus is nowhere (the control that had it went away) or on `element` itself. */
function focusIsLost(element: LitElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  const game = element.getRootNode() as ShadowRoot;
  return active === game.host && (!game.activeElement || game.activeElement === element);
}

/** After a screen of another kind rendered (`kindBefore` → `kindNow`): its first control takes a focus that was lost. */
export function focusNewScreen(element: LitElement, kindBefore: string | undefined, kindNow: string | undefined): void {
  if (kindBefore === kindNow || !focusIsLost(element)) return;
  element.renderRoot.querySelector<HTMLElement>('input, select, button')?.focus();
}
