/**
 * The built bundle when a part loaded on demand cannot be fetched (a dropped connection): the player is
 * told, and the game goes on. A page of its own: browsers remember a module that failed to load.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
// Through /flaky/ (scripts/wtr-failing-requests.mjs), where the test server fails what it is told to.
import '../../flaky/dist/domino-game.js';
import { en } from '../../src/i18n/index.js';
import { game, listen, mount, playMatch, settle, waitFor, expectAccessible } from './helpers.js';

describe('the built bundle, offline', function () {
  // A whole match, however slow the machine: the ceiling only turns a hang into a failure.
  this.timeout(120_000);

  it('says so when the settings cannot be loaded, and the game goes on', async () => {
    // A short match (target 15), played to its end all the same: its round ends, the summary (a chunk
    // loaded when a round first ends, after the failure) and the match's end.
    const el = await mount({ tempo: 'instant', seed: '9', players: '2', level: 'easy', target: '15' });
    await settle(el);
    // Every text the live region holds: the computer's moves may be announced with or after ours.
    const listening = listen(el);
    await executeServerCommand('fail-requests', 'chunks/domino-settings-');
    try {
      game(el).settingsButton().click();
      const problem = await waitFor('the problem said', () => game(el).problem());
      expect(problem.textContent).to.equal(en.loadFailed);
      await listening.heard(en.loadFailed, 'the problem announced');
    } finally {
      listening.stop();
      await executeServerCommand('fail-requests', null);
    }
    expect(game(el).settings().openDialog()).to.equal(null);
    await expectAccessible(el);
    await playMatch(el, 15);
    el.remove();
  });
});
