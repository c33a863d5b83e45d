/** configOf: the match configuration made from the settings in force, always one the engine accepts. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveConfig, type HouseRules } from '../../src/engine/index.js';
import { configOf, type EffectiveSettings } from '../../src/ui/domino-game/effective-settings.js';
import { DEFAULT_SETTINGS } from '../../src/ui/domino-game/settings.js';

const settings = (changes: Partial<EffectiveSettings> = {}): EffectiveSettings => ({
  ...DEFAULT_SETTINGS,
  houseRules: {},
  lang: null,
  ...changes,
});

describe('configOf', () => {
  test("the variant, players and partnerships; no target when the variant's own applies", () => {
    assert.deepEqual(configOf(settings({ variant: 'fives', players: 4, teams: true })), {
      variant: 'fives',
      players: 4,
      teams: true,
      houseRules: {},
    });
    assert.equal(resolveConfig(configOf(settings({ variant: 'fives' }))).target, 150);
  });

  test('a chosen target and house rules are kept', () => {
    const config = configOf(settings({ target: 61, houseRules: { drawMode: 'drawOne', blockedAward: 'othersOnly' } }));
    assert.equal(config.target, 61);
    assert.deepEqual(config.houseRules, { drawMode: 'drawOne', blockedAward: 'othersOnly' });
  });

  test('a house rule the variant refuses is left out, so the game still starts', () => {
    // Chosen for Draw, where any tile may open a later round; Doubles must open with a double.
    const houseRules: Partial<HouseRules> = { drawMode: 'drawOne', laterRoundLead: 'winnerAnyTile' };
    assert.throws(() => resolveConfig({ variant: 'doubles', players: 2, houseRules }));
    const config = configOf(settings({ variant: 'doubles', houseRules }));
    assert.doesNotThrow(() => resolveConfig(config));
    assert.equal(config.houseRules?.laterRoundLead, undefined);
    assert.equal(config.houseRules?.drawMode, 'drawOne', 'the rule the variant accepts stays');
    assert.deepEqual(houseRules, { drawMode: 'drawOne', laterRoundLead: 'winnerAnyTile' }, "the settings' own rules are not changed");
  });

  test('rules that no variant knows are left out too', () => {
    const houseRules = { drawMode: 'drawAll', noSuchRule: true } as unknown as Partial<HouseRules>;
    const config = configOf(settings({ houseRules }));
    assert.doesNotThrow(() => resolveConfig(config));
    assert.deepEqual(config.houseRules, {});
  });
});
