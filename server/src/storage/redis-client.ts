/**
 * The server's connections to Redis: one Redis (`--redis URL`) or a Redis Cluster (`--redis-cluster`
 * seed nodes), for commands (the room log, the heartbeat) or for listening (sharded pub/sub).
 *
 * A Redis or a cluster node that is away must cost a move a prompt `unavailable`, not a wait: commands
 * never queue while a connection is down, each is retried at most once (one Redis) or redirected three
 * times 150 ms apart (a cluster: MOVED, ASK, a node restarting, a failover), and one left unanswered
 * for COMMAND_TIMEOUT_MS fails; the room log bounds the whole (STORAGE_DEADLINE_MS in redis.ts). The
 * connections themselves reconnect for ever, a second apart at most, so play goes on once Redis is back.
 */
import { Cluster, Redis, type ClusterNode } from 'ioredis';
import type { RedisClient } from './redis.js';

export type RedisTarget = { url: string } | { cluster: ClusterNode[] };
export type RedisRole = 'commands' | 'subscriber';

const CONNECT_TIMEOUT_MS = 1_000;
const COMMAND_TIMEOUT_MS = 1_500;
const CLUSTER_REDIRECTIONS = 3;
const CLUSTER_RETRY_DELAY_MS = 150;
const reconnectDelay = (attempt: number) => Math.min(100 * attempt, 1_000);

/** One Redis, counting the commands it sends: every one passes sendCommand, pipelined or not. */
class CountingRedis extends Redis {
  sent = 0;
  override sendCommand(...args: Parameters<Redis['sendCommand']>): ReturnType<Redis['sendCommand']> {
    this.sent++;
    return super.sendCommand(...args);
  }
}

/** A Redis Cluster, counting the commands it sends (as it takes them, before it picks their node). */
class CountingCluster extends Cluster {
  sent = 0;
  override sendCommand(...args: Parameters<Cluster['sendCommand']>): ReturnType<Cluster['sendCommand']> {
    this.sent++;
    return super.sendCommand(...args);
  }
}

/** The commands a client of redisClient sent so far (0 for any other client). */
export function commandsSent(client: RedisClient): number {
  return client instanceof CountingRedis || client instanceof CountingCluster ? client.sent : 0;
}

/**
 * A client not yet connected (call `connect()`). Each command is written as it is sent, and many are
 * in flight at once on the connection. Not autopipelined: ioredis's autopipelining builds a Pipeline
 * for each turn's commands and keeps one in flight at a time; at a move's pace, where a turn sends one
 * command, that cost about twice the CPU of the command written alone (and a busy turn's 300 appends
 * no less: bench/redis-log.ts). A subscriber's subscriptions wait for the connection (and ioredis
 * subscribes again after a reconnect); a cluster's subscriber listens on every master (one
 * connection each), following the slots when they move.
 */
export function redisClient(target: RedisTarget, role: RedisRole): RedisClient {
  const commands = role === 'commands';
  const connectionName = `domino-${role}`;
  if ('url' in target) {
    return new CountingRedis(target.url, {
      lazyConnect: true,
      enableOfflineQueue: !commands,
      maxRetriesPerRequest: 1,
      connectTimeout: CONNECT_TIMEOUT_MS,
      ...(commands ? { commandTimeout: COMMAND_TIMEOUT_MS } : {}),
      retryStrategy: reconnectDelay,
      connectionName,
    });
  }
  return new CountingCluster(target.cluster, {
    lazyConnect: true,
    enableOfflineQueue: !commands,
    shardedSubscribers: !commands,
    maxRedirections: CLUSTER_REDIRECTIONS,
    retryDelayOnFailover: CLUSTER_RETRY_DELAY_MS,
    retryDelayOnClusterDown: CLUSTER_RETRY_DELAY_MS,
    retryDelayOnTryAgain: CLUSTER_RETRY_DELAY_MS,
    clusterRetryStrategy: reconnectDelay,
    redisOptions: {
      connectionName,
      connectTimeout: CONNECT_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      ...(commands ? { commandTimeout: COMMAND_TIMEOUT_MS } : {}),
    },
  });
}

/**
 * The seed nodes of `--redis-cluster`: `host:port` separated by commas (`[::1]:7000` for an IPv6
 * address). Throws a message for the person who typed them.
 */
export function parseClusterNodes(text: string): ClusterNode[] {
  const nodes = text.split(',').map((part) => part.trim()).filter(Boolean).map((part) => {
    const found = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s]+):(\d{1,5})$/.exec(part);
    const port = Number(found?.[2]);
    if (!found || !(port >= 1 && port <= 65535)) throw new Error(`"${part}" is not a host:port like 10.0.0.5:6379`);
    return { host: found[1]!.replace(/^\[(.*)\]$/, '$1'), port };
  });
  if (nodes.length === 0) throw new Error('give at least one node as host:port');
  return nodes;
}
