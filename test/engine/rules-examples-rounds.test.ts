/**
 * docs/RULES.md §9 worked examples for round awards and the first lead: S1, S2, S4, R1–R6, M2.
 *
 * End-to-end tests play recorded rounds: an explicit deal (boneyard[0] drawn first; in Block the tiles
 * left out) and every move, each checked against legalMoves before it is applied. The games were found
 * by a search for rounds ending with the example's hands. House rules that do not change which moves are
 * legal (blockedAward, blockedTie, fivesRounding, partnerBlocked) are applied to the same recorded game.
 * Where no recorded game exists for a variant, the scoring module is also tested directly.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyMove,
  createMatch,
  legalMoves,
  nextRound,
  resolveConfig,
  roundToFive,
  RuleError,
  type HouseRules,
  type MatchConfig,
  type MatchState,
  type Variant,
} from '../../src/engine/index.js';
import { blockedResult, dominoResult } from '../../src/engine/scoring.js';
import { lastPoints, parseMove, playGame, playGameAll, type Game } from './helpers/positions.js';
import { makeDeal, tiles } from './helpers/tiles.js';

type Config = Omit<MatchConfig, 'deal'>;

/** Plays a recorded game and returns the states before and after its last move. */
function lastTwo(config: Config, game: Game): [MatchState, MatchState] {
  const states = playGameAll(config, game);
  return [states.at(-2)!, states.at(-1)!];
}

/**
 * The scoring module's result for hands given as strings ("6-4 1-1"), for a quick direct check.
 * scoring.ts takes the pips left in each hand (and, when blocked, the tile counts).
 */
const handsPips = (hands: string[]) => hands.map((h) => tiles(h).reduce((sum, x) => sum + x[0] + x[1], 0));
function blocked(config: MatchConfig, hands: string[], opener = 0) {
  return blockedResult(resolveConfig(config), handsPips(hands), hands.map((h) => tiles(h).length), opener);
}
function domino(config: MatchConfig, hands: string[], winner: number) {
  return dominoResult(resolveConfig(config), handsPips(hands), winner);
}

// ---------------------------------------------------------------------------------------------------
// Recorded rounds.

/** Draw, 3 players: seat 2 goes out; seats 0 and 1 hold 13 and 8. */
const S1_DRAW: Game = {
  hands: ['4-1 4-3 3-2 6-5 5-3', '6-3 6-2 2-0 3-3 5-0', '4-2 3-0 5-5 2-2 4-0'],
  boneyard: '6-4 0-0 3-1 6-0 5-2 6-1 2-1 5-1 1-0 1-1 6-6 5-4 4-4',
  moves: '5-5@lead 6-5@right 5-0@left 4-0@left 4-3@left 3-3@left 3-0@left draw 6-4@right 2-0@left 2-2@left 3-2@left 6-3@left 4-2@right',
};
/** Block, 3 players: seat 0 goes out; seats 1 and 2 hold 13 and 8. */
const S1_BLOCK: Game = {
  hands: ['5-4 3-3 2-1 1-1 5-3 4-3 4-4', '6-1 0-0 6-2 3-2 5-0 3-1 5-1', '6-3 2-2 4-0 1-0 6-4 4-1 6-0'],
  boneyard: '2-0 5-5 5-2 3-0 6-5 6-6 4-2',
  moves:
    '4-4@lead pass 4-1@left 4-3@right 5-1@left 6-3@right 5-3@left 3-1@left 6-0@right 1-1@left 0-0@right 1-0@right ' +
    '2-1@right 3-2@right pass 3-3@right 6-1@left 6-4@left 5-4@left',
};
/** All Fives, 3 players: seat 2 goes out with a move scoring nothing; seats 0 and 1 hold 8 and 13. */
const S1_FIVES: Game = {
  hands: ['4-4 2-0 5-2 2-1 3-1', '3-2 3-0 6-4 5-4 4-0', '5-5 6-1 0-0 6-2 2-2'],
  boneyard: '1-0 4-3 3-3 5-1 5-0 4-2 6-5 1-1 6-0 6-3 5-3 4-1 6-6',
  moves: '5-5@lead 5-2@right 5-4@left 2-2@right 2-1@right 4-0@left 6-1@right 2-0@left 3-2@left 6-2@right 3-1@left draw 1-0@left 0-0@left',
};
/** Block, 3 players, blocked with 14 / 9 / 20 (seat 0 led 5-5). */
const S2_BLOCK: Game = {
  hands: ['5-5 1-1 3-2 2-0 4-1 3-1 5-4', '2-2 5-1 6-3 3-0 3-3 1-0 0-0', '6-0 6-4 4-3 4-2 6-2 5-0 5-2'],
  boneyard: '6-5 6-6 6-1 4-0 4-4 5-3 2-1',
  moves: '5-5@lead 5-1@left 5-0@right 1-1@left 1-0@right pass 4-1@left pass 6-4@left 3-1@right 6-3@right 6-0@right 2-0@right 2-2@right 6-2@right',
};
/** Block, 2 players, blocked with 20 / 12: both ends show 3 and every other 3 is left out of play. */
const R1_BLOCK: Game = {
  hands: ['6-0 1-1 5-1 2-1 4-0 5-2 2-0', '5-5 4-1 3-1 4-2 5-3 0-0 1-0'],
  boneyard: '2-2 4-3 6-3 6-6 3-0 6-2 6-1 3-3 4-4 6-5 5-0 3-2 6-4 5-4',
  moves: '5-5@lead 5-2@right 5-3@left 2-1@right 3-1@right',
};
/** Draw, 2 players, blocked with 12 / 20 once the stock is empty. */
const R1_DRAW: Game = {
  hands: ['3-3 4-1 6-2 5-4 4-0 4-2 3-1', '2-0 3-0 6-1 6-5 5-3 1-0 5-2'],
  boneyard: '5-1 2-1 4-3 6-6 1-1 5-5 6-3 6-0 2-2 0-0 3-2 5-0 4-4 6-4',
  moves:
    '3-3@lead 5-3@right 5-4@right 3-0@left 4-0@right 1-0@right 3-1@right 2-0@left 4-2@left draw draw draw 4-3@left ' +
    'draw draw draw draw 6-3@left 6-1@left 4-1@left draw draw draw draw 3-2@right 6-2@right 6-0@right draw 5-0@right ' +
    '6-5@right 6-6@right draw 4-4@left draw 6-4@left',
};
/** All Fives, 2 players, blocked with 20 / 12 once the stock is empty. */
const R1_FIVES: Game = {
  hands: ['2-0 6-3 6-2 4-1 1-0 3-0 6-1', '5-3 6-0 2-1 4-3 0-0 5-5 6-4'],
  boneyard: '3-2 3-3 6-5 5-0 5-2 2-2 1-1 3-1 5-4 6-6 5-1 4-0 4-4 4-2',
  moves:
    '5-5@lead draw draw draw 6-5@right 5-3@left 3-3@left 6-4@right 3-2@left 4-3@right 6-2@left 6-0@left 3-0@left draw ' +
    '5-0@up 2-0@up 2-1@up 6-1@up draw 5-2@down 6-3@up draw 2-2@down draw draw 3-1@up draw draw draw 5-1@up draw draw ' +
    'draw 4-2@down 5-4@down',
};
/** Block, 3 players, blocked with 10 / 10 / 15; the 10-holders (seats 0 and 1) hold 2 and 3 tiles. Seat 1 led. */
const R2_BLOCK: Game = {
  hands: ['6-0 5-4 5-2 4-1 2-2 3-3 3-0', '1-0 5-3 6-1 5-5 4-2 4-0 1-1', '6-4 6-2 3-1 2-0 5-0 3-2 4-3'],
  boneyard: '6-3 4-4 0-0 5-1 6-5 6-6 2-1',
  moves: '5-5@lead 5-0@right 5-2@left 4-2@left 6-4@left 6-0@left 4-0@left 4-3@left 3-0@right 5-3@left 3-1@right 4-1@right pass pass 5-4@left',
};
/** Draw, partnerships: seat 2 (team 0) goes out; partner seat 0 holds 9; seats 1 and 3 hold 8 and 13. */
const R4_DRAW: Game = {
  hands: ['5-4 6-3 5-1 3-3 6-1', '4-2 6-4 3-2 5-2 4-0', '2-2 2-1 4-3 5-5 1-0', '2-0 6-0 6-5 5-0 6-6'],
  boneyard: '4-1 6-2 0-0 5-3 1-1 3-0 3-1 4-4',
  moves:
    '6-6@lead 6-1@right 6-4@left 4-3@left draw 4-1@right 3-3@left 4-0@right 1-0@right draw draw draw 5-3@left ' +
    '5-1@right 5-2@left 2-2@left 6-2@left 5-4@right 4-2@right 2-1@right 6-5@left draw 1-1@right draw draw 3-1@right 5-5@left',
};
/** Block, partnerships: seat 1 (team 1) goes out; partner seat 3 holds 9; seats 0 and 2 hold 13 and 8. */
const R4_BLOCK: Game = {
  hands: [
    '3-1 0-0 4-1 3-0 2-1 4-4 6-0',
    '4-3 6-6 6-2 6-4 5-5 1-0 5-4',
    '4-2 5-3 5-0 6-5 1-1 6-3 5-2',
    '3-3 3-2 6-1 5-1 2-2 4-0 2-0',
  ],
  boneyard: '',
  moves:
    '6-6@lead 6-5@left 5-1@left 2-1@left 6-4@right 5-2@left 4-0@right 6-0@right 5-5@left 5-0@left 6-1@right 0-0@left ' +
    '1-0@right pass 2-0@left 3-0@right 6-2@left 5-3@right pass pass 5-4@right 6-3@left 3-3@left 3-1@left 4-3@right',
};
/** All Fives, partnerships: seat 1 goes out with a move scoring nothing; partner seat 3 holds 9; seats 0 and 2 hold 13 and 8. */
const R4_FIVES: Game = {
  hands: ['4-2 3-2 4-3 1-1 3-3', '2-2 6-0 2-1 1-0 4-0', '3-0 4-1 5-3 4-4 6-5', '6-6 6-2 5-0 5-5 5-4'],
  boneyard: '0-0 6-3 6-4 2-0 3-1 5-2 5-1 6-1',
  moves:
    '6-6@lead draw draw 6-3@right 6-0@left 5-3@right 6-2@down 3-2@down 4-0@left 4-1@left 5-5@right 1-1@left 2-1@left ' +
    '6-5@right draw 6-4@up 4-2@up 2-2@left 3-0@down 5-0@down draw 2-0@up 1-0@up',
};
/** Doubles, partnerships: seat 3 goes out; partner seat 1 holds 9; seats 0 and 2 hold 13 and 8. */
const R4_DOUBLES: Game = {
  hands: ['2-1 2-0 5-5 4-3 4-1 5-1', '5-4 5-2 6-0 6-3 1-1 3-1', '3-0 3-2 4-2 2-2 4-4 4-0', '6-5 6-1 6-6 1-0 3-3 6-2'],
  boneyard: '0-0 6-4 5-0 5-3',
  moves:
    '6-6@lead draw pass 6-0@left draw 6-4@down 6-5@right 5-5@right 5-2@s4.2 4-4@down 6-2@up 4-1@s6.2 1-1@s6.2 ' +
    '2-2@s4.2 1-0@s9.2 2-1@s9.1 3-1@s6.2 4-2@s10.1 3-3@s6.2 2-0@s4.2 6-3@s15.2 4-0@s10.1 6-1@s15.2',
};
/** Block, partnerships, blocked: A1 = seat 0 holds 5, B1 = seat 1 holds 3, A2 = seat 2 holds 12, B2 = seat 3 holds 20. */
const R5_BLOCK: Game = {
  hands: [
    '6-5 4-2 3-2 5-2 3-0 4-4 6-6',
    '5-1 1-1 0-0 6-1 1-0 4-0 3-1',
    '5-0 4-3 4-1 3-3 5-4 2-2 2-0',
    '6-2 6-0 5-5 6-3 2-1 5-3 6-4',
  ],
  boneyard: '',
  moves:
    '6-6@lead 6-1@right 4-1@right 6-4@right 6-5@right 5-1@right pass 6-0@left 3-0@left 3-1@right 4-3@left 5-3@right ' +
    '5-2@right 4-0@left 5-0@left 5-5@left 4-2@right pass 5-4@left pass 4-4@left',
};
/** All Fives, 2 players: seat 0 goes out with 2-2 making a count of 15; seat 1 holds 13. */
const M2_FIVES: Game = {
  hands: ['1-0 5-2 3-2 4-4 0-0 2-2 6-4', '3-3 1-1 5-1 4-0 6-5 5-3 6-2'],
  boneyard: '4-3 2-1 6-3 6-6 4-1 6-1 4-2 2-0 5-5 3-1 3-0 5-4 6-0 5-0',
  moves: '4-4@lead 4-0@left 0-0@left draw 4-3@right 6-4@up 6-2@up 3-2@up 3-3@up 1-0@left 5-3@right 5-2@right 5-1@left 2-2@right',
};

const rules = (houseRules: Partial<HouseRules> = {}) => ({ houseRules });

// ---------------------------------------------------------------------------------------------------

describe('RULES.md §9 S1: out, opponents hold 13 + 8', () => {
  test('S1: Draw (3 players) — the seat going out scores 13 + 8 = 21', () => {
    const end = playGame({ variant: 'draw', players: 3 }, S1_DRAW);
    assert.deepEqual(end.round.result, { reason: 'domino', winner: 2, side: 2, points: 21, pips: [13, 8, 0] });
    assert.deepEqual(end.scores, [0, 0, 21]);
    assert.equal(end.turn, null);
    assert.equal(end.winningSide, null);
  });

  test('S1: Block (3 players) — 21', () => {
    const end = playGame({ variant: 'block', players: 3 }, S1_BLOCK);
    assert.deepEqual(end.round.result, { reason: 'domino', winner: 0, side: 0, points: 21, pips: [0, 13, 8] });
    assert.deepEqual(end.scores, [21, 0, 0]);
  });

  test('S1: All Fives default perOpponent — r(13) + r(8) = 15 + 10 = 25', () => {
    const [before, end] = lastTwo({ variant: 'fives', players: 3 }, S1_FIVES);
    assert.equal(lastPoints(end), 0, 'the last tile scores nothing in play');
    assert.deepEqual(end.round.result, { reason: 'domino', winner: 2, side: 2, points: 25, pips: [8, 13, 0] });
    assert.equal(end.scores[2]! - before.scores[2]!, 25);
  });

  test('S1: All Fives fivesRounding roundAward — r(21) = 20', () => {
    const [before, end] = lastTwo({ variant: 'fives', players: 3, ...rules({ fivesRounding: 'roundAward' }) }, S1_FIVES);
    assert.deepEqual(end.round.result, { reason: 'domino', winner: 2, side: 2, points: 20, pips: [8, 13, 0] });
    assert.equal(end.scores[2]! - before.scores[2]!, 20);
  });

  test('S1: scoring module directly — Draw 21, Block 21, Fives 25 / roundAward 20', () => {
    const hands = ['6-4 2-1', '6-2', ''];
    assert.equal(domino({ variant: 'draw', players: 3 }, hands, 2).points, 21);
    assert.equal(domino({ variant: 'block', players: 3 }, hands, 2).points, 21);
    assert.equal(domino({ variant: 'fives', players: 3 }, hands, 2).points, 25);
    assert.equal(domino({ variant: 'fives', players: 3, ...rules({ fivesRounding: 'roundAward' }) }, hands, 2).points, 20);
  });
});

describe('RULES.md §9 S2: blocked, 3 players holding 9 / 14 / 20; 9 wins', () => {
  test('S2: Block default othersMinusOwn — 34 − 9 = 25', () => {
    const end = playGame({ variant: 'block', players: 3 }, S2_BLOCK);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 1, side: 1, points: 25, pips: [14, 9, 20] });
    assert.deepEqual(end.scores, [0, 25, 0]);
    assert.equal(end.turn, null);
  });

  test('S2: Block othersOnly (S003) — 14 + 20 = 34', () => {
    const end = playGame({ variant: 'block', players: 3, ...rules({ blockedAward: 'othersOnly' }) }, S2_BLOCK);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 1, side: 1, points: 34, pips: [14, 9, 20] });
    assert.deepEqual(end.scores, [0, 34, 0]);
  });

  test('S2: the winner of the blocked round leads the next round with any tile', () => {
    const next = nextRound(playGame({ variant: 'block', players: 3 }, S2_BLOCK));
    assert.equal(next.turn, 1);
    assert.equal(next.round.leader, 1);
    assert.equal(next.round.lead, null);
  });

  const hands = ['6-3', '6-4 2-2', '6-6 4-4']; // 9 / 14 / 20
  test('S2: scoring module — Draw default 25, Draw othersOnly 34', () => {
    assert.equal(blocked({ variant: 'draw', players: 3 }, hands).points, 25);
    assert.equal(blocked({ variant: 'draw', players: 3, ...rules({ blockedAward: 'othersOnly' }) }, hands).points, 34);
  });

  test('S2: scoring module — All Fives default r(14)+r(20)−r(9) = 15+20−10 = 25', () => {
    assert.deepEqual(blocked({ variant: 'fives', players: 3 }, hands), {
      reason: 'blocked', winner: 0, side: 0, points: 25, pips: [9, 14, 20],
    });
  });

  test('S2: scoring module — All Fives othersOnly perOpponent (S003) 15 + 20 = 35; othersOnly roundAward r(34) = 35', () => {
    assert.equal(blocked({ variant: 'fives', players: 3, ...rules({ blockedAward: 'othersOnly' }) }, hands).points, 35);
    const roundAward = rules({ blockedAward: 'othersOnly', fivesRounding: 'roundAward' });
    assert.equal(blocked({ variant: 'fives', players: 3, ...roundAward }, hands).points, 35);
  });

  test('S2: scoring module — All Fives othersMinusOwn roundAward r(25) = 25', () => {
    assert.equal(blocked({ variant: 'fives', players: 3, ...rules({ fivesRounding: 'roundAward' }) }, hands).points, 25);
  });
});

describe('RULES.md §9 S4 and R3: rounding to the nearest 5', () => {
  test('S4: 11, 12 → 10; 13, 14 → 15; 8 → 10; 7 → 5', () => {
    for (const [x, r] of [[11, 10], [12, 10], [13, 15], [14, 15], [8, 10], [7, 5]] as const) {
      assert.equal(roundToFive(x), r, `r(${x})`);
    }
  });

  test('R3: r(): 1→0, 2→0, 3→5, 7→5, 12→10, 27→25, 28→30', () => {
    for (const [x, r] of [[1, 0], [2, 0], [3, 5], [7, 5], [12, 10], [27, 25], [28, 30]] as const) {
      assert.equal(roundToFive(x), r, `r(${x})`);
    }
  });

  test('S4: a Fives round award is rounded (opponent holding 13 → 15), Draw is exact', () => {
    assert.equal(domino({ variant: 'fives', players: 2 }, ['', '6-5 2-0'], 0).points, 15);
    assert.equal(domino({ variant: 'draw', players: 2 }, ['', '6-5 2-0'], 0).points, 13);
  });
});

describe('RULES.md §9 R1: 2 players blocked, 12 vs 20', () => {
  test('R1: Block default — 20 − 12 = 8 to the 12-holder', () => {
    const end = playGame({ variant: 'block', players: 2 }, R1_BLOCK);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 1, side: 1, points: 8, pips: [20, 12] });
    assert.deepEqual(end.scores, [0, 8]);
    assert.ok(end.boneyard.length === 14, 'Block: the 14 tiles left out stay aside');
  });

  test('R1: Block othersOnly — 20', () => {
    const end = playGame({ variant: 'block', players: 2, ...rules({ blockedAward: 'othersOnly' }) }, R1_BLOCK);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 1, side: 1, points: 20, pips: [20, 12] });
  });

  test('R1: Draw default — 8 (blocked once the stock is empty)', () => {
    const end = playGame({ variant: 'draw', players: 2 }, R1_DRAW);
    assert.equal(end.boneyard.length, 0);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 0, side: 0, points: 8, pips: [12, 20] });
    assert.deepEqual(end.scores, [8, 0]);
  });

  test('R1: Draw othersOnly — 20', () => {
    const end = playGame({ variant: 'draw', players: 2, ...rules({ blockedAward: 'othersOnly' }) }, R1_DRAW);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 0, side: 0, points: 20, pips: [12, 20] });
  });

  test('R1: All Fives default (perOpponent) — r(20) − r(12) = 10', () => {
    const [before, end] = lastTwo({ variant: 'fives', players: 2 }, R1_FIVES);
    assert.equal(end.boneyard.length, 0);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 1, side: 1, points: 10, pips: [20, 12] });
    const inPlay = lastPoints(end)!;
    assert.equal(end.scores[1]! - before.scores[1]! - (before.turn === 1 ? inPlay : 0), 10);
  });

  test('R1: All Fives roundAward — r(8) = 10', () => {
    const end = playGame({ variant: 'fives', players: 2, ...rules({ fivesRounding: 'roundAward' }) }, R1_FIVES);
    assert.equal(end.round.result!.points, 10);
  });

  test('R1: All Fives othersOnly — 20 (perOpponent and roundAward)', () => {
    for (const fivesRounding of ['perOpponent', 'roundAward'] as const) {
      const end = playGame({ variant: 'fives', players: 2, ...rules({ blockedAward: 'othersOnly', fivesRounding }) }, R1_FIVES);
      assert.equal(end.round.result!.points, 20, fivesRounding);
    }
  });
});

describe('RULES.md §9 R2: 3 players blocked, 10 / 10 / 15', () => {
  test('R2: default noScoreNextOpens — nobody scores', () => {
    const end = playGame({ variant: 'block', players: 3 }, R2_BLOCK);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: null, side: null, points: 0, pips: [10, 10, 15] });
    assert.deepEqual(end.scores, [0, 0, 0]);
    assert.equal(end.winningSide, null);
  });

  test('R2: default — the seat after this round\'s opener leads the next round, any tile', () => {
    const end = playGame({ variant: 'block', players: 3 }, R2_BLOCK);
    assert.equal(end.round.leader, 1, 'seat 1 opened with 5-5');
    const next = nextRound(end);
    assert.equal(next.turn, 2);
    assert.equal(next.round.leader, 2);
    assert.equal(next.round.lead, null);
  });

  test('R2: fewerTilesWins — the 10-holder with 2 tiles wins; othersMinusOwn 25 − 10 = 15', () => {
    const end = playGame({ variant: 'block', players: 3, ...rules({ blockedTie: 'fewerTilesWins' }) }, R2_BLOCK);
    assert.deepEqual(end.hands.map((h) => h.length), [2, 3, 3]);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 0, side: 0, points: 15, pips: [10, 10, 15] });
    assert.deepEqual(end.scores, [15, 0, 0]);
    assert.equal(nextRound(end).turn, 0, 'the winner leads next');
  });

  test('R2: fewerTilesWins + othersOnly — 25', () => {
    const end = playGame(
      { variant: 'block', players: 3, ...rules({ blockedTie: 'fewerTilesWins', blockedAward: 'othersOnly' }) },
      R2_BLOCK,
    );
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 0, side: 0, points: 25, pips: [10, 10, 15] });
  });

  test('R2: scoring module — fewerTilesWins with equal tile counts too gives no score', () => {
    const r = blocked({ variant: 'draw', players: 3, ...rules({ blockedTie: 'fewerTilesWins' }) }, ['6-4', '5-5', '6-6 3-0']);
    assert.equal(r.winner, null);
    assert.equal(r.points, 0);
  });
});

describe('RULES.md §9 R4: partnerships, A1 goes out; A2 holds 9, B1 13, B2 8', () => {
  const teams = { players: 4, teams: true } as const;

  test('R4: Draw — team A gets 13 + 8 = 21; the partner\'s 9 is ignored', () => {
    const end = playGame({ variant: 'draw', ...teams }, R4_DRAW);
    assert.deepEqual(end.round.result, { reason: 'domino', winner: 2, side: 0, points: 21, pips: [9, 8, 0, 13] });
    assert.deepEqual(end.scores, [21, 0]);
  });

  test('R4: Block — 21', () => {
    const end = playGame({ variant: 'block', ...teams }, R4_BLOCK);
    assert.deepEqual(end.round.result, { reason: 'domino', winner: 1, side: 1, points: 21, pips: [13, 0, 8, 9] });
    assert.deepEqual(end.scores, [0, 21]);
  });

  test('R4: Doubles — 21', () => {
    const end = playGame({ variant: 'doubles', ...teams }, R4_DOUBLES);
    assert.deepEqual(end.round.result, { reason: 'domino', winner: 3, side: 1, points: 21, pips: [13, 9, 8, 0] });
    assert.deepEqual(end.scores, [0, 21]);
  });

  test('R4: All Fives default perOpponent — 15 + 10 = 25', () => {
    const [before, end] = lastTwo({ variant: 'fives', ...teams }, R4_FIVES);
    assert.equal(lastPoints(end), 0);
    assert.deepEqual(end.round.result, { reason: 'domino', winner: 1, side: 1, points: 25, pips: [13, 0, 8, 9] });
    assert.equal(end.scores[1]! - before.scores[1]!, 25);
    assert.equal(end.scores[0], before.scores[0]);
  });

  test('R4: All Fives roundAward — r(21) = 20', () => {
    const [before, end] = lastTwo({ variant: 'fives', ...teams, ...rules({ fivesRounding: 'roundAward' }) }, R4_FIVES);
    assert.equal(end.round.result!.points, 20);
    assert.equal(end.scores[1]! - before.scores[1]!, 20);
  });
});

describe('RULES.md §9 R5: partnerships blocked; team A 5 + 12 = 17, team B 3 + 20 = 23', () => {
  const teams = { variant: 'block', players: 4, teams: true } as const;

  test('R5: Block teamTotals default — team A wins 23 − 17 = 6; its lower hand (A1) is the winner and leads next', () => {
    const end = playGame(teams, R5_BLOCK);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 0, side: 0, points: 6, pips: [5, 3, 12, 20] });
    assert.deepEqual(end.scores, [6, 0]);
    assert.equal(nextRound(end).turn, 0);
  });

  test('R5: Block teamTotals othersOnly — 23', () => {
    const end = playGame({ ...teams, ...rules({ blockedAward: 'othersOnly' }) }, R5_BLOCK);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 0, side: 0, points: 23, pips: [5, 3, 12, 20] });
  });

  test('R5: Block lowestHand — B1\'s 3 is lowest → team B wins and gets 5 + 12 = 17 (othersOnly)', () => {
    const end = playGame({ ...teams, ...rules({ partnerBlocked: 'lowestHand' }) }, R5_BLOCK);
    assert.equal(end.config.houseRules.blockedAward, 'othersOnly');
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 1, side: 1, points: 17, pips: [5, 3, 12, 20] });
    assert.deepEqual(end.scores, [0, 17]);
  });

  test('R5: lowestHand with othersMinusOwn is refused in partnerships', () => {
    assert.throws(
      () => createMatch({ ...teams, houseRules: { partnerBlocked: 'lowestHand', blockedAward: 'othersMinusOwn' } }),
      (e: unknown) => e instanceof RuleError && e.code === 'invalid-config',
    );
  });

  const hands = ['4-1', '2-1', '6-6', '6-4 5-5']; // A1 5, B1 3, A2 12, B2 20
  const fives = { variant: 'fives', players: 4, teams: true } as const;

  test('R5: scoring module — Draw/Block teamTotals 6, othersOnly 23, lowestHand 17', () => {
    assert.deepEqual(blocked({ variant: 'draw', players: 4, teams: true }, hands), {
      reason: 'blocked', winner: 0, side: 0, points: 6, pips: [5, 3, 12, 20],
    });
    assert.equal(blocked({ variant: 'draw', players: 4, teams: true, ...rules({ blockedAward: 'othersOnly' }) }, hands).points, 23);
    const low = blocked({ variant: 'draw', players: 4, teams: true, ...rules({ partnerBlocked: 'lowestHand' }) }, hands);
    assert.deepEqual([low.winner, low.side, low.points], [1, 1, 17]);
  });

  test('R5: scoring module — All Fives default (5+20) − (5+10) = 10', () => {
    assert.deepEqual(blocked(fives, hands), { reason: 'blocked', winner: 0, side: 0, points: 10, pips: [5, 3, 12, 20] });
  });

  test('R5: scoring module — All Fives roundAward r(6) = 5', () => {
    assert.equal(blocked({ ...fives, ...rules({ fivesRounding: 'roundAward' }) }, hands).points, 5);
  });

  test('R5: scoring module — All Fives othersOnly 25 (perOpponent 5 + 20; roundAward r(23))', () => {
    assert.equal(blocked({ ...fives, ...rules({ blockedAward: 'othersOnly' }) }, hands).points, 25);
    assert.equal(blocked({ ...fives, ...rules({ blockedAward: 'othersOnly', fivesRounding: 'roundAward' }) }, hands).points, 25);
  });
});

describe('RULES.md §9 R6: first lead without doubles', () => {
  // No double dealt; 6-5 and 6-4 are in the boneyard; 6-3 and 5-4 (both 9) are the heaviest tiles in hand.
  const hands = ['5-4 6-2 6-1 5-0 3-1 2-0 1-0', '6-3 4-3 5-3 5-2 4-2 4-1 3-0'];

  for (const variant of ['draw', 'block', 'fives'] as Variant[]) {
    test(`R6: ${variant} — the 6-3 holder leads 6-3 (the higher half breaks the 9-pip tie)`, () => {
      const state = createMatch({ variant, players: 2, deal: makeDeal(hands, '6-5 6-4') });
      assert.equal(state.turn, 1);
      assert.equal(state.round.leader, 1);
      assert.deepEqual(state.round.lead, [6, 3]);
      assert.deepEqual(
        legalMoves(state).map((m) => (m.type === 'play' ? [m.tile, m.end] : m.type)),
        [[[6, 3], 'lead']],
      );
      const before = structuredClone(state);
      assert.throws(() => applyMove(state, parseMove('4-3@lead')), (e: unknown) => e instanceof RuleError && e.code === 'wrong-lead');
      assert.deepEqual(state, before);
    });
  }

  test('R6: the same holds with the seats swapped (6-3 in seat 0)', () => {
    const state = createMatch({ variant: 'draw', players: 2, deal: makeDeal([hands[1]!, hands[0]!], '6-5 6-4') });
    assert.equal(state.turn, 0);
    assert.deepEqual(state.round.lead, [6, 3]);
  });
});

describe('RULES.md §9 M2: going out in All Fives', () => {
  test('M2: a player goes out with a move making 15; the opponent holds 13 → +15, then r(13) = 15 → +30 in total', () => {
    const [before, end] = lastTwo({ variant: 'fives', players: 2 }, M2_FIVES);
    assert.equal(before.turn, 0);
    assert.equal(end.count, 15);
    assert.equal(lastPoints(end), 15);
    assert.deepEqual(end.round.result, { reason: 'domino', winner: 0, side: 0, points: 15, pips: [0, 13] });
    assert.equal(end.scores[0]! - before.scores[0]!, 30);
    assert.equal(end.winningSide, null);
  });

  test('M2 with C15/§10: if the in-play 15 reaches the target, the match ends and no round award is added', () => {
    const [before] = lastTwo({ variant: 'fives', players: 2 }, M2_FIVES);
    // The state is plain JSON: a copy puts seat 0 on 140 before its last tile (target 150).
    const on140: MatchState = { ...structuredClone(before), scores: [140, before.scores[1]!] };
    const end = applyMove(on140, parseMove('2-2@right'));
    assert.deepEqual(end.scores, [155, before.scores[1]]);
    assert.equal(end.winningSide, 0);
    assert.equal(end.turn, null);
    assert.deepEqual(end.round.result, { reason: 'domino', winner: 0, side: 0, points: 0, pips: [0, 13] });
  });
});
