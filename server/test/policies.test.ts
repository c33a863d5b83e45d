/**
 * The room settings' policies, decided by the pure core from the room alone: which key opens what, watching and quick
 * phrases follow the host's switches (on when a room stored before them has none), and the room's
 * clock takes its computers' pace from the tempo and its turn clock from the setting, scaled.
 */
import { randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TEMPOS, TEMPO_DELAYS } from 'domino-game/machine';
import { roomRules, type RoomSettings } from 'domino-game/protocol';
import { accessRefusal, phraseRefusal, roomTiming, type Access } from '../src/core/policies.js';
import { newRoom, type RoomState } from '../src/core/room.js';
import { hashToken, randomId } from '../src/tokens.js';

const BASE: RoomSettings = { variant: 'draw', players: 2, level: 'easy', tempo: 'normal', target: 100 };
const roomWith = (settings: RoomSettings): RoomState =>
  newRoom({ id: randomId(), serverSeed: randomBytes(32).toString('hex'), name: 'Ann', tokenHash: hashToken(randomId()), settings, secrets: { invite: randomId(), watch: randomId() }, at: 0 });
const SERVER = { graceMs: 60_000, nextRoundMs: 30_000 };

describe('room policies', () => {
  test('the invite joins, peeks and watches; the watch key only watches; the id, another key or none opens nothing', () => {
    const room = roomWith(BASE);
    const { invite, watch } = room.secrets;
    const cases: [Access, string | undefined, string | null][] = [
      ['join', invite!, null],
      ['peek', invite!, null],
      ['watch', invite!, null],
      ['watch', watch!, null],
      ['join', watch!, 'bad-key'],
      ['peek', watch!, 'bad-key'],
      ['join', undefined, 'bad-key'],
      ['peek', undefined, 'bad-key'],
      ['watch', undefined, 'bad-key'],
      ['join', room.id, 'bad-key'],
      ['watch', room.id, 'bad-key'],
      ['join', randomId(), 'bad-key'],
      ['watch', randomId(), 'bad-key'],
    ];
    for (const [access, key, code] of cases) {
      assert.equal(accessRefusal(room, access, key)?.code ?? null, code, `${access} with ${key === invite ? 'the invite' : key === watch ? 'the watch key' : key === room.id ? 'the id' : (key ?? 'no key')}`);
    }
  });

  test('a room without an invite (nobody may be invited) refuses every key but the watch key, which watches', () => {
    const room = { ...roomWith(BASE), secrets: { invite: null, watch: randomId() } };
    for (const access of ['join', 'peek', 'watch'] as const) assert.equal(accessRefusal(room, access, undefined)?.code, 'bad-key', access);
    assert.equal(accessRefusal(room, 'join', room.secrets.watch)?.code, 'bad-key');
    assert.equal(accessRefusal(room, 'watch', room.secrets.watch), null);
  });

  test('a room made before keys: its id is its invite (so the links people hold still work), and a key left out stands for it', () => {
    const room = { ...roomWith(BASE), secrets: { invite: null, watch: null } };
    const legacy = { ...room, secrets: { invite: room.id, watch: null } };
    for (const access of ['join', 'peek', 'watch'] as const) {
      assert.equal(accessRefusal(legacy, access, undefined), null, `${access} without a key`);
      assert.equal(accessRefusal(legacy, access, legacy.id), null, `${access} with the id`);
      assert.equal(accessRefusal(legacy, access, randomId())?.code, 'bad-key', `${access} with another key`);
    }
  });

  test('a watch link opens the table unless the host turned watching off; a wrong key hears only that it is wrong', () => {
    const on = roomWith({ ...BASE, spectators: true });
    assert.equal(accessRefusal(on, 'watch', on.secrets.watch!), null);
    const off = roomWith({ ...BASE, spectators: false });
    const refused = accessRefusal(off, 'watch', off.secrets.watch!);
    assert.equal(refused?.code, 'watching-off');
    assert.match(refused.message, /watching off/);
    assert.equal(accessRefusal(off, 'watch', randomId())?.code, 'bad-key', 'the key is checked first');
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
    assert.equal(roomTiming({ ...BASE, tempo: 'slow' }, { ...SERVER, computerPauseScale: 4 }).computerMs, TEMPO_DELAYS.slow.move * 4, 'a longer pause for tests');
    assert.equal(roomTiming({ ...BASE, clock: 0 }, SERVER).turnMs, 0, 'no turn clock');
    assert.equal(roomTiming({ ...BASE, clock: 30 }, SERVER).turnMs, 30_000);
    assert.equal(roomTiming({ ...BASE, clock: 30 }, { ...SERVER, clockScale: 0.01 }).turnMs, 300, 'scaled for tests');
  });
});
