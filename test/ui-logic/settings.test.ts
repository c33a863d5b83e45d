/**
 * parseSettings: the site's attributes as the game reads them. Each invalid value falls back to its
 * default with one warning (once per attribute and value: a page that re-renders is not flooded).
 * Every invalid value below is used by one test only, so the tests do not depend on each other's warnings.
 */
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { MAX_TARGET } from '../../src/engine/config.js';
import { DEFAULT_SETTINGS, parseSettings, type RawSettings } from '../../src/ui/domino-game/settings.js';

const absent: RawSettings = { variant: null, players: null, target: null, level: null, tempo: null, teams: null, seed: null, hints: null, undo: null, sound: null };
const parse = (given: Partial<RawSettings>) => parseSettings({ ...absent, ...given });

/** The console warnings given while `run` runs. */
function warningsOf(t: TestContext, run: () => void): string[] {
  const warn = t.mock.method(console, 'warn', () => {});
  run();
  const said = warn.mock.calls.map((call) => String(call.arguments[0]));
  warn.mock.restore();
  return said;
}

describe('parseSettings', () => {
  test('hints and undo are on unless "off"; sound is off unless present; anything else warns', (t) => {
    assert.deepEqual([parse({ hints: 'off' }).hints, parse({ hints: ' OFF ' }).hints, parse({ hints: 'on' }).hints], [false, false, true]);
    assert.deepEqual([parse({ undo: 'off' }).undo, parse({ undo: '' }).undo], [false, true]);
    assert.deepEqual([parse({ sound: '' }).sound, parse({ sound: 'true' }).sound, parse({ sound: 'false' }).sound, parse({}).sound], [true, true, false, false]);
    const said = warningsOf(t, () => assert.equal(parse({ undo: 'never' }).undo, true));
    assert.equal(said.length, 1);
    assert.match(said[0]!, /undo="never" is not valid \(on or off\)/);
  });

  test('no attributes, or empty ones: the defaults, without a warning', (t) => {
    const said = warningsOf(t, () => {
      assert.deepEqual(parse({}), DEFAULT_SETTINGS);
      assert.deepEqual(parse({ variant: '', players: '', target: '', level: '', tempo: '', seed: '' }), DEFAULT_SETTINGS);
    });
    assert.deepEqual(said, []);
  });

  test('variant, level and tempo are read case-insensitively, spaces trimmed', () => {
    const settings = parse({ variant: ' Fives ', level: 'HARD', tempo: 'Instant' });
    assert.equal(settings.variant, 'fives');
    assert.equal(settings.level, 'hard');
    assert.equal(settings.tempo, 'instant');
    assert.equal(parse({ variant: 'DOUBLES' }).variant, 'doubles');
  });

  test('an unknown variant, level or tempo: the default, and a warning naming the value and the choices', (t) => {
    let settings = DEFAULT_SETTINGS;
    const said = warningsOf(t, () => {
      settings = parse({ variant: 'chess', level: 'expert', tempo: 'ludicrous' });
    });
    assert.equal(settings.variant, 'draw');
    assert.equal(settings.level, 'medium');
    assert.equal(settings.tempo, 'normal');
    assert.deepEqual(said, [
      '<domino-game>: variant="chess" is not valid (one of draw, block, fives, doubles); using draw.',
      '<domino-game>: level="expert" is not valid (one of easy, medium, hard); using medium.',
      '<domino-game>: tempo="ludicrous" is not valid (one of slow, normal, fast, instant); using normal.',
    ]);
  });

  test('the same invalid value warns once; another value warns again', (t) => {
    const said = warningsOf(t, () => {
      parse({ variant: 'poker' });
      parse({ variant: 'poker' });
      parse({ variant: 'bridge' });
    });
    assert.equal(said.length, 2);
    assert.match(said[0]!, /variant="poker"/);
    assert.match(said[1]!, /variant="bridge"/);
  });

  test('players: a whole number from 2 to 4, as text or as a number', (t) => {
    assert.equal(parse({ players: '3' }).players, 3);
    assert.equal(parse({ players: ' 4 ' }).players, 4);
    assert.equal(parse({ players: 2 }).players, 2);
    const said = warningsOf(t, () => {
      assert.equal(parse({ players: '7' }).players, 2);
      assert.equal(parse({ players: '1' }).players, 2);
      assert.equal(parse({ players: '2.5' }).players, 2);
      assert.equal(parse({ players: 'three' }).players, 2);
    });
    assert.equal(said.length, 4);
    assert.equal(said[0], '<domino-game>: players="7" is not valid (a whole number from 2 to 4); using the default.');
  });

  test(`target: a whole number from 1 to ${MAX_TARGET}; else null, the variant's own`, (t) => {
    assert.equal(parse({ target: '1' }).target, 1);
    assert.equal(parse({ target: String(MAX_TARGET) }).target, MAX_TARGET);
    assert.equal(parse({ target: 250 }).target, 250);
    const said = warningsOf(t, () => {
      assert.equal(parse({ target: '0' }).target, null);
      assert.equal(parse({ target: String(MAX_TARGET + 1) }).target, null);
      assert.equal(parse({ target: '99.5' }).target, null);
    });
    assert.equal(said.length, 3);
  });

  test('teams: present, "true" or true for partnerships with 4 players; absent or "false" for none', () => {
    assert.equal(parse({ players: '4', teams: '' }).teams, true);
    assert.equal(parse({ players: '4', teams: 'true' }).teams, true);
    assert.equal(parse({ players: '4', teams: true }).teams, true);
    assert.equal(parse({ players: '4', teams: 'teams' }).teams, true);
    assert.equal(parse({ players: '4', teams: 'false' }).teams, false);
    assert.equal(parse({ players: '4', teams: null }).teams, false);
    assert.equal(parse({ players: '4', teams: false }).teams, false);
  });

  test('seed: any text, kept as text; a number becomes its text', () => {
    assert.equal(parse({ seed: 'round robin 7' }).seed, 'round robin 7');
    assert.equal(parse({ seed: 42 }).seed, '42');
    assert.equal(parse({ seed: undefined }).seed, null);
  });
});
