/**
 * Quick phrases, over real sockets: a phrase goes, by its id, to every seat of the room in the
 * order the server took them (the sender too); one a seat every 2 s and 10 a minute (the minute is
 * checked on the limiter itself, with a clock of its own); the host's switch turns them off; unknown
 * ids, free text and floods are refused with their code, and nothing is relayed.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { PhraseLimit } from '../src/core/phrase-limit.js';
import { PHRASE_GAP_MS, PHRASES_PER_MINUTE, type RoomSettings } from '../../src/net/protocol.js';
import { INSTANT, ROOMY, createRoom, joinRoom, serverErrors, startServerProcess, type Player, type ServerProcess } from './harness.js';

const SETTINGS: RoomSettings = { variant: 'draw', players: 3, target: 500, ...INSTANT };

const heard = (player: Player, from = 0) => player.since(from, 'phrase').map((m) => `${m.seat}:${m.phrase}`);

describe('quick phrases', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
  });
  after(async () => server.stop());

  async function table(settings = SETTINGS): Promise<Player[]> {
    const ann = await createRoom(server, 'Ann', settings);
    const bob = await joinRoom(server, ann.invitation, 'Bob');
    const cid = await joinRoom(server, ann.invitation, 'Cid');
    return [ann, bob, cid];
  }

  test('relayed to every seat, the sender too, in one order', async () => {
    const players = await table();
    const [ann, bob, cid] = players;
    ann.send({ type: 'phrase', phrase: 'hello' });
    bob.send({ type: 'phrase', phrase: 'goodLuck' });
    cid.send({ type: 'phrase', phrase: 'thanks' });
    await Promise.all(players.map((p) => p.waitFor('phrase', () => heard(p).length === 3, 0)));
    const order = heard(ann);
    assert.deepEqual([...order].sort(), ['0:hello', '1:goodLuck', '2:thanks']);
    assert.deepEqual(heard(bob), order);
    assert.deepEqual(heard(cid), order);
    // One seat's phrases keep their order.
    await sleep(PHRASE_GAP_MS + 100);
    ann.send({ type: 'phrase', phrase: 'wow' });
    await Promise.all(players.map((p) => p.waitFor('phrase', (m) => m.phrase === 'wow', 0)));
    for (const p of players) assert.deepEqual(heard(p).filter((h) => h.startsWith('0:')), ['0:hello', '0:wow']);
    await Promise.all(players.map((p) => p.close()));
  });

  test('one a seat every 2 s: the second is refused rate-limited, and nobody hears it', async () => {
    const players = await table();
    const [ann, bob] = players;
    const from = players.map((p) => p.mark());
    ann.send({ type: 'phrase', phrase: 'hello' });
    const refused = await ann.refused({ type: 'phrase', phrase: 'oops' });
    assert.deepEqual([refused.code, refused.ref], ['rate-limited', 'phrase']);
    // Bob's own phrase is not held back by Ann's, and comes after whatever of Ann's was relayed.
    bob.send({ type: 'phrase', phrase: 'sorry' });
    await Promise.all(players.map((p) => p.waitFor('phrase', (m) => m.phrase === 'sorry', 0)));
    for (const [i, p] of players.entries()) assert.deepEqual(heard(p, from[i]), ['0:hello', '1:sorry']);
    // After the gap, Ann may speak again.
    await sleep(PHRASE_GAP_MS + 100);
    ann.send({ type: 'phrase', phrase: 'oops' });
    await bob.waitFor('phrase', (m) => m.phrase === 'oops', 0);
    await Promise.all(players.map((p) => p.close()));
  });

  test('the limiter: at most 10 in any minute, and one every 2 s', () => {
    const limit = new PhraseLimit();
    let now = 1_000_000;
    const accepted: number[] = [];
    // One every 2.5 s for a minute and a half: the 11th within a minute is refused.
    for (let i = 0; i < 36; i++, now += 2500) if (limit.allow(0, now)) accepted.push(now);
    for (let i = 0; i < accepted.length; i++) {
      const inMinute = accepted.filter((at) => at > accepted[i]! - 60_000 && at <= accepted[i]!);
      assert.ok(inMinute.length <= PHRASES_PER_MINUTE, `${inMinute.length} in the minute to ${accepted[i]}`);
    }
    assert.equal(accepted.slice(0, PHRASES_PER_MINUTE).length, PHRASES_PER_MINUTE);
    assert.equal(accepted[PHRASES_PER_MINUTE]! - accepted[0]!, 60_000, 'the 11th came as soon as the first left the minute');
    // The gap, and seats apart.
    assert.equal(limit.allow(1, now), true);
    assert.equal(limit.allow(1, now + PHRASE_GAP_MS - 1), false);
    assert.equal(limit.allow(2, now + 1), true);
    assert.equal(limit.allow(1, now + PHRASE_GAP_MS), true);
  });

  test("the host's switch: phrases off, every phrase refused phrases-off and nothing relayed", async () => {
    const players = await table({ ...SETTINGS, phrases: false });
    const [ann, bob, cid] = players;
    const refused = await bob.refused({ type: 'phrase', phrase: 'hello' });
    assert.deepEqual([refused.code, refused.ref], ['phrases-off', 'phrase']);
    const own = await ann.refused({ type: 'phrase', phrase: 'hello' });
    assert.equal(own.code, 'phrases-off');
    // The host turns them on again before the start.
    const on = ann.mark();
    ann.send({ type: 'settings', settings: { ...SETTINGS } });
    await ann.waitFor('room', (m) => m.room.settings.phrases === undefined, on);
    cid.send({ type: 'phrase', phrase: 'goodGame' });
    await Promise.all(players.map((p) => p.waitFor('phrase', () => true, 0)));
    for (const p of players) assert.deepEqual(heard(p), ['2:goodGame']);
    await Promise.all(players.map((p) => p.close()));
  });

  test('unknown ids, free text, extra fields and phrases from nobody seated are refused, and nothing is relayed', async () => {
    const players = await table();
    const [ann, bob] = players;
    for (const bad of [
      { type: 'phrase', phrase: 'you are bad' },
      { type: 'phrase', phrase: 'HELLO' },
      { type: 'phrase' },
      { type: 'phrase', phrase: 'hello', to: 1 },
      { type: 'phrase', phrase: 'hello', text: 'hi partner' },
      { type: 'phrase', phrase: 3 },
    ]) {
      const refused = await bob.refused(bad);
      assert.deepEqual([refused.code, refused.ref], ['bad-message', 'phrase'], JSON.stringify(bad));
    }
    const stranger = await createRoom(server, 'Dan', SETTINGS);
    await stranger.request({ type: 'leave' }, 'room');
    const unseated = await stranger.refused({ type: 'phrase', phrase: 'hello' });
    assert.equal(unseated.code, 'not-seated');
    // A flood: one relayed, the rest refused.
    const from = ann.mark();
    const bobFrom = bob.mark();
    for (let i = 0; i < 8; i++) bob.send({ type: 'phrase', phrase: 'oops' });
    await bob.waitFor('error', () => bob.since(bobFrom, 'error').length >= 7, bobFrom);
    ann.send({ type: 'phrase', phrase: 'bye' });
    await ann.waitFor('phrase', (m) => m.phrase === 'bye', from);
    assert.deepEqual(heard(ann, from), ['1:oops', '0:bye']);
    assert.ok(bob.since(bobFrom, 'error').every((e) => e.code === 'rate-limited'));
    await Promise.all([...players, stranger].map((p) => p.close()));
    assert.deepEqual(serverErrors(server), []);
  });
});
