import { all, byText, one, textOf } from './query.js';

/** <domino-lobby>: the online screens (create, join, the room before the start). */
export class LobbyHarness {
  constructor(readonly host: HTMLElement) {}
  private find = <E extends Element = HTMLElement>(selector: string): E | null => one<E>(this.host.shadowRoot, selector);
  text = (): string => textOf(this.host.shadowRoot);
  nameField = (): HTMLInputElement | null => this.find<HTMLInputElement>('#lobby-name');
  /** What is wrong with the name typed, when something is. */
  nameError = (): HTMLElement | null => this.find('#lobby-name-error');
  /** Types a name into the name field (as typing does: value and input event). */
  typeName = (name: string): void => {
    const input = this.nameField();
    if (!input) throw new Error('the lobby shows no name field');
    input.value = name;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  };
  /** A room setting's field on the create screen (`players`, `variant`, `target`, `clock`…). */
  setting = (id: string): (HTMLSelectElement & HTMLInputElement) | null => this.find<HTMLSelectElement & HTMLInputElement>(`#lobby-${id}`);
  /** Sets a room setting as a person does (a box is checked or not), the change event following. */
  choose = (id: string, value: string | boolean): void => {
    const field = this.setting(id);
    if (!field) throw new Error(`no room setting "${id}" in the lobby`);
    if (typeof value === 'boolean') field.checked = value;
    else field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  };
  submit = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button[type="submit"]');
  /** The invite link, once the room exists (the room screen). */
  link = (): HTMLInputElement | null => this.find<HTMLInputElement>('#lobby-link');
  /** The link for spectators, when watching is allowed. */
  watchLink = (): HTMLInputElement | null => this.find<HTMLInputElement>('#lobby-watch-link');
  /** What copying the link did. */
  copyStatus = (): HTMLElement | null => this.find('.copied');
  copyButton = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button.copy');
  /** The way back from the lobby (to the table, or out of a problem). */
  backButton = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button.back');
  start = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button.start');
  /** A problem shown (the room does not exist, is full…), or null. */
  problem = (): HTMLElement | null => this.find('.problem');
  /** The names in the list of seats. */
  seatNames = (): string[] => all(this.host.shadowRoot, '.seats li .who').map(textOf);
  /** The room's settings on the join screen, as [term, value] pairs. */
  roomSummary = (): [string, string][] =>
    all(this.host.shadowRoot, '.summary dt').map((dt) => [textOf(dt), textOf(dt.nextElementSibling)]);
  /** A check box by the text of its label. */
  checkBox = (label: string): HTMLInputElement | null =>
    one<HTMLInputElement>(all<HTMLLabelElement>(this.host.shadowRoot, 'label.check').find((l) => textOf(l).includes(label)), 'input');
  button = (text: string): HTMLButtonElement | null => byText(all<HTMLButtonElement>(this.host.shadowRoot, 'button'), text);
}
