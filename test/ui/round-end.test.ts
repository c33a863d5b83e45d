/**
 * The end of a round, seen: the final table stays in view (nothing covers it), every hand face up at its
 * seat's chip with its pips, and the summary beside the table (wide) or under it (320 px), a fold the
 * keyboard opens and closes, in the room the hand leaves: the widget keeps its height. In both themes the
 * screen passes the a11y check. The keyboard's focus, on your tiles as the round ends, goes to Next round.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { setViewport } from './browser-engine.js';
import { enExtra } from '../../src/i18n/en-extra.js';
import { actUntil, boardOf, deepActive, en, game, mainLabel, mount, placeButtons, settle, tableNames, waitFor, waitForYou, type DominoGame, expectAccessible } from './helpers.js';
import { overlaps } from './screen-checks.js';

const pipsOf = (names: string[]) => names.reduce((sum, name) => sum + name.split('-').reduce((n, pip) => n + Number(pip), 0), 0);

async function checkRoundEnd(el: DominoGame, what: string): Promise<void> {
  const harness = game(el);
  await waitFor('the score table', () => harness.scoreTable());
  await settle(el);
  const summary = harness.summary()!;
  expect((summary as HTMLDetailsElement).open, `${what}: the summary is open`).to.equal(true);
  const table = game(el).board().table().getBoundingClientRect();
  expect(table.width * table.height, `${what}: the table has room`).to.be.greaterThan(100 * 60);
  expect(overlaps(table, summary.getBoundingClientRect()), `${what}: the summary leaves the table in view`).to.equal(false);
  expect(tableNames(el).length, `${what}: the final table shows`).to.be.greaterThan(0);
  // Every hand at its chip: as many tiles as the chip counts, and their pips.
  const hands = harness.revealedHands();
  const counts = harness.playerChips().map((chip) => chip.tileCount());
  expect(hands.map((hand) => hand.tiles.length), `${what}: each chip's tiles`).to.deep.equal(counts);
  expect(counts.some((count) => count > 0), `${what}: someone holds tiles`).to.equal(true);
  hands.forEach((hand, seat) => {
    const pips = pipsOf(hand.tiles);
    const key = pips === 1 ? enExtra.pipsLeft.one : enExtra.pipsLeft.other;
    expect(hand.pips, `${what}: seat ${seat}'s pips`).to.equal(key.replace('{count}', String(pips)));
  });
  // Nothing sticks out of the widget sideways.
  const box = el.getBoundingClientRect();
  for (const node of [summary, ...harness.chips()]) {
    const rect = node.getBoundingClientRect();
    expect(rect.left, `${what}: inside on the left`).to.be.at.least(box.left - 0.5);
    expect(rect.right, `${what}: inside on the right`).to.be.at.most(box.right + 0.5);
  }
}

describe('the end of a round', function () {
  this.timeout(180_000);
  let el: DominoGame | undefined;
  afterEach(() => el?.remove());
  after(() => setViewport({ width: 800, height: 600 }));

  for (const [width, height] of [
    [1280, 800],
    [320, 640],
  ] as const) {
    it(`at ${width}×${height}: the final table and every hand stay in view beside the summary`, async () => {
      await setViewport({ width, height });
      el = await mount({ variant: 'draw', players: '4', seed: `round-end-${width}`, target: '500', level: 'easy', tempo: 'instant' });
      const playArea = () => game(el!).playArea().getBoundingClientRect();
      const rowBottom = () => game(el!).actionRow().getBoundingClientRect().bottom;
      await waitForYou(el);
      const [before, bottom, widgetHeight] = [playArea(), rowBottom(), el.getBoundingClientRect().height];
      await actUntil(el, () => mainLabel(el!) === en.nextRound);
      await checkRoundEnd(el, `${width} px`);
      // The round's end (its summary, its review) takes the hand's room in the play area: nothing grows.
      expect(playArea().height, 'the play area keeps its height').to.be.closeTo(before.height, 1);
      expect(rowBottom(), 'the button row ends where it did').to.be.closeTo(bottom, 1);
      expect(el.getBoundingClientRect().height, 'the widget keeps its height').to.be.closeTo(widgetHeight, 1);
      const summary = game(el).summary() as HTMLDetailsElement;
      const position = summary.getBoundingClientRect();
      const table = boardOf(el).getBoundingClientRect();
      if (width >= 1280) expect(position.left, 'beside the table').to.be.at.least(table.right - 0.5);
      else expect(position.top, 'under the table').to.be.at.least(table.bottom - 0.5);
      for (const theme of ['light', 'dark']) {
        el.setAttribute('theme', theme);
        await settle(el);
        await expectAccessible(el);
      }
      // The fold closes and opens again from the keyboard.
      game(el).summaryToggle()!.focus();
      expect(deepActive()).to.equal(game(el).summaryToggle());
      await sendKeys({ press: 'Enter' });
      await waitFor('the summary closed', () => !summary.open);
      await sendKeys({ press: ' ' });
      await waitFor('the summary open again', () => summary.open);
    });
  }

  // Your hand makes way for the round's end (your tiles lie at your chip): a keyboard player's focus,
  // on a tile as the round ends, goes on to Next round rather than to the page. The round ends by your
  // last tile in one match (the focus was on it), by the computer's in the other (on a tile you hold).
  for (const [seed, ending] of [
    ['focus-4', 'you went out'],
    ['focus-1', 'the computer went out'],
  ] as const) {
    it(`the focus on your tiles as the round ends goes on to Next round (${ending})`, async () => {
      el = await mount({ variant: 'draw', players: '2', seed, target: '500', level: 'easy', tempo: 'instant' });
      for (let actions = 0; actions < 100; actions++) {
        const ask = await waitForYou(el);
        if (ask.kind === 'button' && ask.label === en.nextRound) break;
        // From the keyboard: Enter on Draw or on a tile (the focus goes on to your tiles after either),
        // and on the first place when several fit.
        (ask.kind === 'button' ? ask.button : ask.tiles[0]!).focus();
        await sendKeys({ press: 'Enter' });
        await settle(el);
        if (placeButtons(el).length > 0) await sendKeys({ press: 'Enter' });
        await settle(el);
      }
      await waitFor('the round’s end', () => game(el!).roundEnd());
      await settle(el);
      const held = game(el).revealedHands()[0]!.tiles.length;
      expect(held > 0 ? 'the computer went out' : 'you went out', 'how the round ended').to.equal(ending);
      expect(game(el).hand().host.hidden, 'the hand made way').to.equal(true);
      // Compared, not shown: a failing match of two elements would print the whole page.
      const focused = deepActive();
      expect(focused === game(el).mainButton(), `the focus on Next round, not on ${focused?.outerHTML.slice(0, 60)}`).to.equal(true);
      expect(mainLabel(el)).to.equal(en.nextRound);
    });
  }
});
