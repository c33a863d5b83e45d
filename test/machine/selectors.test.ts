/** The selectors the UI reads, and the seat players (remote) as provided actors. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createActor, fromCallback, SimulatedClock, type EventObject } from 'xstate';
import { legalMoves, playerView } from '../../src/engine/index.js';
import {
  hasPending,
  legalMovesFor,
  matchMachine,
  moveEvents,
  phaseOf,
  phaseOfMatch,
  viewFor,
  type MatchEvent,
  type MatchInput,
  type RemotePlayerInput,
} from '../../src/machine/index.js';
import { makeDeal } from '../engine/helpers/tiles.js';
import { drive, intentFor, startActor } from './helpers.js';

describe('selectors', () => {
  test('views, turns and legal moves for the UI', async () => {
    const clock = new SimulatedClock();
    const { actor } = startActor(
      {
        config: { variant: 'draw', players: 3, deal: makeDeal(['6-6 1-0 2-0 3-0 4-0', '6-5 5-5 5-1 5-2 5-3', '6-4 4-4 4-1 4-2 4-3']) },
        seats: ['human', 'remote', 'human'],
        level: 'easy',
        tempo: 'fast',
      },
      { clock },
    );
    let s = actor.getSnapshot();
    assert.equal(phaseOf(s), 'dealing');
    assert.deepEqual(legalMovesFor(s, 0), [], 'no moves while dealing');
    assert.equal(hasPending(s), false);
    clock.increment(10_000);
    await new Promise((r) => setTimeout(r, 1));
    s = actor.getSnapshot();
    assert.equal(phaseOf(s), 'playing');
    assert.deepEqual(viewFor(s, 1), playerView(s.context.game, 1));
    assert.equal(viewFor(s, 1).hand.length, 5);
    assert.equal(viewFor(s, 1).revealed, null);
    assert.deepEqual(legalMovesFor(s, 0), legalMoves(s.context.game));
    assert.deepEqual(legalMovesFor(s, 1), [], 'not its turn');
    actor.send(intentFor(legalMovesFor(s, 0)[0]!));
    s = actor.getSnapshot();
    assert.deepEqual(legalMovesFor(s, 1), [], 'a remote seat sends its moves as REMOTE_MOVE');
    actor.send({ type: 'REMOTE_MOVE', seat: 1, move: legalMoves(viewFor(s, 1))[0]! });
    s = actor.getSnapshot();
    assert.deepEqual(legalMovesFor(s, 2), legalMoves(s.context.game), 'hot-seat: the second human seat');
    assert.deepEqual(legalMovesFor(s, 0), []);
    actor.stop();
  });

  test('after the round every hand is revealed in the views', async () => {
    const run = await drive({
      input: { config: { variant: 'block', players: 2, target: 500, seed: 'reveal' }, seats: ['human', 'computer'], level: 'easy', tempo: 'instant' },
      rounds: 1,
    });
    const s = run.actor.getSnapshot();
    assert.equal(phaseOf(s), 'roundOver');
    const view = viewFor(s, 0);
    assert.deepEqual(view.revealed?.hands, s.context.game.hands);
    assert.deepEqual(view.revealed?.aside, s.context.game.boneyard, 'Block: the tiles left out too');
    run.actor.stop();
  });

  test('moveEvents never names a drawn tile', () => {
    const { actor } = startActor({
      config: { variant: 'draw', players: 2, deal: makeDeal(['6-6 1-0 2-0 3-0 4-0 2-1 3-1', '6-5 5-5 5-1 5-2 5-3 5-4 4-1'], '6-4') },
      seats: ['human', 'human'],
      level: 'easy',
      tempo: 'instant',
    });
    const events: unknown[] = [];
    actor.on('move', (e) => events.push(e));
    actor.send({ type: 'PLAY', tile: [6, 6], end: 'lead' });
    actor.send({ type: 'PLAY', tile: [6, 5], end: 'left' });
    const before = actor.getSnapshot().context.game;
    actor.send({ type: 'DRAW' });
    const after = actor.getSnapshot().context.game;
    assert.deepEqual(moveEvents(before, after), [{ type: 'move', seat: 0, move: { type: 'draw' }, points: 0 }]);
    assert.deepEqual(events.at(-1), { type: 'move', seat: 0, move: { type: 'draw' }, points: 0 });
    assert.ok(!JSON.stringify(events).includes('[6,4]') && !JSON.stringify(events).includes('[4,6]'));
    actor.stop();
  });
});

describe('phaseOfMatch', () => {
  const round = (result: object | null) => ({ number: 1, result }) as never;

  test('a won match is over even with its last round result standing; a result alone is between rounds', () => {
    assert.equal(phaseOfMatch({ winningSide: 1, round: round({ reason: 'domino' }) }), 'matchOver');
    assert.equal(phaseOfMatch({ winningSide: 0, round: round(null) }, true), 'matchOver');
    assert.equal(phaseOfMatch({ winningSide: null, round: round({ reason: 'blocked' }) }, true), 'roundOver');
    assert.equal(phaseOfMatch({ winningSide: null, round: round(null) }), 'playing');
    assert.equal(phaseOfMatch({ winningSide: null, round: round(null) }, true), 'dealing');
  });

  test('through a whole match, the full state, every view and the machine agree on the phase', () => {
    const { actor } = startActor({ config: { variant: 'fives', players: 3, target: 60, seed: 'phases' }, seats: ['human', 'human', 'human'], level: 'easy', tempo: 'instant' });
    const seen = new Set<string>();
    for (let step = 0; step < 2000 && actor.getSnapshot().status === 'active'; step++) {
      const s = actor.getSnapshot();
      const phase = phaseOf(s);
      seen.add(phase);
      assert.equal(phaseOfMatch(s.context.game, s.hasTag('dealing')), phase);
      for (const seat of [0, 1, 2]) assert.equal(phaseOfMatch(viewFor(s, seat)), phase);
      assert.ok(s.hasTag(phase), `the machine's state carries the tag ${phase}`);
      if (phase === 'matchOver') break;
      if (phase === 'roundOver') actor.send({ type: 'NEXT_ROUND' });
      else actor.send(intentFor(legalMovesFor(s, s.context.game.turn!)[0]!));
    }
    assert.deepEqual([...seen].sort(), ['matchOver', 'playing', 'roundOver']);
    actor.stop();
  });
});

describe('remote seats as actors', () => {
  test('a provided remote player gets the seat view and answers with REMOTE_MOVE', async () => {
    const seen: RemotePlayerInput[] = [];
    const machine = matchMachine.provide({
      actors: {
        remotePlayer: fromCallback<EventObject, RemotePlayerInput>(({ input, sendBack }) => {
          seen.push(input);
          // A network seat would answer later; answering from a timer keeps it asynchronous.
          const timer = setTimeout(() => sendBack({ type: 'REMOTE_MOVE', seat: input.seat, move: legalMoves(input.view)[0]! } satisfies MatchEvent), 0);
          return () => clearTimeout(timer);
        }),
      },
    });
    const input: MatchInput = {
      config: { variant: 'fives', players: 2, target: 30, seed: 'net' },
      seats: ['remote', 'remote'],
      level: 'easy',
      tempo: 'instant',
    };
    const actor = createActor(machine, { input }).start();
    const done = new Promise<void>((resolve) => {
      actor.subscribe((s) => {
        if (s.matches('roundOver')) actor.send({ type: 'NEXT_ROUND' });
        if (s.matches('matchOver')) resolve();
      });
    });
    await done;
    const s = actor.getSnapshot();
    assert.notEqual(s.context.game.winningSide, null);
    assert.ok(seen.length > 10);
    for (const { seat, view } of seen) {
      assert.equal(view.seat, seat);
      assert.equal(view.turn, seat);
      assert.ok(!('hands' in view) && !('boneyard' in view) && !('rng' in view));
    }
    actor.stop();
  });
});
