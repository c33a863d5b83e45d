/** The tempo pauses exist, have the table's lengths, and run on the actor's clock (no real waiting). */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { LegalMove } from '../../src/engine/index.js';
import { matchMachine, TEMPO_DELAYS, TEMPOS, type ComputerPlayerInput, type MatchInput } from '../../src/machine/index.js';
import { loadChooseMove } from '../../src/ai/index.js';
import { nextChange, startActor, stateOf } from './helpers.js';

// The computer's code loads on first use; these tests time its moves, not that load.
before(() => loadChooseMove('easy'));

const input = (tempo: MatchInput['tempo']): MatchInput => ({
  config: { variant: 'draw', players: 2, seed: 'tempo' },
  seats: ['computer', 'computer'],
  level: 'easy',
  tempo,
});
const settle = () => new Promise((r) => setTimeout(r, 5));

describe('tempo', () => {
  test('the table: slower tempos wait longer, instant never', () => {
    assert.deepEqual(TEMPOS, ['slow', 'normal', 'fast', 'instant']);
    assert.deepEqual(TEMPO_DELAYS.instant, { deal: 0, move: 0 });
    for (let i = 1; i < TEMPOS.length; i++) {
      assert.ok(TEMPO_DELAYS[TEMPOS[i - 1]!].move > TEMPO_DELAYS[TEMPOS[i]!].move);
      assert.ok(TEMPO_DELAYS[TEMPOS[i - 1]!].deal > TEMPO_DELAYS[TEMPOS[i]!].deal);
    }
  });

  for (const tempo of TEMPOS) {
    test(`${tempo}: the deal pause and each computer move wait ${TEMPO_DELAYS[tempo].deal} / ${TEMPO_DELAYS[tempo].move} ms`, async () => {
      const { deal, move } = TEMPO_DELAYS[tempo];
      const clock = new SimulatedClock();
      const { actor } = startActor(input(tempo), { clock });
      if (deal > 0) {
        assert.equal(stateOf(actor.getSnapshot()), '{"dealing":"waiting"}');
        clock.increment(deal - 1);
        await settle();
        assert.ok(actor.getSnapshot().matches('dealing'), 'still dealing 1 ms before the end');
        clock.increment(1);
        await nextChange(actor, actor.getSnapshot());
      }
      assert.ok(actor.getSnapshot().matches({ playing: 'computer' }), 'dealt');
      if (move === 0) {
        // No clock time passes at all: the moves follow one another as soon as they are chosen.
        while (actor.getSnapshot().context.game.log.length < 3) await nextChange(actor, actor.getSnapshot());
        actor.stop();
        return;
      }
      for (let moves = 1; moves <= 3; moves++) {
        await settle(); // the computer has chosen by now
        const s = actor.getSnapshot();
        assert.ok(s.matches({ playing: { computer: { think: 'decided', pace: 'waiting' } } }), stateOf(s));
        assert.equal(s.context.game.log.length, moves - 1, 'not applied before the delay');
        clock.increment(move - 1);
        await settle();
        assert.equal(actor.getSnapshot().context.game.log.length, moves - 1, 'not applied 1 ms before the delay');
        clock.increment(1);
        await settle();
        assert.equal(actor.getSnapshot().context.game.log.length, moves, 'applied when the delay is over');
      }
      actor.stop();
    });
  }

  test('a computer slower than the pause moves as soon as it has chosen', async () => {
    let answer: ((move: LegalMove) => void) | undefined;
    const machine = matchMachine.provide({
      actors: {
        computerPlayer: fromPromise<LegalMove, ComputerPlayerInput>(() => new Promise((resolve) => (answer = resolve))),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: input('normal'), clock }).start();
    clock.increment(TEMPO_DELAYS.normal.deal);
    await settle();
    clock.increment(TEMPO_DELAYS.normal.move);
    await settle();
    const s = actor.getSnapshot();
    assert.ok(s.matches({ playing: { computer: { think: 'thinking', pace: 'elapsed' } } }), stateOf(s));
    answer!({ type: 'play', tile: s.context.game.round.lead!, end: 'lead', pip: null });
    await settle();
    assert.equal(actor.getSnapshot().context.game.log.length, 1);
    actor.stop();
  });
});
