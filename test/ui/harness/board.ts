import { all, one, tileNameOf } from './query.js';

/** <domino-board>: the table, the tiles laid on it and the places a tile may go. */
export class BoardHarness {
  constructor(readonly host: HTMLElement) {}
  /** The places offered for the chosen tile. */
  places = (): HTMLButtonElement[] => all<HTMLButtonElement>(this.host.shadowRoot, 'button[part~="place"]');
  /** The first place offered, or null when none is. */
  firstPlace = (): HTMLButtonElement | null => this.places()[0] ?? null;
  /** The tiles on the table, in the order they are drawn. */
  laid = (): HTMLElement[] => all(this.host.shadowRoot, '.laid');
  /** The names of the tiles on the table, from their accessible names. */
  laidNames = (): string[] => all(this.host.shadowRoot, '.laid[aria-label]').map(tileNameOf);
  /** The tiles tagged as a seat's last play. */
  marked = (): HTMLElement[] => this.laid().filter((t) => t.classList.contains('mark'));
  /** The tiles lying apart from the end they were laid on (a crowded table), outlined. */
  apart = (): HTMLElement[] => this.laid().filter((t) => t.classList.contains('detached'));
  /** The tag on a laid tile that says whose play it was. */
  tagOf = (laid: HTMLElement): HTMLElement | null => one(laid, '.tag');
  table = (): HTMLElement => one(this.host.shadowRoot, '[part~="table"]')!;
  /** The box the tiles are laid out in, inside the table. */
  area = (): HTMLElement => one(this.host.shadowRoot, '.area')!;
  /** The laid tiles and the places, everything drawn in the area. */
  areaItems = (): HTMLElement[] => all(this.area(), '.laid, button.place');
  /** The drawing of the lines that link tiles lying apart to their ends, or null when none is drawn. */
  links = (): SVGSVGElement | null => one<SVGSVGElement>(this.host.shadowRoot, 'svg.links');
  linkLines = (): SVGLineElement[] => all<SVGLineElement>(this.links(), 'line');
}
