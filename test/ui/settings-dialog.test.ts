/**
 * The settings dialog: a change that waits for the next match offers starting it now, after asking
 * (the match given up counts as played, not won); resetting the statistics asks first; the house rules
 * show only the chosen variant's options, each with its label; a notice follows a change of language.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { HouseRules } from '../../src/engine/index.js';
import { deepActive, en, game, listen, mount, settle, waitFor, waitForYou, type DominoGame, expectAccessible } from './helpers.js';
import type { SettingsHarness } from './harness/index.js';
import { enExtra } from '../../src/i18n/en-extra.js';
import de from '../../src/i18n/catalogs/de.js';

const STORE = 'settings-dialog';
const saved = (entry: string) => JSON.parse(localStorage.getItem(`domino-game:${STORE}:${entry}`) ?? 'null')?.data;

const openSettings = (el: DominoGame): Promise<SettingsHarness> => game(el).openSettings();

const button = (dialog: SettingsHarness, text: string) => dialog.button(text);

async function choose(el: DominoGame, dialog: SettingsHarness, id: string, value: string): Promise<void> {
  dialog.choose(id, value);
  await settle(el);
  await settle(dialog.host);
}

describe('the settings dialog', function () {
  this.timeout(120_000);
  let el: DominoGame | undefined;
  beforeEach(() => {
    for (const entry of ['settings', 'match', 'stats']) localStorage.removeItem(`domino-game:${STORE}:${entry}`);
  });
  afterEach(() => el?.remove());

  it('starts a new game now after asking; the match given up counts as played, not won', async () => {
    el = await mount({ persist: 'local', 'storage-key': STORE, variant: 'draw', level: 'easy', tempo: 'instant', seed: 'restart' });
    await waitForYou(el);
    const dialog = await openSettings(el);
    expect(button(dialog, enExtra.restartNow), 'nothing waits yet: no offer').to.equal(null);

    await choose(el, dialog, 'variant', 'block');
    expect(game(el).status(), 'the running match goes on').to.contain(en.variantDraw);
    const offer = await waitFor('the offer', () => button(dialog, enExtra.restartNow));
    expect(dialog.restartLine()).to.contain(en.settingsNextMatch);

    // Asked first; the focus goes to the safe answer; keeping on playing changes nothing.
    offer.click();
    const keep = await waitFor('the question', () => button(dialog, enExtra.keepPlaying));
    expect(dialog.question()!.textContent).to.contain(enExtra.restartConfirm);
    expect(deepActive()).to.equal(keep);
    await expectAccessible(el);
    keep.click();
    const again = await waitFor('the offer again', () => button(dialog, enExtra.restartNow));
    expect(deepActive(), 'the focus returns to the offer').to.equal(again);
    expect(saved('stats')?.byLevel.easy.played ?? 0, 'nothing counted').to.equal(0);

    again.click();
    // Everything said from here: on a loaded machine the computer's first move may be said before the check.
    const listening = listen(el);
    (await waitFor('the question', () => button(dialog, enExtra.restartYes))).click();
    await waitFor('the dialog to close', () => !dialog.openDialog());
    // A new match is dealt by the statechart: on a first visit it may still be on its way (fetched once
    // the table was playable), and the match given up shows until it is here.
    await waitFor('the new game', () => game(el!).status().includes(en.variantBlock));
    await waitForYou(el);
    expect(game(el).status(), 'the new game is Block').to.contain(en.variantBlock);
    expect(game(el).notice(), 'nothing waits any more').to.equal(null);
    const stats = saved('stats');
    expect(stats.byLevel.easy).to.deep.equal({ played: 1, won: 0 });
    expect(stats.byVariant.draw, 'counted for the game given up').to.deep.equal({ played: 1, won: 0 });
    expect(stats.byVariant.block).to.deep.equal({ played: 0, won: 0 });
    await listening.heard(enExtra.newGameStarted);
    listening.stop();
  });

  it('resets the statistics only when confirmed', async () => {
    const stats = { byLevel: { easy: { played: 3, won: 2 } }, byVariant: { draw: { played: 3, won: 2 } } };
    localStorage.setItem(`domino-game:${STORE}:stats`, JSON.stringify({ version: 1, data: stats }));
    el = await mount({ persist: 'local', 'storage-key': STORE, tempo: 'instant', seed: 'reset' });
    await settle(el);
    const dialog = await openSettings(el);
    const line = () => dialog.statsLine();
    expect(line()).to.equal('2 of 3');

    button(dialog, enExtra.statsReset)!.click();
    const cancel = await waitFor('the question', () => button(dialog, enExtra.cancel));
    expect(dialog.question()!.textContent).to.contain(enExtra.statsResetConfirm);
    expect(deepActive()).to.equal(cancel);
    cancel.click();
    await waitFor('the question to go', () => !dialog.question());
    expect(line(), 'cancelled: unchanged').to.equal('2 of 3');
    expect(saved('stats').byLevel.easy.played).to.equal(3);

    button(dialog, enExtra.statsReset)!.click();
    (await waitFor('the question', () => button(dialog, enExtra.statsResetYes))).click();
    await waitFor('the reset', () => line() === '0 of 0');
    expect(saved('stats').byLevel.easy.played).to.equal(0);
    expect(dialog.statsStatus()).to.contain(enExtra.statsResetDone);
    expect(deepActive(), 'the focus returns to the button').to.equal(button(dialog, enExtra.statsReset));
  });

  const RULES: Record<string, (keyof HouseRules)[]> = {
    draw: ['boneyardReserve', 'drawMode', 'blockedAward', 'blockedTie', 'noDoubleOpening', 'laterRoundLead'],
    block: ['blockedAward', 'blockedTie', 'noDoubleOpening', 'laterRoundLead'],
    fives: ['boneyardReserve', 'drawMode', 'spinnerCounting', 'fivesRounding', 'blockedAward', 'blockedTie', 'noDoubleOpening', 'laterRoundLead'],
    doubles: ['drawMode', 'spinnerSideOrder', 'doublesUnlock', 'blockedAward', 'blockedTie', 'laterRoundLead'],
  };
  for (const [variant, names] of Object.entries(RULES)) {
    it(`${variant}: the house rules show its options only, each control with its label`, async () => {
      el = await mount({ variant, tempo: 'instant', seed: 'rules' });
      await settle(el);
      const dialog = await openSettings(el);
      const fold = dialog.houseRules()!;
      dialog.openHouseRules();
      await waitFor('the fold', () => fold.open);
      const selects = dialog.houseRuleSelects();
      expect(selects.map((s) => s.id.replace('setting-rule-', ''))).to.deep.equal(names);
      for (const select of selects) {
        expect(select.labels.length, `${select.id} has one label`).to.equal(1);
        expect(select.labels[0]!.textContent!.trim()).to.equal(enExtra[`rule_${select.id.replace('setting-rule-', '')}` as keyof typeof enExtra]);
      }
      expect(dialog.houseRulesLegend(), 'the group is named by the variant').to.match(/\S/);
      if (variant === 'doubles') {
        const values = dialog.optionValues('rule-laterRoundLead');
        expect(values, 'a value Doubles refuses is not offered').to.not.include('winnerAnyTile');
      }
      // Partnerships add their blocked rule.
      await choose(el, dialog, 'players', '4');
      dialog.firstCheckBox()!.click();
      await settle(el);
      await waitFor('the partnerships rule', () => dialog.houseRuleSelects().some((s) => s.id === 'setting-rule-partnerBlocked'));
      await expectAccessible(el);
    });
  }

  it('a notice shown follows a change of language', async () => {
    el = await mount({ tempo: 'instant', seed: 'lang' });
    await waitForYou(el);
    const dialog = await openSettings(el);
    await choose(el, dialog, 'players', '3');
    await sendKeys({ press: 'Escape' });
    const notice = () => game(el!).notice()?.textContent?.trim();
    expect(notice()).to.equal(en.settingsNextMatch);
    el.lang = 'de';
    await waitFor('the German notice', () => notice() === de.settingsNextMatch);
  });
});
