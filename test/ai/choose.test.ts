import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseMove, loadChooseMove, type Level } from '../../src/ai/index.js';
import { applyMove, createMatch, legalMoves, playerView, RuleError } from '../../src/engine/index.js';
import type { LegalMove, MatchConfig, MatchState, Variant } from '../../src/engine/index.js';

const key = (m: LegalMove) => (m.type === 'play' ? `${m.tile.join('-')}@${m.end}` : m.type);

/** Plays `steps` moves of a seeded match with the first legal move each time. */
function advance(config: MatchConfig, steps: number): MatchState {
  let state = createMatch(config);
  for (let i = 0; i < steps && state.turn !== null; i++) state = applyMove(state, legalMoves(state)[i % 3 === 0 ? 0 : legalMoves(state).length - 1]!);
  return state;
}

const levels: Level[] = ['easy', 'medium', 'hard'];

describe('chooseMove', () => {
  for (const variant of ['draw', 'block', 'fives', 'doubles'] as Variant[]) {
    test(`${variant}: every level picks a legal move of the seat to act`, () => {
      for (let seed = 0; seed < 12; seed++) {
        const state = advance({ variant, players: (2 + (seed % 3)) as 2 | 3 | 4, seed }, seed * 2);
        if (state.turn === null) continue;
        const view = playerView(state, state.turn);
        const legal = legalMoves(state).map(key);
        for (const level of levels) {
          const move = chooseMove(view, { level, seed, maxDeals: 20 });
          assert.ok(legal.includes(key(move)), `${level} chose ${key(move)} (seed ${seed})`);
        }
      }
    });
  }

  test('a seat that is not to act gets a RuleError', () => {
    const state = createMatch({ variant: 'draw', players: 2, seed: 1 });
    const other = (state.turn! + 1) % 2;
    assert.throws(() => chooseMove(playerView(state, other), { level: 'hard' }), RuleError);
  });

  test('an unknown level is rejected', () => {
    const state = createMatch({ variant: 'draw', players: 2, seed: 1 });
    state.round.lead = null; // let the leader choose among several tiles
    assert.throws(() => chooseMove(playerView(state, state.turn!), { level: 'expert' as Level }), RuleError);
  });

  test('the hard player decides from its view alone: hidden tiles reshuffled, same choice', () => {
    for (let seed = 0; seed < 20; seed++) {
      const state = advance({ variant: seed % 2 ? 'fives' : 'draw', players: 3, seed }, 4 + (seed % 5));
      if (state.turn === null) continue;
      const seat = state.turn;
      // Swap the boneyard with another seat's tiles where sizes allow: the view stays the same.
      const other = (seat + 1) % 3;
      const hidden = [...state.hands[other]!, ...state.boneyard];
      hidden.reverse();
      const reshuffled: MatchState = structuredClone(state);
      reshuffled.hands[other] = hidden.slice(0, state.hands[other]!.length);
      reshuffled.boneyard = hidden.slice(state.hands[other]!.length);
      assert.equal(JSON.stringify(playerView(reshuffled, seat)), JSON.stringify(playerView(state, seat)));
      const a = chooseMove(playerView(state, seat), { level: 'hard', seed, maxDeals: 50, budgetMs: 10_000 });
      const b = chooseMove(playerView(reshuffled, seat), { level: 'hard', seed, maxDeals: 50, budgetMs: 10_000 });
      assert.deepEqual(b, a, `seed ${seed}`);
    }
  });
});

describe('the players know the game', () => {
  test('medium and hard take the move that wins the match at once in All Fives', () => {
    const hands = [
      [[6, 6], [5, 3], [6, 1], [2, 1], [2, 0], [1, 0], [3, 1]],
      [[6, 5], [5, 5], [4, 4], [3, 3], [2, 2], [1, 1], [0, 0]],
    ];
    const used = new Set(hands.flat().map((t) => t.join()));
    const boneyard: number[][] = [];
    for (let a = 0; a <= 6; a++) for (let b = 0; b <= a; b++) if (!used.has(`${a},${b}`)) boneyard.push([a, b]);
    let state = createMatch({ variant: 'fives', players: 2, seed: 3, deal: { hands, boneyard } as never });
    state = applyMove(state, { type: 'play', tile: [6, 6], end: 'lead' });
    state = applyMove(state, { type: 'play', tile: [6, 5], end: 'left' });
    // Ends 5 and the open spinner (12): 5-3 on the 5 makes 15 and wins from target − 15; 6-1 scores nothing.
    state = { ...state, scores: [state.config.target - 15, state.config.target - 5] };
    const view = playerView(state, 0);
    assert.deepEqual(
      legalMoves(view).filter((m) => m.type === 'play' && m.points === 15).map(key),
      ['5-3@left'],
    );
    for (const level of ['medium', 'hard'] as Level[]) {
      assert.equal(key(chooseMove(view, { level, seed: 1, maxDeals: 100 })), '5-3@left', level);
    }
  });
});

describe('loading the players by level', () => {
  test('easy and medium load without the hard player, which refuses its level; hard loads all three', async () => {
    let seed = 0;
    let state = advance({ variant: 'draw', players: 2, seed }, 4);
    // A turn with a real choice: with a single legal move every level just takes it.
    while (state.turn === null || legalMoves(state).length < 2) state = advance({ variant: 'draw', players: 2, seed: ++seed }, 4);
    const view = playerView(state, state.turn!);
    const legal = legalMoves(state).map(key);
    const light = await loadChooseMove('medium');
    assert.equal(await loadChooseMove('easy'), light, 'one chooser for easy and medium');
    assert.ok(legal.includes(key(light(view, { level: 'medium', seed: 1 }))));
    assert.throws(() => light(view, { level: 'hard', seed: 1 }), (e) => e instanceof RuleError && e.code === 'invalid-config');
    const full = await loadChooseMove('hard');
    assert.notEqual(full, light);
    for (const level of levels) assert.ok(legal.includes(key(full(view, { level, seed: 1, maxDeals: 10 }))), level);
    assert.equal(await loadChooseMove('easy'), full, 'once loaded, the full chooser serves every level');
  });
});
