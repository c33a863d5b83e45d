/**
 * What server processes publish on Redis, as Redis runs it: MONITOR shows every command, those a Lua
 * script runs too (an append's notice), and the SPUBLISH of a sharded channel, which no pattern
 * subscription can hear.
 */
import { Redis } from 'ioredis';

export interface Published {
  /** PUBLISH or SPUBLISH, as run. */
  command: string;
  channel: string;
  message: string;
  /** The port of the Redis that ran it. */
  port: number;
}

/** Starts recording into `published` what the Redis at `node` runs of PUBLISH and SPUBLISH; disconnect() stops. */
export async function publishedOn(node: { host: string; port: number }, published: Published[]): Promise<Redis> {
  // monitor() opens a connection of its own: the one it is called on never connects.
  const monitor = await new Redis(node.port, node.host, { lazyConnect: true }).monitor();
  // A node killed by a test: the monitor connects again once it is back, and records on.
  monitor.on('error', () => undefined);
  monitor.on('monitor', (_time: string, args: string[]) => {
    const command = String(args[0]).toUpperCase();
    if (command === 'PUBLISH' || command === 'SPUBLISH') published.push({ command, channel: args[1]!, message: args[2]!, port: node.port });
  });
  return monitor;
}
