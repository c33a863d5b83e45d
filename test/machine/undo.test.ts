/**
 * UNDO against the computer: it goes back to the state before the person's last move of the round
 * (the computers' moves after it undone too), as often as there are such moves; it is refused with a
 * code at the round's start, once the round is over, and where undo is off; the record survives a
 * snapshot, and a new round or match forgets the moves.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createActor, waitFor } from 'xstate';
import { legalMoves } from '../../src/engine/index.js';
import { checkPersistedSnapshot, initialContext, matchMachine, stepMatch, type MatchActor, type MatchEvent, type MatchInput, type RejectionCode } from '../../src/machine/index.js';
import { makeDeal } from '../engine/helpers/tiles.js';
import { intentFor, persist, startActor } from './helpers.js';

/** Draw, 2 seats: the human leads 6-6; the computer can only answer 6-5; then the human must draw 6-4 and play it. */
const input = (undo: boolean | 'absent' = true): MatchInput => ({
  config: { variant: 'draw', players: 2, deal: makeDeal(['6-6 1-0 2-0 3-0 4-0 2-1 3-1', '6-5 5-5 5-1 5-2 5-3 5-4 4-1'], '6-4') },
  seats: ['human', 'computer'],
  level: 'easy',
  tempo: 'instant',
  ...(undo === 'absent' ? {} : { undo }),
});

const humanTurn = (actor: MatchActor) => waitFor(actor, (s) => s.hasTag('humanTurn') || s.hasTag('roundOver') || s.hasTag('matchOver'), { timeout: 5000 });

function refused(actor: MatchActor, event: MatchEvent, code: RejectionCode): void {
  const before = actor.getSnapshot().context;
  actor.send(event);
  const after = actor.getSnapshot().context;
  assert.equal(after.rejection?.code, code, `${event.type} refused as ${code}`);
  assert.deepEqual({ ...after, rejection: null }, { ...before, rejection: null }, 'nothing else changed');
}

describe('undo', () => {
  test('takes back the person’s last move and the computer’s answer, then the one before, down to the round’s start', async () => {
    const { actor } = startActor(input());
    await humanTurn(actor);
    const atStart = actor.getSnapshot().context.game;
    refused(actor, { type: 'UNDO', seat: 0 }, 'nothing-to-undo');

    actor.send({ type: 'PLAY', tile: [6, 6], end: 'lead', seat: 0 });
    await humanTurn(actor);
    const afterAnswer = actor.getSnapshot().context.game;
    assert.equal(afterAnswer.log.length, 2, 'the computer answered 6-5');
    actor.send({ type: 'DRAW', seat: 0 });
    await humanTurn(actor);
    assert.ok(actor.getSnapshot().context.game.log.length > afterAnswer.log.length);

    actor.send({ type: 'UNDO', seat: 0 });
    let context = actor.getSnapshot().context;
    assert.equal(context.rejection, null);
    assert.deepEqual(context.game, afterAnswer, 'back before the draw');
    assert.ok(actor.getSnapshot().hasTag('humanTurn'));

    actor.send({ type: 'UNDO', seat: 0 });
    context = actor.getSnapshot().context;
    assert.deepEqual(context.game, atStart, 'back before the lead: the computer’s 6-5 is undone too');
    assert.equal(context.game.table.length, 0);
    assert.deepEqual(context.undo, { allowed: true, before: [], used: true });
    refused(actor, { type: 'UNDO', seat: 0 }, 'nothing-to-undo');

    // Played again, the same position comes back: the computer's seed follows the position.
    actor.send({ type: 'PLAY', tile: [6, 6], end: 'lead', seat: 0 });
    await humanTurn(actor);
    assert.deepEqual(actor.getSnapshot().context.game, afterAnswer);
    actor.stop();
  });

  test('an undo while the computer thinks stops it; the snapshot after an undo restores to the undone position', async () => {
    const { actor } = startActor({ ...input(), tempo: 'slow' });
    await waitFor(actor, (s) => s.hasTag('humanTurn'), { timeout: 10_000 });
    const atStart = actor.getSnapshot().context.game;
    actor.send({ type: 'PLAY', tile: [6, 6], end: 'lead', seat: 0 });
    assert.ok(actor.getSnapshot().hasTag('computerTurn'));
    actor.send({ type: 'UNDO', seat: 0 });
    assert.ok(actor.getSnapshot().hasTag('humanTurn'), 'the person’s turn again');
    assert.deepEqual(actor.getSnapshot().context.game, atStart);
    const saved = persist(actor);
    actor.stop();
    const restored = createActor(matchMachine, { input: input(), snapshot: checkPersistedSnapshot(saved) }).start();
    assert.deepEqual(restored.getSnapshot().context.game, atStart);
    assert.deepEqual(restored.getSnapshot().context.undo, { allowed: true, before: [], used: true });
    restored.stop();
  });

  test('refused where it is off: by default, and once CONFIGURE turns it off (used stays recorded)', async () => {
    for (const undo of ['absent', false] as const) {
      const { actor } = startActor(input(undo));
      await humanTurn(actor);
      actor.send({ type: 'PLAY', tile: [6, 6], end: 'lead', seat: 0 });
      await humanTurn(actor);
      refused(actor, { type: 'UNDO', seat: 0 }, 'undo-off');
      assert.equal(actor.getSnapshot().context.undo, undefined, 'no record kept');
      actor.stop();
    }
    const { actor } = startActor(input());
    await humanTurn(actor);
    actor.send({ type: 'PLAY', tile: [6, 6], end: 'lead', seat: 0 });
    await humanTurn(actor);
    actor.send({ type: 'UNDO', seat: 0 });
    actor.send({ type: 'PLAY', tile: [6, 6], end: 'lead', seat: 0 });
    await humanTurn(actor);
    actor.send({ type: 'CONFIGURE', undo: false });
    refused(actor, { type: 'UNDO', seat: 0 }, 'undo-off');
    assert.equal(actor.getSnapshot().context.undo?.used, true);
    refused(actor, { type: 'CONFIGURE', undo: 'yes' } as unknown as MatchEvent, 'invalid-setting');
    actor.send({ type: 'CONFIGURE', undo: true });
    actor.send({ type: 'UNDO', seat: 0 });
    assert.equal(actor.getSnapshot().context.rejection, null, 'on again, the move is there to take back');
    actor.stop();
  });

  test('refused once the round is over; a new round and a new match forget the moves', async () => {
    const { actor } = startActor({ ...input(), config: { variant: 'draw', players: 2, seed: 'undo-round', target: 1 } });
    let salt = 0;
    for (let i = 0; i < 200 && !actor.getSnapshot().hasTag('matchOver'); i++) {
      const snapshot = await humanTurn(actor);
      if (!snapshot.hasTag('humanTurn')) break;
      actor.send(intentFor(legalMoves(snapshot.context.game)[salt++ % legalMoves(snapshot.context.game).length]!));
    }
    await waitFor(actor, (s) => s.hasTag('matchOver'), { timeout: 5000 });
    assert.ok(actor.getSnapshot().context.undo!.before.length > 0 || actor.getSnapshot().context.game.log.every((e) => e.seat !== 0));
    refused(actor, { type: 'UNDO', seat: 0 }, 'match-over');
    actor.send({ type: 'NEW_MATCH' });
    assert.deepEqual(actor.getSnapshot().context.undo, { allowed: true, before: [], used: false });
    actor.stop();

    // A round over before the match is: the round's code, and the next round starts without a record.
    const stepped = roundOverContext();
    const refusal = stepMatch(stepped, { type: 'UNDO', seat: 0 });
    assert.equal(refusal.ok ? null : refusal.rejection.code, 'round-over');
    const next = stepMatch(stepped, { type: 'NEXT_ROUND' });
    assert.ok(next.ok);
    assert.deepEqual(next.context.undo?.before, []);
  });
});

/** A round played to its end by stepMatch with a human seat against a remote one (no actor, no computer). */
function roundOverContext() {
  let context = initialContext({ config: { variant: 'block', players: 2, seed: 'undo-step', target: 500 }, seats: ['human', 'remote'], level: 'easy', tempo: 'instant', undo: true });
  while (context.game.round.result === null) {
    const move = legalMoves(context.game)[0]!;
    const seat = context.game.turn!;
    const event: MatchEvent = context.seats[seat] === 'human' ? intentFor(move) : { type: 'REMOTE_MOVE', seat, move };
    const step = stepMatch(context, event);
    assert.ok(step.ok);
    context = step.context;
  }
  assert.ok(context.undo!.before.length > 0, 'the person’s moves were recorded');
  return context;
}
