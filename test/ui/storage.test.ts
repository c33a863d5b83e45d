import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  deepActive,
  game,
  gamesOnPage,
  handNames,
  mount,
  playableTiles,
  sameTile,
  settle,
  tableNames,
  tileNameOf,
  waitFor,
  waitForYou,
  type DominoGame,
  expectAccessible,
} from './helpers.js';

const saved = (key: string, entry: string) => localStorage.getItem(`domino-game:${key}:${entry}`);

/** Lays one of your tiles (the first glowing one, on its first place). */
async function playOne(el: DominoGame): Promise<void> {
  const ask = await waitForYou(el);
  if (ask.kind === 'button') ask.button.click();
  else {
    ask.tiles[0]!.click();
    await settle(el);
    game(el).board().firstPlace()?.click();
  }
  await settle(el);
}

describe('saved games and settings', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    for (const el of gamesOnPage()) el.remove();
  });

  it('a reload goes on exactly where the match was', async () => {
    const first = await mount({ persist: 'local', 'storage-key': 'reload', tempo: 'instant', seed: '7', level: 'easy' });
    await playOne(first);
    await waitForYou(first);
    const hand = handNames(first);
    const table = tableNames(first);
    expect(table.length).to.be.greaterThan(0);
    first.remove(); // leaving the page saves at once
    expect(saved('reload', 'match')).to.be.a('string');

    const second = await mount({ persist: 'local', 'storage-key': 'reload', tempo: 'instant', seed: '7', level: 'easy' });
    await waitForYou(second); // a saved match resumes once its checks have loaded
    expect(handNames(second)).to.deep.equal(hand);
    expect(tableNames(second)).to.deep.equal(table);
  });

  it('a match left at once after a move, before the save was due, resumes with that move', async () => {
    const first = await mount({ persist: 'local', 'storage-key': 'quick', tempo: 'instant', seed: '7', level: 'easy' });
    // Saved from when the statechart runs (the first screen shows the deal before it has loaded).
    await waitFor('the match to be saved', () => saved('quick', 'match'));
    const ask = await waitForYou(first);
    if (ask.kind !== 'play') throw new Error('this seed lets you lay a tile first');
    const tile = tileNameOf(ask.tiles[0]!);
    ask.tiles[0]!.click();
    await settle(first);
    // The move is applied at once (on its place, if it fits several); its save waits for a timer.
    game(first).board().firstPlace()?.click();
    first.remove(); // leaving saves what is waiting, before the match stops
    const second = await mount({ persist: 'local', 'storage-key': 'quick', tempo: 'instant', seed: '7', level: 'easy' });
    await waitForYou(second);
    expect(handNames(second), 'the tile left the hand').not.to.include(tile);
    expect(tableNames(second).some((laid) => sameTile(laid, tile)), 'the tile is on the table').to.equal(true);
  });

  it('persist="none" saves nothing', async () => {
    const el = await mount({ persist: 'none', 'storage-key': 'off', tempo: 'instant', seed: '3' });
    await playOne(el);
    el.remove();
    // Only this widget's keys: the other test files' pages share this origin's storage and run meanwhile.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('domino-game:off:'))).to.deep.equal([]);
  });

  it('a corrupt saved match never stops the game: it starts afresh with one warning', async () => {
    localStorage.setItem('domino-game:bad:match', JSON.stringify({ version: 1, data: { status: 'active', context: { game: { hands: 'lots' } } } }));
    localStorage.setItem('domino-game:bad:settings', '{{{');
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      const el = await mount({ persist: 'local', 'storage-key': 'bad', tempo: 'instant', seed: '5' });
      await waitFor('the warning', () => warnings.some((w) => w.includes('match')));
      await settle(el);
      expect(handNames(el).length).to.be.greaterThan(0);
      expect(warnings.filter((w) => w.includes('match')).length).to.equal(1);
      expect(warnings.filter((w) => w.includes('settings')).length).to.equal(1);
    } finally {
      console.warn = warn;
    }
  });

  it("a player's saved choices override the site's attributes, unless the site locks them", async () => {
    localStorage.setItem('domino-game:mine:settings', JSON.stringify({ version: 1, data: { variant: 'fives' } }));
    const free = await mount({ persist: 'local', 'storage-key': 'mine', variant: 'draw', tempo: 'instant', seed: '1' });
    expect(game(free).status()).to.contain('All Fives');
    free.remove();
    localStorage.removeItem('domino-game:mine:match');
    const locked = await mount({ persist: 'local', 'storage-key': 'mine', variant: 'draw', 'lock-settings': '', tempo: 'instant', seed: '1' });
    expect(game(locked).status()).to.contain('Draw');
  });

  it('storageKey, persist and lockSettings work as properties set from JavaScript, as their attributes do', async () => {
    const asProperties = (values: Partial<Record<'storageKey' | 'persist' | 'lockSettings' | 'variant' | 'tempo' | 'seed', string>>) => {
      const el = document.createElement('domino-game') as DominoGame;
      Object.assign(el, values);
      document.body.append(el);
      return el;
    };
    const saving = asProperties({ storageKey: 'by-property', persist: 'local', tempo: 'instant', seed: '4' });
    await playOne(saving);
    // Saved from when the statechart runs (the first screen shows the deal before it has loaded).
    await waitFor('the match to be saved', () => saved('by-property', 'match'));
    saving.remove();
    expect(localStorage.getItem('domino-game:by-property:match'), 'saved under the key set as a property').to.not.equal(null);
    localStorage.removeItem('domino-game:by-property:match');

    const unsaved = asProperties({ storageKey: 'off-by-property', persist: 'none', tempo: 'instant', seed: '4' });
    await playOne(unsaved);
    unsaved.remove();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('domino-game:off-by-property:'))).to.deep.equal([]);

    localStorage.setItem('domino-game:mine-js:settings', JSON.stringify({ version: 1, data: { variant: 'fives', tempo: 'slow' } }));
    const locked = asProperties({ storageKey: 'mine-js', persist: 'local', variant: 'draw', tempo: 'instant', seed: '1', lockSettings: '' });
    await settle(locked);
    expect(game(locked).status(), 'the variant set as a property is locked').to.contain('Draw');
    locked.remove();
    localStorage.removeItem('domino-game:mine-js:match');
    const listed = asProperties({ storageKey: 'mine-js', persist: 'local', variant: 'draw', tempo: 'instant', seed: '1', lockSettings: 'tempo' });
    await settle(listed);
    expect(game(listed).status(), 'only the listed names are locked').to.contain('All Fives');
    listed.remove();
  });

  it('the settings dialog is a real modal: Escape closes it and focus returns to its button', async () => {
    const el = await mount({ persist: 'local', 'storage-key': 'dialog', tempo: 'instant', seed: '2' });
    await settle(el);
    const opener = game(el).settingsButton();
    opener.focus();
    const settings = await game(el).openSettings();
    const dialog = settings.openDialog()!;
    expect(dialog.matches(':modal')).to.equal(true);
    await expectAccessible(el);
    await sendKeys({ press: 'Escape' });
    await waitFor('the dialog to close', () => !settings.openDialog());
    expect(deepActive()).to.equal(opener);
  });

  it('a setting changed in the dialog is saved and applies from the next game, which the widget says', async () => {
    const el = await mount({ persist: 'local', 'storage-key': 'change', tempo: 'instant', seed: '4' });
    await settle(el);
    const settings = await game(el).openSettings();
    settings.choose('players', '3');
    await settle(el);
    expect(JSON.parse(saved('change', 'settings')!).data.players).to.equal(3);
    expect(game(el).noticeText()).to.contain('next game');
    expect(game(el).chips().length, 'this match keeps its players').to.equal(2);
  });

  it('won games are counted per level and variant when a match ends', async function () {
    // A whole match: the ceiling only turns a hang into a failure.
    this.timeout(120_000);
    const el = await mount({ persist: 'local', 'storage-key': 'stats', tempo: 'instant', seed: '9', target: '5', level: 'easy', variant: 'block' });
    for (let i = 0; i < 200; i++) {
      const ask = await waitForYou(el);
      if (ask.kind === 'button' && ask.label === 'New game') break;
      if (ask.kind === 'button') ask.button.click();
      else {
        playableTiles(el)[0]!.click();
        await settle(el);
        game(el).board().firstPlace()?.click();
      }
      await settle(el);
    }
    const stats = JSON.parse(saved('stats', 'stats')!).data;
    expect(stats.byLevel.easy.played).to.equal(1);
    expect(stats.byVariant.block.played).to.equal(1);
    expect(stats.byLevel.hard.played).to.equal(0);
  });
});
