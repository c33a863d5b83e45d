// en-extra.ts and language-names.ts are left out on purpose: imported from here, they would land in the
// main bundle; they load on demand (loadExtraTexts, the settings dialog).
export { en, type MessageKey } from './en.js';
export { LANGUAGES, chooseLanguage, directionOf, matchLanguage, type Language } from './languages.js';
export { Formatter, placeholders, type Message, type Params } from './message.js';
export { ENGLISH, loadExtraTexts, Translator, type Catalog } from './translator.js';
export { loadTranslator } from './load.js';
