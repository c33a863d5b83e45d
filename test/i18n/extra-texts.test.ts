/**
 * The English texts shown on demand (settings, statistics, how to play, house rules) are not in the
 * game's catalog: they read as empty until loadExtraTexts() has fetched them, then as written.
 * This file must not import en-extra.ts itself, or they would be there from the start.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ENGLISH, loadExtraTexts, Translator } from '../../src/i18n/index.js';

describe('texts loaded on demand', () => {
  test('empty before loading, the English text after; game texts all along', async () => {
    assert.equal(ENGLISH.t('settingsTitle'), '');
    assert.equal(ENGLISH.t('statsLine', { won: 1, played: 2 }), '');
    assert.equal(ENGLISH.t('settings'), 'Settings');
    await loadExtraTexts();
    assert.equal(ENGLISH.t('settingsTitle'), 'Game settings');
    assert.equal(ENGLISH.t('statsLine', { won: 1, played: 2 }), '1 of 2');
  });

  test('a catalog without a key falls back to the loaded English text', async () => {
    await loadExtraTexts();
    const partial = new Translator('de', { settings: 'Einstellungen' });
    assert.equal(partial.t('settings'), 'Einstellungen');
    assert.equal(partial.t('howToPlay'), 'How to play');
    assert.equal(partial.t('close'), 'Close');
  });
});
