/**
 * Every catalog has every key of the English one (the game's texts and those loaded on demand), no other keys, the same placeholders, and the plural
 * forms its language needs.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CATALOG_LOADERS } from '../../src/i18n/catalog-loaders.js';
import { enExtra } from '../../src/i18n/en-extra.js';
import { en, LANGUAGES, placeholders, type Message } from '../../src/i18n/index.js';

const english: Record<string, Message> = { ...en, ...enExtra };
const englishKeys = Object.keys(english).sort();

describe('message catalogs', () => {
  test('the game texts and the on-demand texts do not share a key', () => {
    assert.deepEqual(Object.keys(en).filter((key) => key in enExtra), []);
  });

  test('there is a catalog for each of the 24 languages', () => {
    assert.equal(LANGUAGES.length, 24);
    assert.deepEqual(Object.keys(CATALOG_LOADERS).sort(), LANGUAGES.filter((l) => l !== 'en').sort());
  });

  for (const [language, load] of Object.entries(CATALOG_LOADERS)) {
    test(`${language}: every key, same placeholders, its plural forms`, async () => {
      const catalog = (await load()).default as Record<string, Message>;
      assert.deepEqual(Object.keys(catalog).sort(), englishKeys, 'the same keys as English');
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const key of englishKeys) {
        const message = catalog[key]!;
        const englishMessage = english[key]!;
        assert.deepEqual(placeholders(message), placeholders(englishMessage), `placeholders of ${key}`);
        const texts = typeof message === 'string' ? [message] : Object.values(message);
        for (const text of texts) assert.ok(text && text.trim().length > 0, `${key} is not empty`);
        if (typeof englishMessage !== 'string') {
          assert.equal(typeof message, 'object', `${key} has plural forms`);
          for (const category of categories) {
            assert.ok((message as Record<string, string>)[category], `${key} has the "${category}" form`);
          }
        }
        // Tiles are named by digits joined by a hyphen in every language ("6-3"): placeholders keep them.
      }
    });
  }
});
