/**
 * The matchmaking bench's figures of a run (bench/matchmaking.ts), from what its seekers lived
 * (bench/seeker.ts) checked against what the server counts waiting and the tables Redis holds: seated,
 * still waiting, told why not, lost, and the ways a seat can be given twice.
 */
import type { SeekerOutcome } from './seeker.js';

/** A quick-match table as Redis holds it: its room and the identities seated, by seat (null: a computer). */
export interface StoredTable {
  room: string;
  players: (string | null)[];
}

export interface Tally {
  seekers: number;
  seated: number;
  /** Not seated, waiting in their pool at the end, as many as the server counts there. */
  stillWaiting: number;
  /** Not seated, but told why (an error, a cancelled seek). */
  told: number;
  lost: number;
  seatedTwice: { identityAtTwoTables: number; seatForTwo: number; seatShowsAnother: number; matchedTwice: number };
  tables: number;
  /** Tables (in Redis) with a seat whose seeker never resumed it. */
  seatNobodyResumed: number;
  toSeat: number[];
  toMatched: number[];
  reconnected: number;
}

/** The figures of a run, from what the seekers lived and what the server counts and holds. */
export function tally(outcomes: readonly SeekerOutcome[], waiting: ReadonlyMap<string, number>, tables: readonly StoredTable[]): Tally {
  const seated = outcomes.filter((o) => o.seatedAt !== null);
  const told = outcomes.filter((o) => o.seatedAt === null && o.told.length > 0).length;
  let stillWaiting = 0;
  for (const pool of new Set(outcomes.map((o) => o.pool))) {
    const open = outcomes.filter((o) => o.pool === pool && o.seatedAt === null && o.told.length === 0 && o.seeking).length;
    stillWaiting += Math.min(open, waiting.get(pool) ?? 0);
  }
  const tablesOf = new Map<string, number>();
  for (const table of tables) for (const id of table.players) if (id !== null) tablesOf.set(id, (tablesOf.get(id) ?? 0) + 1);
  const seatKeys = new Map<string, number>();
  for (const o of seated) {
    const seat = o.matched.at(-1)!;
    const key = `${seat.room}/${seat.seat}`;
    seatKeys.set(key, (seatKeys.get(key) ?? 0) + 1);
  }
  const resumed = new Set(seated.map((o) => `${o.matched.at(-1)!.room}/${o.id}`));
  return {
    seekers: outcomes.length,
    seated: seated.length,
    stillWaiting,
    told,
    lost: outcomes.length - seated.length - told - stillWaiting,
    seatedTwice: {
      identityAtTwoTables: [...tablesOf.values()].filter((n) => n > 1).length,
      seatForTwo: [...seatKeys.values()].filter((n) => n > 1).length,
      seatShowsAnother: seated.filter((o) => o.seatHolder !== o.id).length,
      matchedTwice: outcomes.filter((o) => o.matched.length > 1).length,
    },
    tables: tables.length,
    seatNobodyResumed: tables.filter((t) => t.players.some((id) => id !== null && !resumed.has(`${t.room}/${id}`))).length,
    toSeat: seated.map((o) => o.seatedAt! - o.arrivedAt).sort((a, b) => a - b),
    toMatched: seated.map((o) => o.matched.at(-1)!.at - o.arrivedAt).sort((a, b) => a - b),
    reconnected: outcomes.filter((o) => o.reconnects > 0).length,
  };
}
