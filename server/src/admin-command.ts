/**
 * `domino-game-server ban ID` and `unban ID` (`node server/dist/main.js ban ID` in the repository): an
 * operator's ban from the command line, against the storage the server's flags name (`--db FILE`,
 * `--redis URL`, `--redis-cluster …`), while the server runs or not. With SQLite it opens the file on a
 * connection of its own for one short transaction (the server reads every profile from the file, so it
 * refuses the identity's next `identify` at once). A server keeping everything in memory is reached by
 * `POST /admin/ban` only.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { ID_PATTERN } from 'domino-game/protocol';
import { FlagError, readFlags, redisTargetOf } from './flags.js';
import type { PlayerStore } from './players/player-store.js';
import { RedisPlayerStore } from './players/redis.js';
import { SqlitePlayerStore } from './players/sqlite.js';
import { redisClient } from './storage/redis-client.js';

export const ADMIN_COMMANDS = ['ban', 'unban'] as const;
export type AdminCommand = (typeof ADMIN_COMMANDS)[number];
export const isAdminCommand = (word: string | undefined): word is AdminCommand => (ADMIN_COMMANDS as readonly string[]).includes(word ?? '');

/** How long the command waits for the server's transaction on the same SQLite file. */
const BUSY_MS = 5_000;

/** Runs `command` (`args`: the player's id, then the storage flags); returns the exit code: 0 done, 1 no such player, 2 a usage problem. */
export async function runAdminCommand(command: AdminCommand, args: string[], say = (line: string) => console.log(line), complain = (line: string) => console.error(line)): Promise<number> {
  const [player, ...flagArgs] = args;
  if (player === undefined || !ID_PATTERN.test(player)) {
    complain(`usage: domino-game-server ${command} PLAYER_ID [--db FILE | --redis URL | --redis-cluster H:P,…] (the id: 22 base64url characters)`);
    return 2;
  }
  let flags;
  try {
    flags = readFlags(flagArgs);
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    complain(`domino server: ${error.message}`);
    return 2;
  }
  const target = redisTargetOf(flags);
  let store: PlayerStore;
  let close: () => void;
  if (target) {
    const redis = redisClient(target, 'commands');
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      complain(`domino server: cannot reach Redis: ${(error as Error).message}`);
      return 2;
    }
    store = new RedisPlayerStore(redis);
    close = () => redis.disconnect();
  } else {
    if (flags.db === ':memory:' || !existsSync(flags.db)) {
      complain(`domino server: no database at ${flags.db}: give the server's --db FILE (a server with --db :memory: is reached by POST /admin/${command} only)`);
      return 2;
    }
    const db = new Database(flags.db, { fileMustExist: true });
    db.pragma(`busy_timeout = ${BUSY_MS}`);
    store = new SqlitePlayerStore(db);
    close = () => db.close();
  }
  try {
    const banned = command === 'ban';
    if (!(await store.setBanned(player, banned))) {
      complain(`no player has the id ${player}`);
      return 1;
    }
    say(`${player} ${banned ? 'banned' : 'unbanned'}`);
    return 0;
  } finally {
    close();
  }
}
