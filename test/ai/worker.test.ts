import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerQuestions } from '../../src/ai/worker.js';
import type { WorkerQuestion, WorkerReply } from '../../src/ai/worker-protocol.js';
import { applyMove, createMatch, legalMoves, playerView, type LegalMove, type MatchState } from '../../src/engine/index.js';

/** The first position of a seeded 2-player Draw round where the seat to act has two plays or more. */
function positionWithAChoice(): MatchState {
  let state = createMatch({ variant: 'draw', players: 2, seed: 'worker-think-time' });
  while (legalMoves(state).filter((m) => m.type === 'play').length < 2) state = applyMove(state, legalMoves(state)[0]!);
  return state;
}

/** The worker's answer to one question, through answerQuestions on a stand-in scope, and the time it took in all. */
async function ask(question: WorkerQuestion): Promise<{ reply: WorkerReply; elapsedMs: number }> {
  const scope: Parameters<typeof answerQuestions>[0] = { onmessage: null, postMessage: () => undefined };
  answerQuestions(scope);
  const started = performance.now();
  const reply = await new Promise<WorkerReply>((resolve) => {
    scope.postMessage = resolve;
    scope.onmessage!({ data: question } as MessageEvent<WorkerQuestion>);
  });
  return { reply, elapsedMs: performance.now() - started };
}

const key = (m: LegalMove) => (m.type === 'play' ? `${m.tile.join('-')}@${m.end}` : m.type);

test("a move's answer carries the worker's time choosing it, within the time the question took", async () => {
  const state = positionWithAChoice();
  // Unlimited deals: the hard player searches until its budget's deadline, so the time choosing is at least the budget.
  const budgetMs = 20;
  const { reply, elapsedMs } = await ask({ id: 7, view: playerView(state, state.turn!), options: { level: 'hard', seed: 1, budgetMs, maxDeals: 1e9 } });
  assert.ok('move' in reply, `expected a move, got ${JSON.stringify(reply)}`);
  assert.equal(reply.id, 7);
  assert.ok(legalMoves(state).map(key).includes(key(reply.move)));
  assert.ok(Number.isFinite(reply.thinkMs));
  assert.ok(reply.thinkMs >= budgetMs, `thinkMs ${reply.thinkMs} is under the budget ${budgetMs}: it did not time the choice`);
  assert.ok(reply.thinkMs <= elapsedMs, `thinkMs ${reply.thinkMs} exceeds the question's whole time ${elapsedMs}`);
});
