/**
 * The players the leaderboard's tests find on their room server (scripts/wtr-room-server.mjs writes them
 * into its SQLite file before it starts, with seed.ts): plain data, read by the seed in Node and by the
 * tests in the browser.
 *
 * In `two`: Ada, rated over 12 matches (so not provisional), first; then players 1 to 119, each with one
 * or two matches (provisional), ranked by their number (player i is rank i + 1). Nobody is rated in
 * `each`. In `teams`, one match: Ada and player 1 beat players 2 and 3.
 */
export const PLAYER_COUNT = 120;

/** A fixed public id per player (22 base64url characters). */
export const playerId = (i: number): string => `lbPlayer${String(i).padStart(3, '0')}`.padEnd(22, 'x');
export const playerName = (i: number): string => (i === 0 ? 'Ada' : `Player ${i}`);

/** Ada's rated matches in `two`, oldest first: against players 1 to 12, lost where listed. */
export const ADA_OPPONENTS = Array.from({ length: 12 }, (_, k) => k + 1);
export const ADA_LOST_TO = [3, 7, 10];

/** Ada's skill before her first match and after each, oldest first (her final one ranks her first). */
export function adaSkills(): { mu: number; sigma: number }[] {
  const skills = [{ mu: 25, sigma: 25 / 3 }];
  for (const opponent of ADA_OPPONENTS) {
    const last = skills.at(-1)!;
    skills.push({ mu: last.mu + (ADA_LOST_TO.includes(opponent) ? -1 : 2.5), sigma: last.sigma - 0.5 });
  }
  return skills;
}

/** Every other player's skill at the end: one rating apart each, below Ada's. */
export const finalSkill = (i: number): { mu: number; sigma: number } => ({ mu: 40 - 0.1 * i, sigma: 3 });

/** When the seeded matches were played: an hour apart from this moment on. */
export const FIRST_MATCH_AT = Date.UTC(2026, 0, 5, 12);

/** Ranked outside the top 100: the "around you" block. */
export const VIEWER_OUTSIDE = 110;
/** Ranked inside it. */
export const VIEWER_INSIDE = 4;
