/** The interface languages and how a requested language finds its catalog. */
export const LANGUAGES = [
  'de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt-BR', 'tr', 'ru', 'uk', 'ar',
  'fa', 'he', 'hi', 'th', 'vi', 'id', 'ms', 'fil', 'zh-Hans', 'zh-Hant', 'ja', 'ko',
] as const;
export type Language = (typeof LANGUAGES)[number];

const RIGHT_TO_LEFT = new Set<Language>(['ar', 'fa', 'he']);
export const directionOf = (language: Language): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr');

/** Tags that name one of our languages by another spelling. */
const ALIASES: Record<string, Language> = {
  pt: 'pt-BR',
  tl: 'fil',
  iw: 'he',
  in: 'id',
  zh: 'zh-Hans',
  'zh-cn': 'zh-Hans',
  'zh-sg': 'zh-Hans',
  'zh-tw': 'zh-Hant',
  'zh-hk': 'zh-Hant',
  'zh-mo': 'zh-Hant',
};

/** Our language for a BCP 47 tag ("de-AT" → de, "zh-TW" → zh-Hant), or null. */
export function matchLanguage(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  if (ALIASES[lower]) return ALIASES[lower]!;
  const parts = lower.split('-');
  if (parts[0] === 'zh') {
    if (parts.includes('hant')) return 'zh-Hant';
    if (parts.includes('hans')) return 'zh-Hans';
    return ALIASES[`zh-${parts[parts.length - 1]}`] ?? 'zh-Hans';
  }
  return LANGUAGES.find((l) => l.toLowerCase() === parts[0]) ?? ALIASES[parts[0]!] ?? null;
}

/** The first of the requested tags that we speak, else English. */
export function chooseLanguage(requested: readonly (string | null | undefined)[]): Language {
  for (const tag of requested) {
    const language = tag ? matchLanguage(tag) : null;
    if (language) return language;
  }
  return 'en';
}
