/**
 * createMatch validates its configuration (RULES.md §1, §2, §3, §7) and explicit deals (§10), and fills
 * in the defaults of each variant.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ALL_TILES, HOUSE_RULE_OPTIONS, RuleError, VARIANTS, createMatch, resolveConfig } from '../../src/engine/index.js';
import type { Deal, HouseRules, MatchConfig, Tile, Variant } from '../../src/engine/types.js';
import { MAX_TARGET, SPEC_HAND_SIZE, SPEC_TARGET, specDefaults } from './helpers/random-rounds.js';

/** createMatch(config) throws RuleError `code` whose message matches `message`. */
function refuses(config: unknown, code: string, message: RegExp): void {
  assert.throws(
    () => createMatch(config as MatchConfig),
    (e: unknown) => {
      assert.ok(e instanceof RuleError, `expected a RuleError for ${JSON.stringify(config)}, got ${String(e)}`);
      assert.equal(e.code, code, `code for ${JSON.stringify(config)}: ${e.message}`);
      assert.match(e.message, message, `message for ${JSON.stringify(config)}`);
      return true;
    },
  );
}

describe('createMatch refuses a bad configuration with invalid-config and says why', () => {
  const bad = (config: unknown, message: RegExp) => refuses(config, 'invalid-config', message);

  test('not an object', () => {
    for (const config of [null, undefined, 42, 'draw']) bad(config, /config must be an object/);
  });

  test('variant', () => {
    for (const variant of ['mexican', 'Draw', '', null, undefined, 1]) bad({ variant, players: 2 }, /variant must be one of draw, block, fives, doubles/);
  });

  test('players 1, 5, "2", 2.5, 0, missing', () => {
    for (const players of [1, 5, '2', 2.5, 0, -2, null, undefined]) bad({ variant: 'draw', players }, /players must be 2, 3 or 4/);
  });

  test('target 0, -5, 1.5, "100", too large, not finite', () => {
    for (const target of [0, -5, 1.5, '100', MAX_TARGET + 1, 1e12, Number.MAX_SAFE_INTEGER, Infinity, NaN, false]) {
      bad({ variant: 'block', players: 2, target }, new RegExp(`target must be a whole number from 1 to ${MAX_TARGET}`));
    }
  });

  test('null counts as not given (target, teams, houseRules)', () => {
    const config = createMatch({ variant: 'fives', players: 4, seed: 1, target: null, teams: null, houseRules: null } as unknown as MatchConfig).config;
    assert.deepEqual(config, { variant: 'fives', players: 4, target: 150, teams: false, houseRules: specDefaults('fives') });
  });

  test('the target bounds themselves are fine', () => {
    assert.equal(createMatch({ variant: 'block', players: 2, target: 1, seed: 1 }).config.target, 1);
    assert.equal(createMatch({ variant: 'block', players: 2, target: MAX_TARGET, seed: 1 }).config.target, MAX_TARGET);
  });

  test('partnerships need 4 players; teams must be a boolean', () => {
    for (const players of [2, 3]) bad({ variant: 'draw', players, teams: true }, /partnerships need 4 players/);
    for (const teams of ['yes', 1, 0]) bad({ variant: 'draw', players: 4, teams }, /teams must be true or false/);
  });

  test('unknown house rule', () => {
    bad({ variant: 'draw', players: 2, houseRules: { spinnerCount: 'sniff' } }, /unknown house rule "spinnerCount"; known: boneyardReserve/);
    bad({ variant: 'draw', players: 2, houseRules: 'fast' }, /houseRules must be an object/);
    bad({ variant: 'draw', players: 2, houseRules: 7 }, /houseRules must be an object/);
  });

  // House rules may come from untrusted JSON (a saved game, a site's settings): names of Object's own
  // members must be refused like any unknown name, not found on the prototype.
  test('unknown house rule named like an Object.prototype member', () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      bad(JSON.parse(`{"variant":"draw","players":2,"houseRules":{"${name}":"x"}}`), new RegExp(`unknown house rule "${name}"`));
    }
  });

  test('bad house rule value, for every option', () => {
    for (const name of Object.keys(HOUSE_RULE_OPTIONS) as (keyof HouseRules)[]) {
      for (const value of ['nonsense', 1, true, null, String(HOUSE_RULE_OPTIONS[name][0]).toUpperCase()]) {
        bad({ variant: 'draw', players: 2, houseRules: { [name]: value } }, new RegExp(`house rule ${name} must be one of`));
      }
    }
    bad({ variant: 'draw', players: 2, houseRules: { boneyardReserve: 1 } }, /boneyardReserve must be one of 0, 2, got 1/);
    bad({ variant: 'draw', players: 2, houseRules: { boneyardReserve: '2' } }, /boneyardReserve must be one of 0, 2, got "2"/);
  });

  test('Doubles keeps 2 in the boneyard and opens with a double', () => {
    bad({ variant: 'doubles', players: 2, houseRules: { boneyardReserve: 0 } }, /Doubles always keeps 2 tiles in the boneyard/);
    bad({ variant: 'doubles', players: 3, houseRules: { noDoubleOpening: 'heaviest' } }, /Doubles must open with a double/);
    bad({ variant: 'doubles', players: 4, houseRules: { laterRoundLead: 'winnerAnyTile' } }, /Doubles must open with a double/);
  });

  test('partnership lowestHand with othersMinusOwn (§7)', () => {
    bad(
      { variant: 'block', players: 4, teams: true, houseRules: { partnerBlocked: 'lowestHand', blockedAward: 'othersMinusOwn' } },
      /lowestHand needs blockedAward othersOnly/,
    );
  });

  test('seed of a wrong type', () => {
    for (const seed of [NaN, Infinity, {}, [1], true, null]) bad({ variant: 'draw', players: 2, seed }, /seed must be a number or a string/);
  });
});

describe('defaults per variant', () => {
  const targets: Record<Variant, number> = { draw: 100, block: 100, fives: 150, doubles: 100 };

  for (const variant of VARIANTS) {
    test(`${variant}: target ${targets[variant]}, RULES.md house rules, hands of ${Object.values(SPEC_HAND_SIZE[variant]).join('/')}`, () => {
      assert.equal(SPEC_TARGET[variant], targets[variant]);
      for (const players of [2, 3, 4] as const) {
        const state = createMatch({ variant, players, seed: `defaults-${players}` });
        assert.deepEqual(state.config, { variant, players, target: targets[variant], teams: false, houseRules: specDefaults(variant) });
        assert.deepEqual(resolveConfig({ variant, players }), state.config);
        assert.deepEqual(state.hands.map((h) => h.length), new Array(players).fill(SPEC_HAND_SIZE[variant][players]));
        assert.equal(state.boneyard.length, 28 - players * SPEC_HAND_SIZE[variant][players]);
        assert.deepEqual(state.scores, new Array(players).fill(0));
      }
      const teams = createMatch({ variant, players: 4, teams: true, seed: 'defaults-teams' });
      assert.equal(teams.config.teams, true);
      assert.deepEqual(teams.scores, [0, 0]);
    });
  }

  test('Doubles draws one and keeps 2 back by default', () => {
    const { houseRules } = createMatch({ variant: 'doubles', players: 2, seed: 1 }).config;
    assert.equal(houseRules.drawMode, 'drawOne');
    assert.equal(houseRules.boneyardReserve, 2);
    assert.equal(houseRules.noDoubleOpening, 'redeal');
    assert.equal(houseRules.laterRoundLead, 'highestDouble');
  });

  test('house rules given as undefined keep their default; given ones are kept', () => {
    const config = createMatch({
      variant: 'fives',
      players: 3,
      seed: 2,
      houseRules: { drawMode: undefined, fivesRounding: 'roundAward', blockedTie: 'fewerTilesWins' },
    }).config;
    assert.deepEqual(config.houseRules, { ...specDefaults('fives'), fivesRounding: 'roundAward', blockedTie: 'fewerTilesWins' });
  });

  test('lowestHand alone brings othersOnly with it (§7)', () => {
    const config = createMatch({ variant: 'draw', players: 4, teams: true, seed: 3, houseRules: { partnerBlocked: 'lowestHand' } }).config;
    assert.equal(config.houseRules.blockedAward, 'othersOnly');
  });

  test('the options are those of RULES.md, default first', () => {
    const defaults = specDefaults('draw');
    for (const [name, values] of Object.entries(HOUSE_RULE_OPTIONS)) {
      assert.equal(values[0], defaults[name as keyof HouseRules], name);
    }
    assert.deepEqual(Object.keys(HOUSE_RULE_OPTIONS).sort(), Object.keys(defaults).sort());
  });
});

describe('an explicit deal must be a deal of this variant: invalid-deal', () => {
  /** A valid 2-player Draw deal: 7 + 7 in hand, 14 in the boneyard. */
  const good = (): Deal => ({ hands: [ALL_TILES.slice(0, 7), ALL_TILES.slice(7, 14)], boneyard: ALL_TILES.slice(14) }) as Deal;
  const badDeal = (deal: unknown, message: RegExp, variant: Variant = 'draw', players: 2 | 3 | 4 = 2) =>
    refuses({ variant, players, seed: 1, deal }, 'invalid-deal', message);

  test('a valid deal is used as given (boneyard[0] drawn first)', () => {
    const deal = good();
    const state = createMatch({ variant: 'draw', players: 2, seed: 1, deal });
    assert.deepEqual(state.hands, deal.hands);
    assert.deepEqual(state.boneyard, deal.boneyard);
    // Either half order is accepted.
    const flipped = { hands: deal.hands.map((h) => h.map(([a, b]) => [b, a] as Tile)), boneyard: deal.boneyard };
    assert.deepEqual(createMatch({ variant: 'draw', players: 2, seed: 1, deal: flipped }).hands, deal.hands);
  });

  test('duplicate tile', () => {
    const deal = good();
    deal.boneyard[0] = deal.hands[0]![0]!;
    badDeal(deal, /tile 0-0 is dealt twice/);
    const flippedTwin = good();
    flippedTwin.boneyard[0] = [flippedTwin.hands[1]![0]![1], flippedTwin.hands[1]![0]![0]];
    badDeal(flippedTwin, /is dealt twice/);
  });

  test('27 or 29 tiles', () => {
    const short = good();
    short.boneyard.pop();
    badDeal(short, /a deal must use all 28 tiles, got 27/);
    const long = good();
    long.boneyard.push([6, 6]);
    badDeal(long, /dealt twice/);
  });

  test('wrong hand size or number of hands', () => {
    const deal = good();
    deal.boneyard.push(deal.hands[0]!.pop()!);
    badDeal(deal, /hand 0 must hold 7 tiles in draw/);
    badDeal({ hands: [ALL_TILES.slice(0, 7)], boneyard: ALL_TILES.slice(7) }, /deal.hands must hold 2 hands/);
    const three = { hands: [ALL_TILES.slice(0, 5), ALL_TILES.slice(5, 10), ALL_TILES.slice(10, 16)], boneyard: ALL_TILES.slice(16) };
    badDeal(three, /hand 2 must hold 5 tiles in draw/, 'draw', 3);
    badDeal({ ...three, hands: three.hands.slice(0, 2) }, /deal.hands must hold 3 hands/, 'draw', 3);
    // Doubles deals 8 to each of 2 players.
    badDeal(good(), /hand 0 must hold 8 tiles in doubles/, 'doubles');
  });

  test('values that are not tiles', () => {
    for (const tile of [[7, 0], [1], [1, 2, 3], [1.5, 2], [-1, 0], '6-6', null, { 0: 1, 1: 2 }, [Number.NaN, 1]]) {
      const deal = good() as { hands: unknown[][]; boneyard: unknown[] };
      deal.hands[1]![3] = tile;
      badDeal(deal, /a dealt tile must be a pair of numbers from 0 to 6/);
    }
  });

  test('not a deal at all', () => {
    badDeal('all tiles', /deal must be an object with hands and boneyard/);
    badDeal({ hands: 'x', boneyard: [] }, /deal.hands must hold 2 hands/);
    badDeal({ hands: good().hands }, /deal.boneyard must be a list of tiles/);
    badDeal({ hands: [good().hands[0], 'x'], boneyard: good().boneyard }, /hand 1 must hold 7 tiles/);
  });
});
