/**
 * Every kind of refused intent: out of turn, illegal, malformed, in the wrong phase. Each must set
 * `context.rejection` with the expected code and change nothing else (engine state deep-equal, same
 * machine state), and the next accepted intent clears it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SimulatedClock } from 'xstate';
import type { MatchInput } from '../../src/machine/index.js';
import { TEMPO_DELAYS, type MatchActor, type MatchEvent, type RejectionCode } from '../../src/machine/index.js';
import { makeDeal, t } from '../engine/helpers/tiles.js';
import { drive, nextChange, persist, startActor, stateOf } from './helpers.js';

/** Sends an intent that must be refused with `code`, and checks that nothing else changed. */
function expectRejected(actor: MatchActor, event: unknown, code: RejectionCode): void {
  const before = actor.getSnapshot();
  actor.send(event as MatchEvent);
  const after = actor.getSnapshot();
  const rejection = after.context.rejection;
  assert.ok(rejection, `${JSON.stringify(event, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))} is refused`);
  assert.equal(rejection.code, code, `code of ${rejection.message}`);
  assert.equal(typeof rejection.message, 'string');
  assert.ok(rejection.message.length > 0);
  assert.deepEqual(after.context.game, before.context.game, 'the engine state is unchanged');
  assert.deepEqual({ ...after.context, rejection: null }, { ...before.context, rejection: null }, 'the rest of the context is unchanged');
  assert.equal(stateOf(after), stateOf(before), 'the machine state is unchanged');
  assert.doesNotThrow(() => persist(actor), 'a snapshot holding the rejection is JSON');
}

function expectAccepted(actor: MatchActor, event: MatchEvent): void {
  const before = actor.getSnapshot().context.game;
  actor.send(event);
  assert.equal(actor.getSnapshot().context.rejection, null, 'an accepted intent clears the rejection');
  if (event.type !== 'CONFIGURE') assert.notDeepEqual(actor.getSnapshot().context.game, before);
}

/** Draw, 2 seats: the human leads 6-6; the computer can only answer 6-5; then the human must draw 6-4. */
const drawInput = (): MatchInput => ({
  config: {
    variant: 'draw',
    players: 2,
    deal: makeDeal(['6-6 1-0 2-0 3-0 4-0 2-1 3-1', '6-5 5-5 5-1 5-2 5-3 5-4 4-1'], '6-4'),
  },
  seats: ['human', 'computer'],
  level: 'easy',
  tempo: 'slow',
});

describe('refused intents', () => {
  test('while dealing, on the human lead, during the computer turn and its tempo delay, on a draw', async () => {
    const clock = new SimulatedClock();
    const { actor } = startActor(drawInput(), { clock });
    assert.equal(stateOf(actor.getSnapshot()), '{"dealing":"waiting"}');
    expectRejected(actor, { type: 'PLAY', tile: [6, 6], end: 'lead' }, 'dealing');
    expectRejected(actor, { type: 'DRAW' }, 'dealing');
    expectRejected(actor, { type: 'PASS' }, 'dealing');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 0, move: { type: 'pass' } }, 'dealing');
    expectRejected(actor, { type: 'NEXT_ROUND' }, 'round-in-progress');

    clock.increment(TEMPO_DELAYS.slow.deal);
    await nextChange(actor, actor.getSnapshot());
    assert.equal(stateOf(actor.getSnapshot()), '{"playing":"human"}');

    // The lead: only 6-6, only on 'lead'.
    expectRejected(actor, { type: 'PLAY', tile: [1, 0], end: 'lead' }, 'wrong-lead');
    expectRejected(actor, { type: 'PLAY', tile: [5, 5], end: 'lead' }, 'not-in-hand');
    assert.deepEqual(actor.getSnapshot().context.rejection?.intent, { type: 'PLAY' }, 'the refused tile is not kept');
    expectRejected(actor, { type: 'PLAY', tile: [6, 6], end: 'left' }, 'no-such-end');
    expectRejected(actor, { type: 'DRAW' }, 'must-play');
    expectRejected(actor, { type: 'PASS' }, 'must-play');
    expectRejected(actor, { type: 'PLAY', tile: [6, 6], end: 'lead', seat: 1 }, 'not-your-turn');
    expectRejected(actor, { type: 'DRAW', seat: 1 }, 'not-your-turn');
    // Malformed payloads.
    expectRejected(actor, { type: 'PLAY', tile: 'x', end: 'lead' }, 'invalid-move');
    expectRejected(actor, { type: 'PLAY', tile: [6, 6] }, 'invalid-move');
    expectRejected(actor, { type: 'PLAY', end: 'lead' }, 'invalid-move');
    expectRejected(actor, { type: 'PLAY', tile: [7, 1], end: 'lead' }, 'invalid-move');
    expectRejected(actor, { type: 'PLAY', tile: [6, 6], end: 42 }, 'invalid-move');
    expectRejected(actor, { type: 'PLAY', tile: [6n, 6n], end: 'lead' }, 'invalid-move');
    assert.deepEqual(actor.getSnapshot().context.rejection?.intent, { type: 'PLAY' }, 'an unserializable intent is kept by type');
    expectRejected(actor, { type: 'PLAY', tile: [6, 6], end: 'lead', seat: 'me' }, 'not-your-turn');
    // REMOTE_MOVE for a seat that is not remote, or no seat at all.
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 0, move: { type: 'play', tile: [6, 6], end: 'lead' } }, 'not-remote-seat');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 1, move: { type: 'pass' } }, 'not-remote-seat');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 'a', move: { type: 'pass' } }, 'invalid-intent');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 9, move: { type: 'pass' } }, 'invalid-intent');
    expectRejected(actor, { type: 'REMOTE_MOVE' }, 'invalid-intent');
    expectRejected(actor, { type: 'NEXT_ROUND' }, 'round-in-progress');
    assert.deepEqual(actor.getSnapshot().context.rejection?.intent, { type: 'NEXT_ROUND' });

    expectAccepted(actor, { type: 'PLAY', tile: t('6-6'), end: 'lead' });

    // The computer's turn: it thinks, then its tempo delay runs.
    let s = actor.getSnapshot();
    assert.ok(s.matches({ playing: { computer: { think: 'thinking' } } }));
    expectRejected(actor, { type: 'PLAY', tile: [1, 0], end: 'left' }, 'not-your-turn');
    expectRejected(actor, { type: 'DRAW' }, 'not-your-turn');
    expectRejected(actor, { type: 'PASS' }, 'not-your-turn');
    s = await nextChange(actor, actor.getSnapshot());
    assert.ok(s.matches({ playing: { computer: { think: 'decided', pace: 'waiting' } } }));
    expectRejected(actor, { type: 'PASS', seat: 1 }, 'not-your-turn');
    expectRejected(actor, { type: 'NEXT_ROUND' }, 'round-in-progress');
    clock.increment(TEMPO_DELAYS.slow.move - 1);
    assert.ok(actor.getSnapshot().matches({ playing: 'computer' }), 'still within the tempo delay');
    clock.increment(1);
    s = await nextChange(actor, actor.getSnapshot());
    assert.equal(stateOf(s), '{"playing":"human"}');
    assert.ok(s.context.rejection, 'a computer move is not an intent: the rejection stays until the next accepted one');

    // No 6 or 5 in hand: must draw.
    const end = s.context.game.openEnds[0]!.id;
    expectRejected(actor, { type: 'PASS' }, 'must-draw');
    expectRejected(actor, { type: 'PLAY', tile: [1, 0], end }, 'tile-does-not-fit');
    expectAccepted(actor, { type: 'DRAW' });
    // 6-4 was drawn and fits: it must be played.
    expectRejected(actor, { type: 'DRAW' }, 'must-play');
    expectRejected(actor, { type: 'PASS' }, 'must-play');
    const six = actor.getSnapshot().context.game.openEnds.find((e) => e.pip === 6)!.id;
    expectAccepted(actor, { type: 'PLAY', tile: [4, 6], end: six });
    actor.stop();
  });

  test('a seat that cannot draw (Block)', () => {
    const { actor } = startActor({
      config: { variant: 'block', players: 2, deal: makeDeal(['6-6 6-5 5-4 5-3 5-2 5-1 5-0', '1-0 2-0 3-0 4-0 2-1 3-1 4-1']) },
      seats: ['remote', 'human'],
      level: 'easy',
      tempo: 'instant',
    });
    assert.ok(actor.getSnapshot().matches({ playing: 'remote' }));
    expectRejected(actor, { type: 'PLAY', tile: [6, 6], end: 'lead' }, 'not-your-turn');
    expectAccepted(actor, { type: 'REMOTE_MOVE', seat: 0, move: { type: 'play', tile: [6, 6], end: 'lead' } });
    expectRejected(actor, { type: 'DRAW' }, 'cannot-draw');
    expectRejected(actor, { type: 'PLAY', tile: [1, 0], end: 'left' }, 'tile-does-not-fit');
    expectAccepted(actor, { type: 'PASS' });
    actor.stop();
  });

  test('REMOTE_MOVE from the wrong seat, illegal or malformed', () => {
    const { actor } = startActor({
      config: {
        variant: 'draw',
        players: 3,
        deal: makeDeal(['6-6 1-0 2-0 3-0 4-0', '6-5 5-5 5-1 5-2 5-3', '6-4 4-4 4-1 4-2 4-3']),
      },
      seats: ['human', 'remote', 'remote'],
      level: 'easy',
      tempo: 'instant',
    });
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 1, move: { type: 'play', tile: [6, 6], end: 'lead' } }, 'not-your-turn');
    expectAccepted(actor, { type: 'PLAY', tile: [6, 6], end: 'lead' });
    assert.ok(actor.getSnapshot().matches({ playing: 'remote' }));
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 2, move: { type: 'play', tile: [6, 4], end: 'left' } }, 'not-your-turn');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 0, move: { type: 'pass' } }, 'not-remote-seat');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 1, move: { type: 'play', tile: [6, 4], end: 'left' } }, 'not-in-hand');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 1, move: { type: 'play', tile: [5, 5], end: 'left' } }, 'tile-does-not-fit');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 1, move: { type: 'draw' } }, 'must-play');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 1 }, 'invalid-move');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 1, move: 'play' }, 'invalid-move');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 1, move: { type: 'jump' } }, 'invalid-move');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 1.5, move: { type: 'pass' } }, 'invalid-intent');
    expectRejected(actor, { type: 'PLAY', tile: [1, 0], end: 'left' }, 'not-your-turn');
    expectAccepted(actor, { type: 'REMOTE_MOVE', seat: 1, move: { type: 'play', tile: [6, 5], end: 'left' } });
    assert.ok(actor.getSnapshot().matches({ playing: 'remote' }));
    assert.equal(actor.getSnapshot().context.game.turn, 2);
    actor.stop();
  });

  test('moves after the round, NEXT_ROUND and moves after the match', async () => {
    const input: MatchInput = {
      config: { variant: 'draw', players: 2, target: 1, seed: 'over' },
      seats: ['human', 'remote'],
      level: 'easy',
      tempo: 'instant',
    };
    // Play rounds until one ends without ending the match (a tie scores nothing), else use the match end.
    const round = await drive({ input: { ...input, config: { ...input.config, target: 1000 } }, rounds: 1 });
    let actor = round.actor;
    assert.ok(actor.getSnapshot().matches('roundOver'));
    expectRejected(actor, { type: 'PLAY', tile: [6, 6], end: 'lead' }, 'round-over');
    expectRejected(actor, { type: 'DRAW' }, 'round-over');
    expectRejected(actor, { type: 'PASS' }, 'round-over');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 1, move: { type: 'pass' } }, 'round-over');
    expectAccepted(actor, { type: 'NEXT_ROUND' });
    expectRejected(actor, { type: 'NEXT_ROUND' }, 'round-in-progress');
    actor.stop();

    const match = await drive({ input });
    actor = match.actor;
    assert.ok(actor.getSnapshot().matches('matchOver'));
    expectRejected(actor, { type: 'NEXT_ROUND' }, 'match-over');
    expectRejected(actor, { type: 'PLAY', tile: [6, 6], end: 'lead' }, 'match-over');
    expectRejected(actor, { type: 'DRAW' }, 'match-over');
    expectRejected(actor, { type: 'REMOTE_MOVE', seat: 1, move: { type: 'pass' } }, 'match-over');
    expectAccepted(actor, { type: 'NEW_MATCH' });
    actor.stop();
  });

  test('NEW_MATCH and CONFIGURE with bad settings', () => {
    const { actor } = startActor({ config: { variant: 'draw', players: 2, seed: 5 }, seats: ['human', 'computer'], level: 'easy', tempo: 'instant' });
    expectRejected(actor, { type: 'NEW_MATCH', config: { variant: 'chess', players: 2 } }, 'invalid-config');
    expectRejected(actor, { type: 'NEW_MATCH', config: { variant: 'draw', players: 5 } }, 'invalid-config');
    expectRejected(actor, { type: 'NEW_MATCH', config: 'draw' }, 'invalid-config');
    expectRejected(actor, { type: 'NEW_MATCH', config: { variant: 'draw', players: 3 } }, 'invalid-seats');
    expectRejected(actor, { type: 'NEW_MATCH', seats: ['human'] }, 'invalid-seats');
    expectRejected(actor, { type: 'NEW_MATCH', seats: ['human', 'robot'] }, 'invalid-seats');
    expectRejected(actor, { type: 'NEW_MATCH', config: { variant: 'draw', players: 2, seed: { x: 1 } } }, 'invalid-config');
    expectRejected(actor, { type: 'NEW_MATCH', config: { variant: 'draw', players: 2, deal: { hands: [], boneyard: [] } } }, 'invalid-deal');
    expectRejected(actor, { type: 'CONFIGURE', tempo: 'warp' }, 'invalid-setting');
    expectRejected(actor, { type: 'CONFIGURE', level: 'godlike' }, 'invalid-setting');
    expectRejected(actor, { type: 'CONFIGURE', config: { variant: 'draw', players: 2, target: -5 } }, 'invalid-config');
    expectRejected(actor, { type: 'CONFIGURE', seats: ['human', 'alien'] }, 'invalid-seats');
    expectRejected(actor, { type: 'CONFIGURE', seats: ['human', 'computer', 'computer'] }, 'invalid-seats');
    expectRejected(actor, { type: 'CONFIGURE', config: { variant: 'fives', players: 4 } }, 'invalid-seats');
    expectRejected(actor, { type: 'CONFIGURE', tempo: 'fast', level: 'nope' }, 'invalid-setting');
    assert.equal(actor.getSnapshot().context.tempo, 'instant', 'a refused CONFIGURE applies nothing, not even its valid parts');
    actor.stop();
  });
});
