import { createContext } from '@lit/context';
import type { Translator } from '../../i18n/index.js';

/** The widget's language, provided by <domino-game> to every element inside it. */
export const localeContext = createContext<Translator>(Symbol('domino-locale'));
