/**
 * A seek against a pool store that answers slowly (Redis, on a busy machine): the lease holder on another
 * process may seat the seeker as soon as the pool has it, before this process has its answers back. The
 * table's notice must still reach the seeker, after the `seeking` answer.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pino } from 'pino';
import type { ServerMessage } from 'domino-game/protocol';
import { MemoryPoolStore } from '../src/matchmaking/pool-store.js';
import { poolOf } from '../src/matchmaking/pools.js';
import { QuickMatch } from '../src/matchmaking/quick-match.js';
import type { PlayerService } from '../src/players/player-service.js';
import type { PlayerStore } from '../src/players/player-store.js';
import type { Client } from '../src/rooms/room-clients.js';

/** A memory pool whose `counts` waits until `release()`: Redis' answer still on its way. */
class SlowCounts extends MemoryPoolStore {
  private gate: Promise<void> | null = null;
  release = () => undefined as void;
  hold(): void {
    this.gate = new Promise((resolve) => (this.release = resolve));
  }
  override async counts(pools: readonly string[]): Promise<Map<string, number>> {
    await this.gate;
    return super.counts(pools);
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

test('a table formed while the seek waits for the store’s answers still reaches the seeker, after its seeking answer', async () => {
  const store = new SlowCounts();
  const sent: ServerMessage[] = [];
  const client = { id: 1, address: '127.0.0.1', send: (m: ServerMessage) => sent.push(m), sendText() {}, close() {}, room: null, seat: null, seq: -1 } as Client;
  const players = { identityOf: () => ({ id: 'ann', name: 'Ann', kind: 'anonymous' }) } as unknown as PlayerService;
  const playerStore = { skills: async () => new Map(), avoids: async () => ({ avoiding: [], avoidedBy: [] }), history: async () => [] } as unknown as PlayerStore;
  const quickMatch = new QuickMatch({
    pools: [poolOf('draw-2', { variant: 'draw', players: 2, target: 100 })],
    store,
    players,
    playerStore,
    processId: 'here',
    alive: () => true,
    fresh: () => true,
    makeTable: async () => 'room-1',
    log: pino({ level: 'silent' }),
  });

  store.hold();
  const seeking = quickMatch.seek(client, 'draw-2', false);
  let waiting = await store.seekers('draw-2');
  while (waiting.length === 0) {
    await flush();
    waiting = await store.seekers('draw-2');
  }
  // The lease holder, elsewhere, seats it now.
  assert.ok(await store.take('draw-2', ['ann']));
  await store.announce({ pool: 'draw-2', room: 'room-1', seats: [{ id: 'ann', seat: 0, tokenHash: waiting[0]!.tokenHash }] });
  await flush();
  assert.equal(sent.length, 0, 'nothing before the seeking answer');
  store.release();
  await seeking;

  assert.deepEqual(
    sent.map((m) => m.type),
    ['seeking', 'matched'],
  );
  const matched = sent[1] as Extract<ServerMessage, { type: 'matched' }>;
  assert.deepEqual([matched.room, matched.seat], ['room-1', 0]);
});
