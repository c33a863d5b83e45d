/**
 * The few ways the harnesses look into an element: every selector of the browser tests is written in a
 * harness of this folder, through these, so that how an element is built inside is said in one place.
 */
export const all = <E extends Element = HTMLElement>(root: ParentNode | null | undefined, selector: string): E[] => [
  ...(root?.querySelectorAll<E>(selector) ?? []),
];
export const one = <E extends Element = HTMLElement>(root: ParentNode | null | undefined, selector: string): E | null =>
  root?.querySelector<E>(selector) ?? null;

/** An element's text, its white space collapsed. */
export const textOf = (node: Node | null | undefined): string => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** "6-3" from an accessible name such as "Tile 6-3, playable". */
export function tileNameOf(node: Element): string {
  const match = /(\d)-(\d)/.exec(node.getAttribute('aria-label') ?? '');
  if (!match) throw new Error(`no tile name in "${node.getAttribute('aria-label')}"`);
  return `${match[1]}-${match[2]}`;
}

/** The same tile either way round. */
export const sameTile = (a: string, b: string) => a === b || a === b.split('-').reverse().join('-');

/** A button among `buttons` by its visible text, or null. */
export const byText = <E extends Element>(buttons: E[], text: string): E | null => buttons.find((b) => textOf(b) === text) ?? null;
