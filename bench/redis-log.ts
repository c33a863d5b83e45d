/**
 * The room log's cost an append on one Redis and on a Redis Cluster of three masters, without sockets
 * or rooms: `rooms` rooms append one entry each, all at once (as a busy server's turn of the event loop
 * does), `rounds` times, through the server's own clients (storage/redis-client.ts).
 * Prints, for each, appends/s and CPU µs an append of this process and of the redis-server(s), and the
 * cluster's ratios to one Redis (figures of one run on one machine: compare the ratios).
 *
 *   node --import tsx bench/redis-log.ts [--rooms 300] [--rounds 40]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startRedis, startRedisCluster } from '../scripts/local-redis.mjs';
import { RedisLog } from '../server/src/storage/redis.js';
import { redisClient, type RedisTarget } from '../server/src/storage/redis-client.js';

const { values } = parseArgs({ options: { rooms: { type: 'string', default: '300' }, rounds: { type: 'string', default: '40' } } });
const rooms = Number(values.rooms);
const rounds = Number(values.rounds);

/** CPU time of a process so far (ms), from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Figures {
  appendsPerSecond: number;
  clientUs: number;
  redisUs: number;
}

async function measure(target: RedisTarget, pids: () => number[]): Promise<Figures> {
  const client = redisClient(target, 'commands');
  await client.connect();
  const log = new RedisLog(client);
  const expiresAt = Date.now() + 600_000;
  const ids = Array.from({ length: rooms }, (_, i) => `bench-${process.pid}-${i}`);
  await Promise.all(ids.map((id) => log.create(id, '{"room":"snapshot"}', expiresAt)));
  const versions = ids.map(() => 1);
  const entry = JSON.stringify({ type: 'move', seat: 1, move: { type: 'play', tile: [6, 4], end: 'left' }, at: Date.now() });
  const round = () => Promise.all(ids.map(async (id, i) => {
    if (!(await log.append(id, versions[i]!, [entry], null, expiresAt))) throw new Error(`append refused on ${id}`);
    versions[i]!++;
  }));
  for (let r = 0; r < 3; r++) await round();
  const redisBefore = pids().map(cpuMs).reduce((a, b) => a + b, 0);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  for (let r = 0; r < rounds; r++) await round();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(clientBefore);
  const redisMs = pids().map(cpuMs).reduce((a, b) => a + b, 0) - redisBefore;
  client.disconnect();
  const appends = rooms * rounds;
  return { appendsPerSecond: appends / seconds, clientUs: (used.user + used.system) / appends, redisUs: (redisMs * 1000) / appends };
}

const single = await startRedis({ fsync: 'everysec' });
const cluster = await startRedisCluster({ masters: 3, fsync: 'everysec' });
try {
  const one = await measure({ url: single.url }, () => [single.pid]);
  const three = await measure({ cluster: cluster.nodes.map((n) => ({ host: n.host, port: n.port })) }, () => cluster.nodes.map((n) => n.pid));
  const line = (name: string, f: Figures) =>
    `${name.padEnd(26)} ${f.appendsPerSecond.toFixed(0).padStart(7)} appends/s   client ${f.clientUs.toFixed(1).padStart(6)} µs   redis ${f.redisUs.toFixed(1).padStart(6)} µs   total ${(f.clientUs + f.redisUs).toFixed(1).padStart(6)} µs an append`;
  console.log(`RedisLog appends: ${rooms} rooms × ${rounds} rounds, one entry each, all at once`);
  console.log(line('one Redis', one));
  console.log(line('Redis Cluster, 3 masters', three));
  console.log(`cluster / one Redis: CPU an append ${((three.clientUs + three.redisUs) / (one.clientUs + one.redisUs)).toFixed(2)}×, client ${(three.clientUs / one.clientUs).toFixed(2)}×, redis ${(three.redisUs / one.redisUs).toFixed(2)}×, appends/s ${(three.appendsPerSecond / one.appendsPerSecond).toFixed(2)}×`);
} finally {
  await Promise.all([single.stop(), cluster.stop()]);
}
