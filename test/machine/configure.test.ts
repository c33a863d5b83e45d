/** CONFIGURE (tempo at once, the rest pending) and NEW_MATCH (applies pending; accepted in any state). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { createMatch, RuleError, type LegalMove, type MatchConfig } from '../../src/engine/index.js';
import {
  hasPending,
  matchMachine,
  phaseOf,
  TEMPO_DELAYS,
  type ComputerPlayerInput,
  type MatchInput,
} from '../../src/machine/index.js';
import { makeDeal } from '../engine/helpers/tiles.js';
import { drive, nextChange, startActor, stateOf } from './helpers.js';

const base = (over: Partial<MatchInput> = {}): MatchInput => ({
  config: { variant: 'draw', players: 2 },
  seed: 'cfg',
  seats: ['human', 'computer'],
  level: 'easy',
  tempo: 'instant',
  ...over,
});

describe('CONFIGURE', () => {
  test('tempo applies at once; level, config and seats wait for the next match', () => {
    const { actor } = startActor(base());
    const game = actor.getSnapshot().context.game;
    actor.send({ type: 'CONFIGURE', tempo: 'slow', level: 'hard' });
    let s = actor.getSnapshot();
    assert.equal(s.context.tempo, 'slow');
    assert.equal(s.context.level, 'easy');
    assert.deepEqual(s.context.pending, { level: 'hard' });
    assert.ok(hasPending(s));
    assert.equal(s.context.game, game, 'the game is untouched');

    const config: MatchConfig = { variant: 'fives', players: 3, target: 50 };
    actor.send({ type: 'CONFIGURE', config, seats: ['computer', 'human', 'computer'] });
    s = actor.getSnapshot();
    assert.equal(s.context.rejection, null);
    assert.deepEqual(s.context.pending, { level: 'hard', config, seats: ['computer', 'human', 'computer'] });
    assert.deepEqual(s.context.seats, ['human', 'computer']);
    assert.equal(s.context.game.config.variant, 'draw');

    // Setting a value back to the current one clears it from pending.
    actor.send({ type: 'CONFIGURE', level: 'easy', config: { variant: 'draw', players: 2 }, seats: ['human', 'computer'] });
    s = actor.getSnapshot();
    assert.deepEqual(s.context.pending, {});
    assert.ok(!hasPending(s));
    actor.stop();
  });

  test('an accepted CONFIGURE clears the last rejection', () => {
    const { actor } = startActor(base());
    actor.send({ type: 'NEXT_ROUND' });
    assert.equal(actor.getSnapshot().context.rejection?.code, 'round-in-progress');
    actor.send({ type: 'CONFIGURE', tempo: 'fast' });
    assert.equal(actor.getSnapshot().context.rejection, null);
    actor.stop();
  });

  test('a new tempo restarts a running pause with its own length', async () => {
    const clock = new SimulatedClock();
    const { actor } = startActor(base({ seats: ['computer', 'computer'], tempo: 'slow' }), { clock });
    assert.equal(stateOf(actor.getSnapshot()), '{"dealing":"waiting"}');
    clock.increment(TEMPO_DELAYS.slow.deal - 10);
    actor.send({ type: 'CONFIGURE', tempo: 'instant' });
    assert.ok(actor.getSnapshot().matches('playing'), 'instant: the deal pause ends at once');

    let s = await nextChange(actor, actor.getSnapshot());
    assert.equal(s.context.game.log.length, 1, 'instant: the computer moves as soon as it has chosen');
    // The turn under way had no pause to run; the next one waits the normal delay.
    actor.send({ type: 'CONFIGURE', tempo: 'normal' });
    while (actor.getSnapshot().context.game.log.length < 2) await nextChange(actor, actor.getSnapshot());
    s = actor.getSnapshot();
    if (s.matches({ playing: { computer: { think: 'thinking' } } })) s = await nextChange(actor, s);
    assert.ok(s.matches({ playing: { computer: { think: 'decided', pace: 'waiting' } } }), stateOf(s));
    clock.increment(TEMPO_DELAYS.normal.move - TEMPO_DELAYS.fast.move);
    actor.send({ type: 'CONFIGURE', tempo: 'fast' });
    clock.increment(TEMPO_DELAYS.fast.move - 1);
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(actor.getSnapshot().context.game.log.length, 2, 'the pause restarted with the fast length');
    clock.increment(1);
    s = await nextChange(actor, actor.getSnapshot());
    assert.equal(s.context.game.log.length, 3);
    actor.stop();
  });
});

describe('NEW_MATCH', () => {
  test('applies the pending settings and starts a fresh, differently seeded match', () => {
    const { actor } = startActor(base());
    const first = actor.getSnapshot().context.game;
    assert.deepEqual(first, createMatch({ variant: 'draw', players: 2, seed: 'cfg' }), 'match 1 deals from the seed as is');
    const config: MatchConfig = { variant: 'fives', players: 3, target: 50 };
    actor.send({ type: 'CONFIGURE', level: 'medium', config, seats: ['computer', 'human', 'human'] });
    actor.send({ type: 'NEW_MATCH' });
    const s = actor.getSnapshot();
    assert.equal(s.context.rejection, null);
    assert.equal(s.context.matchNumber, 2);
    assert.equal(s.context.level, 'medium');
    assert.deepEqual(s.context.seats, ['computer', 'human', 'human']);
    assert.deepEqual(s.context.config, config);
    assert.deepEqual(s.context.pending, {});
    assert.equal(s.context.game.config.variant, 'fives');
    assert.equal(s.context.game.config.target, 50);
    assert.equal(s.context.game.round.number, 1);
    assert.ok(s.context.game.scores.every((x) => x === 0));

    // Without a pending config the same settings are replayed, with the next seed of the series.
    actor.send({ type: 'NEW_MATCH' });
    const third = actor.getSnapshot().context;
    assert.equal(third.matchNumber, 3);
    assert.deepEqual(third.game, createMatch({ ...config, seed: 'cfg#3' }), 'the input seed seeds later matches');
    actor.stop();
  });

  test('its own config wins over the pending one; an explicit deal is not replayed', () => {
    const deal = makeDeal(['6-6 1-0 2-0 3-0 4-0 2-1 3-1', '6-5 5-5 5-1 5-2 5-3 5-4 4-1']);
    const { actor } = startActor(base({ config: { variant: 'draw', players: 2, deal, seed: 1 } }));
    assert.equal(actor.getSnapshot().context.game.round.lead?.join('-'), '6-6');
    actor.send({ type: 'NEW_MATCH' });
    assert.deepEqual(actor.getSnapshot().context.config, { variant: 'draw', players: 2, seed: 1 });
    assert.deepEqual(actor.getSnapshot().context.game, createMatch({ variant: 'draw', players: 2, seed: '1#2' }));

    actor.send({ type: 'CONFIGURE', config: { variant: 'block', players: 2 }, level: 'hard' });
    actor.send({ type: 'NEW_MATCH', config: { variant: 'doubles', players: 2, target: 20 } });
    const s = actor.getSnapshot().context;
    assert.equal(s.game.config.variant, 'doubles');
    assert.equal(s.level, 'hard', 'the other pending settings still apply');
    assert.deepEqual(s.pending, {});
    actor.stop();
  });

  test('abandons a match from any state', async () => {
    const clock = new SimulatedClock();
    const { actor } = startActor(base({ tempo: 'slow', seats: ['human', 'computer'] }), { clock });
    // Dealing: the deal pause starts again.
    clock.increment(TEMPO_DELAYS.slow.deal - 1);
    actor.send({ type: 'NEW_MATCH' });
    assert.equal(actor.getSnapshot().context.matchNumber, 2);
    clock.increment(1);
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(stateOf(actor.getSnapshot()), '{"dealing":"waiting"}');
    actor.send({ type: 'CONFIGURE', tempo: 'instant' });
    assert.equal(phaseOf(actor.getSnapshot()), 'playing');
    actor.stop();

    // Mid-round, from a human turn, and from the end of a round and of the match.
    for (const rounds of [undefined, 1]) {
      const run = await drive({ input: base({ config: { variant: 'block', players: 2, target: rounds ? 1000 : 30, seed: 'ab' } }), rounds });
      assert.ok(run.actor.getSnapshot().matches(rounds ? 'roundOver' : 'matchOver'));
      run.actor.send({ type: 'NEW_MATCH' });
      const s = run.actor.getSnapshot();
      assert.equal(s.context.rejection, null);
      assert.equal(s.context.game.round.number, 1);
      assert.equal(s.context.game.log.length, 0);
      assert.ok(s.matches('playing'));
      run.actor.stop();
    }
    const human = startActor(base({ seats: ['human', 'human'] })).actor;
    assert.ok(human.getSnapshot().matches({ playing: 'human' }));
    human.send({ type: 'NEW_MATCH' });
    assert.equal(human.getSnapshot().context.matchNumber, 2);
    human.stop();
  });

  test('abandoning while a computer thinks: its late answer is ignored', async () => {
    const pending: ((move: LegalMove) => void)[] = [];
    const machine = matchMachine.provide({
      actors: {
        computerPlayer: fromPromise<LegalMove, ComputerPlayerInput>(() => new Promise((resolve) => pending.push(resolve))),
      },
    });
    const actor = createActor(machine, { input: base({ seats: ['computer', 'computer'] }) }).start();
    await Promise.resolve();
    assert.equal(pending.length, 1);
    actor.send({ type: 'NEW_MATCH', config: { variant: 'draw', players: 2, seed: 'other' } });
    const fresh = actor.getSnapshot().context.game;
    await Promise.resolve();
    assert.equal(pending.length, 2, 'the new match asks its own question');
    pending[0]!({ type: 'play', tile: [6, 6], end: 'lead', pip: null });
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(actor.getSnapshot().context.game, fresh, 'the old answer changed nothing');
    actor.stop();
  });

  test('invalid input leaves the actor in error with a RuleError', () => {
    const actor = createActor(matchMachine, { input: base({ seats: ['human', 'computer', 'computer'] }) });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    assert.equal(actor.getSnapshot().status, 'error');
    assert.ok(errors[0] instanceof RuleError && errors[0].code === 'invalid-config');
    for (const bad of [{ tempo: 'warp' }, { level: 'x' }, { seed: {} }] as Partial<MatchInput>[]) {
      const other = createActor(matchMachine, { input: base(bad) });
      other.subscribe({ error: () => undefined });
      other.start();
      assert.equal(other.getSnapshot().status, 'error');
    }
  });
});
