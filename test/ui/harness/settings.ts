import { all, byText, one, textOf } from './query.js';

/** <domino-settings>: its opener's dialog with the choices, the house rules and the statistics. */
export class SettingsHarness {
  constructor(readonly host: HTMLElement) {}
  private find = <E extends Element = HTMLElement>(selector: string): E | null => one<E>(this.host.shadowRoot, selector);
  /** Everything the dialog says. */
  text = (): string => textOf(this.host.shadowRoot);
  /** The dialog while it is open, else null. */
  openDialog = (): HTMLDialogElement | null => this.find<HTMLDialogElement>('dialog[open]');
  /** The dialog's title (what names it: its aria-labelledby). */
  dialogTitle = (): string => textOf(this.find(`#${this.dialog()?.getAttribute('aria-labelledby')}`));
  /** The dialog, open or not (null until it is first rendered). */
  dialog = (): HTMLDialogElement | null => this.find<HTMLDialogElement>('dialog');
  /** The choice of a setting (`variant`, `players`, `tempo`, `rule-drawMode`…). */
  select = (id: string): HTMLSelectElement | null => this.find<HTMLSelectElement>(`#setting-${id}`);
  /** The ids of every choice shown. */
  selectIds = (): string[] => all<HTMLSelectElement>(this.host.shadowRoot, 'select').map((s) => s.id);
  /** The values a choice offers. */
  optionValues = (id: string): string[] => all<HTMLOptionElement>(this.select(id), 'option').map((o) => o.value);
  /** Chooses a value as a person does (the change event follows). */
  choose = (id: string, value: string): void => {
    const select = this.select(id);
    if (!select) throw new Error(`no choice "${id}" in the settings`);
    select.value = value;
    select.dispatchEvent(new Event('change'));
  };
  /** A button of the dialog by its visible text. */
  button = (text: string): HTMLButtonElement | null => byText(all<HTMLButtonElement>(this.host.shadowRoot, 'button'), text);
  /** The choice between the computer and friends online. */
  friendsOnline = (): HTMLInputElement | null => this.find<HTMLInputElement>('input[value="friends"]');
  /** The choice of playing someone online (quick match). */
  someoneOnline = (): HTMLInputElement | null => this.find<HTMLInputElement>('input[value="someone"]');
  /** "Forget me" (the player kept for this server), when there is one. */
  forgetMe = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button.forget-me');
  /** The text that explains a control (its aria-describedby). */
  explanationOf = (control: Element): string => textOf(this.find(`#${control.getAttribute('aria-describedby')}`));
  /** The partnerships box (four players only). */
  teamsBox = (): HTMLInputElement | null => this.find<HTMLInputElement>('input[name="teams"]');
  /** The first check box of the dialog (the partnerships, with four players). */
  firstCheckBox = (): HTMLInputElement | null => this.find<HTMLInputElement>('.check input');
  houseRules = (): HTMLDetailsElement | null => this.find<HTMLDetailsElement>('details.advanced');
  /** Opens the house rules' fold by its heading. */
  openHouseRules = (): void => one<HTMLElement>(this.houseRules(), 'summary')!.click();
  /** The choices inside the house rules' fold. */
  houseRuleSelects = (): HTMLSelectElement[] => all<HTMLSelectElement>(this.houseRules(), 'select');
  /** The name of the house rules' group (the variant's). */
  houseRulesLegend = (): string => textOf(one(this.houseRules(), 'fieldset legend'));
  /** The line that says a change waits for the next match. */
  restartLine = (): string => textOf(this.find('.restart'));
  /** The question asked before something that cannot be undone, or null when none is asked. */
  question = (): HTMLElement | null => this.find('.confirm');
  /** Its yes. */
  questionYes = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('.confirm .yes');
  /** The statistics. */
  stats = (): HTMLElement | null => this.find('.stats');
  /** The first line of the statistics ("2 of 3"). */
  statsLine = (): string => textOf(this.find('.stats dd'));
  /** What the statistics say they did (a reset). */
  statsStatus = (): string => textOf(this.find('.stats [role="status"]'));
  resetStats = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button.reset');
  /** The lines that say what each choice does. */
  help = (): HTMLElement | null => this.find('dl.with-help');
  closeButton = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('button.close');
}
