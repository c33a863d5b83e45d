/**
 * The built bundle, as a site loads it: dist/domino-game.js (minified, its CSS too) with the chunks it
 * loads on demand (the computer players, the settings dialog and its texts) and the computer players'
 * worker, which loads the same file. `npm test` builds it first; the other browser tests run from source.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { workers } from './bundle-worker-spy.js';
import '../../dist/domino-game.js';
import { enExtra } from '../../src/i18n/en-extra.js';
import { game, gamesOnPage, mount, playMatch, settle, waitFor, expectAccessible } from './helpers.js';

describe('the built bundle (dist/domino-game.js)', function () {
  // Whole matches (the hard computer thinks 250 ms a move): the ceiling only turns a hang into a failure.
  this.timeout(180_000);
  afterEach(() => {
    for (const el of gamesOnPage()) el.remove();
  });

  it('defines <domino-game> and its parts', () => {
    for (const name of ['domino-game', 'domino-hand', 'domino-board']) expect(customElements.get(name), name).to.be.a('function');
  });

  it('plays a match against medium computers, who think in a worker', async () => {
    const before = workers.answers;
    const el = await mount({ players: '3', level: 'medium', target: '20', tempo: 'instant', seed: '5' });
    await playMatch(el, 20);
    expect(workers.started).to.be.at.least(1);
    expect(workers.answers - before, 'moves answered by the worker').to.be.greaterThan(0);
    expect(workers.errors).to.equal(0);
  });

  it('plays a match against a hard computer, whose chunk loads on demand', async () => {
    const before = workers.answers;
    const el = await mount({ players: '2', level: 'hard', target: '20', tempo: 'instant', seed: '6' });
    await playMatch(el, 20);
    expect(workers.answers - before).to.be.greaterThan(0);
    expect(workers.errors).to.equal(0);
  });

  it('opens the settings dialog and the how-to-play fold with their texts, and passes the a11y check', async () => {
    const el = await mount({ variant: 'doubles', tempo: 'instant', seed: '7' });
    await settle(el);
    const settings = await game(el).openSettings();
    const dialog = settings.openDialog()!;
    expect(dialog.textContent).to.contain(enExtra.settingsTitle);
    expect(dialog.textContent).to.contain(enExtra.rule_doublesUnlock);
    await expectAccessible(el);
    await sendKeys({ press: 'Escape' });
    await waitFor('the dialog to close', () => !settings.openDialog());

    game(el).toggleHowToPlay();
    await waitFor('the rules of Doubles', () => game(el).howToPlayText() === enExtra.howDoubles);
    // The minified styles apply.
    expect(getComputedStyle(el).display).to.equal('block');
    await expectAccessible(el);
  });
});
