/**
 * The cluster the matchmaking bench seeks on, as docs/DEPLOY.md deploys one: a redis-server of its own
 * (appendfsync everysec), N room servers as they ship (compiled, `--trust-proxy`, the per-address limits
 * raised: every seeker is on 127.0.0.1) with their default pools, and nginx with deploy/nginx.conf in
 * front. Also what Redis holds at the end: every quick-match table's room and who the pool seated there,
 * the server's own record to check the seekers' against.
 */
import { loadavg } from 'node:os';
import { ensureServerBuilt, SERVER_ENTRY } from '../scripts/ensure-built.mjs';
import { startNginx } from '../scripts/local-nginx.mjs';
import { startRedis } from '../scripts/local-redis.mjs';
import { RAISED_LIMITS } from '../scripts/raised-limits.mjs';
import { restore } from '../server/src/rooms/room-history.js';
import { redisClient } from '../server/src/storage/redis-client.js';
import { RedisLog } from '../server/src/storage/redis.js';
import type { StoredTable } from './matchmaking-tally.js';
import { listening, node } from './server.js';

export interface QuickMatchCluster {
  /** nginx's WebSocket endpoint (`ws://…/ws`). */
  wsUrl: string;
  /** SIGKILLs the server process `index` (its connections drop; nginx passes over it). */
  kill(index: number): void;
  /** Every quick-match table Redis holds. */
  tables(): Promise<StoredTable[]>;
  stop(): Promise<void>;
}

export async function startQuickMatchCluster(processes: number): Promise<QuickMatchCluster> {
  ensureServerBuilt();
  const redis = await startRedis({ fsync: 'everysec' });
  const env = { ...process.env, LOG_LEVEL: 'warn' };
  const args = [SERVER_ENTRY, '--port', '0', '--host', '127.0.0.1', '--redis', redis.url, '--static', 'none', '--trust-proxy', ...RAISED_LIMITS];
  const servers = await Promise.all(Array.from({ length: processes }, () => listening(node(args, env, false), 'the room server')));
  const nginx = await startNginx({ servers: servers.map((s) => new URL(s.url).host) });
  return {
    wsUrl: `${nginx.url.replace('http', 'ws')}/ws`,
    kill(index) {
      servers[index]!.child.kill('SIGKILL');
    },
    async tables() {
      const client = redisClient({ url: redis.url }, 'commands');
      await client.connect();
      try {
        const log = new RedisLog(client);
        const found: StoredTable[] = [];
        let cursor = '0';
        do {
          const [next, keys] = await client.scan(cursor, 'MATCH', 'domino:room:{*', 'COUNT', 1000);
          cursor = next;
          for (const key of keys) {
            const room = /^domino:room:\{([^{}]+)\}$/.exec(key)?.[1];
            const stored = room ? await log.load(room) : null;
            const rated = stored ? restore(stored).state.rated : undefined;
            if (room && rated) found.push({ room, players: rated.players.map((p) => p?.id ?? null) });
          }
        } while (cursor !== '0');
        return found;
      } finally {
        client.disconnect();
      }
    },
    async stop() {
      await nginx.stop();
      await Promise.all(servers.map((s) => s.stop()));
      await redis.stop();
    },
  };
}

/** The load average (1, 5, 15 minutes), to print beside a figure measured on a shared machine. */
export const loadNow = () => loadavg().map((n) => n.toFixed(1)).join(' ');
