/**
 * The turn clock, over real sockets, on a server whose clocks run twenty times faster
 * (`--clock-scale 0.05`: 15 s is 750 ms). A connected person who never answers has the turn played
 * for them by the computer once their time is up, never sooner; after two in a row they are away, the
 * computer plays their turns, until they act again; a move of their own in between starts the count
 * over; with the clock off, nobody plays for them. The views say how long the person to act has left.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { legalMoves } from '../../src/engine/index.js';
import type { RoomSettings } from '../../src/net/protocol.js';
import { INSTANT, ROOMY, createRoom, joinRoom, playUntil, serverErrors, startServerProcess, synced, wireMove, type Player, type ServerProcess, type ViewMessage } from './harness.js';

const SCALE = 0.05;
const CLOCK_S = 15;
const CLOCK_MS = CLOCK_S * 1000 * SCALE;
const SETTINGS: RoomSettings = { variant: 'draw', players: 2, target: 500, ...INSTANT, clock: CLOCK_S };

async function startedPair(server: ServerProcess, settings = SETTINGS): Promise<[Player, Player]> {
  const ann = await createRoom(server, 'Ann', settings);
  const bob = await joinRoom(server, ann.invitation, 'Bob');
  const started = [ann, bob].map((p) => p.next('view'));
  ann.send({ type: 'start' });
  await Promise.all(started);
  return [ann, bob];
}

/** Ann plays (and deals) until it is Bob's turn in a round being played. */
const untilBobsTurn = (ann: Player, bob: Player) => playUntil([ann, bob].filter((p) => p === ann), (m) => m.view.round.result === null && m.view.turn === bob.seat);

/** Waits for Bob's turn to be played by someone (Bob sending nothing), from the view that gave it. */
async function playedFor(ann: Player, turn: ViewMessage): Promise<{ view: ViewMessage; afterMs: number }> {
  const from = Date.now();
  const view = await ann.waitFor('view', (m) => m.seq > turn.seq, 0);
  return { view, afterMs: Date.now() - from };
}

describe('the turn clock', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', '--clock-scale', String(SCALE), ...ROOMY]);
  });
  after(async () => server.stop());

  test('a person who never answers: their turn played when the time is up; away after two; their own act takes the seat back', async () => {
    const [ann, bob] = await startedPair(server);
    const turn = await untilBobsTurn(ann, bob);
    // Every seat's view says whose clock runs and how long it has left.
    const bobs = await bob.waitFor('view', (m) => m.seq === turn.seq, 0);
    assert.equal(turn.clock?.seat, bob.seat);
    assert.equal(bobs.clock?.seat, bob.seat);
    assert.ok(turn.clock!.msLeft > 0 && turn.clock!.msLeft <= CLOCK_MS, `msLeft ${turn.clock!.msLeft}`);
    const first = await playedFor(ann, turn);
    assert.ok(first.afterMs >= turn.clock!.msLeft - 100, `played after ${first.afterMs} ms, before the clock ran out`);
    assert.equal(first.view.view.log.at(-1)?.seat ?? first.view.view.log[turn.view.log.length]?.seat, bob.seat, 'the computer moved for Bob');
    assert.equal(ann.last('room')!.room.seats[bob.seat!]!.away, false, 'away after one expiry');

    // The second in a row: away.
    const awayFrom = ann.mark();
    const second = await untilBobsTurn(ann, bob);
    assert.equal(second.clock?.seat, bob.seat);
    await playedFor(ann, second);
    const away = await ann.waitFor('room', (m) => m.room.seats[bob.seat!]!.away, awayFrom);
    assert.deepEqual(away.room.seats[bob.seat!], { seat: bob.seat, name: 'Bob', kind: 'human', connected: true, ready: false, away: true });

    // Away, his turns come with no clock and the computer plays them at the tempo's pace.
    const third = await untilBobsTurn(ann, bob);
    assert.equal(third.clock, undefined, 'a clock for a seat the computer plays');
    await playedFor(ann, third);

    // Back: not away, and his turns are his again, with a clock. Bob answers his first turn after `back`
    // the moment its view comes (as a person at the table would), whatever the test is doing meanwhile: on
    // a slow machine two of his clocks could otherwise run out while the test looks, and away he would be.
    const backFrom = ann.mark();
    // A view from before `back` may still say it is Bob's turn (the computer about to play it): his own
    // turns are those of the views after it.
    const beforeBack = (await synced([ann, bob])).seq;
    const bobFrom = bob.mark();
    let his: ViewMessage | null = null;
    const answer = bob.onMessage((m) => {
      if (his || m.type !== 'view' || m.seq <= beforeBack || m.view.round.result !== null || m.view.turn !== bob.seat) return;
      his = m;
      bob.send({ type: 'move', seq: m.seq, move: wireMove(legalMoves(m.view)[0]!) });
    });
    bob.send({ type: 'back' });
    await ann.waitFor('room', (m) => !m.room.seats[bob.seat!]!.away, backFrom);
    // Ann plays her turns until Bob's answer to his first one is in.
    const after = await playUntil([ann], (m) => his !== null && m.seq > his.seq);
    answer();
    const hisTurn = his as ViewMessage | null;
    assert.ok(hisTurn, 'Bob had a turn after back');
    assert.equal(hisTurn.clock?.seat, bob.seat, 'his first turn after back runs his clock');
    assert.deepEqual(bob.since(bobFrom, 'error'), [], 'his move was refused');
    const taken = await ann.waitFor('view', (m) => m.seq === hisTurn.seq + 1, backFrom);
    assert.equal(taken.view.log[hisTurn.view.log.length]?.seat, bob.seat, 'his own move was made, not the clock’s');
    assert.ok(after.seq > hisTurn.seq);
    // `back` when nobody plays for him is refused and changes nothing.
    const refused = await bob.refused({ type: 'back' });
    assert.deepEqual([refused.code, refused.ref], ['wrong-phase', 'back']);
    await Promise.all([ann.close(), bob.close()]);
  });

  test('back on their own turn, within the computer’s pause: a fresh full clock for every connection, and the turn is not played before it runs out', async () => {
    // A 60 s clock (3 s here) outlasts the slow tempo's pause of 1.5 s before the computer plays an away seat's turn.
    const settings: RoomSettings = { ...SETTINGS, tempo: 'slow', clock: 60 };
    const clockMs = 60 * 1000 * SCALE;
    const [ann, bob] = await startedPair(server, settings);
    const awayFrom = ann.mark();
    for (let expiry = 0; expiry < 2; expiry++) await playedFor(ann, await untilBobsTurn(ann, bob));
    await ann.waitFor('room', (m) => m.room.seats[bob.seat!]!.away, awayFrom);
    const turn = await untilBobsTurn(ann, bob);
    assert.equal(turn.clock, undefined, 'a clock for a seat the computer plays');
    // Some of the turn gone (less than the computer's pause): a clock counted from the turn's start would show it.
    await sleep(600);
    const [annFrom, bobFrom] = [ann.mark(), bob.mark()];
    bob.send({ type: 'back' });
    const [annClock, bobClock] = await Promise.all([ann, bob].map((p, i) => p.waitFor('view', (m) => m.seq === turn.seq, [annFrom, bobFrom][i])));
    const playing = playedFor(ann, annClock!);
    for (const view of [annClock!, bobClock!]) {
      assert.equal(view.clock?.seat, bob.seat, JSON.stringify(view.clock));
      assert.ok(view.clock!.msLeft > clockMs * 0.9 && view.clock!.msLeft <= clockMs, `msLeft ${view.clock!.msLeft} of ${clockMs}`);
      assert.deepEqual(view.events, [], 'the events of a view already held, again');
    }
    assert.deepEqual(bobClock!.view, bob.since(0, 'view').find((m) => m.seq === turn.seq)!.view, 'the view itself changed');
    const played = await playing;
    assert.ok(played.afterMs >= annClock!.clock!.msLeft - 100, `played ${played.afterMs} ms after back, before the fresh clock ran out`);
    await Promise.all([ann.close(), bob.close()]);
  });

  test('back on another seat’s turn: the room info only, no view again (no clock started over)', async () => {
    const [ann, bob] = await startedPair(server);
    const awayFrom = ann.mark();
    for (let expiry = 0; expiry < 2; expiry++) await playedFor(ann, await untilBobsTurn(ann, bob));
    await ann.waitFor('room', (m) => m.room.seats[bob.seat!]!.away, awayFrom);
    // Away at the instant tempo, Bob's turns are played at once: soon it is Ann's, and she waits.
    const annsTurn = await playUntil([ann], (m) => m.view.round.result === null && m.view.turn === ann.seat);
    assert.equal(annsTurn.clock?.seat, ann.seat);
    await bob.waitFor('view', (m) => m.seq === annsTurn.seq, 0);
    const [annFrom, bobFrom] = [ann.mark(), bob.mark()];
    bob.send({ type: 'back' });
    await Promise.all([ann, bob].map((p, i) => p.waitFor('room', (m) => !m.room.seats[bob.seat!]!.away, [annFrom, bobFrom][i])));
    // Each connection's frames come in order: a view sent with back's room info would be here before the answer to a peek.
    for (const p of [ann, bob]) await p.request({ type: 'peek', room: ann.room! }, 'room');
    assert.deepEqual([...ann.since(annFrom, 'view'), ...bob.since(bobFrom, 'view')].filter((m) => m.seq === annsTurn.seq), [], 'a view again though no clock started over');
    await Promise.all([ann.close(), bob.close()]);
  });

  test('a move of their own between two expiries: the count starts over, never away', async () => {
    const [ann, bob] = await startedPair(server);
    const expired = await untilBobsTurn(ann, bob);
    await playedFor(ann, expired);
    const own = await untilBobsTurn(ann, bob);
    const mine = await bob.waitFor('view', (m) => m.seq === own.seq, 0);
    const moved = ann.next('view');
    bob.send({ type: 'move', seq: own.seq, move: wireMove(legalMoves(mine.view)[0]!) });
    await moved;
    const from = ann.mark();
    const again = await untilBobsTurn(ann, bob);
    await playedFor(ann, again);
    await synced([ann, bob]);
    assert.ok([...ann.since(0, 'room')].every((m) => !m.room.seats[bob.seat!]!.away), 'away after expiries that were not in a row');
    assert.ok(ann.since(from, 'view').length > 0);
    await Promise.all([ann.close(), bob.close()]);
  });

  test('clock off: nobody plays for a person who takes their time, and views carry no clock', async () => {
    const [ann, bob] = await startedPair(server, { ...SETTINGS, clock: 0 });
    const turn = await untilBobsTurn(ann, bob);
    assert.equal(turn.clock, undefined);
    // Nothing can be awaited for a move that must not come: wait well past the clock a room would have had.
    await sleep(CLOCK_MS * 3);
    assert.equal(ann.last('view')!.seq, turn.seq, 'somebody moved on Bob’s turn with the clock off');
    const bobs = await bob.waitFor('view', (m) => m.seq === turn.seq, 0);
    const next = ann.next('view');
    bob.send({ type: 'move', seq: turn.seq, move: wireMove(legalMoves(bobs.view)[0]!) });
    assert.equal((await next).seq, turn.seq + 1);
    await Promise.all([ann.close(), bob.close()]);
  });

  test('a clock the protocol does not offer is refused, and the room keeps its settings', async () => {
    const ann = await createRoom(server, 'Ann', SETTINGS);
    const refused = await ann.refused({ type: 'settings', settings: { ...SETTINGS, clock: 7 as never } });
    assert.deepEqual([refused.code, refused.ref], ['bad-message', 'settings']);
    const room = await ann.request({ type: 'peek', ...ann.invitation }, 'room');
    assert.ok(room.type === 'room' && room.room.settings.clock === CLOCK_S, JSON.stringify(room));
    await ann.close();
    assert.deepEqual(serverErrors(server), []);
  });
});
