// After the build: each Node entry of the package, imported by its public name, does its job.
//   domino-game/engine, domino-game/ai, domino-game/machine, domino-game/protocol
// Exits with 1 on the first that does not. Run by scripts/test.mjs as one test.
import assert from 'node:assert/strict';
import { createActor, waitFor } from 'xstate';

const { createMatch, playerView, legalMoves } = await import('domino-game/engine');
const { chooseMove } = await import('domino-game/ai');
const { matchMachine } = await import('domino-game/machine');
const { parseClientMessage } = await import('domino-game/protocol');

const game = createMatch({ variant: 'draw', players: 2, seed: 'exports' });
const view = playerView(game, game.turn);
for (const level of ['easy', 'medium', 'hard']) {
  const move = chooseMove(view, { level, seed: 1, budgetMs: 50 });
  assert.ok(
    legalMoves(view).some((m) => JSON.stringify(m) === JSON.stringify(move)),
    `domino-game/ai: the ${level} player chose a legal move`,
  );
}

const actor = createActor(matchMachine, {
  input: { config: { variant: 'block', players: 2, seed: 7 }, seats: ['computer', 'computer'], level: 'medium', tempo: 'instant' },
}).start();
const over = await waitFor(actor, (s) => s.matches('roundOver') || s.matches('matchOver'), { timeout: 20_000 });
assert.notEqual(over.context.game.round.result, null, 'domino-game/machine: two computers finish a round');
actor.stop();

assert.equal(parseClientMessage('{"type":"peek","room":"AAAAAAAAAAAAAAAAAAAAAA"}').ok, true, 'domino-game/protocol parses a message');
assert.equal(parseClientMessage('{"type":"peek"}').ok, false, 'domino-game/protocol refuses a bad one');

console.log('domino-game/engine, /ai, /machine and /protocol work in Node.');
