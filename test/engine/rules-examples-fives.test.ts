/**
 * docs/RULES.md §9 worked examples for All Fives: S3, F1–F21, L1–L3, M1, M2 (and §4, §10).
 *
 * Positions are reached by playing explicit deals move by move. Most use round 2 of a match
 * (helpers/positions.ts `laterRound`), where the leader may lead any tile; the first-round lead is forced.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyMove,
  createMatch,
  legalMoves,
  nextRound,
  RuleError,
  type MatchState,
} from '../../src/engine/index.js';
import {
  endsFor,
  lastPoints,
  laterRound,
  moveName,
  parseMove,
  play,
  playAll,
  playGameAll,
  type Game,
} from './helpers/positions.js';
import { makeDeal } from './helpers/tiles.js';

const fives2 = { variant: 'fives', players: 2 } as const;

/**
 * Plays `move` for the seat to act and checks the count after it and the points it scored at once
 * (in the log, in the seat's score, and as announced beforehand by legalMoves).
 */
function step(state: MatchState, move: string, count: number, points: number): MatchState {
  const seat = state.turn!;
  const listed = legalMoves(state).find((m) => moveName(m) === moveName(parseMove(move)));
  assert.ok(listed, `${move} must be legal`);
  assert.equal(listed.type === 'play' ? listed.points : undefined, points, `legalMoves announces ${points} for ${move}`);
  const next = applyMove(state, parseMove(move));
  assert.equal(next.count, count, `count after ${move}`);
  assert.equal(lastPoints(next), points, `points of ${move}`);
  assert.equal(next.scores[seat]! - state.scores[seat]!, points, `score change of seat ${seat}`);
  return next;
}

/** F1, F5–F11: 5-5 lead; 5-0 on L1; 5-1 on L2; 5-3 on E1; 5-6 on E2; 6-6 on E2's 6; 0-4 on L1's 0; 6-2 on 6-6. */
function chainA(): MatchState {
  return laterRound(fives2, ['5-5 5-1 5-6 4-0 1-0 3-1 4-3', '5-0 5-3 6-6 6-2 2-1 3-2 4-2']);
}

describe('RULES.md §9 All Fives: spinner 5-5 chain (F1, F5–F11, L2)', () => {
  test('F1: lead 5-5 is the spinner with both long sides free; count 10, +10', () => {
    const s = step(chainA(), '5-5@lead', 10, 10);
    assert.equal(s.table[0]!.spinner, true);
    assert.deepEqual(s.openEnds.map((e) => e.id).sort(), ['left', 'right']);
  });

  test('F1 (first round): the forced 5-5 lead (6-6 undealt) also counts 10 and scores 10', () => {
    const state = createMatch({
      ...fives2,
      deal: makeDeal(['5-5 5-4 4-3 3-2 2-1 1-0 6-0', '4-4 6-5 6-4 6-3 6-2 6-1 5-0'], '6-6'),
    });
    assert.deepEqual(state.round.lead, [5, 5]);
    step(state, '5-5@lead', 10, 10);
  });

  test('F5: F1 + 5-0 on L1 → end 0, spinner still 10 (L2 free); count 10, +10', () => {
    const s = step(chainA(), '5-5@lead', 10, 10);
    step(s, '5-0@left', 10, 10);
  });

  test('L2: in F5 the only spinner position is L2 (E1/E2 stay closed until both long sides are filled)', () => {
    const s = play(chainA(), '5-5@lead 5-0@left');
    assert.deepEqual(endsFor(s, '5-1'), ['right']);
    assert.deepEqual(endsFor(s, '5-6'), ['right']);
    assert.ok(!s.openEnds.some((e) => e.id === 'up' || e.id === 'down'), 'no short side open');
    assert.throws(() => applyMove(s, parseMove('5-1@up')), (e: unknown) => e instanceof RuleError && e.code === 'no-such-end');
  });

  test('F6: F5 + 5-1 on L2 → spinner closed, E1/E2 open but empty; count 0+1 = 1, no points', () => {
    let s = play(chainA(), '5-5@lead 5-0@left');
    s = step(s, '5-1@right', 1, 0);
    const short = s.openEnds.filter((e) => e.id === 'up' || e.id === 'down');
    assert.deepEqual(short.map((e) => [e.id, e.pip]).sort(), [['down', 5], ['up', 5]]);
  });

  test('F7: F6 + 5-3 on E1 → count 0+1+3 = 4, no points', () => {
    const s = play(chainA(), '5-5@lead 5-0@left 5-1@right');
    step(s, '5-3@up', 4, 0);
  });

  test('F8: F7 + 5-6 on E2 → count 0+1+3+6 = 10, +10', () => {
    const s = play(chainA(), '5-5@lead 5-0@left 5-1@right 5-3@up');
    step(s, '6-5@down', 10, 10);
  });

  test('F9: F8 + 6-6 crosswise on the E2 arm (ordinary double, not a spinner) → count 0+1+3+12 = 16, no points', () => {
    const s = play(chainA(), '5-5@lead 5-0@left 5-1@right 5-3@up 6-5@down');
    const next = step(s, '6-6@down', 16, 0);
    const placed = next.table.at(-1)!;
    assert.equal(placed.double, true);
    assert.equal(placed.spinner, false, 'only the first double is a spinner');
    assert.equal(next.openEnds.filter((e) => e.from === next.table.length - 1).length, 1, '6-6 has one free side');
  });

  test('F10: F9 + 0-4 on the L1 arm\'s 0 → count 4+1+3+12 = 20, +20', () => {
    const s = play(chainA(), '5-5@lead 5-0@left 5-1@right 5-3@up 6-5@down 6-6@down');
    step(s, '4-0@left', 20, 20);
  });

  test('F11: F10 + 6-2 on 6-6\'s free side (6-6 covered) → count 4+1+3+2 = 10, +10', () => {
    const s = play(chainA(), '5-5@lead 5-0@left 5-1@right 5-3@up 6-5@down 6-6@down 4-0@left');
    step(s, '6-2@down', 10, 10);
  });
});

/** F12–F15: 6-4 lead; 4-4 on the 4 (spinner); 4-1 on L2; 4-3 on E1. */
function chainB(): MatchState {
  return laterRound(fives2, ['6-4 4-1 4-2 5-1 3-1 2-1 1-0', '4-4 4-3 4-0 3-2 5-2 2-0 3-0']);
}

describe('RULES.md §9 All Fives: 6-4 lead, 4-4 spinner on an arm (F12–F15, L1)', () => {
  test('F12: lead 6-4 → count 10, +10', () => {
    step(chainB(), '6-4@lead', 10, 10);
  });

  test('F12 (first round): 6-4 is the forced lead when no double is dealt and 6-5 is undealt; +10', () => {
    const state = createMatch({
      ...fives2,
      deal: makeDeal(['6-4 6-3 5-3 4-1 3-1 2-1 1-0', '5-4 6-2 6-1 5-2 4-2 3-0 2-0'], '6-5'),
    });
    assert.equal(state.turn, 0);
    assert.deepEqual(state.round.lead, [6, 4]);
    step(state, '6-4@lead', 10, 10);
  });

  test('F13: 4-4 on the 4 of a 6-4 lead becomes the spinner (first double), L1 taken by 6-4, L2 free; count 6+8 = 14, no points', () => {
    const s = step(play(chainB(), '6-4@lead'), '4-4@right', 14, 0);
    assert.equal(s.table[1]!.spinner, true);
    assert.deepEqual(s.openEnds.map((e) => [e.id, e.pip]), [['left', 6], ['right', 4]]);
  });

  test('L1: in F13 a 4-x tile may go only on L2; E1/E2 are closed', () => {
    const s = play(chainB(), '6-4@lead 4-4@right');
    assert.deepEqual(endsFor(s, '4-1'), ['right']);
    assert.deepEqual(endsFor(s, '4-2'), ['right']);
    assert.ok(!s.openEnds.some((e) => e.id === 'up' || e.id === 'down'));
  });

  test('F14: F13 + 4-1 on L2 → spinner closed; count 6+1 = 7, no points', () => {
    const s = play(chainB(), '6-4@lead 4-4@right');
    step(s, '4-1@right', 7, 0);
  });

  test('L1: after F14, E1 and E2 accept 4-x', () => {
    const s = play(chainB(), '6-4@lead 4-4@right 4-1@right');
    assert.deepEqual(endsFor(s, '4-3'), ['down', 'up']);
    assert.deepEqual(endsFor(s, '4-0'), ['down', 'up']);
  });

  test('F15: F14 + 4-3 on E1 → count 6+1+3 = 10, +10', () => {
    const s = play(chainB(), '6-4@lead 4-4@right 4-1@right');
    step(s, '4-3@up', 10, 10);
  });
});

/** F16–F18: 5-5 lead; 5-2 on L1; 5-4 on L2; 4-4 on the 4; 4-1 on 4-4's far side. */
function chainC(): MatchState {
  return laterRound(fives2, ['5-5 5-4 4-1 4-2 3-1 2-1 1-0', '5-2 4-4 3-2 3-0 2-0 6-1 6-0']);
}

describe('RULES.md §9 All Fives: a later double is an ordinary double (F16–F18, L3)', () => {
  test('F16: spinner 5-5 lead, 5-2 on L1, 5-4 on L2 → count 2+4 = 6, no points', () => {
    let s = step(chainC(), '5-5@lead', 10, 10);
    s = step(s, '5-2@left', 12, 0);
    step(s, '5-4@right', 6, 0);
  });

  test('F17: F16 + 4-4 crosswise on the 4 (not a spinner) → count 2+8 = 10, +10', () => {
    const s = step(play(chainC(), '5-5@lead 5-2@left 5-4@right'), '4-4@right', 10, 10);
    assert.equal(s.table.at(-1)!.spinner, false);
  });

  test('L3: in F17, 4-4 offers one free side and no short sides', () => {
    const s = play(chainC(), '5-5@lead 5-2@left 5-4@right 4-4@right');
    const at = s.table.length - 1;
    assert.deepEqual(s.openEnds.filter((e) => e.from === at).map((e) => [e.id, e.pip]), [['right', 4]]);
    // the spinner's own short sides (5) are open, but nothing of 4-4's.
    assert.deepEqual(s.openEnds.map((e) => [e.id, e.pip, e.from]).sort(), [
      ['down', 5, 0],
      ['left', 2, 1],
      ['right', 4, 3],
      ['up', 5, 0],
    ]);
    assert.deepEqual(endsFor(s, '4-1'), ['right']);
    assert.deepEqual(endsFor(s, '4-2'), ['left', 'right']);
  });

  test('F18: F17 + 4-1 on 4-4\'s far side → count 2+1 = 3, no points', () => {
    const s = play(chainC(), '5-5@lead 5-2@left 5-4@right 4-4@right');
    step(s, '4-1@right', 3, 0);
  });
});

/** F2, F19–F21: 6-6 lead; 6-0 on L1; 6-5 on L2; 0-0 on the 0. */
function chainD(): MatchState {
  return laterRound(fives2, ['6-6 6-5 5-1 4-1 3-1 2-1 1-0', '6-0 0-0 3-2 4-2 5-2 3-0 2-0']);
}

describe('RULES.md §9 All Fives: 6-6 spinner (F2, F19–F21)', () => {
  test('F2: lead 6-6 → count 12, no points', () => {
    step(chainD(), '6-6@lead', 12, 0);
  });

  test('F2 (first round): the forced 6-6 lead counts 12 and scores nothing', () => {
    const state = createMatch({
      ...fives2,
      deal: makeDeal(['6-6 5-4 4-3 3-2 2-1 1-0 6-0', '5-5 6-5 6-4 6-3 6-2 6-1 5-0']),
    });
    assert.deepEqual(state.round.lead, [6, 6]);
    step(state, '6-6@lead', 12, 0);
  });

  test('F19: spinner 6-6 lead + 6-0 on L1 → count 0+12 = 12, no points', () => {
    step(play(chainD(), '6-6@lead'), '6-0@left', 12, 0);
  });

  test('F20: F19 + 6-5 on L2 → count 0+5 = 5, +5', () => {
    step(play(chainD(), '6-6@lead 6-0@left'), '6-5@right', 5, 5);
  });

  test('F21: F20 + 0-0 crosswise on the 0 → count 0+5 = 5, +5', () => {
    const s = step(play(chainD(), '6-6@lead 6-0@left 6-5@right'), '0-0@left', 5, 5);
    assert.equal(s.table.at(-1)!.spinner, false);
  });
});

describe('RULES.md §9 All Fives: leads and S3', () => {
  test('F3: lead 3-2 → count 3+2 = 5, +5', () => {
    step(laterRound(fives2, ['3-2 6-1 5-1 4-1 3-1 2-1 1-0', '6-6 5-5 4-4 6-5 6-4 6-3 6-2']), '3-2@lead', 5, 5);
  });

  test('F4: lead 0-0 → count 0, no points (a count of 0 scores nothing)', () => {
    step(laterRound(fives2, ['0-0 6-1 5-1 4-1 3-1 2-1 1-0', '6-6 5-5 4-4 6-5 6-4 6-3 6-2']), '0-0@lead', 0, 0);
  });

  test('F4 (first round): 0-0 as the only double dealt is the forced lead; count 0, no points', () => {
    const state = createMatch({
      ...fives2,
      deal: makeDeal(['0-0 6-5 6-4 6-3 6-2 6-1 6-0', '5-4 5-3 5-2 5-1 5-0 4-3 4-2']),
    });
    assert.deepEqual(state.round.lead, [0, 0]);
    step(state, '0-0@lead', 0, 0);
  });

  test('S3: a move leaving the ends at 6 and 4 → count 10 → +10 at once', () => {
    // First round: no double dealt, 6-5 and 6-4 undealt, so 6-3 (9, beats 5-4 on the higher half) leads.
    const state = createMatch({
      ...fives2,
      deal: makeDeal(['6-3 6-2 6-1 5-0 3-1 2-0 1-0', '5-4 4-3 5-3 5-2 4-2 4-1 3-0']),
    });
    assert.equal(state.turn, 0);
    const s = step(state, '6-3@lead', 9, 0);
    const after = step(s, '4-3@right', 10, 10);
    assert.deepEqual(after.openEnds.map((e) => e.pip).sort(), [4, 6]);
    assert.deepEqual(after.scores, [0, 10]);
  });
});

describe('RULES.md §9 M1: the match ends at once when an in-play score reaches the target', () => {
  // Seat 0 holds 5-5, the highest double dealt (6-6 is in the boneyard).
  const deal = makeDeal(['5-5 5-3 2-0 6-1 4-1 3-1 1-0', '5-2 6-5 6-4 6-3 6-2 4-3 4-2'], '6-6');

  test('M1: target 150, a seat on 140 makes a count of 10 → 150 → the match ends at once, mid-round', () => {
    const start = createMatch({ ...fives2, deal });
    assert.equal(start.config.target, 150, 'Fives default target');
    // The state is plain JSON: a copy with seat 0 already on 140 stands for the earlier rounds.
    const on140: MatchState = { ...structuredClone(start), scores: [140, 0] };
    const end = applyMove(on140, parseMove('5-5@lead'));
    assert.equal(end.count, 10);
    assert.deepEqual(end.scores, [150, 0]);
    assert.equal(end.winningSide, 0);
    assert.equal(end.turn, null);
    assert.equal(end.round.result, null, 'the round was still running: no round result');
    assert.equal(end.hands[0]!.length, 6, 'seat 0 still holds tiles');
    assert.deepEqual(legalMoves(end), []);
    assert.throws(() => applyMove(end, parseMove('5-2@left')), (e: unknown) => e instanceof RuleError && e.code === 'match-over');
    assert.throws(() => nextRound(end), (e: unknown) => e instanceof RuleError && e.code === 'match-over');
  });

  test('M1 (played, no state edit): target 20, seat 0 on 10 scores 10 in play → the match ends mid-round', () => {
    const states = playAll(createMatch({ ...fives2, target: 20, deal }), '5-5@lead 5-2@left 2-0@left');
    const [, afterLead, afterSecond, end] = states;
    assert.deepEqual(afterLead!.scores, [10, 0]);
    assert.equal(afterSecond!.count, 12);
    assert.equal(end!.count, 10, 'ends 0 and the spinner 10 (L2 still free)');
    assert.deepEqual(end!.scores, [20, 0]);
    assert.equal(end!.winningSide, 0);
    assert.equal(end!.turn, null);
    assert.equal(end!.round.result, null);
  });

  /** All Fives, 2 players: seat 1's last move 6-5 scores 10 in play and blocks the round (stock empty, 66 vs 18 pips). */
  const BLOCKED_BY_SCORING_PLAY: Game = {
    hands: ['1-1 1-0 5-4 6-2 2-0 3-0 4-1', '4-4 5-0 4-2 5-3 5-2 6-4 5-5'],
    boneyard: '3-1 6-1 2-2 2-1 6-6 4-3 6-3 6-0 3-3 0-0 3-2 5-1 4-0 6-5',
    moves:
      '5-5@lead 5-4@left 6-4@left 6-2@left 5-2@left draw draw draw draw draw draw draw draw draw draw draw draw ' +
      '5-1@left 5-3@right 3-0@right 5-0@right 6-1@left draw draw 6-5@left',
  };

  test('M1 (§10 reference): without the target reached, that blocking move scores 10 in play and the round award 45', () => {
    const states = playGameAll(fives2, BLOCKED_BY_SCORING_PLAY);
    const [before, end] = [states.at(-2)!, states.at(-1)!];
    assert.equal(lastPoints(end), 10);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 1, side: 1, points: 45, pips: [66, 18] });
    assert.equal(end.scores[1]! - before.scores[1]!, 55);
  });

  test('M1 (§10): an in-play win on a move that also blocks the round ends the match; round.result records the block with points 0', () => {
    const states = playGameAll(fives2, BLOCKED_BY_SCORING_PLAY);
    const before = states.at(-2)!;
    assert.equal(before.turn, 1);
    // The state is plain JSON: a copy puts seat 1 on 140 before the move that scores 10 (target 150).
    const on140: MatchState = { ...structuredClone(before), scores: [before.scores[0]!, 140] };
    const end = applyMove(on140, parseMove('6-5@left'));
    assert.deepEqual(end.scores, [before.scores[0], 150]);
    assert.equal(end.winningSide, 1);
    assert.equal(end.turn, null);
    assert.deepEqual(end.round.result, { reason: 'blocked', winner: 1, side: 1, points: 0, pips: [66, 18] });
  });
});
