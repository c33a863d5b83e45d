import { all, one, sameTile, tileNameOf } from './query.js';

/** <domino-hand>: your tiles, one tab stop. */
export class HandHarness {
  constructor(readonly host: HTMLElement) {}
  tiles = (): HTMLButtonElement[] => all<HTMLButtonElement>(this.host.shadowRoot, 'button[part~="tile"]');
  /** The tiles' names ("6-3"), from their accessible names. */
  names = (): string[] => this.tiles().map(tileNameOf);
  /** The glowing tiles: those that fit (aria-disabled="false"). */
  playable = (): HTMLButtonElement[] => this.tiles().filter((b) => b.getAttribute('aria-disabled') === 'false');
  /** The tiles that do not fit now. */
  dim = (): HTMLButtonElement[] => this.tiles().filter((b) => b.getAttribute('aria-disabled') === 'true');
  /** The hand's one tab stop. */
  tabStop = (): HTMLButtonElement | undefined => this.tiles().find((b) => b.tabIndex === 0);
  tile = (name: string): HTMLButtonElement | undefined => this.tiles().find((b) => sameTile(tileNameOf(b), name));
  /** The tile the hint marks, if any. */
  hinted = (): HTMLButtonElement | null => one<HTMLButtonElement>(this.host.shadowRoot, 'button.tile.hinted');
  /** The group that holds the tiles (it carries the hand's accessible name). */
  group = (): HTMLElement | null => one(this.host.shadowRoot, '[role="group"]');
  /** No tile is moving (a new deal flies in tile by tile): a pointer lands where it aims. */
  still = (): boolean => this.tiles().every((b) => b.getAnimations({ subtree: true }).every((a) => a.playState !== 'running'));
  /** The drawing of a tile (its SVG), for its size on the page. */
  drawingOf = (tile: HTMLElement): SVGSVGElement | null => one<SVGSVGElement>(tile, 'svg');
}
