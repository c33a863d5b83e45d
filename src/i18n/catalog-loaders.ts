/**
 * The catalogs of the other 23 languages, each its own chunk loaded on demand from beside the script
 * (only English is in the main bundle).
 */
import type { Language } from './languages.js';
import type { Catalog } from './translator.js';

type Loader = () => Promise<{ default: Catalog }>;

export const CATALOG_LOADERS: Record<Exclude<Language, 'en'>, Loader> = {
  'de': () => import('./catalogs/de.js'),
  'es': () => import('./catalogs/es.js'),
  'fr': () => import('./catalogs/fr.js'),
  'it': () => import('./catalogs/it.js'),
  'nl': () => import('./catalogs/nl.js'),
  'pl': () => import('./catalogs/pl.js'),
  'pt-BR': () => import('./catalogs/pt-BR.js'),
  'tr': () => import('./catalogs/tr.js'),
  'ru': () => import('./catalogs/ru.js'),
  'uk': () => import('./catalogs/uk.js'),
  'ar': () => import('./catalogs/ar.js'),
  'fa': () => import('./catalogs/fa.js'),
  'he': () => import('./catalogs/he.js'),
  'hi': () => import('./catalogs/hi.js'),
  'th': () => import('./catalogs/th.js'),
  'vi': () => import('./catalogs/vi.js'),
  'id': () => import('./catalogs/id.js'),
  'ms': () => import('./catalogs/ms.js'),
  'fil': () => import('./catalogs/fil.js'),
  'zh-Hans': () => import('./catalogs/zh-Hans.js'),
  'zh-Hant': () => import('./catalogs/zh-Hant.js'),
  'ja': () => import('./catalogs/ja.js'),
  'ko': () => import('./catalogs/ko.js'),
};
