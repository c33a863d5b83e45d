/**
 * Writes fixture.ts's players and rated matches into a room server's SQLite file, before the server
 * starts on it (scripts/wtr-room-server.mjs, `seed`): the test server's store as a production server's
 * would be after those matches, with nothing in the server made for tests.
 *   node --import tsx test/ui/players/seed.ts FILE
 */
import Database from 'better-sqlite3';
import type { RatedPlayer, PlayerStore } from '../../../server/src/players/player-store.js';
import { SqlitePlayerStore } from '../../../server/src/players/sqlite.js';
import { newSkill, type Skill } from '../../../server/src/ratings/rating-core.js';
import type { RatingFamily } from '../../../src/net/protocol.js';
import { ADA_LOST_TO, ADA_OPPONENTS, adaSkills, finalSkill, FIRST_MATCH_AT, PLAYER_COUNT, playerId, playerName } from './fixture.js';

const HOUR = 3_600_000;

/** Records one match: each person's place and skill after it (from the skill stored now). */
async function play(store: PlayerStore, family: RatingFamily, room: string, at: number, seats: { i: number; side: number; place: number; after: Omit<Skill, 'matches'> }[]) {
  const skills = await store.skills(family, seats.map((seat) => playerId(seat.i)));
  const players: RatedPlayer[] = seats.map(({ i, side, place, after }) => {
    const before = skills.get(playerId(i)) ?? newSkill();
    return { id: playerId(i), name: playerName(i), side, place, before, after: { ...after, matches: before.matches + 1 } };
  });
  const outcome = await store.recordMatch({ room, match: 1, at, family, players });
  if (outcome !== 'recorded') throw new Error(`${room}: ${outcome}`);
}

async function seed(file: string): Promise<void> {
  const db = new Database(file);
  const store = new SqlitePlayerStore(db);
  for (let i = 0; i < PLAYER_COUNT; i++) await store.saveProfile({ id: playerId(i), name: playerName(i), kind: i === 0 ? 'site' : 'anonymous' }, FIRST_MATCH_AT);
  let at = FIRST_MATCH_AT;
  const ada = adaSkills();
  for (const [k, opponent] of ADA_OPPONENTS.entries()) {
    const adaWon = !ADA_LOST_TO.includes(opponent);
    await play(store, 'two', `ada-${k}`, (at += HOUR), [
      { i: 0, side: 0, place: adaWon ? 1 : 2, after: ada[k + 1]! },
      { i: opponent, side: 1, place: adaWon ? 2 : 1, after: { mu: 30, sigma: 6 } },
    ]);
  }
  // Everyone else's last match sets their final skill: players 1 and 2, 3 and 4, …, 119 with 1 again.
  for (let i = 1; i < PLAYER_COUNT; i += 2) {
    const other = i + 1 < PLAYER_COUNT ? i + 1 : 1;
    await play(store, 'two', `pair-${i}`, (at += HOUR), [
      { i, side: 0, place: 1, after: finalSkill(i) },
      { i: other, side: 1, place: 2, after: finalSkill(other) },
    ]);
  }
  await play(store, 'teams', 'teams-0', (at += HOUR), [
    { i: 0, side: 0, place: 1, after: { mu: 27, sigma: 8 } },
    { i: 1, side: 0, place: 1, after: { mu: 27, sigma: 8 } },
    { i: 2, side: 1, place: 2, after: { mu: 23, sigma: 8 } },
    { i: 3, side: 1, place: 2, after: { mu: 23, sigma: 8 } },
  ]);
  db.close();
}

const file = process.argv[2];
if (!file) throw new Error('usage: node --import tsx test/ui/players/seed.ts FILE');
await seed(file);
