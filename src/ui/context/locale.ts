import { ContextConsumer, ContextProvider, createContext } from '@lit/context';
import type { ReactiveElement } from 'lit';
import { chooseLanguage, ENGLISH, loadTranslator, type Translator } from '../../i18n/index.js';

/** The widget's language, provided by <domino-game> to every element inside it. */
export const localeContext = createContext<Translator>(Symbol('domino-locale'));

/**
 * Keeps `host.t` the language of the <domino-game> around it (the host's own default until one
 * provides it). Declare `t` a reactive property (`attribute: false`), so that a change re-renders.
 */
export function consumeLocale(host: ReactiveElement & { t: Translator }): void {
  new ContextConsumer(host, {
    context: localeContext,
    subscribe: true,
    callback: (translator) => {
      host.t = translator;
    },
  });
}

/**
 * The root's language: it picks one from the person's choice, the element's `lang`, the page's and the
 * browser's (else English), loads its catalog, and provides it to every element inside.
 */
export class LocaleProvider {
  translator: Translator = ENGLISH;
  private readonly provider: ContextProvider<typeof localeContext>;

  /** `chosen` is the person's own choice of language, or null for automatic. */
  constructor(
    private readonly host: ReactiveElement,
    private readonly chosen: () => string | null,
  ) {
    this.provider = new ContextProvider(host, { context: localeContext, initialValue: ENGLISH });
  }

  /** Follows a change of any of the sources; resolves once the language in use is the one wanted. */
  async update(): Promise<void> {
    const host = this.host;
    const wanted = () => chooseLanguage([this.chosen(), host.lang, host.parentElement?.closest('[lang]')?.getAttribute('lang'), ...navigator.languages]);
    const language = wanted();
    if (language === this.translator.language) return;
    const translator = await loadTranslator(language);
    // A later change may have won the race while this catalog loaded.
    if (wanted() !== language) return;
    this.translator = translator;
    this.provider.setValue(translator);
    host.requestUpdate();
  }
}
