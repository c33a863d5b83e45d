/**
 * The review of a round: every move of the person's with more than one play open is graded, and only
 * those; a play that throws away ten points or more in All Fives is a mistake that names a scoring play
 * as the better one; the hard player's own choices grade as best; the grades follow the costs; the same
 * seed gives the same review; a record the rules refuse, or a round it lacks, is an error.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseMove } from '../../src/ai/index.js';
import { BEST_WITHIN, MISTAKE_FROM, gradeOf, reviewRound, reviewSteps } from '../../src/ai/review.js';
import {
  applyMove,
  createMatch,
  legalMoves,
  matchRecordOf,
  playerView,
  RuleError,
  sameTile,
  type LegalMove,
  type MatchRecord,
  type MatchState,
  type Play,
  type Variant,
} from '../../src/engine/index.js';

const PERSON = 0;
const plays = (moves: LegalMove[]) => moves.filter((m): m is Play => m.type === 'play');

interface Played {
  record: MatchRecord;
  /** Log indexes of the person's moves with more than one play open. */
  decisions: number[];
  /** Those of them where the person threw away ten points or more of All Fives on purpose. */
  planted: number[];
  /** Those where the person played the hard computer's choice for that position. */
  hardChoices: number[];
}

/**
 * Round 1 of a seeded match, the person playing the hard computer's move but (where `plant`) laying a
 * tile that scores nothing when another would score ten or more; the other seats play at medium.
 */
function playRound(variant: Variant, players: 2 | 3 | 4, seed: string, plant: boolean): Played {
  let state: MatchState = createMatch({ variant, players, seed, target: 250 });
  const decisions: number[] = [];
  const planted: number[] = [];
  const hardChoices: number[] = [];
  while (state.round.result === null) {
    const seat = state.turn!;
    const view = playerView(state, seat);
    const moves = legalMoves(view);
    let move: LegalMove;
    if (seat !== PERSON) move = chooseMove(view, { level: 'medium', seed: state.log.length });
    else {
      const open = plays(moves);
      const index = state.log.length;
      if (open.length > 1) decisions.push(index);
      const scoring = open.filter((p) => (p.points ?? 0) >= 10);
      const blank = open.find((p) => !p.points);
      if (plant && scoring.length > 0 && blank) {
        planted.push(index);
        move = blank;
      } else {
        move = chooseMove(view, { level: 'hard', seed: index, maxDeals: 300, budgetMs: 60_000 });
        if (open.length > 1) hardChoices.push(index);
      }
    }
    state = applyMove(state, move);
  }
  return { record: matchRecordOf([state], seed), decisions, planted, hardChoices };
}

const OPTIONS = { seed: 7, maxDeals: 300, budgetMs: 60_000 };

describe('review of a round', () => {
  test('grades exactly the person’s moves with a choice; a thrown-away 10 is a mistake that names a scoring play', () => {
    let plantedSeen = 0;
    for (let n = 0; n < 6 && plantedSeen < 3; n++) {
      const { record, decisions, planted } = playRound('fives', 2, `review-plant-${n}`, true);
      const review = reviewRound(record, 1, PERSON, OPTIONS);
      assert.equal(review.round, 1);
      assert.equal(review.seat, PERSON);
      assert.deepEqual(
        review.moves.map((m) => m.index),
        decisions,
        'every move with a choice, and nothing else',
      );
      for (const move of review.moves) {
        assert.ok(move.choices >= 2);
        assert.ok(move.cost >= 0);
        assert.equal(move.grade, gradeOf(move.cost));
        if (move.cost === 0) assert.deepEqual(move.best, move.played, 'the move played is the best named');
      }
      for (const index of planted) {
        plantedSeen++;
        const move = review.moves.find((m) => m.index === index)!;
        assert.equal(move.grade, 'mistake', `the move at ${index} threw away points: ${JSON.stringify(move)}`);
        assert.ok(move.cost >= MISTAKE_FROM);
        const before = [...replayUpTo(record, index)];
        const scoring = plays(legalMoves(playerView(before.at(-1)!, PERSON))).find((p) => sameTile(p.tile, move.best.tile) && p.end === move.best.end);
        assert.ok(scoring && (scoring.points ?? 0) > 0, 'the better move scores');
      }
    }
    assert.ok(plantedSeen >= 3, `planted mistakes seen: ${plantedSeen}`);
  });

  test('the hard player’s own moves grade as best or good, mostly best, in every variant', () => {
    let best = 0;
    let graded = 0;
    for (const variant of ['draw', 'block', 'fives', 'doubles'] as const) {
      for (const players of [2, 4] as const) {
        const { record, hardChoices } = playRound(variant, players, `review-hard-${variant}-${players}`, false);
        const review = reviewRound(record, 1, PERSON, OPTIONS);
        for (const move of review.moves.filter((m) => hardChoices.includes(m.index))) {
          graded++;
          if (move.grade === 'best') best++;
          assert.notEqual(move.grade, 'mistake', `${variant}, ${players} players: the hard choice at ${move.index} ${JSON.stringify(move)}`);
        }
      }
    }
    assert.ok(graded >= 10, `graded ${graded}`);
    assert.ok(best / graded >= 0.75, `best ${best} of ${graded}`);
  });

  test('the same seed gives the same review, step by step or at once', () => {
    const { record } = playRound('doubles', 3, 'review-same', false);
    const once = reviewRound(record, 1, PERSON, OPTIONS);
    const steps = reviewSteps(record, 1, PERSON, OPTIONS);
    const stepped = [];
    let step = steps.next();
    for (; !step.done; step = steps.next()) stepped.push(step.value);
    assert.deepEqual(stepped, once.moves);
    assert.deepEqual(step.value, once);
    assert.deepEqual(reviewRound(JSON.parse(JSON.stringify(record)) as MatchRecord, 1, PERSON, OPTIONS), once);
  });

  test('the thresholds: within half a point is best, under three is good', () => {
    assert.equal(gradeOf(0), 'best');
    assert.equal(gradeOf(BEST_WITHIN), 'best');
    assert.equal(gradeOf(BEST_WITHIN + 0.1), 'good');
    assert.equal(gradeOf(MISTAKE_FROM - 0.1), 'good');
    assert.equal(gradeOf(MISTAKE_FROM), 'mistake');
  });

  test('a record the rules refuse, or a round it does not have, is an error', () => {
    const { record } = playRound('draw', 2, 'review-bad', false);
    const broken = structuredClone(record);
    broken.rounds[0]!.moves.splice(0, 1);
    assert.throws(() => reviewRound(broken, 1, PERSON, OPTIONS), RuleError);
    assert.throws(() => reviewRound(record, 2, PERSON, OPTIONS), RangeError);
  });
});

/** The states of round 1 up to the one before the move at `index`. */
function* replayUpTo(record: MatchRecord, index: number): Generator<MatchState> {
  let state = createMatch({ ...record.config, seed: record.seed!, deal: record.rounds[0]!.deal });
  yield state;
  for (const move of record.rounds[0]!.moves.slice(0, index)) {
    state = applyMove(state, move);
    yield state;
  }
}
