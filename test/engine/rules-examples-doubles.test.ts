/**
 * docs/RULES.md §9 worked examples for Doubles: D1–D6 (and §2, §5).
 *
 * The D2–D4 board: 6-6 lead; 6-3 on 'left', 6-1 on 'right', 6-5 on 'up', 6-2 on 'down' (the lead
 * double's four sides); later 3-3 on 6-3's 3 (table index 5, sides 'left', 's5.1', 's5.2'), 3-5 on
 * 's5.1', 5-5 on 6-5's 5 (table index 7).
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  ALL_TILES,
  applyMove,
  createMatch,
  legalMoves,
  playerView,
  RuleError,
  type HouseRules,
  type MatchState,
  type Tile,
} from '../../src/engine/index.js';
import { endsFor, moveName, parseMove, play, playableTiles, playGame, playGameAll, type Game } from './helpers/positions.js';
import { key, makeDeal } from './helpers/tiles.js';

const UNLOCK: HouseRules['doublesUnlock'][] = ['perNumber', 'spinnerOnly'];
const doubles2 = (doublesUnlock: HouseRules['doublesUnlock'] = 'perNumber') =>
  ({ variant: 'doubles', players: 2, houseRules: { doublesUnlock } }) as const;

const FOUR_SIDES = '6-6@lead 6-3@left 6-1@right 6-5@up 6-2@down';
/** Why 3-2 does not go on the 3 of 6-3 (a number whose double is not laid), by how numbers unlock. */
const MISFIT_TEXT: Record<HouseRules['doublesUnlock'], string> = {
  perNumber: '3-2 does not fit the 3 at left: the 3s are not unlocked yet (until the 3-3 is laid, only it may go on a 3)',
  spinnerOnly: '3-2 does not fit the 3 at left: only a double may go on an end that is not a double’s (doublesUnlock: spinnerOnly)',
};

const isCode = (code: string) => (e: unknown) => e instanceof RuleError && e.code === code;

/**
 * Legality probe: a copy of the state (plain JSON) in which the seat to act holds every tile not on
 * the table, so legalMoves shows every tile that may go anywhere in the position.
 */
function probe(state: MatchState): MatchState {
  const onTable = new Set(state.table.map((p) => key(p.tile)));
  const all = ALL_TILES.filter((t) => !onTable.has(key(t))).map((t) => [t[0], t[1]] as Tile);
  const copy = structuredClone(state);
  copy.hands[copy.turn!] = all;
  return copy;
}

/** Doubles, 2 players: blocked with 2 tiles left in the boneyard; seat 0 holds 7, seat 1 holds 15. */
const D5_GAME: Game = {
  hands: ['4-0 6-4 6-3 2-1 2-0 3-1 1-1 5-5', '5-4 4-1 6-0 4-3 6-2 3-3 3-2 3-0'],
  boneyard: '6-5 1-0 4-2 6-6 2-2 5-0 5-3 5-2 6-1 0-0 5-1 4-4',
  moves:
    '5-5@lead 5-4@up draw 6-5@down draw pass draw pass draw 6-6@down 6-4@s3.2 6-0@down 6-3@s3.1 3-3@s3.1 3-1@s7.1 ' +
    '4-3@s3.1 1-1@s7.1 4-1@s7.1 2-1@s10.1 3-0@s7.2 draw 2-2@s10.1 1-0@s10.2 2-0@s14.1 3-2@s10.1 4-2@s14.2 draw ' +
    '5-0@left draw 5-3@right draw pass draw pass draw 0-0@left 4-0@s7.2',
};

describe('RULES.md §9 D1: boneyard and drawable tiles', () => {
  test('D1: 2 players, 8 + 8 dealt → boneyard 12, at most 10 drawable', () => {
    const state = createMatch({ variant: 'doubles', players: 2, seed: 'D1' });
    assert.deepEqual(state.hands.map((h) => h.length), [8, 8]);
    assert.equal(state.boneyard.length, 12);
    for (const seat of [0, 1]) {
      const view = playerView(state, seat);
      assert.equal(view.boneyardCount, 12);
      assert.equal(view.drawable, 10);
    }
  });

  test('D1: 4 players → 4 in the boneyard, 2 drawable', () => {
    const state = createMatch({ variant: 'doubles', players: 4, seed: 'D1' });
    assert.deepEqual(state.hands.map((h) => h.length), [6, 6, 6, 6]);
    assert.equal(state.boneyard.length, 4);
    assert.equal(playerView(state, 0).drawable, 2);
  });

  test('D1: (§2) 3 players → 10 in the boneyard, 8 drawable', () => {
    const state = createMatch({ variant: 'doubles', players: 3, seed: 'D1' });
    assert.equal(state.boneyard.length, 10);
    assert.equal(playerView(state, 2).drawable, 8);
  });

  test('D1: through a whole round, draws stop when 2 tiles remain (10 draws at most in 2 players)', () => {
    const states = playGameAll(doubles2(), D5_GAME);
    let draws = 0;
    for (const s of states) {
      assert.equal(playerView(s, 0).drawable, Math.max(0, s.boneyard.length - 2));
      if (s.round.result === null && legalMoves(s).some((m) => m.type === 'draw')) assert.ok(s.boneyard.length > 2);
    }
    for (const s of states.slice(1)) if (s.log.at(-1)?.type === 'draw') draws++;
    assert.equal(draws, 10);
    assert.equal(states.at(-1)!.boneyard.length, 2);
  });
});

describe('RULES.md §9 D2: the lead 6-6 with a tile on each of its four sides', () => {
  // Seat 0 holds 6-6 (the highest double) and leads; seat 1 answers.
  const hands = ['6-6 6-1 6-2 5-3 5-4 4-2 2-0 1-0', '6-3 6-5 3-3 5-5 4-1 3-2 2-1 5-0'];

  for (const doublesUnlock of UNLOCK) {
    test(`D2 (${doublesUnlock}): ends 3, 1, 5, 2 are all locked; the only legal tiles are 3-3, 1-1, 5-5, 2-2`, () => {
      const s = play(createMatch({ ...doubles2(doublesUnlock), deal: makeDeal(hands) }), FOUR_SIDES);
      assert.deepEqual(s.openEnds.map((e) => [e.id, e.pip]), [['left', 3], ['right', 1], ['up', 5], ['down', 2]]);
      // Seat 1 holds 3-3 and 5-5 and otherwise only locked numbers.
      assert.deepEqual(playableTiles(s), ['3-3', '5-5']);
      assert.deepEqual(endsFor(s, '3-3'), ['left']);
      assert.deepEqual(endsFor(s, '5-5'), ['up']);
      assert.deepEqual(endsFor(s, '3-2'), []);
      const before = structuredClone(s);
      assert.throws(() => applyMove(s, parseMove('3-2@left')), isCode('tile-does-not-fit'));
      assert.throws(() => applyMove(s, parseMove('2-1@right')), isCode('tile-does-not-fit'));
      // The refusal says why a tile carrying the end's number does not go there.
      assert.throws(() => applyMove(s, parseMove('3-2@left')), (error: Error) => {
        assert.equal(error.message, MISFIT_TEXT[doublesUnlock]);
        return true;
      });
      assert.deepEqual(s, before);
      // Every tile not on the table, held at once: only the four doubles fit, each on its own end.
      const all = probe(s);
      assert.deepEqual(playableTiles(all), ['1-1', '2-2', '3-3', '5-5']);
      assert.deepEqual(
        legalMoves(all).map(moveName).sort(),
        ['1-1@right', '2-2@down', '3-3@left', '5-5@up'],
      );
    });
  }

  // Seat 1 holds 3-4 and 0-1 and nothing else that could fit.
  const drawHands = ['6-6 6-1 6-2 5-4 4-2 2-0 5-3 5-1', '6-3 6-5 4-3 1-0 5-2 3-1 2-1 5-0'];

  for (const doublesUnlock of UNLOCK) {
    test(`D2 (${doublesUnlock}): a hand with 3-4 and 0-1 draws one tile; 1-1 must then be played on the 1`, () => {
      const s = play(createMatch({ ...doubles2(doublesUnlock), deal: makeDeal(drawHands, '1-1') }), FOUR_SIDES);
      assert.equal(s.turn, 1);
      assert.deepEqual(legalMoves(s), [{ type: 'draw' }]);
      assert.throws(() => applyMove(s, parseMove('1-0@right')), isCode('tile-does-not-fit'));
      assert.throws(() => applyMove(s, parseMove('4-3@left')), isCode('tile-does-not-fit'));
      const drawn = applyMove(s, { type: 'draw' });
      assert.equal(drawn.turn, 1);
      assert.equal(drawn.boneyard.length, 11);
      assert.deepEqual(legalMoves(drawn).map(moveName), ['1-1@right']);
      assert.throws(() => applyMove(drawn, { type: 'pass' }), isCode('must-play'));
      assert.throws(() => applyMove(drawn, { type: 'draw' }), isCode('must-play'));
      const after = applyMove(drawn, parseMove('1-1@right'));
      assert.equal(after.turn, 0);
      // 1 is unlocked now: 1-1's free sides take 1-x tiles.
      assert.ok(after.openEnds.filter((e) => e.pip === 1).length >= 1);
    });

    test(`D2 (${doublesUnlock}): the same hand draws 4-0 and passes`, () => {
      const s = play(createMatch({ ...doubles2(doublesUnlock), deal: makeDeal(drawHands, '4-0') }), FOUR_SIDES);
      const drawn = applyMove(s, { type: 'draw' });
      assert.deepEqual(legalMoves(drawn), [{ type: 'pass' }]);
      const before = structuredClone(drawn);
      assert.throws(() => applyMove(drawn, { type: 'draw' }), isCode('cannot-draw'));
      assert.throws(() => applyMove(drawn, parseMove('4-0@left')), isCode('tile-does-not-fit'));
      assert.deepEqual(drawn, before);
      const passed = applyMove(drawn, { type: 'pass' });
      assert.equal(passed.turn, 0);
      assert.equal(passed.hands[1]!.length, 7);
      assert.equal(passed.round.result, null);
    });
  }
});

describe('RULES.md §9 D3–D4: unlocking', () => {
  const hands = ['6-6 6-1 6-2 5-3 5-4 4-2 2-0 1-0', '6-3 6-5 3-3 5-5 4-1 3-2 2-1 5-0'];
  const start = (doublesUnlock: HouseRules['doublesUnlock']) =>
    play(createMatch({ ...doubles2(doublesUnlock), deal: makeDeal(hands) }), FOUR_SIDES);

  for (const doublesUnlock of UNLOCK) {
    test(`D3 (${doublesUnlock}): 3-3 laid on 6-3's 3 unlocks 3; 3-3 has 3 free sides, each taking 3-x`, () => {
      const s = play(start(doublesUnlock), '3-3@left');
      const placed = s.table[5]!;
      assert.deepEqual([placed.tile, placed.double, placed.spinner], [[3, 3], true, true]);
      assert.deepEqual(
        s.openEnds.filter((e) => e.from === 5).map((e) => [e.id, e.pip]).sort(),
        [['left', 3], ['s5.1', 3], ['s5.2', 3]],
      );
      assert.equal(s.turn, 0);
      assert.deepEqual(endsFor(s, '5-3'), ['left', 's5.1', 's5.2']);
    });
  }

  test('D4 (perNumber): 3-5 on 3-3 (5 locked), then 5-5 on 6-5\'s 5 → the 5 end of 3-5 takes 5-4', () => {
    let s = play(start('perNumber'), '3-3@left 5-3@s5.1');
    assert.deepEqual(endsFor(s, '5-0'), [], '5 is still locked: 5-0 fits nowhere');
    assert.deepEqual(endsFor(s, '5-5'), ['s5.1', 'up']);
    s = play(s, '5-5@up');
    assert.deepEqual(endsFor(s, '5-4'), ['s5.1', 's7.1', 's7.2', 'up']);
    const all = probe(s);
    assert.deepEqual(
      legalMoves(all).flatMap((m) => (m.type === 'play' && m.end === 's5.1' ? [key(m.tile)] : [])).sort(),
      ['5-0', '5-1', '5-2', '5-4'],
    );
    const next = applyMove(s, parseMove('5-4@s5.1'));
    assert.deepEqual(next.openEnds.find((e) => e.id === 's5.1')!.pip, 4);
  });

  test('D4 (spinnerOnly): the same board — the 5 end of 3-5 is dead; 5-4 goes only on 5-5', () => {
    let s = play(start('spinnerOnly'), '3-3@left 5-3@s5.1');
    assert.deepEqual(endsFor(s, '5-5'), ['s5.1', 'up']);
    s = play(s, '5-5@up');
    assert.deepEqual(endsFor(s, '5-4'), ['s7.1', 's7.2', 'up']);
    const before = structuredClone(s);
    assert.throws(() => applyMove(s, parseMove('5-4@s5.1')), isCode('tile-does-not-fit'));
    assert.deepEqual(s, before);
    // No tile at all fits the 5 end of 3-5: its double is already placed elsewhere.
    const all = probe(s);
    assert.deepEqual(legalMoves(all).filter((m) => m.type === 'play' && m.end === 's5.1'), []);
  });
});

describe('RULES.md §9 D5: blocked with 2 left in the boneyard', () => {
  test('D5: A 7 pips, B 15 → A scores 15 − 7 = 8 by default', () => {
    const end = playGame(doubles2(), D5_GAME);
    assert.equal(end.boneyard.length, 2);
    assert.equal(playerView(end, 0).drawable, 0);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 0, side: 0, points: 8, pips: [7, 15] });
    assert.deepEqual(end.scores, [8, 0]);
  });

  test('D5: othersOnly (literal S004) → 15', () => {
    const end = playGame({ variant: 'doubles', players: 2, houseRules: { blockedAward: 'othersOnly' } }, D5_GAME);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 0, side: 0, points: 15, pips: [7, 15] });
  });
});

describe('RULES.md §9 D6: no double in any hand', () => {
  test('D6: a Doubles deal with no double in any hand is thrown in and redealt', () => {
    const deal = makeDeal(['6-5 6-4 6-3 6-2 6-1 6-0 5-4 5-3', '5-2 5-1 5-0 4-3 4-2 4-1 4-0 3-2']);
    const state = createMatch({ variant: 'doubles', players: 2, seed: 'D6', deal });
    assert.ok(state.round.redeals >= 1, 'at least one redeal');
    const doublesHeld = state.hands.flat().filter((t) => t[0] === t[1]);
    assert.ok(doublesHeld.length > 0, 'the new hands hold a double');
    const highest = Math.max(...doublesHeld.map((t) => t[0]));
    assert.deepEqual(state.round.lead, [highest, highest]);
    assert.ok(state.hands[state.turn!]!.some((t) => t[0] === highest && t[1] === highest));
    assert.deepEqual(state.hands.map((h) => h.length), [8, 8]);
    assert.equal(new Set([...state.hands.flat(), ...state.boneyard].map(key)).size, 28);
  });

  test('D6 (C8): in Draw the same kind of deal is not thrown in; the heaviest tile leads', () => {
    const deal = makeDeal(['6-5 6-3 6-2 6-1 6-0 5-3 5-2', '6-4 5-4 5-1 5-0 4-3 4-2 4-1']);
    const state = createMatch({ variant: 'draw', players: 2, deal });
    assert.equal(state.round.redeals, 0);
    assert.equal(state.turn, 0);
    assert.deepEqual(state.round.lead, [6, 5]);
  });
});
