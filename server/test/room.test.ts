/**
 * The room core (server/src/core): who may do what when, in the protocol's order of checks, a refusal
 * never handing back a changed room; when the clock acts (`due`), when a room expires, what the room
 * info says. Every change is an entry applied by `applyEntry`, as the room service and a replay do.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SEED_PATTERN, legalMoves, playerView, type Move, type Seat } from 'domino-game/engine';
import { ID_PATTERN, type RoomSettings } from 'domino-game/protocol';
import { due as dueOf, expiresAt as expiryOf, type Timing } from '../src/core/due.js';
import type { Entry } from '../src/core/entries.js';
import { othersHold, roomInfo as infoOf, withDealIfAllReady, type Alive } from '../src/core/presence.js';
import { randomBytes } from 'node:crypto';
import { applyEntry, matchPhase, newRoom, seatOfToken, sha256Hex, type Outcome, type RoomState } from '../src/core/room.js';
import { hashToken, randomId } from '../src/tokens.js';
import { wireMove } from './harness.js';

const T0 = 1_700_000_000_000;
const HERE = 'this-process';
const here: Alive = (process) => process === HERE;
const TIMING: Timing = { graceMs: 60_000, nextRoundMs: 30_000, computerMs: 800 };
const TTL = { lobbyMs: 3_600_000, idleMs: 86_400_000 };
const SETTINGS: RoomSettings = { variant: 'draw', players: 4, level: 'easy', tempo: 'normal', target: 30 };

/** The changes as the room service makes them: one entry each, applied by the core. */
const rooms = {
  newRoom(name: string, settings: RoomSettings, at: number) {
    const token = randomId();
    return { token, room: newRoom({ id: randomId(), serverSeed: randomBytes(32).toString('hex'), name, tokenHash: hashToken(token), settings, secrets: { invite: randomId(), watch: randomId() }, at }) };
  },
  join(room: RoomState, name: string, at: number): Outcome & { token?: string } {
    const token = randomId();
    return { ...applyEntry(room, { type: 'join', at, name, tokenHash: hashToken(token) }), token };
  },
  connect: (room: RoomState, seat: Seat, via: string, at: number) => ok(applyEntry(room, { type: 'connect', at, seat, via })),
  disconnect: (room: RoomState, seat: Seat, at: number) => ok(applyEntry(room, { type: 'disconnect', at, seat })),
  leave: (room: RoomState, seat: Seat, at: number) => applyEntry(room, { type: 'leave', at, seat }),
  changeSettings: (room: RoomState, seat: Seat, settings: RoomSettings, at: number) => applyEntry(room, { type: 'settings', at, seat, settings }),
  start: (room: RoomState, seat: Seat, at: number) => applyEntry(room, { type: 'start', at, seat }),
  move: (room: RoomState, seat: Seat, seq: number, move: Move, at: number) => applyEntry(room, { type: 'move', at, seat, seq, by: 'person', move }),
  applyMove: (room: RoomState, seat: Seat, move: Move, at: number) => applyEntry(room, { type: 'move', at, seat, seq: room.seq, by: 'computer', move }),
  /** `next-round`, as the service turns it into entries: the ready, and the deal when everyone connected is ready. */
  ready(room: RoomState, seat: Seat, seq: number, alive: Alive, at: number): Outcome {
    const entries = withDealIfAllReady(room, [{ type: 'ready', at, seat, seq }], alive, at, () => randomBytes(32).toString('hex'));
    return Array.isArray(entries) ? applyAll(room, entries) : entries;
  },
  /** After a presence change: the deal, if nobody connected is waiting for it any more. */
  dealIfAllReady(room: RoomState, alive: Alive, at: number): RoomState {
    const entries = withDealIfAllReady(room, [], alive, at, () => randomBytes(32).toString('hex'));
    return Array.isArray(entries) && entries.length > 0 ? ok(applyAll(room, entries)) : room;
  },
  dealNextRound: (room: RoomState, at: number) => applyEntry(room, { type: 'deal', at, seq: room.seq }),
  newMatch: (room: RoomState, seat: Seat, at: number) => applyEntry(room, { type: 'new-match', at, seat }),
  seatOfToken,
  due: dueOf,
  expiresAt: expiryOf,
  roomInfo: infoOf,
};

function applyAll(room: RoomState, entries: Entry[]): Outcome {
  let outcome: Outcome = { ok: true, room, events: [] };
  for (const entry of entries) {
    if (!outcome.ok) return outcome;
    outcome = applyEntry(outcome.room, entry);
  }
  return outcome;
}

/** The accepted change's room (with the seat a join took, kept out of the room's JSON). */
function ok(outcome: Outcome): RoomState & { readonly seat?: number } {
  if (!outcome.ok) assert.fail(`refused: ${outcome.code} ${outcome.message}`);
  return Object.defineProperty({ ...outcome.room }, 'seat', { value: outcome.seat, enumerable: false });
}

function refused(outcome: Outcome, code: string, message?: RegExp): void {
  assert.equal(outcome.ok, false, `accepted, expected ${code}`);
  if (outcome.ok) return;
  assert.equal(outcome.code, code, outcome.message);
  assert.equal('room' in outcome, false, 'a refusal hands back no room');
  if (message) assert.match(outcome.message, message);
}

/** A room with `people` persons seated (connected here), created at T0. */
function roomWith(people: number, settings = SETTINGS): { room: RoomState; tokens: string[] } {
  const created = rooms.newRoom('Host', settings, T0);
  let room = rooms.connect(created.room, 0, HERE, T0);
  const tokens = [created.token];
  for (let i = 1; i < people; i++) {
    const joined = rooms.join(room, `P${i}`, T0);
    assert.ok(joined.ok);
    tokens.push(joined.token!);
    room = rooms.connect(joined.room, joined.seat!, HERE, T0);
  }
  return { room, tokens };
}

const gameOf = (room: RoomState) => room.match!.game;
const turnOf = (room: RoomState) => gameOf(room).turn!;
const firstMove = (room: RoomState, seat = turnOf(room)) => wireMove(legalMoves(playerView(gameOf(room), seat))[0]!);

/** Plays the first legal move of whoever is to act until the round ends. */
function playRound(room: RoomState): RoomState {
  while (matchPhase(room.match!) === 'playing') room = ok(rooms.applyMove(room, turnOf(room), firstMove(room), T0));
  return room;
}

describe('a new room', () => {
  test('seats its creator as host in seat 0, with only a hash of the token kept', () => {
    const { room, token } = rooms.newRoom('Ann', SETTINGS, T0);
    assert.match(room.id, ID_PATTERN);
    assert.match(token, ID_PATTERN);
    assert.match(room.deals.next.serverSeed, SEED_PATTERN);
    assert.equal(room.deals.current, null);
    assert.equal(room.phase, 'lobby');
    assert.equal(room.host, 0);
    assert.equal(room.seq, 0);
    assert.equal(room.seats.length, 4);
    assert.deepEqual(room.seats.map((s) => s.kind), ['human', 'open', 'open', 'open']);
    assert.equal(room.seats[0]!.tokenHash, hashToken(token));
    assert.ok(!JSON.stringify(room).includes(token), 'the token itself is stored');
    assert.equal(rooms.seatOfToken(room, token), 0);
  });
});

describe('join and leave', () => {
  test('join takes the lowest open seat, until none is left', () => {
    let { room } = roomWith(3);
    assert.deepEqual(room.seats.map((s) => s.name), ['Host', 'P1', 'P2', null]);
    room = ok(rooms.leave(room, 1, T0));
    assert.equal(room.seats[1]!.kind, 'open');
    const joined = ok(rooms.join(room, 'Dan', T0));
    assert.equal(joined.seat, 1);
    assert.equal(ok(rooms.join(joined, 'Eve', T0)).seat, 3);
    refused(rooms.join(ok(rooms.join(joined, 'Eve', T0)), 'Fay', T0), 'room-full');
    refused(rooms.leave(room, 1, T0), 'bad-token');
  });

  test('after the start a newcomer takes the lowest seat a computer holds, and nothing else', () => {
    let { room } = roomWith(2);
    room = ok(rooms.start(room, 0, T0));
    assert.deepEqual(room.seats.map((s) => s.kind), ['human', 'human', 'computer', 'computer']);
    const joined = ok(rooms.join(room, 'Late', T0));
    assert.equal(joined.seat, 2);
    assert.equal(joined.seq, room.seq, 'a join is no change of the match');
    const full = ok(rooms.join(joined, 'Later', T0));
    assert.equal(full.seat, 3);
    refused(rooms.join(full, 'Latest', T0), 'room-full');
  });

  test("leave before the start frees the seat; after it a computer plays it; the token stops working", () => {
    const { room, tokens } = roomWith(3);
    const lobby = ok(rooms.leave(room, 2, T0));
    assert.equal(lobby.seats[2]!.kind, 'open');
    assert.equal(rooms.seatOfToken(lobby, tokens[2]!), null);
    const started = ok(rooms.start(room, 0, T0));
    const left = ok(rooms.leave(started, 1, T0));
    assert.equal(left.seats[1]!.kind, 'computer');
    assert.equal(left.seats[1]!.tokenHash, null);
    assert.equal(rooms.seatOfToken(left, tokens[1]!), null);
    assert.equal(rooms.seatOfToken(left, tokens[2]!), 2);
    assert.equal(left.seq, started.seq);
  });

  test('a leaving host hands the host on to the next person; with nobody left the host stays', () => {
    let { room } = roomWith(3);
    room = ok(rooms.leave(room, 1, T0));
    assert.equal(room.host, 0);
    room = ok(rooms.leave(room, 0, T0));
    assert.equal(room.host, 2);
    room = ok(rooms.leave(room, 2, T0));
    assert.equal(room.host, 2);
  });

  test('a token holds only its own seat', () => {
    const { room, tokens } = roomWith(3);
    tokens.forEach((token, seat) => assert.equal(rooms.seatOfToken(room, token), seat));
    assert.equal(rooms.seatOfToken(room, 'A'.repeat(22)), null);
    assert.equal(rooms.seatOfToken(room, room.seats[0]!.tokenHash!), null, 'the hash is not the token');
  });
});

describe('settings and start', () => {
  test('only the host, only before the start', () => {
    const { room } = roomWith(2);
    refused(rooms.changeSettings(room, 1, { ...SETTINGS, variant: 'block' }, T0), 'not-host');
    refused(rooms.start(room, 1, T0), 'not-host');
    const changed = ok(rooms.changeSettings(room, 0, { ...SETTINGS, players: 3 }, T0));
    assert.equal(changed.seats.length, 3);
    refused(rooms.changeSettings(roomWith(3).room, 0, { ...SETTINGS, players: 2 }, T0), 'bad-message', /at least 3/);
    const started = ok(rooms.start(changed, 0, T0));
    assert.equal(started.phase, 'playing');
    assert.equal(started.seq, 1);
    refused(rooms.start(started, 0, T0), 'wrong-phase');
    refused(rooms.changeSettings(started, 0, SETTINGS, T0), 'wrong-phase');
  });

  test('fewer players keeps the people at their seats', () => {
    let { room } = roomWith(2);
    room = ok(rooms.changeSettings(room, 0, { ...SETTINGS, players: 2 }, T0));
    assert.deepEqual(room.seats.map((s) => s.name), ['Host', 'P1']);
    room = ok(rooms.changeSettings(room, 0, { ...SETTINGS, players: 4 }, T0));
    assert.deepEqual(room.seats.map((s) => s.kind), ['human', 'human', 'open', 'open']);
  });
});

describe('moves', () => {
  test('checked in order: phase, seq (before the turn), turn, rules; a refusal changes nothing', () => {
    const { room: lobby } = roomWith(2, { ...SETTINGS, players: 2 });
    refused(rooms.move(lobby, 0, 0, { type: 'draw' }, T0), 'wrong-phase');
    const room = ok(rooms.start(lobby, 0, T0));
    const before = JSON.stringify(room);
    const turn = turnOf(room);
    const other = 1 - turn;
    refused(rooms.move(room, other, room.seq - 1, firstMove(room), T0), 'stale', /not the current one/);
    refused(rooms.move(room, other, room.seq + 1, firstMove(room), T0), 'stale');
    refused(rooms.move(room, other, room.seq, firstMove(room), T0), 'not-your-turn');
    refused(rooms.move(room, turn, room.seq, { type: 'play', tile: gameOf(room).hands[other]![0]!, end: 'lead' }, T0), 'illegal-move');
    refused(rooms.move(room, turn, room.seq, { type: 'play', tile: gameOf(room).hands[turn]![0]!, end: 'nowhere' }, T0), 'illegal-move');
    assert.equal(JSON.stringify(room), before, 'a refusal changed the room');
    const outcome = rooms.move(room, turn, room.seq, firstMove(room), T0 + 5);
    const moved = ok(outcome);
    assert.equal(moved.seq, room.seq + 1);
    assert.equal(moved.since, T0 + 5);
    assert.ok(outcome.ok && outcome.events.some((e) => e.type === 'move' && e.seat === turn));
    assert.ok(outcome.ok && outcome.events.every((e) => e.type !== 'turn' || !e.yours), 'no turn is anybody\'s own on the server');
    // The same message again is stale, even from the seat now to act.
    refused(rooms.move(moved, turn, room.seq, firstMove(room), T0), 'stale');
    refused(rooms.move(moved, turnOf(moved), room.seq, firstMove(moved), T0), 'stale');
  });

  test('no move once the round is over; next-round only then, dealt when every connected person is ready', () => {
    const { room: lobby } = roomWith(3, { ...SETTINGS, players: 4, target: 1000 });
    let room = ok(rooms.start(lobby, 0, T0));
    refused(rooms.ready(room, 0, room.seq, here, T0), 'wrong-phase');
    room = playRound(room);
    assert.equal(matchPhase(room.match!), 'roundOver');
    refused(rooms.move(room, 0, room.seq, { type: 'pass' }, T0), 'wrong-phase');
    refused(rooms.ready(room, 0, room.seq - 1, here, T0), 'stale');
    room = ok(rooms.ready(room, 0, room.seq, here, T0));
    assert.equal(room.seats[0]!.ready, true);
    room = ok(rooms.ready(room, 1, room.seq, here, T0));
    assert.equal(matchPhase(room.match!), 'roundOver', 'dealt before seat 2 was ready');
    // Seat 2's person loses their connection: nobody connected is waiting any more at the next ready.
    room = rooms.disconnect(room, 2, T0);
    const seq = room.seq;
    room = ok(rooms.ready(room, 1, room.seq, here, T0));
    assert.equal(matchPhase(room.match!), 'playing');
    assert.equal(room.seq, seq + 1);
    assert.ok(room.seats.every((s) => !s.ready), 'ready is cleared by the deal');
  });

  test('dealIfAllReady: a round waiting only on someone gone is dealt; otherwise nothing changes', () => {
    let room = playRound(ok(rooms.start(roomWith(3, { ...SETTINGS, players: 3, target: 1000 }).room, 0, T0)));
    assert.equal(matchPhase(room.match!), 'roundOver');
    assert.equal(rooms.dealIfAllReady(room, here, T0), room, 'nobody ready yet');
    room = ok(rooms.ready(room, 0, room.seq, here, T0));
    room = ok(rooms.ready(room, 1, room.seq, here, T0));
    assert.equal(rooms.dealIfAllReady(room, here, T0), room, 'seat 2 is connected and not ready');
    const dealt = rooms.dealIfAllReady(rooms.disconnect(room, 2, T0), here, T0);
    assert.equal(matchPhase(dealt.match!), 'playing');
    assert.equal(dealt.seq, room.seq + 1);
    const nobody = room.seats.reduce((r, _, seat) => rooms.disconnect(r, seat, T0), room);
    assert.equal(rooms.dealIfAllReady(nobody, here, T0), nobody, 'nobody connected: the room waits for them');
    assert.equal(rooms.dealIfAllReady(dealt, here, T0), dealt, 'a round being played');
  });

  test('new-match: only the host, only after the match', () => {
    const { room: lobby } = roomWith(2, { ...SETTINGS, players: 2, target: 1 });
    let room = ok(rooms.start(lobby, 0, T0));
    refused(rooms.newMatch(room, 0, T0), 'wrong-phase');
    // A round may end without a score (a blocked tie): play on until somebody wins.
    for (room = playRound(room); room.phase !== 'over'; room = playRound(ok(rooms.dealNextRound(room, T0))));
    assert.equal(room.phase, 'over');
    refused(rooms.newMatch(room, 1, T0), 'not-host');
    const again = ok(rooms.newMatch(room, 0, T0));
    assert.equal(again.phase, 'playing');
    assert.equal(again.seq, room.seq + 1);
    assert.deepEqual(gameOf(again).scores, [0, 0]);
  });

});

describe('due: when the clock acts', () => {
  test('nothing in the lobby, after the match, or while nobody is connected', () => {
    const { room } = roomWith(1);
    assert.equal(rooms.due(room, here, T0, TIMING), null);
    let started = ok(rooms.start(room, 0, T0));
    while (turnOf(started) === 0) started = ok(rooms.applyMove(started, 0, firstMove(started), T0));
    assert.equal(rooms.due(started, here, T0, TIMING)?.kind, 'computer');
    assert.equal(rooms.due(started, () => false, T0, TIMING), null, 'the process holding the only person is gone');
    assert.equal(rooms.due(rooms.disconnect(started, 0, T0), here, T0, TIMING), null);
  });

  test("a computer's turn is due at the tempo's pause; a connected person's turn never", () => {
    let room = ok(rooms.start(roomWith(1, { ...SETTINGS, players: 2 }).room, 0, T0));
    while (turnOf(room) === 0) room = ok(rooms.applyMove(room, 0, firstMove(room), T0 + 10));
    assert.deepEqual(rooms.due(room, here, T0 + 10, TIMING), { kind: 'computer', seat: 1, at: room.since + TIMING.computerMs });
    room = ok(rooms.applyMove(room, 1, firstMove(room), T0 + 20));
    if (turnOf(room) === 0) assert.equal(rooms.due(room, here, T0 + 20, TIMING), null);
  });

  test('a gone person is looked at again when the grace ends, then played for', () => {
    let room = ok(rooms.start(roomWith(2, { ...SETTINGS, players: 2 }).room, 0, T0));
    const seat = turnOf(room);
    room = rooms.disconnect(room, seat, T0 + 1000);
    assert.deepEqual(rooms.due(room, here, T0 + 1000, TIMING), { kind: 'recheck', at: T0 + 1000 + TIMING.graceMs });
    const later = T0 + 1000 + TIMING.graceMs;
    assert.deepEqual(rooms.due(room, here, later, TIMING), { kind: 'computer', seat, at: Math.max(room.since + TIMING.computerMs, later) });
    const info = rooms.roomInfo(room, here, later, TIMING.graceMs).seats[seat]!;
    assert.deepEqual([info.connected, info.away], [false, true]);
    const before = rooms.roomInfo(room, here, later - 1, TIMING.graceMs).seats[seat]!;
    assert.deepEqual([before.connected, before.away], [false, false]);
    room = rooms.connect(room, seat, HERE, later + 1);
    assert.equal(rooms.due(room, here, later + 1, TIMING), null, 'back: the person plays again');
    assert.equal(rooms.roomInfo(room, here, later + 1, TIMING.graceMs).seats[seat]!.away, false);
  });

  test('a gone person who is not to act is looked at again when the grace ends, so the others see them away', () => {
    let room = ok(rooms.start(roomWith(2, { ...SETTINGS, players: 2 }).room, 0, T0));
    const waiting = 1 - turnOf(room);
    room = rooms.disconnect(room, waiting, T0 + 1000);
    const awayAt = T0 + 1000 + TIMING.graceMs;
    assert.deepEqual(rooms.due(room, here, T0 + 1000, TIMING), { kind: 'recheck', at: awayAt });
    assert.equal(rooms.roomInfo(room, here, awayAt, TIMING.graceMs).seats[waiting]!.away, true);
    assert.equal(rooms.due(room, here, awayAt, TIMING), null, 'once away, nothing more is due while the other person thinks');
  });

  test("a person held by a process that died counts as gone since the room's last change", () => {
    let room = ok(rooms.start(roomWith(2, { ...SETTINGS, players: 2 }).room, 0, T0));
    room = { ...room, updatedAt: T0 + 500 };
    const seat = turnOf(room);
    // The other seat is held here (alive); this one by a process that no longer runs.
    room = { ...room, seats: room.seats.map((s, i) => (i === seat ? { ...s, connectedVia: 'dead' } : s)) };
    assert.deepEqual(rooms.due(room, here, T0 + 500, TIMING), { kind: 'recheck', at: T0 + 500 + TIMING.graceMs });
  });

  test('after a round the next deal is due nextRoundMs after it ended', () => {
    const room = playRound(ok(rooms.start(roomWith(2, { ...SETTINGS, players: 2, target: 1000 }).room, 0, T0)));
    assert.equal(matchPhase(room.match!), 'roundOver');
    assert.deepEqual(rooms.due(room, here, T0, TIMING), { kind: 'next-round', at: room.since + TIMING.nextRoundMs });
    const readied = ok(rooms.ready(room, 0, room.seq, here, T0 + 7));
    assert.deepEqual(rooms.due(readied, here, T0 + 7, TIMING), { kind: 'next-round', at: room.since + TIMING.nextRoundMs }, 'a ready does not restart the wait');
    assert.equal(rooms.due({ ...room, phase: 'over' }, here, T0, TIMING), null);
  });
});

describe('expiresAt', () => {
  test('a lobby an hour from its last change; a started room a day after its last person left', () => {
    const { room } = roomWith(1);
    const now = T0 + 123;
    assert.equal(rooms.expiresAt(room, here, now, TTL), now + TTL.lobbyMs);
    const started = ok(rooms.start(room, 0, T0));
    assert.equal(rooms.expiresAt(started, here, now, TTL), now + TTL.idleMs + TTL.lobbyMs);
    assert.equal(rooms.expiresAt(rooms.disconnect(started, 0, now), here, now, TTL), now + TTL.idleMs);
    assert.equal(rooms.expiresAt(started, () => false, now, TTL), now + TTL.idleMs);
  });
});

describe('room info', () => {
  test('names people only, and flags who is connected, ready and away; no token, no seed, no tile', () => {
    const { room } = roomWith(2, { ...SETTINGS, players: 3 });
    const started = ok(rooms.start(room, 0, T0));
    const info = rooms.roomInfo(rooms.disconnect(started, 1, T0), here, T0 + TIMING.graceMs, TIMING.graceMs);
    assert.deepEqual(info, {
      id: room.id,
      phase: 'playing',
      host: 0,
      settings: { ...SETTINGS, players: 3 },
      seats: [
        { seat: 0, name: 'Host', kind: 'human', connected: true, ready: false, away: false },
        { seat: 1, name: 'P1', kind: 'human', connected: false, ready: false, away: true },
        { seat: 2, name: null, kind: 'computer', connected: false, ready: true, away: false },
      ],
      watchers: 0,
      // The next deal's secret only as its commitment; the current round's not at all.
      nextDeal: { version: 1, commitment: sha256Hex(started.deals.next.serverSeed) },
      newcomers: true,
    });
    const text = JSON.stringify(info);
    assert.ok(!text.includes(started.deals.next.serverSeed) && !text.includes(started.deals.current!.serverSeed));
    assert.ok(!text.includes(started.secrets.invite!) && !text.includes(started.secrets.watch!), 'no key of the room');
  });
});

describe('who else must hear of a change', () => {
  test("another process, while a seat is connected through it or it counted spectators; never the process asking", () => {
    const { room } = roomWith(3);
    assert.equal(othersHold(room, HERE), false, 'every seat here');
    const elsewhere = rooms.connect(room, 2, 'other', T0);
    assert.equal(othersHold(elsewhere, HERE), true, "a seat's connection on another process");
    assert.equal(othersHold(elsewhere, 'other'), true, 'and for that process, the seats here');
    assert.equal(othersHold(rooms.disconnect(elsewhere, 2, T0), HERE), false, 'that seat gone: nobody else');
    const watched = ok(applyEntry(room, { type: 'watchers', at: T0, via: 'other', count: 2 }));
    assert.equal(othersHold(watched, HERE), true, 'spectators on another process');
    assert.equal(othersHold(ok(applyEntry(watched, { type: 'watchers', at: T0, via: 'other', count: 0 })), HERE), false, 'until they left');
    assert.equal(othersHold(ok(applyEntry(room, { type: 'watchers', at: T0, via: HERE, count: 1 })), HERE), false, 'spectators here are here');
  });
});

describe('access', () => {
  test('the host closes the room to newcomers and opens it again, at any time; nobody else may', () => {
    const { room } = roomWith(2);
    refused(applyEntry(room, { type: 'newcomers', at: T0, seat: 1, allowed: false }), 'not-host');
    const closedLobby = ok(applyEntry(room, { type: 'newcomers', at: T0, seat: 0, allowed: false }));
    assert.equal(closedLobby.newcomers, false);
    assert.equal(closedLobby.seq, room.seq, 'no change of the match');
    refused(rooms.join(closedLobby, 'Eve', T0), 'room-closed');
    const started = ok(rooms.start(room, 0, T0));
    const closed = ok(applyEntry(started, { type: 'newcomers', at: T0, seat: 0, allowed: false }));
    refused(rooms.join(closed, 'Late', T0), 'room-closed');
    assert.equal(rooms.roomInfo(closed, here, T0, TIMING.graceMs).newcomers, false);
    const reopened = ok(applyEntry(closed, { type: 'newcomers', at: T0, seat: 0, allowed: true }));
    assert.equal(ok(rooms.join(reopened, 'Late', T0)).seat, 2, 'a computer’s seat again');
  });

  test('a room made before keys gets its watch key once; a second is refused and changes nothing', () => {
    const { room } = roomWith(2);
    const keyless = { ...room, secrets: { invite: room.id, watch: null } };
    const key = randomId();
    const minted = ok(applyEntry(keyless, { type: 'watch-key', at: T0, key }));
    assert.deepEqual(minted.secrets, { invite: room.id, watch: key });
    assert.equal(minted.seq, room.seq);
    refused(applyEntry(minted, { type: 'watch-key', at: T0, key: randomId() }), 'wrong-phase');
  });
});
