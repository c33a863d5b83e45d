import type { DominoGame } from '../../../src/index.js';
import type { ReactiveElement } from 'lit';
import { all, one } from './query.js';

/** The <domino-game> elements on the page (a test cleans them up). */
export const gamesOnPage = (): DominoGame[] => all<DominoGame>(document, 'domino-game');

/** Removes every element on the page that `selector` finds (what a test put there, around the widget). */
export const removeFromPage = (selector: string): void => {
  for (const node of all(document, selector)) node.remove();
};

/** An element a test put inside a wrapper of its own (a fixture's `<div dir="rtl">…`), by its tag. */
export function inFixture<E extends Element>(wrapper: Element, selector: string): E {
  const found = one<E>(wrapper, selector);
  if (!found) throw new Error(`no ${selector} in the fixture`);
  return found;
}

/** The widget's own elements (all Lit elements), which render inside its shadow root. */
const CHILD_ELEMENTS = 'domino-hand, domino-board, domino-settings, domino-lobby, domino-room-bar';

/** The Lit elements of the widget: itself and its children (what `settle` waits for). */
export const litElementsOf = (el: Element): ReactiveElement[] =>
  [el, ...all(el.shadowRoot, CHILD_ELEMENTS)].filter((e): e is ReactiveElement => 'isUpdatePending' in e);

/** The animations of a document or shadow root and of every shadow root inside it (each keeps its own). */
export function animationsOf(root: Document | ShadowRoot): Animation[] {
  const inner = all<Element>(root, '*').flatMap((node) => (node.shadowRoot ? animationsOf(node.shadowRoot) : []));
  return [...root.getAnimations(), ...inner];
}
