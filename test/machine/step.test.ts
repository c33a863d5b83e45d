/**
 * stepMatch against the statechart: random matches of every variant, shape and house rule, the same
 * intents sent to a running matchMachine actor (tempo instant, remote and human seats) and to
 * stepMatch. After every intent both hold the same match (the whole context the machine keeps), emit
 * the same domain events in the same order, and refuse the same intents with the same rejection.
 * Intents are mostly legal moves, with illegal ones mixed in: a tile not in hand, an end that is not
 * there, the wrong seat, the wrong intent for the seat's kind, NEXT_ROUND during play, a new match
 * at any moment.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createActor } from 'xstate';
import { ALL_TILES, legalMoves, VARIANTS, type Variant } from '../../src/engine/index.js';
import { nextInt, seedRng, type RngState } from '../../src/engine/rng.js';
import { initialContext, matchMachine, stepMatch, type MatchContext, type MatchEmitted, type MatchEvent, type MatchInput, type SeatKind } from '../../src/machine/index.js';
import { randomConfig } from '../engine/helpers/random-rounds.js';

/** What the machine keeps of a match between intents, without its transient `decision`. */
function kept(context: MatchContext) {
  const { game, seats, level, tempo, config, seed, matchNumber, pending } = context;
  return { game, seats, level, tempo, config, seed, matchNumber, pending };
}

function randomSeats(rng: RngState, players: number): SeatKind[] {
  return Array.from({ length: players }, () => (nextInt(rng, 3) === 0 ? 'human' : 'remote'));
}

/** An intent for the position: usually a legal move of the seat to act, sometimes something refused. */
function randomIntent(rng: RngState, context: MatchContext): MatchEvent {
  const { game, seats } = context;
  const roll = nextInt(rng, 100);
  if (roll < 2) return { type: 'NEW_MATCH' };
  if (game.winningSide !== null) return roll < 60 ? { type: 'NEW_MATCH' } : { type: 'NEXT_ROUND' };
  if (game.round.result !== null) return roll < 85 ? { type: 'NEXT_ROUND' } : { type: 'REMOTE_MOVE', seat: 0, move: { type: 'pass' } };
  if (roll < 5) return { type: 'NEXT_ROUND' };
  const seat = game.turn!;
  if (roll < 10) {
    // Someone else, or a seat that does not exist.
    const other = nextInt(rng, seats.length + 1);
    return { type: 'REMOTE_MOVE', seat: other === seats.length ? 9 : other, move: { type: 'pass' } };
  }
  if (roll < 14) {
    const tile = ALL_TILES[nextInt(rng, ALL_TILES.length)]!;
    const ends = ['lead', 'left', 'right', 'up', 'down', 'nowhere'];
    const move = { type: 'play' as const, tile, end: ends[nextInt(rng, ends.length)]! };
    return seats[seat] === 'human' ? { ...move, type: 'PLAY' } : { type: 'REMOTE_MOVE', seat, move };
  }
  const moves = legalMoves(game);
  const move = moves[nextInt(rng, moves.length)]!;
  const wire = move.type === 'play' ? { type: 'play' as const, tile: move.tile, end: move.end } : { type: move.type };
  // The intent of the other kind of seat: refused by both, for the same reason.
  const wrongKind = roll < 17;
  if ((seats[seat] === 'human') !== wrongKind) {
    return wire.type === 'play' ? { type: 'PLAY', tile: wire.tile, end: wire.end } : { type: wire.type === 'draw' ? 'DRAW' : 'PASS' };
  }
  return { type: 'REMOTE_MOVE', seat, move: wire };
}

function playSideBySide(seed: string, variant: Variant, steps: number): { accepted: number; refused: number; rounds: number } {
  const rng = seedRng(seed);
  const { config } = randomConfig(rng, variant, 'match', seed);
  const input: MatchInput = { config, seats: randomSeats(rng, config.players), level: 'easy', tempo: 'instant', seed };
  const emitted: MatchEmitted[] = [];
  const actor = createActor(matchMachine, { input });
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  let context = initialContext(input);
  const firstEmitted = emitted.splice(0);
  const firstTurn = context.game.turn === null ? [] : [{ type: 'turn', seat: context.game.turn, yours: context.seats[context.game.turn] === 'human' }];
  assert.deepEqual(firstEmitted, firstTurn, `${seed}: the first turn`);
  const counts = { accepted: 0, refused: 0, rounds: 0 };
  try {
    for (let step = 0; step < steps; step++) {
      assert.deepEqual(kept(context), kept(actor.getSnapshot().context), `${seed}: step ${step}: the same match`);
      const intent = randomIntent(rng, context);
      const result = stepMatch(context, intent);
      actor.send(intent);
      const machine = actor.getSnapshot().context;
      const heard = emitted.splice(0);
      const where = `${seed}: step ${step}: ${JSON.stringify(intent)}`;
      if (result.ok) {
        counts.accepted++;
        assert.equal(machine.rejection, null, `${where}: accepted by stepMatch, so by the machine`);
        assert.deepEqual(heard, result.emitted, `${where}: the same events`);
        if (heard.some((e) => e.type === 'roundEnd')) counts.rounds++;
        context = result.context;
      } else {
        counts.refused++;
        assert.deepEqual(machine.rejection, result.rejection, `${where}: the same rejection`);
        assert.deepEqual(heard, [], `${where}: a refusal emits nothing`);
      }
    }
    assert.deepEqual(kept(context), kept(actor.getSnapshot().context), `${seed}: at the end`);
  } finally {
    actor.stop();
  }
  return counts;
}

describe('stepMatch plays exactly as the match machine', () => {
  for (const variant of VARIANTS) {
    test(`${variant}: random matches, legal and refused intents alike`, () => {
      const totals = { accepted: 0, refused: 0, rounds: 0 };
      for (let i = 0; i < 12; i++) {
        const counts = playSideBySide(`step/${variant}/${i}`, variant, 400);
        totals.accepted += counts.accepted;
        totals.refused += counts.refused;
        totals.rounds += counts.rounds;
      }
      // The series exercised both paths and many rounds, not one corner.
      assert.ok(totals.accepted > 2000, `accepted ${totals.accepted}`);
      assert.ok(totals.refused > 300, `refused ${totals.refused}`);
      assert.ok(totals.rounds > 40, `rounds ${totals.rounds}`);
    });
  }

  test('a refusal leaves the context untouched; an accepted step makes a new one', () => {
    const context = initialContext({ config: { variant: 'draw', players: 2, seed: 'untouched' }, seats: ['remote', 'remote'], level: 'easy', tempo: 'instant' });
    const frozen = JSON.stringify(context);
    const refused = stepMatch(context, { type: 'REMOTE_MOVE', seat: 1 - context.game.turn!, move: { type: 'pass' } });
    assert.equal(refused.ok, false);
    assert.equal(JSON.stringify(context), frozen);
    const move = legalMoves(context.game)[0]!;
    const accepted = stepMatch(context, { type: 'REMOTE_MOVE', seat: context.game.turn!, move });
    assert.ok(accepted.ok);
    assert.notEqual(accepted.context, context);
    assert.equal(JSON.stringify(context), frozen);
  });
});
