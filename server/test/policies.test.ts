/**
 * The room settings' policies, decided by the pure core from the room alone: watching and quick
 * phrases follow the host's switches (on when a room stored before them has none), and the room's
 * clock takes its computers' pace from the tempo and its turn clock from the setting, scaled.
 */
import { randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TEMPOS, TEMPO_DELAYS } from 'domino-game/machine';
import { roomRules, type RoomSettings } from 'domino-game/protocol';
import { phraseRefusal, roomTiming, watchRefusal } from '../src/core/policies.js';
import { newRoom, type RoomState } from '../src/core/room.js';
import { hashToken, randomId } from '../src/tokens.js';

const BASE: RoomSettings = { variant: 'draw', players: 2, level: 'easy', tempo: 'normal', target: 100 };
const roomWith = (settings: RoomSettings): RoomState =>
  newRoom({ id: randomId(), serverSeed: randomBytes(32).toString('hex'), name: 'Ann', tokenHash: hashToken(randomId()), settings, at: 0 });
const SERVER = { graceMs: 60_000, nextRoundMs: 30_000 };

describe('room policies', () => {
  test('a watch link opens the table unless the host turned watching off', () => {
    assert.equal(watchRefusal(roomWith(BASE)), null, 'absent: watching is on');
    assert.equal(watchRefusal(roomWith({ ...BASE, spectators: true })), null);
    const refused = watchRefusal(roomWith({ ...BASE, spectators: false }));
    assert.equal(refused?.code, 'watching-off');
    assert.match(refused.message, /watching off/);
  });

  test('quick phrases pass unless the host turned them off', () => {
    assert.equal(phraseRefusal(roomWith(BASE)), null, 'absent: phrases are on');
    assert.equal(phraseRefusal(roomWith({ ...BASE, phrases: true })), null);
    assert.equal(phraseRefusal(roomWith({ ...BASE, phrases: false }))?.code, 'phrases-off');
  });

  test("the room's clock: the computers' pace by tempo, the turn clock by the setting, the server's timings as they are", () => {
    for (const tempo of TEMPOS) {
      const timing = roomTiming({ ...BASE, tempo }, SERVER);
      assert.equal(timing.computerMs, TEMPO_DELAYS[tempo].move, tempo);
      assert.equal(timing.graceMs, SERVER.graceMs);
      assert.equal(timing.nextRoundMs, SERVER.nextRoundMs);
    }
    const { tempo: defaultTempo } = roomRules({ ...BASE, tempo: undefined });
    assert.equal(roomTiming({ ...BASE, tempo: undefined }, SERVER).computerMs, TEMPO_DELAYS[defaultTempo].move, 'absent: the default tempo');
    assert.equal(roomTiming({ ...BASE, clock: 0 }, SERVER).turnMs, 0, 'no turn clock');
    assert.equal(roomTiming({ ...BASE, clock: 30 }, SERVER).turnMs, 30_000);
    assert.equal(roomTiming({ ...BASE, clock: 30 }, { ...SERVER, clockScale: 0.01 }).turnMs, 300, 'scaled for tests');
  });
});
