import { en, type MessageKey } from './en.js';
import { directionOf, type Language } from './languages.js';
import { Formatter, type Message, type Params } from './message.js';

export type Catalog = Record<MessageKey, Message>;

/** The English fallback for keys a catalog lacks; the on-demand texts join it once loaded. */
const english: Partial<Catalog> = { ...en };
let extraTexts: Promise<void> | null = null;

/**
 * Loads the English texts shown on demand (en-extra.ts: settings, statistics, how to play, house rules).
 * Call it, and wait, before showing any of them. Other languages' catalogs have them already.
 */
export function loadExtraTexts(): Promise<void> {
  extraTexts ??= import('./en-extra.js').then(
    ({ enExtra }) => {
      Object.assign(english, enExtra);
    },
    (error: unknown) => {
      extraTexts = null;
      throw error;
    },
  );
  return extraTexts;
}

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

  /**
   * The text for `key`; a key a catalog lacks falls back to English rather than showing nothing, and
   * an on-demand text not loaded yet (loadExtraTexts) to an empty string.
   */
  t(key: MessageKey, params?: Params): string {
    const message = this.catalog[key] ?? english[key];
    return message === undefined ? '' : this.formatter.format(message, params);
  }

  number(value: number): string {
    return this.formatter.number(value);
  }
}

export const ENGLISH = new Translator('en', en);
