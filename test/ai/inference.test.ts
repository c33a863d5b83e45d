import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ARENA_CONFIGS } from '../../bench/arena-configs.js';
import { chooseMove } from '../../src/ai/index.js';
import { evaluatePlays } from '../../src/ai/hard.js';
import { dealLikelihood, playEvidence, playModelFor, tileAppeal } from '../../src/ai/inference.js';
import { impossibleTiles, maskOf, unseenMask } from '../../src/ai/knowledge.js';
import { sampleState } from '../../src/ai/sample.js';
import { ALL_TILES, applyMove, createMatch, legalMoves, playerView } from '../../src/engine/index.js';
import { layTile, LEAD, seedRng, type Table } from '../../src/engine/internal.js';
import type { LegalMove, MatchConfig, MatchState, Play, PlayerView, Tile } from '../../src/engine/index.js';

const key = (m: LegalMove) => (m.type === 'play' ? `${m.tile.join('-')}@${m.end}` : m.type);

/** The states of a round played by the medium player, every move of it. */
function roundStates(config: MatchConfig): MatchState[] {
  const states: MatchState[] = [];
  let state = createMatch(config);
  while (!state.round.result && state.winningSide === null) {
    states.push(state);
    state = applyMove(state, chooseMove(playerView(state, state.turn!), { level: 'medium' }));
  }
  return states;
}

/** Mid-round views of the seat to act in 2 players and 4 in teams, Draw, Block and All Fives. */
function* midRoundViews(count: number): Generator<PlayerView> {
  for (let seed = 0; seed < count; seed++) {
    const states = roundStates({ ...ARENA_CONFIGS[seed % ARENA_CONFIGS.length]!, seed: `inference ${seed}` });
    const state = states[Math.floor(states.length * 0.6)]!;
    yield playerView(state, state.turn!);
  }
}

/** The view with everything it hides filled with lies: others' drawn tiles named, hands "revealed". */
function poisoned(view: PlayerView): PlayerView {
  const copy = structuredClone(view);
  const lie: Tile[] = ALL_TILES.slice(0, 7);
  copy.log = copy.log.map((entry) => (entry.type === 'draw' && entry.seat !== view.seat ? { ...entry, tile: [6, 6] } : entry));
  copy.revealed = { hands: copy.handCounts.map(() => lie), aside: lie, deal: { hands: copy.handCounts.map(() => lie), boneyard: lie } };
  return copy;
}

describe('the hard player reads the table, never a hidden tile', () => {
  test('a view whose hidden parts are poisoned gets the same choice and the same values as the plain view', () => {
    let compared = 0;
    for (const view of midRoundViews(24)) {
      const plays = legalMoves(view).filter((m): m is Play => m.type === 'play');
      if (plays.length < 2) continue;
      const limits = { maxDeals: 60, budgetMs: 60_000 };
      const plain = evaluatePlays(view, plays, seedRng(7), limits).values;
      const lied = evaluatePlays(poisoned(view), plays, seedRng(7), limits).values;
      assert.deepEqual(Array.from(lied), Array.from(plain));
      const options = { level: 'hard' as const, seed: 3, ...limits };
      assert.equal(key(chooseMove(poisoned(view), options)), key(chooseMove(view, options)));
      compared++;
    }
    assert.ok(compared >= 8, `only ${compared} positions with a choice`);
  });

  test('a seat that passed on a 5 is never dealt a 5 in any sample', () => {
    let checked = 0;
    for (let seed = 0; seed < 60 && checked < 5; seed++) {
      const states = roundStates({ variant: 'block', players: 2, seed: `pass ${seed}` });
      for (const state of states) {
        const viewer = state.turn!;
        const passedOnFive = state.log.find((e) => e.type === 'pass' && e.seat !== viewer && e.showing.includes(5));
        if (!passedOnFive) continue;
        const view = playerView(state, viewer);
        const unseen = unseenMask(view);
        const impossible = impossibleTiles(view);
        const rng = seedRng(seed);
        for (let i = 0; i < 200; i++) {
          const hand = sampleState(view, unseen, impossible, rng).hands[passedOnFive.seat]!;
          assert.ok(!hand.some((t) => t.includes(5)), `seat ${passedOnFive.seat} dealt ${JSON.stringify(hand)} after passing on a 5`);
        }
        checked++;
        break;
      }
    }
    assert.ok(checked >= 3, `only ${checked} positions with a pass on a 5`);
  });

  test("after a partner's informative play, the weighted samples hold fewer of the tiles it would rather have laid", () => {
    // 4 in teams, Block: the partner laid a tile while others fitted. Under the model, a deal in which
    // it held a more appealing tile that fitted then is less likely, so weighing must lower how often
    // the samples give it one.
    let scenarios = 0;
    for (let seed = 0; seed < 40 && scenarios < 4; seed++) {
      const states = roundStates({ variant: 'block', players: 4, teams: true, seed: `partner ${seed}` });
      for (const state of states) {
        const viewer = state.turn!;
        const partner = (viewer + 2) % 4;
        const view = playerView(state, viewer);
        // The partner's latest play (none of its own draws in Block) and the board before it.
        let board: Table = { table: [], openEnds: [] };
        let before: Table | null = null;
        let laid: Tile | null = null;
        for (const entry of view.log) {
          if (entry.type !== 'play') continue;
          if (entry.seat === partner && entry.end !== LEAD) [before, laid] = [board, entry.tile];
          board = layTile(view.config, board, entry.tile, entry.end, entry.seat);
        }
        if (!before || !laid) continue;
        const model = playModelFor(view.config);
        const laidAppeal = tileAppeal(view.config, before, laid, model)!;
        let better = 0;
        ALL_TILES.forEach((t, i) => {
          const appeal = tileAppeal(view.config, before, t, model);
          if (appeal !== null && appeal > laidAppeal + 2 && unseenMask(view) & (1 << i)) better |= 1 << i;
        });
        if (better === 0) continue;
        const evidence = playEvidence(view);
        const unseen = unseenMask(view);
        const impossible = impossibleTiles(view);
        const rng = seedRng(seed);
        let plain = 0;
        let weighted = 0;
        let totalWeight = 0;
        const n = 400;
        for (let i = 0; i < n; i++) {
          const hands = sampleState(view, unseen, impossible, rng).hands.map(maskOf);
          const weight = dealLikelihood(evidence, hands);
          const holds = hands[partner]! & better ? 1 : 0;
          plain += holds;
          weighted += weight * holds;
          totalWeight += weight;
        }
        if (plain < 20) continue;
        assert.ok(weighted / totalWeight < 0.85 * (plain / n), `seed ${seed}: ${(weighted / totalWeight).toFixed(3)} weighted vs ${(plain / n).toFixed(3)} plain`);
        scenarios++;
        break;
      }
    }
    assert.ok(scenarios >= 2, `only ${scenarios} scenarios`);
  });

  test('playEvidence leaves out the seat itself and a forced lead, and weighs the tile laid among those that fitted', () => {
    for (const view of midRoundViews(12)) {
      for (const play of playEvidence(view)) {
        assert.notEqual(play.seat, view.seat);
        assert.ok(play.chosen > 0, 'the tile laid fitted');
        assert.equal(play.laidSince & maskOf(view.hand), 0, 'what the seat laid is not in the viewer\'s hand');
        assert.notEqual(play.laidSince, 0);
      }
    }
  });
});

describe('the hard player keeps its word', () => {
  test('the same seed gives the same values and the same move', () => {
    for (const view of midRoundViews(12)) {
      const plays = legalMoves(view).filter((m): m is Play => m.type === 'play');
      if (plays.length < 2) continue;
      const limits = { maxDeals: 40, budgetMs: 60_000 };
      assert.deepEqual(Array.from(evaluatePlays(view, plays, seedRng(11), limits).values), Array.from(evaluatePlays(view, plays, seedRng(11), limits).values));
      const options = { level: 'hard' as const, seed: 5, ...limits };
      assert.equal(key(chooseMove(view, options)), key(chooseMove(view, options)));
    }
  });

  test('every move of whole rounds between hard players is legal', () => {
    for (const config of [{ variant: 'draw', players: 2 }, { variant: 'fives', players: 4, teams: true }] as MatchConfig[]) {
      let state = createMatch({ ...config, seed: 'legal' });
      let decision = 0;
      while (!state.round.result && state.winningSide === null) {
        const view = playerView(state, state.turn!);
        const move = chooseMove(view, { level: 'hard', seed: decision++, maxDeals: 20, budgetMs: 60_000 });
        assert.ok(legalMoves(state).map(key).includes(key(move)), `illegal ${key(move)}`);
        state = applyMove(state, move);
      }
    }
  });

  test('the budget is honoured: the count of sampled deals is the limit given, and one deal when the time is up at once', () => {
    for (const view of midRoundViews(6)) {
      const plays = legalMoves(view).filter((m): m is Play => m.type === 'play');
      if (plays.length < 2) continue;
      assert.equal(evaluatePlays(view, plays, seedRng(1), { maxDeals: 37, budgetMs: 60_000 }).deals, 37);
      assert.equal(evaluatePlays(view, plays, seedRng(1), { maxDeals: 1000, budgetMs: -1 }).deals, 1);
    }
  });
});
