/**
 * Component harnesses for the browser tests (after Angular Material's `ComponentHarness`): one class
 * per element that says where its parts are in its shadow DOM and reads them as the page shows them:
 * accessible names, aria states, text, boxes. Tests ask a harness (`game(el).hand().playable()`), so
 * each selector lives here once, and nothing reads an element's own fields: how the elements are built
 * inside (controllers, sessions) may change without a test noticing, as long as the page is the same.
 *
 * Where an element names a part (`part="main-button"`, a public name), the harness finds it by that.
 * A harness holds only its host element and looks again at every call, so it never goes stale.
 */
import type { DominoGame } from '../../src/index.js';

const all = <E extends Element = HTMLElement>(root: ParentNode | null | undefined, selector: string): E[] => [
  ...(root?.querySelectorAll<E>(selector) ?? []),
];
const one = <E extends Element = HTMLElement>(root: ParentNode | null | undefined, selector: string): E | null =>
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
  /** No tile is moving (a new deal flies in tile by tile): a pointer lands where it aims. */
  still = (): boolean => this.tiles().every((b) => b.getAnimations({ subtree: true }).every((a) => a.playState !== 'running'));
}

/** <domino-board>: the table, the tiles laid on it and the places a tile may go. */
export class BoardHarness {
  constructor(readonly host: HTMLElement) {}
  get shadow(): ShadowRoot {
    return this.host.shadowRoot!;
  }
  /** The places offered for the chosen tile. */
  places = (): HTMLButtonElement[] => all<HTMLButtonElement>(this.host.shadowRoot, 'button[part~="place"]');
  /** The tiles on the table, in the order they are drawn. */
  laid = (): HTMLElement[] => all(this.host.shadowRoot, '.laid');
  /** The names of the tiles on the table, from their accessible names. */
  laidNames = (): string[] => all(this.host.shadowRoot, '.laid[aria-label]').map(tileNameOf);
  /** The tiles tagged as a seat's last play. */
  marked = (): HTMLElement[] => this.laid().filter((t) => t.classList.contains('mark'));
  table = (): HTMLElement => one(this.host.shadowRoot, '[part~="table"]')!;
  /** The box the tiles are laid out in, inside the table. */
  area = (): HTMLElement => one(this.host.shadowRoot, '.area')!;
}

/** <domino-settings>: its opener's dialog with the choices, the house rules and the statistics. */
export class SettingsHarness {
  constructor(readonly host: HTMLElement) {}
  get shadow(): ShadowRoot {
    return this.host.shadowRoot!;
  }
  /** The dialog while it is open, else null. */
  openDialog = (): HTMLDialogElement | null => one<HTMLDialogElement>(this.host.shadowRoot, 'dialog[open]');
  /** The choice of a setting (`variant`, `players`, `tempo`…). */
  select = (id: string): HTMLSelectElement | null => one<HTMLSelectElement>(this.host.shadowRoot, `#setting-${id}`);
  /** A button of the dialog by its visible text. */
  button = (text: string): HTMLButtonElement | null => all<HTMLButtonElement>(this.host.shadowRoot, 'button').find((b) => textOf(b) === text) ?? null;
  /** The choice between the computer and friends online. */
  friendsOnline = (): HTMLInputElement | null => one<HTMLInputElement>(this.host.shadowRoot, 'input[value="friends"]');
  houseRules = (): HTMLDetailsElement | null => one<HTMLDetailsElement>(this.host.shadowRoot, 'details.advanced');
  close = (): HTMLButtonElement | null => one<HTMLButtonElement>(this.host.shadowRoot, 'button.close');
}

/** <domino-lobby>: the online screens (create, join, the room before the start) or the bar above a table. */
export class LobbyHarness {
  constructor(readonly host: HTMLElement) {}
  get shadow(): ShadowRoot {
    return this.host.shadowRoot!;
  }
  text = (): string => textOf(this.host.shadowRoot);
  find = <E extends Element = HTMLElement>(selector: string): E | null => one<E>(this.host.shadowRoot, selector);
  nameField = (): HTMLInputElement | null => this.find<HTMLInputElement>('#lobby-name');
  submit = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button[type="submit"]');
  /** The invite link, once the room exists. */
  link = (): HTMLInputElement | null => this.find<HTMLInputElement>('#lobby-link');
  start = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button.start');
  /** The names in the list of seats. */
  seatNames = (): string[] => all(this.host.shadowRoot, '.seats li .who').map(textOf);
}

/** <domino-room-bar>: the bar above a room's table. */
export class RoomBarHarness {
  constructor(readonly host: HTMLElement) {}
  text = (): string => textOf(this.host.shadowRoot);
  find = <E extends Element = HTMLElement>(selector: string): E | null => one<E>(this.host.shadowRoot, selector);
  bar = (): HTMLElement | null => this.find('.bar');
  /** A button of the bar by its visible text. */
  button = (text: string): HTMLButtonElement | null => all<HTMLButtonElement>(this.host.shadowRoot, 'button').find((b) => textOf(b) === text) ?? null;
}

/** <domino-game>: the widget as the person sees it. */
export class GameHarness {
  constructor(readonly el: DominoGame) {}
  get shadow(): ShadowRoot {
    return this.el.shadowRoot!;
  }
  find = <E extends Element = HTMLElement>(selector: string): E | null => one<E>(this.el.shadowRoot, selector);
  findAll = <E extends Element = HTMLElement>(selector: string): E[] => all<E>(this.el.shadowRoot, selector);

  hand = (): HandHarness => new HandHarness(this.find('domino-hand')!);
  hasHand = (): boolean => this.find('domino-hand') !== null;
  board = (): BoardHarness => new BoardHarness(this.find('domino-board')!);
  /** The settings element (its dialog loads on first use). */
  settings = (): SettingsHarness => new SettingsHarness(this.find('domino-settings')!);
  /** The online lobby, when the widget shows one. */
  lobby = (): LobbyHarness | null => {
    const host = this.find('domino-lobby');
    return host ? new LobbyHarness(host) : null;
  };
  /** The bar above a room's table, when the widget shows one. */
  roomBar = (): RoomBarHarness | null => {
    const host = this.find('domino-room-bar');
    return host ? new RoomBarHarness(host) : null;
  };

  /** The one main button (Draw, Pass, Next round, New game), when it shows. */
  mainButton = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('[part~="main-button"]');
  mainLabel = (): string | null => (this.mainButton() ? textOf(this.mainButton()) : null);
  settingsButton = (): HTMLButtonElement => this.find<HTMLButtonElement>('[part="settings-button"]')!;
  /** The polite live region that narrates the match. */
  liveRegion = (): HTMLElement => this.find('[aria-live="polite"]')!;
  /** The line under the table that says what waits for the next match. */
  notice = (): HTMLElement | null => this.find('.notice');
  /** The status line: the variant, the round, the target. */
  status = (): string => textOf(this.find('[part~="status"]'));
  /** What the widget asks of you. */
  hint = (): string => textOf(this.find('[part~="hint"]'));
  /** The visible line that says what just happened. */
  happened = (): string => textOf(this.find('.happened'));
  /** A problem shown (a part that could not be loaded), or null. */
  problem = (): HTMLElement | null => this.find('.problem');
  /** The dragged tile's image. */
  ghost = (): HTMLElement => this.find('.ghost')!;
  /** The players' chips in the top row. */
  chips = (): HTMLElement[] => this.findAll('.players li.player');
  chipNames = (): string[] => this.chips().map((chip) => textOf(chip.querySelector('.name')));
  chipTexts = (): string[] => this.chips().map(textOf);
  /** The teams' chips, with partnerships. */
  teams = (): HTMLElement[] => this.findAll('.players .team');
  /** The round's or the match's summary, when it shows. */
  summary = (): HTMLElement | null => this.find('[part~="summary"]');
  summaryTitle = (): string => textOf(this.find('[part~="summary"] h2'));
  /** Why the match ended, on the match's summary. */
  why = (): string => textOf(this.find('[part~="summary"] .why'));
  /** The score table of the summary. */
  scoreTable = (): HTMLTableElement | null => this.find<HTMLTableElement>('[part~="summary"] table.rounds');
  /** At a round's end: each chip's tiles face up (their names) and its pips line. */
  revealedHands = (): { tiles: string[]; pips: string }[] =>
    this.chips().map((chip) => ({
      tiles: [...chip.querySelectorAll('.revealed li')].map((tile) => tile.getAttribute('aria-label')!.replace(/^\D*/, '')),
      pips: textOf(chip.querySelector('.revealed .pips')),
    }));
  /** The summary's fold heading (opens and closes it). */
  summaryToggle = (): HTMLElement | null => this.find('[part~="summary"] > summary');
  /** The how-to-play fold. */
  howToPlay = (): HTMLDetailsElement => this.find<HTMLDetailsElement>('[part~="how-to-play"]')!;
}

/** The harness of a <domino-game>. */
export const game = (el: DominoGame): GameHarness => new GameHarness(el);
