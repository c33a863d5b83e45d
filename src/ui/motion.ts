/**
 * Motion that shows what happened: a tile flying from where it was to where it lies now (FLIP: the
 * element is already at its new place; it is drawn at the old one and let go), and a hand being dealt.
 * Web Animations only, fire and forget: nothing in the game waits for them (at tempo `instant` the next
 * move may come before one ends; it then simply runs on over the new render). None under
 * `prefers-reduced-motion: reduce`.
 */

/** Whether the person lets the page move things (read on each use: the setting can change). */
export const motionAllowed = (): boolean => !matchMedia('(prefers-reduced-motion: reduce)').matches;

/** How long a tile takes to travel to the table. */
const FLY_MS = 420;

/**
 * Draws `element` first over `from` (a rectangle of the page: the tile in the hand, or a player's chip)
 * and moves it to where it lies. Scaled as a whole, never squashed: the larger side of the one matches
 * the larger side of the other.
 */
export function flyFrom(element: HTMLElement, from: DOMRect): void {
  if (!motionAllowed()) return;
  const to = element.getBoundingClientRect();
  if (to.width === 0 || from.width === 0) return;
  const scale = Math.max(from.width, from.height) / Math.max(to.width, to.height);
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  element.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.6 }, { transform: 'none', opacity: 1 }],
    { duration: FLY_MS, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)' },
  );
}

/** Deals `elements` one after the other: each drops in from above, as from the middle of the table. */
export function dealIn(elements: Iterable<HTMLElement>): void {
  if (!motionAllowed()) return;
  let i = 0;
  for (const element of elements) {
    element.animate([{ transform: 'translateY(-3em) scale(0.6)', opacity: 0 }, { transform: 'none', opacity: 1 }], {
      duration: 260,
      delay: 70 * i++,
      easing: 'ease-out',
      fill: 'backwards',
    });
  }
}
