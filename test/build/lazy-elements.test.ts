/**
 * The leaderboard and the player's card stay out of the package's entry (dist/domino-game.js, which
 * `npm run build` makes; run it first): the entry defines both elements and imports each one's view with
 * import(), and the views' code (their texts' keys, their fetches, their styles) is in the chunks only. The
 * classic script (dist/domino-game.iife.js) inlines everything, the views too.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

const dist = new URL('../../dist/', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, dist), 'utf8');

/** Names only the views use: a text's key, a class of their markup, the paths they fetch. */
const VIEW_MARKERS = ['leaderboardLoading', 'aroundYou', 'chartSummary', 'own-rank', '"leaderboard"', 'players/'];

describe('the leaderboard in the built files', () => {
  const entry = read('domino-game.js');
  const chunks = readdirSync(new URL('chunks/', dist)).map((name) => ({ name, code: read(`chunks/${name}`) }));

  test('the entry defines <domino-leaderboard> and <domino-player-card>, and imports their views on demand', () => {
    for (const tag of ['domino-leaderboard', 'domino-player-card']) assert.ok(entry.includes(`"${tag}"`), `the entry names ${tag}`);
    for (const view of ['leaderboard-view', 'player-card-view']) {
      assert.match(entry, new RegExp(`import\\("\\./chunks/${view}-[\\w-]+\\.js"\\)`), `the entry imports ${view} with import()`);
      assert.ok(chunks.some((chunk) => chunk.name.startsWith(`${view}-`)), `a chunk of ${view}`);
    }
  });

  test("the views' code is in the chunks, not in the entry", () => {
    for (const marker of VIEW_MARKERS) {
      assert.ok(!entry.includes(marker), `the entry has no ${marker}`);
      assert.ok(chunks.some((chunk) => chunk.code.includes(marker)), `a chunk has ${marker}`);
    }
  });

  test('the classic script has the views inside', () => {
    const classic = read('domino-game.iife.js');
    for (const marker of VIEW_MARKERS) assert.ok(classic.includes(marker), `the classic script has ${marker}`);
  });
});
