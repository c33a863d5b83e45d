/**
 * What server processes announce to each other. Alone, a process is the only one alive and announces to nobody.
 * Over Redis (one server or a cluster), each process beats every few seconds in a sorted set (a process
 * that stops beating holds no connection any more), and it hears each saved change's `version` on the
 * room's sharded channel (the store's append announces it, in the same step, while another process
 * holds a connection of the room: storage/redis.ts; in a cluster only the room's shard carries it) —
 * never a state, a view, a tile or
 * a token: a process holding connections for the room loads what it lacks and sends its own seats
 * their views. A quick phrase, never stored, crosses as a notice of its seat
 * and id on the same channel.
 */
import { Cluster as RedisClusterClient } from 'ioredis';
import { roomChannel, roomOfChannel, type RedisClient } from './storage/redis.js';
import { commandsSent } from './storage/redis-client.js';
import { randomId } from './tokens.js';

export interface Cluster {
  readonly processId: string;
  alive(process: string): boolean;
  /**
   * Whether `process` beat within `ms` as of the last look (itself: always): stricter than `alive`, for
   * what must not wait on a process that may have just died (quick match seats only seekers of these).
   */
  beatWithin(process: string, ms: number): boolean;
  /** Grows whenever a process is seen to stop beating: what `alive` says may have changed. */
  readonly aliveGeneration: number;
  /** Hears when a process is seen to stop beating (or to beat again): the seats it held changed presence. */
  onAliveChange(listener: () => void): void;
  /** Starts or stops hearing of a room's changes (while this process holds connections for it). */
  watch(room: string): void;
  unwatch(room: string): void;
  /**
   * Hears of another process's change to a watched room (`version`: the log's new version; the
   * largest safe integer when notices may have been lost, after Redis came back).
   */
  onChange(listener: (room: string, version: number) => void): void;
  // ---- Rooms people come back to
  /** Announces to the other processes that `seat` said a quick phrase in `room` (its id only: phrases are not stored). */
  announcePhrase(room: string, seat: number, phrase: string): void;
  /** Hears of a quick phrase announced by another process in a watched room. */
  onPhraseAnnounced(listener: (room: string, seat: number, phrase: string) => void): void;
  /** What crossed Redis so far, for /metrics: the commands sent on both connections (the room log shares the commands'), the notices heard. None alone. */
  readonly traffic?: () => RedisTraffic;
  close(): Promise<void>;
}

export interface RedisTraffic {
  commandsSent: number;
  /** Messages of the rooms' channels received (versions and phrases, this process's own among them). */
  noticesHeard: number;
}

export function soloCluster(): Cluster {
  const processId = randomId();
  return {
    processId,
    alive: (process) => process === processId,
    beatWithin: (process) => process === processId,
    aliveGeneration: 0,
    onAliveChange: () => undefined,
    watch: () => undefined,
    unwatch: () => undefined,
    onChange: () => undefined,
    announcePhrase: () => undefined,
    onPhraseAnnounced: () => undefined,
    close: async () => undefined,
  };
}

const PROCESSES = 'domino:processes';
/**
 * A process silent this long is gone; it beats four times within it. Short, because a room whose
 * process died waits on it: its seats count as connected (their grace period has not started) and the
 * room's clock is left to it, until it is seen gone. A beat is three small commands a second.
 */
const BEAT_MS = 1_000;
const SILENCE_MS = 4_500;
const FORGET_MS = 2 * 24 * 3_600_000;

/** After a subscriber came back, when the rooms are looked at again the second time (see below). */
const LOOK_AGAIN_MS = 1_000;

/**
 * `commands` runs the heartbeat and the phrase notices; `subscriber` only listens (a subscribed Redis
 * connection can run nothing else).
 */
export async function redisCluster(commands: RedisClient, subscriber: RedisClient, onError: (error: unknown) => void): Promise<Cluster> {
  const processId = randomId();
  /** When each process last beat, as of our last look. A process not in it started since: alive. */
  let lastBeats = new Map<string, number>();
  let silent = '';
  let aliveGeneration = 0;
  const listeners: ((room: string, version: number) => void)[] = [];
  const phraseListeners: ((room: string, seat: number, phrase: string) => void)[] = [];
  const aliveListeners: (() => void)[] = [];
  const watched = new Set<string>();
  let noticesHeard = 0;

  const beat = async () => {
    const now = Date.now();
    // Sent together, not each after the last one's answer (Redis runs them in this order): one round trip.
    const [, , entries] = await Promise.all([
      commands.zadd(PROCESSES, now, processId),
      // A dead process is remembered as dead for two days, longer than any room outlives its last player.
      commands.zremrangebyscore(PROCESSES, '-inf', now - FORGET_MS),
      commands.zrange(PROCESSES, '0', '-1', 'WITHSCORES'),
    ]);
    const beats = new Map<string, number>();
    for (let i = 0; i + 1 < entries.length; i += 2) beats.set(entries[i]!, Number(entries[i + 1]));
    lastBeats = beats;
    const nowSilent = [...beats].filter(([, at]) => now - at >= SILENCE_MS).map(([id]) => id).sort().join(',');
    if (nowSilent !== silent) {
      silent = nowSilent;
      aliveGeneration++;
      for (const listener of aliveListeners) listener();
    }
  };
  await beat();
  const timer = setInterval(() => void beat().catch(onError), BEAT_MS);
  timer.unref();

  subscriber.on('smessage', (channel: string, text: string) => {
    noticesHeard++;
    const room = roomOfChannel(channel);
    if (room === null || !watched.has(room)) return;
    // A phrase notice (`phrase:<seat>:<id>`) shares the room's channel; a process older than quick phrases takes it for no version.
    const said = /^phrase:([0-3]):([A-Za-z]{1,20})$/.exec(text);
    if (said) {
      for (const listener of phraseListeners) listener(room, Number(said[1]), said[2]!);
      return;
    }
    const version = Number(text);
    if (!Number.isInteger(version)) return;
    for (const listener of listeners) listener(room, version);
  });
  // After a subscription comes back, the notices published meanwhile are lost, so every room heard of
  // is looked at again, as if it had changed: at once, and once more a little later, since the
  // subscriptions are sent again as the connection comes back and may land after the first look.
  const lookAgainAt = (room: string) => {
    if (!watched.has(room)) return;
    for (const listener of listeners) listener(room, Number.MAX_SAFE_INTEGER);
  };
  const lookAgain = () => {
    for (const room of watched) lookAgainAt(room);
  };
  const cameBack = () => {
    lookAgain();
    setTimeout(lookAgain, LOOK_AGAIN_MS).unref();
  };
  if (subscriber instanceof RedisClusterClient) {
    // One subscriber a master: the group says when it (re)subscribed after a node came back or slots moved.
    subscriber.on('subscribersReady', cameBack);
  } else {
    let dropped = false;
    subscriber.on('close', () => {
      dropped = true;
    });
    subscriber.on('ready', () => {
      if (!dropped) return;
      dropped = false;
      cameBack();
    });
  }

  return {
    processId,
    get aliveGeneration() {
      return aliveGeneration;
    },
    onAliveChange(listener) {
      aliveListeners.push(listener);
    },
    beatWithin(process, ms) {
      if (process === processId) return true;
      const beat = lastBeats.get(process);
      return beat !== undefined && Date.now() - beat < ms;
    },
    alive(process) {
      if (process === processId) return true;
      const beat = lastBeats.get(process);
      return beat === undefined || Date.now() - beat < SILENCE_MS;
    },
    watch(room) {
      if (watched.has(room)) return;
      watched.add(room);
      // The room was loaded before this subscription lands: a change another process stores in
      // between is announced to nobody here, so once subscribed the room is looked at again (at once,
      // and once more a little later, as after a reconnect).
      subscriber.ssubscribe(roomChannel(room)).then(() => {
        lookAgainAt(room);
        setTimeout(() => lookAgainAt(room), LOOK_AGAIN_MS).unref();
      }, onError);
    },
    unwatch(room) {
      if (!watched.delete(room)) return;
      subscriber.sunsubscribe(roomChannel(room)).catch(onError);
    },
    onChange(listener) {
      listeners.push(listener);
    },
    announcePhrase(room, seat, phrase) {
      commands.spublish(roomChannel(room), `phrase:${seat}:${phrase}`).catch(onError);
    },
    onPhraseAnnounced(listener) {
      phraseListeners.push(listener);
    },
    traffic: () => ({ commandsSent: commandsSent(commands) + commandsSent(subscriber), noticesHeard }),
    async close() {
      clearInterval(timer);
      // Marked silent at once rather than removed (a process missing from the set counts as alive, one
      // that started since the last look): the seats it held are gone now, not after SILENCE_MS.
      await commands.zadd(PROCESSES, Date.now() - SILENCE_MS, processId).catch(() => undefined);
    },
  };
}
