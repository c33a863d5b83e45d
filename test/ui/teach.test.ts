/**
 * Hint and Undo against the computer, through the widget: the button and the key show the hard
 * computer's move (the tile marked in the hand, the line that says why), Undo takes the last move back
 * (button and key), the site's attributes take the buttons away, and a match with help counts apart.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { enExtra } from '../../src/i18n/en-extra.js';
import { actUntil, en, game, gamesOnPage, handNames, listen, mainLabel, messagePattern, mount, settle, tableNames, waitFor, waitForYou, type DominoGame, expectAccessible } from './helpers.js';
import { pressWith } from './browser-engine.js';

const hintButton = (el: DominoGame) => game(el).hintButton();
const undoButton = (el: DominoGame) => game(el).undoButton();
const hintedTile = (el: DominoGame) => game(el).hand().hinted();
const HINT_LINES = ['teachHintPlay', 'teachHintPlayAt', 'teachHintDraw', 'teachHintPass'] as const;
const saved = (key: string, entry: string) => JSON.parse(localStorage.getItem(`domino-game:${key}:${entry}`) ?? 'null') as { version: number; data: Record<string, unknown> } | null;

/** Lays your first playable tile on its first place (or presses the main button). */
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

/** Waits for your turn with a tile to lay (drawing when asked to). */
async function untilATileFits(el: DominoGame): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const ask = await waitForYou(el);
    if (ask.kind === 'play') return;
    if (mainLabel(el) !== 'Draw') throw new Error(`no tile to lay: ${mainLabel(el)}`);
    ask.button.click();
    await settle(el);
  }
}

describe('hint and undo against the computer', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    for (const el of gamesOnPage()) el.remove();
  });

  it('Hint marks the hard computer’s tile and says why; the key H does the same; accessible in both themes', async function () {
    this.timeout(60_000);
    const el = await mount({ tempo: 'instant', seed: 'hint-button', variant: 'fives' });
    await untilATileFits(el);
    expect(hintButton(el), 'the button shows on your turn').to.exist;
    expect(hintButton(el)!.textContent!.trim()).to.equal('Hint');
    hintButton(el)!.click();
    const tile = await waitFor('the hinted tile', () => hintedTile(el));
    expect(tile.classList.contains('playable'), 'a tile that fits').to.equal(true);
    expect(tile.getAttribute('aria-label')).to.contain('Hint');
    expect(game(el).hint()).to.match(messagePattern([...HINT_LINES], {}, ''));
    await waitFor('the hint announced', () => messagePattern([...HINT_LINES], {}, '').test(game(el).liveRegion().textContent ?? ''));
    for (const theme of ['light', 'dark']) {
      el.setAttribute('theme', theme);
      await settle(el);
      await expectAccessible(el);
    }

    // Laid, the hint is gone; on the next turn the key asks for another.
    await playOne(el);
    await untilATileFits(el);
    expect(hintedTile(el), 'a hint holds for its position only').to.equal(null);
    game(el).hand().tiles()[0]!.focus();
    await sendKeys({ press: 'h' });
    await waitFor('the key’s hint', () => hintedTile(el));
  });

  it('Undo takes your last move back with the computer’s answer, by button and by key', async function () {
    this.timeout(60_000);
    const el = await mount({ tempo: 'instant', seed: 'undo-button' });
    await untilATileFits(el);
    expect(undoButton(el), 'nothing to take back at the round’s start').to.equal(null);
    const table = tableNames(el);
    const hand = handNames(el);
    await playOne(el);
    await waitForYou(el);
    expect(tableNames(el).length).to.be.greaterThan(table.length);
    // Every text the live region holds is kept: it holds one at a time, and a poll on a busy machine
    // can miss the moment it held both.
    const listening = listen(el);
    undoButton(el)!.click();
    await waitFor('the move taken back', () => tableNames(el).length === table.length);
    expect(handNames(el)).to.deep.equal(hand);
    // Said once: that the move was taken back, then whose turn it is (the turn's own announcement).
    await waitFor('the undo announced', () => listening.said.some((text) => text.split(enExtra.teachTakenBack).at(-1)!.includes(en.announceTurn) && text.includes(enExtra.teachTakenBack)));
    listening.stop();
    const told = listening.said.filter((text) => text.includes(enExtra.teachTakenBack)).at(-1)!.split(enExtra.teachTakenBack).at(-1)!;
    expect(told.split(en.announceTurn).length - 1, `your turn said once after the undo: ${JSON.stringify(told)}`).to.equal(1);
    expect(undoButton(el), 'nothing more to take back').to.equal(null);

    await playOne(el);
    await waitForYou(el);
    game(el).hand().tiles()[0]!.focus();
    await pressWith('Control', 'z');
    await waitFor('taken back by Ctrl+Z', () => tableNames(el).length === table.length);
    await playOne(el);
    await waitForYou(el);
    game(el).hand().tiles()[0]!.focus();
    await sendKeys({ press: 'u' });
    await waitFor('taken back by U', () => tableNames(el).length === table.length);
  });

  it('a hint that names the place says why there', async function () {
    this.timeout(60_000);
    // Seed 3: the computer leads the double six, so each of your tiles that fits fits both ends, alike.
    const el = await mount({ tempo: 'instant', seed: '3', players: '2', variant: 'draw' });
    await untilATileFits(el);
    hintButton(el)!.click();
    await waitFor('the hinted tile', () => hintedTile(el));
    const line = game(el).hint();
    expect(line, 'the hint names the place').to.match(messagePattern('teachHintPlayAt', {}, ''));
    expect(line, 'and why there').to.contain(enExtra.teachWhereSame);
  });

  it('hints="off" and undo="off" take the buttons and keys away', async function () {
    this.timeout(60_000);
    const el = await mount({ tempo: 'instant', seed: 'undo-button', hints: 'off', undo: 'off' });
    await untilATileFits(el);
    expect(hintButton(el)).to.equal(null);
    const table = tableNames(el).length;
    await playOne(el);
    await untilATileFits(el);
    expect(undoButton(el)).to.equal(null);
    const laid = tableNames(el).length;
    expect(laid).to.be.greaterThan(table);
    game(el).hand().tiles()[0]!.focus();
    await sendKeys({ press: 'u' });
    await sendKeys({ press: 'h' });
    await settle(el);
    expect(tableNames(el).length, 'U does nothing').to.equal(laid);
    expect(hintedTile(el), 'H does nothing').to.equal(null);
  });

  it('a hint is saved with the match and survives a reload; a match with help counts apart in the statistics', async function () {
    this.timeout(120_000);
    const key = 'teach-stats';
    let el = await mount({ tempo: 'instant', seed: 'teach-stats', target: '1', persist: '', 'storage-key': key });
    await untilATileFits(el);
    hintButton(el)!.click();
    await waitFor('the hinted tile', () => hintedTile(el));
    el.remove();
    expect(saved(key, 'match')?.version).to.equal(3);
    expect(saved(key, 'match')?.data['hinted'], 'the hint is saved with the match').to.equal(true);

    el = await mount({ tempo: 'instant', seed: 'teach-stats', target: '1', persist: '', 'storage-key': key });
    await actUntil(el, () => mainLabel(el) === 'New game');
    const stats = saved(key, 'stats')!.data as { withHelp: { played: number }; byLevel: Record<string, { played: number }> };
    expect(stats.withHelp.played, 'counted with help').to.equal(1);
    expect(stats.byLevel['medium']!.played, 'not among the plain games').to.equal(0);

    // The statistics panel shows it apart.
    game(el).settingsButton().click();
    const help = await waitFor('the dialog', () => game(el).settings().help());
    const line = help.textContent!.replace(/\s+/g, ' ');
    expect(line).to.contain('With a hint or undo').and.to.contain('0 of 1');
  });
});
