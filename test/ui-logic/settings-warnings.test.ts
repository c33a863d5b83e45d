/** The attributes' warnings read as plain sentences naming what the site wrote, and change nothing else. */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { DEFAULT_SETTINGS, parseSettings, resetWarnings, type RawSettings } from '../../src/ui/domino-game/settings.js';

const raw = (given: Partial<RawSettings>): RawSettings => ({ ...DEFAULT_SETTINGS, ...given });

describe('attribute warnings', () => {
  const warnings: string[] = [];
  const original = console.warn;
  beforeEach(() => {
    resetWarnings();
    warnings.length = 0;
    console.warn = (message: unknown) => void warnings.push(String(message));
  });
  afterEach(() => {
    console.warn = original;
  });

  test('teams with 2 players: one readable warning naming the players, no partnerships', () => {
    // The bare attribute (teams="") is how sites write it: the warning must not quote an empty value.
    const settings = parseSettings(raw({ teams: '', players: '2' }));
    assert.equal(settings.teams, false);
    assert.equal(settings.players, 2);
    assert.deepEqual(warnings, ['<domino-game>: teams needs players="4", not players="2"; playing without partnerships.']);
    parseSettings(raw({ teams: 'true', players: '2' }));
    assert.equal(warnings.length, 1, 'once per player count');
    parseSettings(raw({ teams: '', players: '3' }));
    assert.match(warnings[1]!, /not players="3"/);
  });

  test('teams with 4 players: partnerships, no warning', () => {
    assert.equal(parseSettings(raw({ teams: '', players: '4' })).teams, true);
    assert.deepEqual(warnings, []);
  });

  test('an invalid value still names itself', () => {
    assert.equal(parseSettings(raw({ teams: 'maybe', players: '4' })).teams, false);
    assert.deepEqual(warnings, ['<domino-game>: teams="maybe" is not valid (present or absent); using false.']);
  });
});
