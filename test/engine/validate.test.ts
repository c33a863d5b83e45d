import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyMove, createMatch, legalMoves, nextRound, RuleError, validateMatchState } from '../../src/engine/index.js';
import type { MatchState, PlayerCount, Variant } from '../../src/engine/index.js';

/** States from random play: mid-round, at round end, in later rounds, in every variant. */
function states(count: number): MatchState[] {
  const out: MatchState[] = [];
  const variants: Variant[] = ['draw', 'block', 'fives', 'doubles'];
  for (let seed = 0; seed < count; seed++) {
    let state = createMatch({ variant: variants[seed % 4]!, players: (2 + (seed % 3)) as PlayerCount, seed, target: 40 });
    for (let step = 0; state.winningSide === null && step < 80; step++) {
      if (state.round.result) state = nextRound(state);
      else state = applyMove(state, legalMoves(state)[(seed + step) % legalMoves(state).length]!);
      if (step % 9 === 0) out.push(state);
    }
    out.push(state);
  }
  return out;
}

const rejects = (value: unknown, why: string) =>
  assert.throws(() => validateMatchState(value), (e: unknown) => e instanceof RuleError && e.code === 'invalid-state', why);

describe('validating a match state from outside', () => {
  const all = states(60);

  test('every state reached by play is valid, through JSON, and comes back equal', () => {
    for (const state of all) assert.deepEqual(validateMatchState(JSON.parse(JSON.stringify(state))), state);
  });

  test('a state saved by version 1, which called the winning side `winner`, is upgraded', () => {
    assert.ok(all.some((state) => state.winningSide !== null), 'some matches are won');
    for (const state of all) {
      const { winningSide, ...rest } = state;
      const saved: unknown = JSON.parse(JSON.stringify({ ...rest, version: 1, winner: winningSide }));
      assert.deepEqual(validateMatchState(saved), state);
    }
  });

  test('tampered states are refused', () => {
    const mid = all.find((s) => s.turn !== null && s.table.length > 2 && s.boneyard.length > 0)!;
    const copy = () => structuredClone(mid) as MatchState & Record<string, unknown>;
    rejects(null, 'null');
    rejects('{}', 'a string');
    rejects({ ...copy(), version: 3 }, 'an unknown version');
    rejects({ ...copy(), hands: copy().hands.map((h, i) => (i === 0 ? [...h, copy().boneyard[0]] : h)) }, 'a tile in two places');
    rejects({ ...copy(), boneyard: copy().boneyard.slice(1) }, 'a missing tile');
    rejects({ ...copy(), scores: copy().scores.map(() => -5) }, 'negative scores');
    rejects({ ...copy(), turn: 7 }, 'a turn that is no seat');
    rejects({ ...copy(), turn: null }, 'no turn while the round runs');
    rejects({ ...copy(), count: copy().count + 5 }, 'a count that does not match');
    rejects({ ...copy(), openEnds: copy().openEnds.slice(1) }, 'open ends that do not match');
    rejects({ ...copy(), rng: [1, 2, 3] }, 'a broken generator state');
    rejects({ ...copy(), config: { ...copy().config, target: -1 } }, 'a broken config');
    const flipped = copy();
    flipped.table[1] = { ...flipped.table[1]!, tile: [flipped.table[1]!.tile[1], flipped.table[1]!.tile[0]] };
    if (flipped.table[1]!.tile[0] !== flipped.table[1]!.tile[1]) rejects(flipped, 'a tile laid the wrong way round');
    const moved = copy();
    moved.table[1] = { ...moved.table[1]!, end: 'up' };
    rejects(moved, 'a tile where no end is open');
    rejects({ ...copy(), log: [{ seat: 0, type: 'steal' }] }, 'an unknown log entry');
    rejects({ ...copy(), winningSide: 0 }, 'a winning side below the target');
  });
});
