import { all, byText, one, textOf } from './query.js';

/** <domino-quick-match>: quick match's screens (the name, the pools, the wait, a problem). */
export class QuickMatchHarness {
  constructor(readonly host: HTMLElement) {}
  private find = <E extends Element = HTMLElement>(selector: string): E | null => one<E>(this.host.shadowRoot, selector);
  text = (): string => textOf(this.host.shadowRoot);
  nameField = (): HTMLInputElement | null => this.find<HTMLInputElement>('#quick-name');
  nameError = (): HTMLElement | null => this.find('#quick-name-error');
  /** Types a name into the name field (as typing does: value and input event). */
  typeName = (name: string): void => {
    const input = this.nameField();
    if (!input) throw new Error('quick match shows no name field');
    input.value = name;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  };
  submit = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button[type="submit"]');
  /** The pools' buttons, each named by its pool in words. */
  poolButtons = (): HTMLButtonElement[] => all<HTMLButtonElement>(this.host.shadowRoot, '.pool button.seek');
  /** A pool's button by the text it shows ("Draw, 2 players, to 5 points"). */
  poolButton = (text: string): HTMLButtonElement | null => byText(this.poolButtons(), text);
  /** The line under a pool's button: how many wait in it. */
  poolWaiting = (button: HTMLButtonElement): string => textOf(this.find(`#${button.getAttribute('aria-describedby')}`));
  /** The computers' box of a 4-seat pool, beside its button. */
  computersBox = (button: HTMLButtonElement): HTMLInputElement | null => one<HTMLInputElement>(button.closest('li'), 'input[type="checkbox"]');
  /** The wait screen's facts: how many wait, the time waited. */
  waitingNow = (): string => textOf(this.find('dd.waiting'));
  waited = (): string => textOf(this.find('dd.waited'));
  cancel = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button.cancel');
  back = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button.back');
  problem = (): HTMLElement | null => this.find('.problem');
  title = (): string => textOf(this.find('h2'));
}
