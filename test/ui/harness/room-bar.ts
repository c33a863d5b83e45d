import { all, byText, one, textOf } from './query.js';

/** <domino-room-bar>: the bar above a room's table. */
export class RoomBarHarness {
  constructor(readonly host: HTMLElement) {}
  private find = <E extends Element = HTMLElement>(selector: string): E | null => one<E>(this.host.shadowRoot, selector);
  text = (): string => textOf(this.host.shadowRoot);
  bar = (): HTMLElement | null => this.find('.bar');
  buttons = (): HTMLButtonElement[] => all<HTMLButtonElement>(this.host.shadowRoot, 'button');
  /** A button of the bar by its visible text. */
  button = (text: string): HTMLButtonElement | null => byText(this.buttons(), text);
  phrasesToggle = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button.phrases-toggle');
  /** The list of phrases, while it is open. */
  phrases = (): HTMLElement | null => this.find('#room-phrases');
  phraseButtons = (): HTMLButtonElement[] => all<HTMLButtonElement>(this.phrases(), 'button');
  /** A phrase's button by its key (`thanks`), or the first phrase's. */
  phrase = (key?: string): HTMLButtonElement | null =>
    one<HTMLButtonElement>(this.phrases(), key ? `button[data-phrase="${key}"]` : 'button[data-phrase]');
  /** The phrases' check box (show the others' phrases). */
  phrasesCheckBox = (): HTMLInputElement | null => one<HTMLInputElement>(this.phrases(), 'input[type="checkbox"]');
  /** "Watching" or how many watch, when someone can. */
  watching = (): HTMLElement | null => this.find('[part~="watching"]');
  /** The line that says the deal was verified. */
  verified = (): HTMLElement | null => this.find('[part~="deal-verified"]');
  /** A quick-match table's rating changes after the match, a line each. */
  ratings = (): string[] => all(one(this.host.shadowRoot, '[part~="ratings"]'), 'li').map(textOf);
  /** The warning shown when a deal could not be verified. */
  dealWarning = (): HTMLElement | null => this.find('[part~="deal-warning"]');
}
