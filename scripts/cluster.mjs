// `npm run cluster -- --processes 3 [--port 8080] [--redis-cluster]`: a real local cluster, as
// docs/DEPLOY.md deploys one. It starts a redis-server of its own (free loopback port, its data in a
// temporary folder), N room servers as `npm start` runs them (the compiled server, built first when
// stale; each on a free loopback port, on that Redis, --trust-proxy, its /metrics on a loopback port of
// its own) and nginx with the shipped
// deploy/nginx.conf in front of them (scripts/local-nginx.mjs), prints the demo's URL through nginx,
// and stops them all on Ctrl-C or SIGTERM (or when one of them exits by itself).
//
//   --processes N     room server processes, default 3
//   --port P          nginx's port on 127.0.0.1, default a free one
//   --redis-cluster   a local Redis Cluster of 3 masters instead of one redis-server
//   -- FLAGS          passed on to every room server (e.g. -- --grace 20)
//
// Its redis-servers come from scripts/local-redis.mjs, as the tests' and the bench's do.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ensureServerBuilt, SERVER_ENTRY } from './ensure-built.mjs';
import { startNginx } from './local-nginx.mjs';
import { startRedis, startRedisCluster } from './local-redis.mjs';

function fail(message) {
  console.error(`npm run cluster: ${message}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: { processes: { type: 'string', default: '3' }, port: { type: 'string' }, 'redis-cluster': { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
} catch (error) {
  fail(error.message);
}
const processes = Number(parsed.values.processes);
if (!Number.isInteger(processes) || processes < 1 || processes > 32) fail(`--processes must be a whole number from 1 to 32, got "${parsed.values.processes}"`);
const port = parsed.values.port === undefined ? undefined : Number(parsed.values.port);
if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) fail(`--port must be a port number, got "${parsed.values.port}"`);
const serverFlags = parsed.positionals;

/**
 * Where the rooms are kept, and the room server flags that point at it: one redis-server, or a Redis
 * Cluster of three masters (`--redis-cluster` takes its nodes as seeds). Both append every write to a
 * file synced each second, the setting docs/DEPLOY.md gives for production.
 */
async function startStorage({ redisCluster }) {
  if (redisCluster) {
    const cluster = await startRedisCluster({ masters: 3, fsync: 'everysec' });
    const pids = cluster.nodes.map((node) => node.pid).join(', ');
    return { flags: ['--redis-cluster', cluster.seeds], describe: `a Redis Cluster of ${cluster.nodes.length} masters (${cluster.seeds}; pids ${pids})`, stop: () => cluster.stop() };
  }
  const redis = await startRedis({ fsync: 'everysec' });
  return { flags: ['--redis', redis.url], describe: `redis-server ${redis.url} (pid ${redis.pid})`, stop: () => redis.stop() };
}

/** One room server as `npm start` runs it; resolves with its URL and its metrics' once it listens. */
function startRoomServer(flags) {
  const child = spawn(process.execPath, [SERVER_ENTRY, '--port', '0', '--host', '127.0.0.1', '--trust-proxy', '--metrics-port', '0', ...flags], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    let metricsUrl = null;
    child.stdout.on('data', (chunk) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) {
        const found = /^listening on (http:\/\/\S+)$/.exec(line);
        const metrics = /^metrics on (http:\/\/\S+)$/.exec(line);
        if (metrics) metricsUrl = metrics[1];
        else if (found) resolve({ child, url: found[1], metricsUrl });
        else if (line.trim()) process.stdout.write(`[server ${child.pid}] ${line}\n`);
      }
    });
    child.once('exit', (code) => reject(new Error(`a room server exited with ${code} before it listened`)));
  });
}

const running = { storage: null, servers: [], nginx: null };
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('stopping nginx, the room servers (they drain: 1012 to every connection) and Redis…');
  await running.nginx?.stop().catch(() => undefined);
  await Promise.all(
    running.servers.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  await running.storage?.stop().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  ensureServerBuilt();
  running.storage = await startStorage({ redisCluster: parsed.values['redis-cluster'] });
  for (let i = 0; i < processes; i++) {
    const server = await startRoomServer([...running.storage.flags, ...serverFlags]);
    running.servers.push(server);
    server.child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`room server ${server.url} (pid ${server.child.pid}) exited (${code ?? signal}); nginx passes its rooms to the others`);
    });
  }
  running.nginx = await startNginx({ servers: running.servers.map((s) => new URL(s.url).host), port });
} catch (error) {
  console.error(`npm run cluster: ${error.message}`);
  await stopAll(1);
}

console.log(`rooms kept in ${running.storage.describe}`);
for (const { child, url, metricsUrl } of running.servers) console.log(`room server pid ${child.pid}: ${url} (its own /healthz), metrics at ${metricsUrl}`);
console.log(`nginx pid ${running.nginx.pid} with deploy/nginx.conf: every connection of a room to one process`);
console.log(`the demo through nginx: ${running.nginx.url}/demo/`);
console.log('Ctrl-C stops them all.');
