/**
 * Spectators and provable deals over real sockets (the no-leak wire test checks what their frames
 * carry): the host's switch refuses new watchers; spectators do not count for readiness; a deal-seed
 * that does not answer the published commitment is refused and changes nothing; and the engine's
 * `verifyDeal` passes on the deals of many rounds and fails when a frame is tampered with (a server that
 * reveals another seed than it committed to, or one that dealt from another seed).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { verifyDeal, type DealProof, type Tile } from '../../src/engine/index.js';
import type { RoomSettings } from '../../src/net/protocol.js';
import { INSTANT, Player, ROOMY, autoplay, createRoom, joinRoom, sentDealSeeds, startServerProcess, type ServerProcess, type ViewMessage } from './harness.js';

const SETTINGS: RoomSettings = { variant: 'draw', players: 3, target: 100, ...INSTANT };
const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

describe('spectators and provable deals', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
  });
  after(async () => {
    await server.stop();
  });

  test('the host turns watching off: a watch link is refused; on again, it opens the table', async () => {
    const host = await createRoom(server, 'Host', { ...SETTINGS, spectators: false });
    const eve = await Player.connect(server.wsUrl, 'eve');
    const refused = await eve.refused({ type: 'watch', ...host.watchLink });
    assert.equal(refused.code, 'watching-off');
    assert.equal(refused.ref, 'watch');
    // Refused, Eve is nobody's spectator: a move from her is not-seated, not spectator.
    assert.equal((await eve.refused({ type: 'move', seq: 0, move: { type: 'draw' } })).code, 'not-seated');
    host.send({ type: 'settings', settings: { ...SETTINGS, spectators: true } });
    await host.next('room', (m) => m.room.settings.spectators === true);
    const answer = await eve.request({ type: 'watch', ...host.watchLink }, 'room');
    assert.equal(answer.type, 'room');
    await host.waitFor('room', (m) => m.room.watchers === 1, 0);
    await Promise.all([host.close(), eve.close()]);
  });

  test('a spectator is no seat: the next round waits for the people only, and a closed spectator is counted out', async () => {
    const host = await createRoom(server, 'Host', { ...SETTINGS, players: 2, target: 300 });
    const spectator = await Player.connect(server.wsUrl, 'spectator');
    await spectator.request({ type: 'watch', ...host.watchLink }, 'room');
    const started = host.next('view');
    host.send({ type: 'start' });
    await started;
    const run = autoplay([host], { until: (m) => m.view.round.result !== null, nextRound: false });
    await run.done;
    const end = host.last('view')!;
    // Every person connected (the host) is ready: the deal comes, whatever the spectator does.
    const dealt = host.next('view', (m) => m.seq > end.seq);
    host.send({ type: 'next-round', seq: end.seq });
    await dealt;
    await spectator.waitFor('table', (m) => m.seq > end.seq, 0);
    const mark = host.mark();
    await spectator.close();
    await host.waitFor('room', (m) => m.room.watchers === 0, mark);
    await host.close();
  });

  test('a seed that answers no published commitment is refused and changes nothing; one per seat and deal', async () => {
    const host = await createRoom(server, 'Host', SETTINGS);
    const commitment = (await host.waitFor('room', () => true, 0)).room.nextDeal.commitment;
    assert.match(commitment, /^[0-9a-f]{64}$/);
    const mark = host.mark();
    assert.equal((await host.refused({ type: 'deal-seed', commitment: '0'.repeat(64), seed: 'a'.repeat(64) })).code, 'stale');
    assert.equal((await host.refused({ type: 'deal-seed', commitment, seed: 'A'.repeat(64) })).code, 'bad-message');
    assert.equal((await host.refused({ type: 'deal-seed', commitment, seed: 'a'.repeat(63) })).code, 'bad-message');
    assert.equal((await host.refused({ type: 'deal-seed', commitment, seed: 'a'.repeat(64), extra: 1 } as Record<string, unknown>)).code, 'bad-message');
    host.send({ type: 'deal-seed', commitment, seed: 'b'.repeat(64) });
    assert.equal((await host.refused({ type: 'deal-seed', commitment, seed: 'c'.repeat(64) })).code, 'wrong-phase');
    const started = host.next('view');
    host.send({ type: 'start' });
    await started;
    const run = autoplay([host], { until: (m) => m.view.round.result !== null, nextRound: false });
    await run.done;
    const end = host.last('view')!;
    assert.equal(end.dealProof?.commitment, commitment);
    assert.deepEqual(end.dealProof?.clientSeeds, ['b'.repeat(64), null, null], 'the seed sent first counts; computers add none');
    assert.deepEqual(await verifyDeal(end.view, end.dealProof!, { ownSeed: 'b'.repeat(64) }), { ok: true });
    assert.equal(host.since(mark, 'view')[0]!.seq, 1, 'the refused seeds changed no seq');
    await host.close();
  });

  test('over many rounds every deal verifies; a tampered seed or deal does not', async () => {
    const host = await createRoom(server, 'Host', { ...SETTINGS, players: 4, target: 250 });
    const guest = await joinRoom(server, host.invitation, 'Guest');
    const started = [host, guest].map((p) => p.next('view'));
    host.send({ type: 'start' });
    await Promise.all(started);
    await autoplay([host, guest], { seed: 'proofs', dealSeeds: true }).done;
    let verified = 0;
    let ownSeeds = 0;
    const tampered = { seed: 0, deal: 0 };
    for (const player of [host, guest]) {
      let dealtHand: Tile[] | undefined;
      for (const { view, dealProof } of player.messages.filter((m): m is ViewMessage => m.type === 'view')) {
        if (view.log.length === 0 && !view.revealed) dealtHand = view.hand;
        if (!view.revealed) continue;
        const proof = dealProof!;
        const ownSeed = sentDealSeeds.get(player)?.get(proof.commitment);
        if (ownSeed) ownSeeds++;
        assert.deepEqual(await verifyDeal(view, proof, { dealtHand: dealtHand!, ...(ownSeed ? { ownSeed } : {}) }), { ok: true }, `round ${view.round.number}`);
        verified++;
        // A server revealing another seed than it committed to.
        const otherSeed: DealProof = { ...proof, serverSeed: sha256(proof.serverSeed) };
        const bySeed = await verifyDeal(view, otherSeed);
        assert.equal(bySeed.ok, false);
        if (!bySeed.ok) assert.match(bySeed.reason, /committed/);
        tampered.seed++;
        // A server that dealt from another seed, and commits honestly to that one: the deal is not the seeds'.
        const fake = sha256(proof.commitment);
        const byDeal = await verifyDeal(view, { ...proof, serverSeed: fake, commitment: sha256(fake) });
        assert.equal(byDeal.ok, false);
        if (!byDeal.ok) assert.match(byDeal.reason, /deal/);
        // A revealed deal other than the one played (two seats' hands swapped) fails too.
        const hands = view.revealed.deal.hands;
        const swapped = { ...view, revealed: { ...view.revealed, deal: { ...view.revealed.deal, hands: [hands[1]!, hands[0]!, ...hands.slice(2)] } } };
        assert.equal((await verifyDeal(swapped, proof)).ok, false);
        tampered.deal++;
        // Another seat's seed than the one this seat sent.
        if (ownSeed) assert.equal((await verifyDeal(view, proof, { ownSeed: 'f'.repeat(64) })).ok, false);
      }
    }
    assert.ok(verified >= 6 && ownSeeds >= 4, `verified ${verified} round ends, ${ownSeeds} with the seat's own seed`);
    assert.equal(tampered.seed, verified);
    await Promise.all([host.close(), guest.close()]);
  });
});
