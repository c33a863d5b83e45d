/** Match records (docs/RECORD.md): a played match's record replays to the same state; a bad one is refused. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  RuleError,
  applyMove,
  createMatch,
  legalMoves,
  matchRecordOf,
  nextRound,
  replayMatch,
  replaySteps,
  type MatchConfig,
  type MatchRecord,
  type MatchState,
} from '../../src/engine/index.js';
import { nextInt, seedRng } from '../../src/engine/rng.js';

/** A whole seeded match, each move a seeded random legal one; the states at each round's end. */
function playMatch(config: MatchConfig, moveSeed: string): MatchState[] {
  const rng = seedRng(moveSeed);
  const ends: MatchState[] = [];
  let state = createMatch(config);
  for (;;) {
    while (state.round.result === null && state.winningSide === null) {
      const legal = legalMoves(state);
      const move = legal[nextInt(rng, legal.length)]!;
      state = applyMove(state, move.type === 'play' ? { type: 'play', tile: move.tile, end: move.end } : move);
    }
    ends.push(state);
    if (state.winningSide !== null) return ends;
    state = nextRound(state);
  }
}

const withoutRng = ({ rng: _rng, ...rest }: MatchState) => rest;

const refusal = (code: string, pattern: RegExp) => (error: unknown) =>
  error instanceof RuleError && error.code === code && pattern.test(error.message);

describe('match records', () => {
  const configs: MatchConfig[] = [
    { variant: 'draw', players: 2, target: 60, seed: 'record-draw' },
    { variant: 'fives', players: 4, teams: true, target: 100, seed: 'record-fives' },
    { variant: 'block', players: 3, target: 50, seed: 'record-block' },
    { variant: 'doubles', players: 2, target: 80, seed: 'record-doubles' },
  ];
  for (const config of configs) {
    it(`a played ${config.variant} match replays to the same final state and scores`, () => {
      const ends = playMatch(config, `moves-${config.variant}`);
      const record = matchRecordOf(ends, config.seed ?? null);
      // Through JSON, as a copied or downloaded record travels.
      const replayed = replayMatch(JSON.parse(JSON.stringify(record)));
      const final = ends[ends.length - 1]!;
      assert.ok(ends.length >= 2 || config.variant === 'block', 'a match of more than one round');
      assert.deepEqual(replayed.scores, final.scores);
      assert.equal(replayed.winningSide, final.winningSide);
      assert.deepEqual(withoutRng(replayed), withoutRng(final));
    });
  }

  it('steps through every deal and move in order', () => {
    const ends = playMatch(configs[0]!, 'steps');
    const record = matchRecordOf(ends, null);
    const steps = [...replaySteps(record)];
    const moves = record.rounds.reduce((n, round) => n + round.moves.length, 0);
    assert.equal(steps.length, moves + record.rounds.length);
    assert.deepEqual(steps[0]!.hands, record.rounds[0]!.deal.hands);
  });

  it('refuses a tampered move with the rules’ code, naming the round and move', () => {
    const record: MatchRecord = structuredClone(matchRecordOf(playMatch(configs[0]!, 'tamper'), null));
    const moves = record.rounds[0]!.moves;
    const at = moves.findIndex((move, i) => i > 0 && move.type === 'play');
    // The first tile led again: it is on the table, in no hand.
    moves[at] = { ...moves[0]! };
    assert.throws(() => replayMatch(record), refusal('not-in-hand', new RegExp(`^round 1, move ${at + 1}: `)));
  });

  it('refuses a move after the round ended and a record cut short of its round', () => {
    const record: MatchRecord = structuredClone(matchRecordOf(playMatch(configs[0]!, 'extra'), null));
    record.rounds[0]!.moves.push({ type: 'pass' });
    assert.throws(() => replayMatch(record), (e: unknown) => e instanceof RuleError && e.code === 'round-over');
    const cut: MatchRecord = structuredClone(matchRecordOf(playMatch(configs[0]!, 'extra'), null));
    cut.rounds[0]!.moves.pop();
    assert.throws(() => replayMatch(cut), (e: unknown) => e instanceof RuleError && e.code === 'round-in-progress');
  });

  it('refuses malformed records with invalid-record', () => {
    const good = matchRecordOf(playMatch(configs[0]!, 'shape'), null);
    const bad: [string, unknown][] = [
      ['not an object', 'record'],
      ['another version', { ...good, version: 2 }],
      ['no rounds', { ...good, rounds: [] }],
      ['a bad seed', { ...good, seed: { x: 1 } }],
      ['a bad tile', { ...good, rounds: [{ ...good.rounds[0]!, moves: [{ type: 'play', tile: [7, 1], end: 'lead' }] }] }],
      ['an unknown move', { ...good, rounds: [{ ...good.rounds[0]!, moves: [{ type: 'jump' }] }] }],
      ['a bad config', { ...good, config: { ...good.config, players: 9 } }],
      ['a deal with a tile twice', { ...good, rounds: [{ ...good.rounds[0]!, deal: { ...good.rounds[0]!.deal, boneyard: [[6, 6]] } }] }],
    ];
    for (const [what, record] of bad) {
      assert.throws(() => replayMatch(record), (e: unknown) => e instanceof RuleError && /^invalid-(record|deal)$/.test(e.code), what);
    }
  });
});
