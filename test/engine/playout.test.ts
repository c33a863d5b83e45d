/**
 * The fast playout path must play by exactly the rules of the reference engine: every move it makes is
 * legal there, its legal plays are the reference's, and tables, counts, scores and results agree. Rounds
 * are played with random moves and with the hard player's greedy policy, which reaches other positions.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { greedyMove } from '../../src/ai/playout-policy.js';
import { applyMove, createMatch, legalMoves, nextRound } from '../../src/engine/index.js';
import { DRAWN, endId, LEAD_SLOT, PASSED, Playout } from '../../src/engine/playout.js';
import { seedRng } from '../../src/engine/rng.js';
import { ALL_TILES, normalize, tileIndex } from '../../src/engine/tiles.js';
import type { HouseRules, LegalMove, MatchConfig, MatchState, PlayerCount, Variant } from '../../src/engine/types.js';

const VARIANT_LIST: Variant[] = ['draw', 'block', 'fives', 'doubles'];

/** A spread of configurations: every variant, player count, partnerships, and the house rules. */
function configs(): MatchConfig[] {
  const list: MatchConfig[] = [];
  for (const variant of VARIANT_LIST) {
    for (const players of [2, 3, 4] as PlayerCount[]) {
      list.push({ variant, players });
      if (players === 4) list.push({ variant, players, teams: true });
    }
  }
  const options: Partial<HouseRules>[] = [
    { drawMode: 'drawOne', boneyardReserve: 2 },
    { spinnerCounting: 'sniff', fivesRounding: 'roundAward', blockedAward: 'othersOnly' },
    { blockedTie: 'fewerTilesWins', noDoubleOpening: 'redeal', laterRoundLead: 'highestDouble' },
  ];
  for (const houseRules of options) {
    for (const variant of ['draw', 'fives'] as Variant[]) list.push({ variant, players: 3, houseRules });
  }
  list.push({ variant: 'doubles', players: 2, houseRules: { doublesUnlock: 'spinnerOnly' } });
  list.push({ variant: 'doubles', players: 3, houseRules: { spinnerSideOrder: 'longSidesFirst' } });
  list.push({ variant: 'fives', players: 4, teams: true, houseRules: { partnerBlocked: 'lowestHand' } });
  return list;
}

const describeConfig = (c: MatchConfig) => `${c.variant} ${c.players}p${c.teams ? ' teams' : ''} ${JSON.stringify(c.houseRules ?? {})}`;

function moveKey(move: LegalMove): string {
  return move.type === 'play' ? `${normalize(move.tile).join('-')}@${move.end}` : move.type;
}

function playoutPlays(sim: Playout): string[] {
  const codes: number[] = [];
  sim.legalPlays(codes);
  return codes.map((code) => {
    const tile = ALL_TILES[code >> 6]!;
    const slot = code & 63;
    return `${tile.join('-')}@${slot === LEAD_SLOT ? 'lead' : endId(sim.endCode[slot]!)}`;
  });
}

/** The reference move for what the playout did. */
function referenceMove(sim: Playout, code: number, state: MatchState): LegalMove {
  if (code === DRAWN) return { type: 'draw' };
  if (code === PASSED) return { type: 'pass' };
  const slot = code & 63;
  const end = slot === LEAD_SLOT ? 'lead' : state.openEnds.find((e) => e.id === endId(sim.endCode[slot]!))!.id;
  return { type: 'play', tile: ALL_TILES[code >> 6]!, end, pip: null };
}

function assertSameRound(sim: Playout, state: MatchState, where: string): void {
  assert.deepEqual(sim.openEnds(), state.openEnds.map(({ id, pip }) => ({ id, pip })), `open ends ${where}`);
  assert.equal(sim.count, state.count, `count ${where}`);
  assert.deepEqual(Array.from(sim.scores.subarray(0, state.scores.length)), state.scores, `scores ${where}`);
  assert.equal(sim.over, state.turn === null, `round over ${where}`);
  if (!sim.over) assert.equal(sim.turn, state.turn, `turn ${where}`);
  assert.deepEqual(sim.result, state.round.result, `result ${where}`);
  assert.equal(sim.winningSide, state.winningSide ?? -1, `match winner ${where}`);
}

/** The playout's look-ahead points of each legal play are the reference legal moves' `points`. */
function assertSamePoints(sim: Playout, legal: LegalMove[], where: string): void {
  const codes: number[] = [];
  sim.legalPlays(codes);
  const keys = playoutPlays(sim);
  codes.forEach((code, i) => {
    const reference = legal.find((m) => moveKey(m) === keys[i]);
    const expected = reference?.type === 'play' ? (reference.points ?? 0) : 0;
    assert.equal(sim.pointsIf(code >> 6, code & 63), expected, `points of ${keys[i]} ${where}`);
  });
}

/** Plays a round with the playout's own moves, mirrored move by move in the reference engine. */
function mirrorRound(sim: Playout, start: MatchState, label: string, policy: 'random' | 'greedy'): MatchState {
  let state = start;
  for (let step = 0; !sim.over; step++) {
    const where = `${label} step ${step}`;
    const legal = legalMoves(state);
    const plays = legal.filter((m) => m.type === 'play').map(moveKey).sort();
    assert.deepEqual(playoutPlays(sim).sort(), plays, `legal plays ${where}`);
    assertSamePoints(sim, legal, where);
    const code = policy === 'random' ? sim.randomMove() : greedyMove(sim);
    const move = referenceMove(sim, code, state);
    assert.ok(legal.some((m) => moveKey(m) === moveKey(move)), `playout move ${moveKey(move)} is legal ${where}`);
    state = applyMove(state, move);
    assertSameRound(sim, state, where);
  }
  return state;
}

describe('fast playouts agree with the reference engine', () => {
  for (const config of configs()) {
    test(describeConfig(config), () => {
      for (let seed = 0; seed < 25; seed++) {
        const label = `${describeConfig(config)} seed ${seed}`;
        // A first round dealt by the playout, and a later round taken over from the reference state.
        const first = createMatch({ ...config, seed });
        const sim = new Playout(first.config, seedRng(`playout ${seed}`));
        sim.dealFirstRound();
        let state = createMatch({ ...config, seed, deal: sim.deal() });
        assert.equal(state.turn, sim.turn, `first leader ${label}`);
        assert.equal(state.round.redeals, 0, `the playout deals only openable rounds ${label}`);
        const policy = seed % 2 === 0 ? 'random' : 'greedy';
        state = mirrorRound(sim, state, `${label} round 1`, policy);
        if (state.winningSide !== null) continue;
        state = nextRound(state);
        sim.load(state);
        assertSameRound(sim, state, `${label} loaded`);
        mirrorRound(sim, state, `${label} round 2`, policy);
      }
    });
  }

  test('a state taken over mid-round goes on identically', () => {
    for (let seed = 0; seed < 200; seed++) {
      const variant = VARIANT_LIST[seed % 4]!;
      let state = createMatch({ variant, players: 2 + (seed % 3) as PlayerCount, seed });
      const steps = seed % 17;
      for (let i = 0; i < steps && state.turn !== null; i++) {
        const moves = legalMoves(state);
        state = applyMove(state, moves[(seed * 31 + i) % moves.length]!);
      }
      if (state.turn === null) continue;
      const sim = new Playout(state.config, seedRng(seed));
      sim.load(state);
      assertSameRound(sim, state, `seed ${seed}`);
      mirrorRound(sim, state, `${variant} seed ${seed}`, seed % 2 === 0 ? 'random' : 'greedy');
    }
  });

  test('tile indices round-trip', () => {
    for (let i = 0; i < 28; i++) assert.equal(tileIndex(ALL_TILES[i]!), i);
  });
});
