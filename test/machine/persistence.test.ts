/**
 * Persistence: `getPersistedSnapshot()` at any moment → JSON → `createActor(matchMachine, { snapshot,
 * input })` must go on to the same result as an uninterrupted run, including when taken while a
 * computer thinks, during its tempo delay and while dealing; an in-flight computer move is recomputed,
 * never applied twice.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { legalMoves, playerView, type LegalMove, type MatchConfig } from '../../src/engine/index.js';
import {
  checkPersistedSnapshot,
  computerSeed,
  matchMachine,
  TEMPO_DELAYS,
  upgradePersistedSnapshot,
  type ComputerPlayerInput,
  type MatchInput,
  type MatchSnapshot,
  type SeatKind,
  type Tempo,
} from '../../src/machine/index.js';
import { makeDeal } from '../engine/helpers/tiles.js';
import { drive, nextChange, persist, stateOf } from './helpers.js';

const input = (config: MatchConfig, seats: SeatKind[], tempo: Tempo): MatchInput => ({ config, seats, level: 'easy', tempo });

const CASES: { config: MatchConfig; seats: SeatKind[] }[] = [
  { config: { variant: 'draw', players: 3, target: 80, seed: 'p-draw' }, seats: ['human', 'computer', 'remote'] },
  { config: { variant: 'fives', players: 4, teams: true, target: 150, seed: 'p-fives' }, seats: ['computer', 'human', 'computer', 'computer'] },
  { config: { variant: 'doubles', players: 2, target: 60, seed: 'p-doubles' }, seats: ['computer', 'human'] },
  { config: { variant: 'block', players: 4, target: 60, seed: 'p-block' }, seats: ['computer', 'computer', 'human', 'remote'] },
];

describe('persisted snapshots', () => {
  for (const { config, seats } of CASES) {
    test(`${config.variant} ${config.players}p: restored at every step, instant and fast tempo, same match`, async () => {
      const straight = await drive({ input: input(config, seats, 'instant') });
      const restored = await drive({ input: input(config, seats, 'instant'), restoreAt: () => true });
      assert.ok(restored.restoredIn.length > 40, `${restored.restoredIn.length} restores`);
      assert.ok(restored.restoredIn.some((s) => s.includes('"think":"thinking"')), 'restored while a computer was thinking');
      assert.deepEqual(restored.game, straight.game);
      assert.deepEqual(restored.events, straight.events, 'the same events, none twice');

      // With pauses: restore while dealing, while thinking under the tempo delay, and with the decision made.
      const pacedRestored = await drive({ input: input(config, seats, 'fast'), restoreAt: () => true });
      for (const where of ['{"dealing":"waiting"}', '"think":"thinking","pace":"waiting"', '"think":"decided","pace":"waiting"']) {
        assert.ok(pacedRestored.restoredIn.some((s) => s.includes(where)), `restored in ${where}`);
      }
      // The tempo changes the timing only, never the game.
      assert.deepEqual(pacedRestored.game, straight.game);
      assert.deepEqual(pacedRestored.events, straight.events);
    });
  }

  test('restored at random moments (every 3rd or 5th step) of a slow match', async () => {
    const config: MatchConfig = { variant: 'fives', players: 3, target: 50, seed: 'p-random' };
    const seats: SeatKind[] = ['computer', 'human', 'computer'];
    const straight = await drive({ input: input(config, seats, 'slow') });
    for (const every of [3, 5]) {
      const run = await drive({ input: input(config, seats, 'slow'), restoreAt: (step) => step % every === 1 });
      assert.deepEqual(run.game, straight.game);
      assert.deepEqual(run.events, straight.events);
    }
  });

  test('a move in flight is recomputed on restore and applied once; a stale answer is ignored', async () => {
    const calls: { input: ComputerPlayerInput; resolve: (move: LegalMove) => void }[] = [];
    const machine = matchMachine.provide({
      actors: {
        computerPlayer: fromPromise<LegalMove, ComputerPlayerInput>(
          ({ input }) => new Promise((resolve) => calls.push({ input, resolve })),
        ),
      },
    });
    const config: MatchConfig = {
      variant: 'draw',
      players: 2,
      deal: makeDeal(['6-6 1-0 2-0 3-0 4-0 2-1 3-1', '6-5 5-5 5-1 5-2 5-3 5-4 4-1'], '6-4'),
    };
    const matchInput = input(config, ['computer', 'human'], 'instant');
    const first = createActor(machine, { input: matchInput }).start();
    await Promise.resolve();
    assert.equal(calls.length, 1, 'the computer is asked once');
    const saved = persist(first);
    assert.equal(JSON.stringify(saved).includes('"computerPlayer"'), true, 'the in-flight player is part of the snapshot');
    first.stop();
    calls[0]!.resolve({ type: 'play', tile: [6, 6], end: 'lead', pip: null });
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(first.getSnapshot().context.game.log.length, 0, 'a stopped actor applies nothing');

    const second = createActor(machine, { snapshot: saved as never, input: matchInput }).start();
    await Promise.resolve();
    assert.equal(calls.length, 2, 'the restored match asks again');
    assert.deepEqual(calls[1]!.input, calls[0]!.input, 'with the same view and seed');
    calls[1]!.resolve({ type: 'play', tile: [6, 6], end: 'lead', pip: null });
    await nextChange(second, second.getSnapshot());
    const game = second.getSnapshot().context.game;
    assert.equal(game.log.length, 1, 'applied once');
    assert.ok(second.getSnapshot().matches({ playing: 'human' }));
    assert.equal(calls.length, 2);
    second.stop();
  });

  test('a decision waiting out the tempo delay is kept, not recomputed, and applied once', async () => {
    let calls = 0;
    const machine = matchMachine.provide({
      actors: {
        computerPlayer: fromPromise<LegalMove, ComputerPlayerInput>(async ({ input }) => {
          calls++;
          return legalMoves(input.view)[0]!;
        }),
      },
    });
    const config: MatchConfig = { variant: 'draw', players: 2, seed: 9 };
    const matchInput = input(config, ['computer', 'computer'], 'normal');
    const clock = new SimulatedClock();
    const first = createActor(machine, { input: matchInput, clock }).start();
    clock.increment(TEMPO_DELAYS.normal.deal);
    await nextChange(first, first.getSnapshot());
    let s = first.getSnapshot();
    if (s.matches({ playing: { computer: { think: 'thinking' } } })) s = await nextChange(first, s);
    assert.ok(s.matches({ playing: { computer: { think: 'decided', pace: 'waiting' } } }), stateOf(s));
    assert.notEqual(s.context.decision, null);
    const saved = persist(first);
    first.stop();

    const clock2 = new SimulatedClock();
    const second = createActor(machine, { snapshot: saved as never, input: matchInput, clock: clock2 }).start();
    assert.equal(calls, 1);
    clock2.increment(TEMPO_DELAYS.normal.move - 1);
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(second.getSnapshot().context.game.log.length, 0, 'the restored pause runs again in full');
    clock2.increment(1);
    await nextChange(second, second.getSnapshot());
    const after = second.getSnapshot();
    assert.equal(after.context.game.log.length, 1, 'applied once');
    assert.deepEqual(after.context.game.log[0], { ...s.context.decision, seat: s.context.game.turn, points: 0 });
    assert.equal(calls, 2, 'the computer was asked again only for the next turn');
    second.stop();
  });

  test('a match saved before the match state named its winning side `winningSide` (version 1) resumes', async () => {
    const run = await drive({ input: input({ variant: 'fives', players: 2, target: 30, seed: 'old' }, ['human', 'computer'], 'instant') });
    const over = persist(run.actor) as MatchSnapshot;
    run.actor.stop();
    assert.notEqual(over.context.game.winningSide, null, 'a won match: its winning side is the field that changed');
    const { winningSide, ...game } = over.context.game;
    const old = JSON.parse(JSON.stringify({ ...over, context: { ...over.context, game: { ...game, version: 1, winner: winningSide } } })) as MatchSnapshot;
    // The server upgrades the rooms it stored; a saved game from localStorage is checked, and upgraded on the way.
    assert.deepEqual(upgradePersistedSnapshot(old), over);
    const checked = checkPersistedSnapshot<MatchSnapshot>(old);
    assert.deepEqual(checked.context, over.context);
    const resumed = createActor(matchMachine, { snapshot: checked, input: input({ variant: 'fives', players: 2 }, ['human', 'computer'], 'instant') }).start();
    assert.ok(resumed.getSnapshot().matches('matchOver'));
    resumed.send({ type: 'NEW_MATCH' });
    assert.equal(resumed.getSnapshot().context.game.winningSide, null, 'and plays on');
    resumed.stop();
  });

  test('the computer sees its own PlayerView only, with a seed derived from the match', async () => {
    const seen: ComputerPlayerInput[] = [];
    const machine = matchMachine.provide({
      actors: {
        computerPlayer: fromPromise<LegalMove, ComputerPlayerInput>(async ({ input }) => {
          seen.push(input);
          return legalMoves(input.view)[0]!;
        }),
      },
    });
    const actor = createActor(machine, {
      input: input({ variant: 'draw', players: 2, seed: 3 }, ['computer', 'computer'], 'instant'),
    }).start();
    const before = actor.getSnapshot().context;
    await nextChange(actor, actor.getSnapshot());
    const view = seen[0]!.view;
    assert.deepEqual(view, playerView(before.game, before.game.turn!));
    for (const secret of ['hands', 'boneyard', 'rng']) assert.ok(!(secret in view), `no ${secret} in the view`);
    assert.equal(seen[0]!.seed, computerSeed(before));
    assert.equal(seen[0]!.level, 'easy');
    actor.stop();
  });
});
