/**
 * The room core's side of #19: a person's turn clock is a deadline derived from the room (the turn's
 * `since` plus the clock), so a room read back from its snapshot (or one stored before clocks, without
 * the seats' count of expiries) has the same one; expiries count in a row and two make the seat away;
 * a move of the person's own or `back` ends that; `again` marks a seat ready after the match and the
 * new match follows once every connected person is; the new entries survive the log's codec.
 */
import { randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { legalMoves, playerView, type Seat } from 'domino-game/engine';
import type { RoomSettings } from 'domino-game/protocol';
import { due, turnClock, type Timing } from '../src/core/due.js';
import { decodeEntry, encodeEntry, type Entry } from '../src/core/entries.js';
import { roomInfo, withDealIfAllReady, type Alive } from '../src/core/presence.js';
import { applyEntry, newRoom, type Outcome, type RoomState } from '../src/core/room.js';
import { readSnapshot } from '../src/core/stored-room.js';
import { hashToken, randomId } from '../src/tokens.js';
import { wireMove } from './harness.js';

const T0 = 1_700_000_000_000;
const HERE = 'here';
const here: Alive = (p) => p === HERE;
const TIMING = { graceMs: 60_000, nextRoundMs: 30_000, computerMs: 800, turnMs: 15_000 } satisfies Timing;
const SETTINGS: RoomSettings = { variant: 'draw', players: 2, level: 'easy', tempo: 'normal', target: 500, clock: 15 };

function ok(outcome: Outcome): RoomState {
  if (!outcome.ok) assert.fail(`refused: ${outcome.code} ${outcome.message}`);
  return outcome.room;
}
const apply = (room: RoomState, ...entries: Entry[]) => entries.reduce((r, e) => ok(applyEntry(r, e)), room);

function started(): RoomState {
  let room = newRoom({ id: randomId(), serverSeed: randomBytes(32).toString('hex'), name: 'Ann', tokenHash: hashToken(randomId()), settings: SETTINGS, secrets: { invite: randomId(), watch: randomId() }, at: T0 });
  room = apply(room, { type: 'connect', at: T0, seat: 0, via: HERE }, { type: 'join', at: T0, name: 'Bob', tokenHash: hashToken(randomId()) });
  return apply(room, { type: 'connect', at: T0, seat: 1, via: HERE }, { type: 'start', at: T0, seat: 0 });
}
const turnOf = (room: RoomState) => room.match!.game.turn!;
const firstMove = (room: RoomState) => wireMove(legalMoves(playerView(room.match!.game, turnOf(room)))[0]!);
const moveBy = (room: RoomState, by: 'person' | 'clock' | 'computer', at: number) =>
  apply(room, { type: 'move', at, seat: turnOf(room), seq: room.seq, by, move: firstMove(room) });

describe('the turn clock in the room core', () => {
  test('a connected person’s turn is due at since + the clock, and a view says what is left; no clock, nothing', () => {
    const room = started();
    const seat = turnOf(room);
    assert.deepEqual(due(room, here, T0 + 10, TIMING), { kind: 'clock', seat, at: room.since + TIMING.turnMs });
    assert.deepEqual(turnClock(room, here, room.since + 5000, TIMING), { seat, msLeft: TIMING.turnMs - 5000 });
    assert.deepEqual(turnClock(room, here, room.since + 99_000, TIMING), { seat, msLeft: 0 });
    assert.equal(due(room, here, T0, { ...TIMING, turnMs: 0 }), null);
    assert.equal(turnClock(room, here, T0, { ...TIMING, turnMs: 0 }), null);
    // Nobody connected: the room waits, clock and all.
    assert.equal(due(room, () => false, T0, TIMING), null);
  });

  test('the deadline comes back with the room: from its snapshot, and from one stored before clocks', () => {
    const room = moveBy(started(), 'person', T0 + 4000);
    const reloaded = readSnapshot(JSON.stringify(room)).room;
    assert.deepEqual(due(reloaded, here, T0 + 5000, TIMING), due(room, here, T0 + 5000, TIMING));
    const old = JSON.parse(JSON.stringify(room)) as RoomState;
    for (const seat of old.seats) delete seat.timeouts;
    const oldLoaded = readSnapshot(JSON.stringify(old)).room;
    assert.deepEqual(due(oldLoaded, here, T0 + 5000, TIMING), { kind: 'clock', seat: turnOf(room), at: T0 + 4000 + TIMING.turnMs });
    assert.equal(roomInfo(oldLoaded, here, T0, TIMING.graceMs).seats.some((s) => s.away), false);
  });

  test('two expiries in a row: away, played at the tempo, no clock; the person’s own move or back ends it', () => {
    let room = started();
    const bob = turnOf(room) as Seat;
    const otherTurn = (r: RoomState, at: number) => (turnOf(r) === bob ? r : moveBy(r, 'person', at));
    room = otherTurn(moveBy(room, 'clock', T0 + 15_000), T0 + 16_000);
    while (turnOf(room) !== bob) room = moveBy(room, 'person', T0 + 16_000);
    assert.equal(room.seats[bob]!.timeouts, 1);
    assert.equal(roomInfo(room, here, T0, TIMING.graceMs).seats[bob]!.away, false);
    // One expiry is not away: back is refused and forgives nothing.
    const early = applyEntry(room, { type: 'back', at: T0 + 30_000, seat: bob });
    assert.equal(early.ok ? null : early.code, 'wrong-phase');
    assert.equal(room.seats[bob]!.timeouts, 1);
    room = moveBy(room, 'clock', T0 + 31_000);
    while (turnOf(room) !== bob) room = moveBy(room, 'person', T0 + 32_000);
    assert.equal(roomInfo(room, here, T0, TIMING.graceMs).seats[bob]!.away, true);
    assert.deepEqual(due(room, here, T0 + 32_000, TIMING), { kind: 'computer', seat: bob, at: room.since + TIMING.computerMs });
    assert.equal(turnClock(room, here, T0 + 32_000, TIMING), null);
    // The computer playing for an away seat does not count as the clock's.
    const played = moveBy(room, 'computer', T0 + 33_000);
    assert.equal(played.seats[bob]!.timeouts, 2);
    // His own move ends it; so does back.
    assert.equal(moveBy(room, 'person', T0 + 33_000).seats[bob]!.timeouts, 0);
    const back = apply(room, { type: 'back', at: T0 + 33_000, seat: bob });
    assert.equal(roomInfo(back, here, T0, TIMING.graceMs).seats[bob]!.away, false);
    assert.equal(due(back, here, T0 + 33_000, TIMING)?.kind, 'clock');
    const again = applyEntry(back, { type: 'back', at: T0 + 34_000, seat: bob });
    assert.deepEqual(again.ok ? null : again.code, 'wrong-phase');
  });

  test('back on the seat’s own turn: the turn is the person’s with a full clock; back on another’s turn moves no clock', () => {
    let room = started();
    const bob = turnOf(room) as Seat;
    const untilBob = (r: RoomState, at: number) => {
      while (turnOf(r) !== bob) r = moveBy(r, 'person', at);
      return r;
    };
    room = untilBob(moveBy(room, 'clock', T0 + 15_000), T0 + 16_000);
    room = untilBob(moveBy(room, 'clock', T0 + 31_000), T0 + 32_000);
    assert.equal(roomInfo(room, here, T0, TIMING.graceMs).seats[bob]!.away, true);
    // Most of a clock after his turn began, still within the computer's pause (as a slow tempo gives).
    const at = room.since + 12_000;
    const back = apply(room, { type: 'back', at, seat: bob });
    assert.equal(back.seq, room.seq, 'back changed the match');
    assert.deepEqual(due(back, here, at, TIMING), { kind: 'clock', seat: bob, at: at + TIMING.turnMs });
    assert.deepEqual(turnClock(back, here, at, TIMING), { seat: bob, msLeft: TIMING.turnMs });

    // Back while the other seat is to act: that seat's clock goes on as it was.
    let played = room;
    // A draw keeps the turn: the computer plays on until the other seat is to act.
    while (turnOf(played) === bob) played = moveBy(played, 'computer', played.since + TIMING.computerMs);
    const backLater = apply(played, { type: 'back', at: played.since + 5000, seat: bob });
    assert.equal(backLater.since, played.since);
    assert.deepEqual(due(backLater, here, played.since + 5000, TIMING), due(played, here, played.since + 5000, TIMING));
  });

  test('again after the match: ready, and the new match once every connected person is; refused during one', () => {
    let room = started();
    const early = applyEntry(room, { type: 'again', at: T0, seat: 1 });
    assert.equal(early.ok ? null : early.code, 'wrong-phase');
    for (let i = 0; i < 20_000 && room.phase !== 'over'; i++) {
      room = room.match!.game.turn === null ? apply(room, { type: 'deal', at: T0, seq: room.seq }) : moveBy(room, 'computer', T0);
    }
    assert.equal(room.phase, 'over');
    const one = withDealIfAllReady(room, [{ type: 'again', at: T0, seat: 1 }], here, T0, () => randomBytes(32).toString('hex'));
    assert.ok(Array.isArray(one) && one.length === 1, 'a new match with Ann not ready');
    const ready = apply(room, ...one);
    const both = withDealIfAllReady(ready, [{ type: 'again', at: T0, seat: 0 }], here, T0, () => randomBytes(32).toString('hex'));
    assert.ok(Array.isArray(both));
    assert.deepEqual(both.map((e) => e.type), ['again', 'new-match']);
    const next = apply(ready, ...both);
    assert.deepEqual([next.phase, next.seq, next.seats.map((s) => s.name)], ['playing', room.seq + 1, ['Ann', 'Bob']]);
  });

  test('the new entries go through the log’s codec unchanged; a bad one is refused', () => {
    const entries: Entry[] = [
      { type: 'again', at: T0, seat: 2 },
      { type: 'back', at: T0 + 1, seat: 3 },
      { type: 'move', at: T0 + 2, seat: 1, seq: 7, by: 'clock', move: { type: 'play', tile: [6, 4], end: 'left' } },
      { type: 'move', at: T0 + 3, seat: 0, seq: 8, by: 'computer', move: { type: 'draw' } },
      { type: 'newcomers', at: T0 + 4, seat: 0, allowed: false },
      { type: 'newcomers', at: T0 + 5, seat: 2, allowed: true },
      { type: 'watch-key', at: T0 + 6, key: randomId() },
    ];
    for (const entry of entries) assert.deepEqual(decodeEntry(encodeEntry(entry)), entry);
    assert.throws(() => decodeEntry(JSON.stringify(['m', T0, 1, 7, 'z', 'd'])));
    assert.throws(() => decodeEntry(JSON.stringify(['a', T0, 9])));
    assert.throws(() => decodeEntry(JSON.stringify(['o', T0, 0, true])), 'newcomers as 0 or 1');
    assert.throws(() => decodeEntry(JSON.stringify(['k', T0, 'not-a-key'])));
  });
});
