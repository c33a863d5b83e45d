import { en, type MessageKey } from './en.js';
import { directionOf, type Language } from './languages.js';
import { Formatter, type Message, type Params } from './message.js';

export type Catalog = Record<MessageKey, Message>;

/** Every text of the widget in one language. */
export class Translator {
  readonly language: Language;
  readonly dir: 'ltr' | 'rtl';
  private readonly catalog: Partial<Catalog>;
  private readonly formatter: Formatter;

  constructor(language: Language, catalog: Partial<Catalog>) {
    this.language = language;
    this.dir = directionOf(language);
    this.catalog = catalog;
    this.formatter = new Formatter(language);
  }

  /** The text for `key`; a key a catalog lacks falls back to English rather than showing nothing. */
  t(key: MessageKey, params?: Params): string {
    return this.formatter.format(this.catalog[key] ?? en[key], params);
  }

  number(value: number): string {
    return this.formatter.number(value);
  }
}

export const ENGLISH = new Translator('en', en);
