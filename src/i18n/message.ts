/**
 * Messages and their formatting. A message is a text with `{name}` placeholders, or, where a number
 * changes the wording, one text per plural category of the language (chosen by Intl.PluralRules on
 * the `count` parameter). Numbers are formatted for the language by Intl.NumberFormat.
 */
export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Message = string | PluralMessage;
export type Params = Record<string, string | number>;

export class Formatter {
  readonly locale: string;
  private readonly plurals: Intl.PluralRules;
  private numbers: Intl.NumberFormat | null = null;

  constructor(locale: string) {
    this.locale = locale;
    this.plurals = new Intl.PluralRules(locale);
  }

  number(value: number): string {
    // The first Intl.NumberFormat of a page costs tens of milliseconds (the browser loads its number
    // data): English small whole numbers, nearly all a game shows, are written as they are.
    if (this.locale === 'en' && Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
    this.numbers ??= new Intl.NumberFormat(this.locale);
    return this.numbers.format(value);
  }

  format(message: Message, params: Params = {}): string {
    const text =
      typeof message === 'string'
        ? message
        : (message[this.plurals.select(Number(params['count'] ?? 0))] ?? message.other);
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return typeof value === 'number' ? this.number(value) : value;
    });
  }
}

/** The `{name}` placeholders of a message, all forms together (for the catalog checks). */
export function placeholders(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((t) => [...(t ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
}
