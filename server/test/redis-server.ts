/**
 * Real redis-servers (Debian's package) for the tests of several server processes, through
 * scripts/local-redis.mjs: one Redis, or a Redis Cluster of three masters. Both keep an append-only
 * file synced on every write unless told otherwise, so that an acknowledged write survives a SIGKILL
 * and a restart keeps the rooms.
 */
import { startRedis as startLocalRedis, startRedisCluster, type Fsync, type LocalRedis, type LocalRedisCluster } from '../../scripts/local-redis.mjs';

export type RedisProcess = LocalRedis;
export type RedisClusterProcesses = LocalRedisCluster;

/** `fsync`: `always` for the tests; a bench uses `everysec`, the setting the README gives for production. */
export function startRedis(options: { fsync?: Fsync } = {}): Promise<RedisProcess> {
  return startLocalRedis({ fsync: options.fsync ?? 'always' });
}

/** Three masters whose writes survive a node's SIGKILL; `--redis-cluster`'s seed nodes are `clusterSeeds`. */
export function startCluster(options: { fsync?: Fsync } = {}): Promise<RedisClusterProcesses> {
  return startRedisCluster({ masters: 3, fsync: options.fsync ?? 'always' });
}

export const clusterSeeds = (cluster: RedisClusterProcesses) => cluster.seeds;
