/**
 * DealChecker, a seat's side of provable deals: one seed per commitment, and a round's deal checked
 * against its proof once, with the seat's own seed and the hand it was dealt. The round is dealt the
 * dealer's way (the HMAC of the revealed secret over the seats' seeds seeds the match) and played out
 * by the engine.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyMove, createMatch, dealSeedOf, legalMoves, playerView, sha256Hex, DEAL_PROOF_VERSION, type DealProof, type MatchState } from '../../src/engine/index.js';
import { DealChecker, type DealCheckResult } from '../../src/ui/session/deal-checker.js';

function setUp() {
  const sent: { commitment: string; seed: string }[] = [];
  const results: DealCheckResult[] = [];
  const checker = new DealChecker(
    (commitment, seed) => void sent.push({ commitment, seed }),
    (result) => void results.push(result),
  );
  return { checker, sent, results };
}

/** A round of two seats dealt from `serverSeed` and seat 0's `ownSeed`, played to its end; its proof. */
async function provenRound(serverSeed: string, ownSeed: string) {
  const proof: DealProof = { version: DEAL_PROOF_VERSION, match: 1, round: 1, commitment: await sha256Hex(serverSeed), serverSeed, clientSeeds: [ownSeed, null] };
  let game: MatchState = createMatch({ variant: 'draw', players: 2, target: 500, seed: await dealSeedOf(proof) });
  const first = playerView(game, 0);
  while (game.round.result === null) game = applyMove(game, legalMoves(game)[0]);
  return { proof, first, end: playerView(game, 0) };
}

test('each commitment is answered once, with a fresh 32-byte seed; none without a commitment', () => {
  const { checker, sent } = setUp();
  checker.answer('c'.repeat(64));
  checker.answer('c'.repeat(64));
  checker.answer(undefined);
  checker.answer('d'.repeat(64));
  assert.deepEqual(sent.map((s) => s.commitment), ['c'.repeat(64), 'd'.repeat(64)]);
  assert.match(sent[0]!.seed, /^[0-9a-f]{64}$/);
  assert.notEqual(sent[0]!.seed, sent[1]!.seed);
});

test('a round dealt with the seat’s own seed checks out, once; another seat’s seed, another hand or another secret does not', async () => {
  const { checker, sent, results } = setUp();
  const commitment = await sha256Hex('a'.repeat(64));
  checker.answer(commitment);
  const round = await provenRound('a'.repeat(64), sent[0]!.seed);
  checker.seatViewed(round.first);
  await checker.check(round.end, round.proof);
  assert.deepEqual(results, [{ round: 1, ok: true }]);
  assert.deepEqual(checker.result, { round: 1, ok: true });
  await checker.check(round.end, round.proof);
  assert.equal(results.length, 1, 'a round is checked once');

  const otherSeat = setUp();
  otherSeat.checker.answer(commitment);
  otherSeat.checker.seatViewed(round.first);
  await otherSeat.checker.check(round.end, round.proof);
  assert.deepEqual(otherSeat.results, [{ round: 1, ok: false }], 'the seed this seat sent is not in the proof');

  const dealtElsewhere = setUp();
  dealtElsewhere.checker.seatViewed({ ...round.first, hand: round.first.hand.slice(1) });
  await dealtElsewhere.checker.check(round.end, round.proof);
  assert.deepEqual(dealtElsewhere.results, [{ round: 1, ok: false }], 'the hand seen at the start is not the one dealt');

  const forged = setUp();
  await forged.checker.check(round.end, { ...round.proof, serverSeed: 'b'.repeat(64) });
  assert.deepEqual(forged.results, [{ round: 1, ok: false }], 'the secret revealed is not the one committed to');

  checker.forget();
  assert.equal(checker.result, null);
});

test('a view whose round is not over is not checked', async () => {
  const { checker, results } = setUp();
  const { proof, first } = await provenRound('b'.repeat(64), 'f'.repeat(64));
  await checker.check(first, proof);
  assert.deepEqual(results, []);
  assert.equal(checker.result, null);
});
