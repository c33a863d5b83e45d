/**
 * Component harnesses for the browser tests (after Angular Material's `ComponentHarness` and Material
 * Web's `testing/harness.ts`): one class per element that says where its parts are in its shadow DOM
 * and reads them as the page shows them: accessible names, aria states, text, boxes. Tests ask a
 * harness (`game(el).hand().playable()`, `await game(el).openSettings()`), so each selector lives in
 * this folder once, and nothing reads an element's own fields: how the elements are built inside may
 * change without a test noticing, as long as the page is the same.
 *
 * Only this folder looks into shadow roots (`npm run bench -- health` counts the queries elsewhere in
 * test/ui). Where an element names a part (`part="main-button"`, a public name), the harness finds it by
 * that. A harness holds only its host element and looks again at every call, so it never goes stale.
 */
export { BoardHarness } from './board.js';
export { GameHarness, PlayerChipHarness, game } from './game.js';
export { HandHarness } from './hand.js';
export { LobbyHarness } from './lobby.js';
export { animationsOf, gamesOnPage, inFixture, litElementsOf, removeFromPage } from './page.js';
export { sameTile, textOf, tileNameOf } from './query.js';
export { MatchRecordHarness, ReplayHarness, RoundReviewHarness } from './record.js';
export { QuickMatchHarness } from './quick-match.js';
export { RoomBarHarness } from './room-bar.js';
export { SettingsHarness } from './settings.js';
export { ScoreTableHarness } from './summary.js';
