/**
 * <domino-settings> on its own, given its properties as the root gives them: what it shows (and what a
 * lock or online play hides), the events it tells the root (settings-change with only what changed,
 * play-against, stats-reset), the keyboard (a modal: Escape closes it and the focus goes back to the
 * button that opened it), and axe's accessibility check. The whole dialog inside the game is
 * test/ui/settings-dialog.test.ts.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { loadExtraTexts } from '../../src/i18n/index.js';
import { enExtra } from '../../src/i18n/en-extra.js';
import { emptyStats, recordMatch, type PlayerSettings } from '../../src/storage/index.js';
import type { EffectiveSettings, SettingName } from '../../src/ui/domino-game/effective-settings.js';
import { DEFAULT_SETTINGS } from '../../src/ui/domino-game/settings.js';
import '../../src/ui/domino-settings/domino-settings.js';
import type { DominoSettings } from '../../src/ui/domino-settings/domino-settings.js';
import type { PlayAgainst, SettingsChangeDetail } from '../../src/ui/internal-events.js';
import { deepActive, waitFor, expectAccessible } from './helpers.js';
import { inFixture, SettingsHarness } from './harness/index.js';

const SETTINGS: EffectiveSettings = { ...DEFAULT_SETTINGS, houseRules: {}, lang: null };

interface Mounted {
  el: DominoSettings;
  settings: SettingsHarness;
  opener: HTMLButtonElement;
  dialog: HTMLDialogElement;
}

/** A dialog opened from a button, as the game opens it. */
async function opened(
  options: { settings?: EffectiveSettings; locked?: SettingName[]; online?: PlayAgainst | null; withStats?: boolean } = {},
): Promise<Mounted> {
  const { settings = SETTINGS, locked = [], online = 'computer', withStats = false } = options;
  const stats = withStats ? recordMatch(emptyStats(), { level: 'hard', variant: 'fives', won: true }) : null;
  const wrapper = await fixture<HTMLDivElement>(html`<div>
    <button class="opener">Settings</button>
    <domino-settings .settings=${settings} .locked=${new Set(locked)} .online=${online} .stats=${stats}></domino-settings>
  </div>`);
  const el = inFixture<DominoSettings>(wrapper, 'domino-settings');
  const opener = inFixture<HTMLButtonElement>(wrapper, 'button.opener');
  opener.focus();
  el.open(opener);
  const harness = new SettingsHarness(el);
  const dialog = await waitFor('the dialog to open', () => harness.openDialog());
  return { el, settings: harness, opener, dialog };
}

/** The details of `type` that the element tells while `run` runs. */
async function told<T>(el: DominoSettings, type: string, run: () => Promise<void> | void): Promise<T[]> {
  const heard: T[] = [];
  const listener = (event: Event) => heard.push((event as CustomEvent<T>).detail);
  el.addEventListener(type, listener);
  try {
    await run();
    await el.updateComplete;
  } finally {
    el.removeEventListener(type, listener);
  }
  return heard;
}


describe('<domino-settings> on its own', () => {
  before(() => loadExtraTexts());

  it('renders nothing until it has settings', async () => {
    const el = await fixture<DominoSettings>(html`<domino-settings></domino-settings>`);
    expect(new SettingsHarness(el).dialog()).to.equal(null);
  });

  it('opens as a modal dialog named by its title, showing the settings as they are', async () => {
    const { el, settings } = await opened({ settings: { ...SETTINGS, variant: 'fives', level: 'hard', players: 3 } });
    expect(settings.dialogTitle()).to.equal(enExtra.settingsTitle);
    expect(el.isOpen).to.equal(true);
    const value = (id: string) => settings.select(id)!.value;
    expect([value('variant'), value('level'), value('players')]).to.deep.equal(['fives', 'hard', '3']);
    await expectAccessible(el);
  });

  it('a change tells the root only what changed (a new game resets the target; fewer than 4 players, the partnerships)', async () => {
    const { el, settings } = await opened({ settings: { ...SETTINGS, players: 4, teams: true } });
    const heard = await told<SettingsChangeDetail>(el, 'settings-change', () => {
      settings.choose('level', 'hard');
      settings.choose('variant', 'block');
      settings.choose('players', '3');
    });
    const expected: PlayerSettings[] = [{ level: 'hard' }, { variant: 'block', target: null }, { players: 3, teams: false }];
    expect(heard.map((d) => d.settings)).to.deep.equal(expected);
  });

  it('partnerships are offered with 4 players only', async () => {
    const two = await opened();
    expect(two.settings.teamsBox(), 'with 2 players').to.equal(null);
    const four = await opened({ settings: { ...SETTINGS, players: 4 } });
    const box = four.settings.teamsBox()!;
    expect(box.checked).to.equal(false);
    const heard = await told<SettingsChangeDetail>(four.el, 'settings-change', () => box.click());
    expect(heard.map((d) => d.settings)).to.deep.equal([{ teams: true }]);
  });

  it('what the site locks is not shown', async () => {
    const { el, settings } = await opened({ locked: ['variant', 'players', 'level'] });
    const ids = settings.selectIds();
    expect(ids).to.not.include.members(['setting-variant', 'setting-players', 'setting-level']);
    expect(ids).to.include.members(['setting-tempo', 'setting-lang']);
    await expectAccessible(el);
  });

  it('online, only the language is shown of the settings (the room has its own)', async () => {
    const { settings } = await opened({ online: 'friends' });
    expect(settings.selectIds()).to.deep.equal(['setting-lang']);
    const friends = settings.friendsOnline()!;
    expect(friends.checked).to.equal(true);
    expect(settings.someoneOnline()!.checked).to.equal(false);
  });

  it('playing someone online (quick match), Someone online is the choice checked', async () => {
    const { settings } = await opened({ online: 'someone' });
    expect(settings.selectIds()).to.deep.equal(['setting-lang']);
    expect(settings.someoneOnline()!.checked).to.equal(true);
    expect(settings.friendsOnline()!.checked).to.equal(false);
  });

  it('without online play set up by the site, Friends online is disabled and says why', async () => {
    const { el, settings } = await opened({ online: null });
    const friends = settings.friendsOnline()!;
    expect(friends.disabled).to.equal(true);
    expect(settings.explanationOf(friends)).to.equal(enExtra.onlineUnavailable);
    expect(settings.someoneOnline()!.disabled).to.equal(true);
    await expectAccessible(el);
  });

  it('choosing Friends online tells the root and closes the dialog', async () => {
    const { el, settings } = await opened();
    const heard = await told<PlayAgainst>(el, 'play-against', () => settings.friendsOnline()!.click());
    expect(heard).to.deep.equal(['friends']);
    expect(el.isOpen).to.equal(false);
  });

  it('choosing Someone online tells the root and closes the dialog', async () => {
    const { el, settings } = await opened();
    const heard = await told<PlayAgainst>(el, 'play-against', () => settings.someoneOnline()!.click());
    expect(heard).to.deep.equal(['someone']);
    expect(el.isOpen).to.equal(false);
  });

  it('shows the statistics; resetting them tells the root once (after a confirmation, when one is asked)', async () => {
    const { el, settings } = await opened({ withStats: true });
    const stats = settings.stats()!;
    expect(stats.textContent).to.contain(enExtra.statsTitle);
    expect(stats.textContent).to.contain('1 of 1');
    const heard = await told<undefined>(el, 'stats-reset', async () => {
      settings.resetStats()!.click();
      await el.updateComplete;
      settings.questionYes()?.click();
    });
    expect(heard).to.have.length(1);
    await expectAccessible(el);
  });

  it('Escape closes it, and the focus goes back to the button that opened it; so does Close', async () => {
    const first = await opened();
    expect(first.dialog.contains(deepActive()) || first.dialog.getRootNode().contains(deepActive()), 'the focus is inside').to.equal(true);
    await sendKeys({ press: 'Escape' });
    await waitFor('the dialog to close', () => !first.el.isOpen);
    expect(document.activeElement).to.equal(first.opener);

    const second = await opened();
    second.settings.closeButton()!.click();
    await waitFor('the dialog to close', () => !second.el.isOpen);
    expect(document.activeElement).to.equal(second.opener);
  });
});
