export type Fsync = 'always' | 'everysec' | 'none';

/** A redis-server process: kill() is a SIGKILL, start() starts it again on the same port and files. */
export interface LocalRedisNode {
  readonly host: string;
  readonly port: number;
  readonly pid: number;
  kill(): Promise<void>;
  start(): Promise<void>;
}

export interface LocalRedis extends LocalRedisNode {
  readonly url: string;
  /** Stops it (SIGTERM) and removes its temporary folder (a `dir` given is kept). */
  stop(): Promise<void>;
}

export interface LocalRedisCluster {
  readonly nodes: LocalRedisNode[];
  /** Every node as `host:port`, joined by commas: the room server's `--redis-cluster` value. */
  readonly seeds: string;
  stop(): Promise<void>;
}

/** A port nobody listens on now on 127.0.0.1. */
export function freePort(): Promise<number>;
/** One redis-server on a free loopback port; `fsync` defaults to 'everysec'. */
export function startRedis(options?: { dir?: string; fsync?: Fsync }): Promise<LocalRedis>;
/**
 * A Redis Cluster of `masters` (default 3, at least 3) masters without replicas on free loopback ports,
 * cluster_state:ok when it resolves; `fsync` defaults to 'none' (a restarted node starts empty).
 */
export function startRedisCluster(options?: { masters?: number; fsync?: Fsync; nodeTimeoutMs?: number; dir?: string }): Promise<LocalRedisCluster>;
