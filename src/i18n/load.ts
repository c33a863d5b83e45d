import { CATALOG_LOADERS } from './catalog-loaders.js';
import type { Language } from './languages.js';
import { ENGLISH, Translator } from './translator.js';

const loaded = new Map<Language, Promise<Translator>>();

/** The translator of a language, its catalog fetched once; English if the catalog cannot be loaded. */
export function loadTranslator(language: Language): Promise<Translator> {
  if (language === 'en') return Promise.resolve(ENGLISH);
  let translator = loaded.get(language);
  if (!translator) {
    translator = CATALOG_LOADERS[language]()
      .then((module) => new Translator(language, module.default))
      .catch((error: unknown) => {
        console.warn(`<domino-game>: the ${language} texts could not be loaded; using English.`, error);
        loaded.delete(language);
        return ENGLISH;
      });
    loaded.set(language, translator);
  }
  return translator;
}
