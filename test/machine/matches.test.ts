/**
 * Whole matches through the machine, for every variant with 2, 3 and 4 seats and 4 in teams, mixing
 * human, computer and remote seats. The driver (helpers.ts) checks every round's events against the
 * engine state: move events = log entries (drawn tiles unnamed), score events = scoring plays,
 * roundEnd/matchEnd = the recorded results and scores, turn.yours = the seat is a local human.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MatchConfig, Variant } from '../../src/engine/index.js';
import type { MatchEmitted, SeatKind } from '../../src/machine/index.js';
import { drive } from './helpers.js';

const VARIANTS: Variant[] = ['draw', 'block', 'fives', 'doubles'];

const TABLES: { name: string; config: Omit<MatchConfig, 'variant'>; seats: SeatKind[] }[] = [
  { name: '2 seats', config: { players: 2 }, seats: ['human', 'computer'] },
  { name: '3 seats', config: { players: 3 }, seats: ['computer', 'human', 'computer'] },
  { name: '4 seats', config: { players: 4 }, seats: ['human', 'computer', 'remote', 'computer'] },
  { name: '4 seats in teams', config: { players: 4, teams: true }, seats: ['computer', 'human', 'computer', 'remote'] },
];

const count = (events: MatchEmitted[], type: MatchEmitted['type']) => events.filter((e) => e.type === type).length;

describe('complete matches', () => {
  for (const variant of VARIANTS) {
    for (const table of TABLES) {
      test(`${variant}, ${table.name}`, async () => {
        // A lowered target keeps the suite quick and still plays several rounds.
        const target = variant === 'fives' ? 75 : 60;
        const config: MatchConfig = { variant, ...table.config, target, seed: `${variant}-${table.name}` };
        const run = await drive({ input: { config, seats: table.seats, level: 'easy', tempo: 'instant' } });
        assert.notEqual(run.game.winningSide, null);
        assert.ok(run.actor.getSnapshot().matches('matchOver'));
        assert.equal(count(run.events, 'matchEnd'), 1);
        assert.equal(count(run.events, 'roundEnd'), run.game.round.result ? run.game.round.number : run.game.round.number - 1);
        // Every seat kind took turns.
        const turns = new Set(run.events.flatMap((e) => (e.type === 'turn' ? [table.seats[e.seat]] : [])));
        assert.deepEqual([...turns].sort(), [...new Set(table.seats)].sort());
        if (variant === 'fives') assert.ok(count(run.events, 'score') > 0, 'All Fives scores in play');
        else assert.equal(count(run.events, 'score'), 0, 'only All Fives scores in play');
      });
    }
  }

  test('all computers at the default target (All Fives, 150)', async () => {
    const config: MatchConfig = { variant: 'fives', players: 3, seed: 'default-target' };
    const run = await drive({ input: { config, seats: ['computer', 'computer', 'computer'], level: 'easy', tempo: 'instant' } });
    assert.ok(run.game.scores[run.game.winningSide!]! >= 150);
  });

  test('every seat a local human (hot-seat)', async () => {
    const config: MatchConfig = { variant: 'draw', players: 2, target: 40, seed: 'hot-seat' };
    const run = await drive({ input: { config, seats: ['human', 'human'], level: 'easy', tempo: 'instant' } });
    assert.ok(run.events.filter((e) => e.type === 'turn').every((e) => e.type === 'turn' && e.yours));
  });

  test('a non-instant tempo, on a simulated clock', async () => {
    const config: MatchConfig = { variant: 'block', players: 3, target: 30, seed: 'slow' };
    const run = await drive({ input: { config, seats: ['human', 'computer', 'computer'], level: 'easy', tempo: 'slow' } });
    assert.notEqual(run.game.winningSide, null);
  });
});
