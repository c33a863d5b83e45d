export { en, type MessageKey } from './en.js';
export { LANGUAGES, LANGUAGE_NAMES, chooseLanguage, directionOf, matchLanguage, type Language } from './languages.js';
export { Formatter, placeholders, type Message, type Params } from './message.js';
export { ENGLISH, Translator, type Catalog } from './translator.js';
