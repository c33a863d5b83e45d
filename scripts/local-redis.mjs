// Real redis-server processes on free loopback ports, for the server's tests, its bench and a local
// cluster: one Redis (`startRedis`) or a Redis Cluster of masters without replicas (`startRedisCluster`).
// Debian's redis-server and redis-cli (Redis 7: sharded pub/sub, `cluster-port`) must be installed.
// Each process is started in the foreground (`--daemonize no`) so that it dies with its parent's stop().
import { spawn, execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const HOST = '127.0.0.1';
/** A ceiling for a busy machine: a redis-server that did not start by then is killed and said. */
const START_TIMEOUT_MS = 60_000;

/** A port nobody listens on now (the kernel's pick; a process started right after takes it). */
export async function freePort() {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * `fsync`: 'always' (an acknowledged write survives a SIGKILL: the tests), 'everysec' (the setting the
 * README gives for production) or 'none' (no append-only file: a restart starts empty).
 */
function persistence(fsync) {
  if (fsync === 'none') return ['--appendonly', 'no'];
  if (fsync === 'always' || fsync === 'everysec') return ['--appendonly', 'yes', '--appendfsync', fsync];
  throw new Error(`fsync must be 'always', 'everysec' or 'none', not ${String(fsync)}`);
}

function launch(args) {
  const child = spawn('redis-server', ['--bind', HOST, '--save', '', '--daemonize', 'no', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    const settle = () => {
      clearTimeout(timer);
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      child.stderr.resume();
    };
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        settle();
        resolve(child);
      }
    });
    child.once('error', (error) => {
      settle();
      reject(new Error(`redis-server could not be started (is Debian's redis-server installed?): ${error.message}`));
    });
    child.once('exit', (code) => {
      settle();
      reject(new Error(`redis-server exited with ${String(code)}:\n${output}`));
    });
  });
}

/** One redis-server on `port` with its files in `dir`: kill() and start() again keep both. */
async function redisProcess(port, dir, args) {
  let child = await launch(['--port', String(port), '--dir', dir, ...args]);
  const signal = async (name) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(name);
    await exited;
  };
  return {
    host: HOST,
    port,
    get pid() {
      return child.pid;
    },
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    async start() {
      if (child.exitCode === null && child.signalCode === null) return;
      child = await launch(['--port', String(port), '--dir', dir, ...args]);
    },
  };
}

/**
 * One Redis: `{ host, port, url, pid, stop(), kill(), start() }`. Its files go to `dir` (kept), or to a
 * temporary folder removed by stop(). kill() is a SIGKILL (nothing flushed beyond what was written);
 * start() starts it again on the same port and files.
 */
export async function startRedis({ dir, fsync = 'everysec' } = {}) {
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'domino-redis-'));
  const server = await redisProcess(await freePort(), folder, persistence(fsync));
  return {
    ...server,
    get pid() {
      return server.pid;
    },
    url: `redis://${HOST}:${server.port}`,
    async stop() {
      await server.stop();
      if (!dir) rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function redisCli(port, ...args) {
  const { stdout } = await run('redis-cli', ['-h', HOST, '-p', String(port), ...args], { timeout: START_TIMEOUT_MS });
  return stdout;
}

/** Waits until every node says `cluster_state:ok` (its slots are all served) or throws after the ceiling. */
async function clusterReady(nodes) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const states = await Promise.all(nodes.map((node) => redisCli(node.port, 'cluster', 'info').catch((error) => String(error))));
    if (states.every((info) => info.includes('cluster_state:ok'))) return;
    if (Date.now() > deadline) throw new Error(`the Redis Cluster did not become ok:\n${states.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A Redis Cluster of `masters` masters (at least 3) and no replicas: `{ nodes: [{ host, port, pid,
 * kill(), start() }], seeds, stop() }` (`seeds`: every node as `host:port,host:port,…`, the value of the
 * server's `--redis-cluster`), ready when it resolves (cluster_state:ok). A node's start() after its
 * kill() keeps its identity and slots (its nodes.conf) and resolves once the cluster is ok again;
 * its keys survive only with an append-only file (`fsync` 'always' or 'everysec'; default 'none').
 * `nodeTimeoutMs` is cluster-node-timeout: how long a node may be silent before the others mark it failed.
 */
export async function startRedisCluster({ masters = 3, fsync = 'none', nodeTimeoutMs = 5000, dir } = {}) {
  if (!Number.isInteger(masters) || masters < 3) throw new Error(`a Redis Cluster needs at least 3 masters, not ${String(masters)}`);
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'domino-redis-cluster-'));
  const started = [];
  try {
    for (let i = 0; i < masters; i++) {
      const nodeDir = join(folder, `node-${i}`);
      mkdirSync(nodeDir, { recursive: true });
      // The bus port is chosen too (Redis 7's cluster-port): port + 10000 may be taken on a shared machine.
      const busPort = await freePort();
      const args = ['--cluster-enabled', 'yes', '--cluster-config-file', join(nodeDir, 'nodes.conf'), '--cluster-port', String(busPort), '--cluster-node-timeout', String(nodeTimeoutMs), ...persistence(fsync)];
      started.push(await redisProcess(await freePort(), nodeDir, args));
    }
    await redisCli(started[0].port, '--cluster', 'create', ...started.map((node) => `${HOST}:${node.port}`), '--cluster-replicas', '0', '--cluster-yes');
    await clusterReady(started);
  } catch (error) {
    await Promise.all(started.map((node) => node.kill()));
    if (!dir) rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const nodes = started.map((node) => ({
    host: node.host,
    port: node.port,
    get pid() {
      return node.pid;
    },
    kill: () => node.kill(),
    async start() {
      await node.start();
      await clusterReady(started);
    },
  }));
  return {
    nodes,
    seeds: nodes.map((node) => `${node.host}:${node.port}`).join(','),
    async stop() {
      await Promise.all(started.map((node) => node.stop()));
      if (!dir) rmSync(folder, { recursive: true, force: true });
    },
  };
}
