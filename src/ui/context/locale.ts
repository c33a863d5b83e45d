import { ContextConsumer, createContext } from '@lit/context';
import type { ReactiveElement } from 'lit';
import type { Translator } from '../../i18n/index.js';

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
