/**
 * The table on a phone and at a round's end, measured as a person sees it. With the widget at the top of
 * a 320×640 or 360×640 screen, every button of the button row (Draw or Next round, Hint, Undo, Settings)
 * lies inside the screen in every state of a match. At a round's and at the match's end, at 320, 360 and
 * 375 px wide and at 1280×800, every control (the summary's fold, Review, Replay, Copy and Download
 * record) is whole, with no box inside the widget hiding it behind its own scroll, and an opened review
 * shows its first line of text (round-end-screen.test.ts checks that they lie on the screen, in three
 * languages and every engine). The score table's headers never break inside a word.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { act, en, game, mainLabel, mount, settle, settleLayout, waitFor, waitForYou, type DominoGame } from './helpers.js';
import { removeFromPage } from './harness/index.js';
import { brokenWords, clipped, describeControl, firstLineOf } from './screen-checks.js';

/**
 * Matches of two rounds (a round's summary, then the match's): Draw for two (the Draw button), Draw for
 * three (three names over the scores), All Fives for four in teams; then a round of Block for four (four
 * names over the scores). The seeds make them short (fixed-size.test.ts).
 */
const MATCHES: Record<string, string>[] = [
  { variant: 'draw', players: '2', seed: 'size-0-0', target: '20' },
  { variant: 'draw', players: '3', seed: 'size-6-0', target: '15' },
  { variant: 'fives', players: '4', teams: '', seed: 'b2', target: '50' },
];

/** A phone's screen, where the widget starts at the top: the button row must lie inside it. */
const PHONE_HEIGHT = 640;
const PHONE_WIDTHS = [320, 360];
/** The widths at which a round's end is checked: phones, and a desktop window's. */
const ROUND_END_WIDTHS = [320, 360, 375, 1280];
/** Common widths, for the score table's headers. */
const HEADER_WIDTHS = [320, 340, 360, 375, 390, 414, 480, 600, 768, 800, 1024, 1280];

/**
 * The widget lays itself out by its own width (container queries, no media queries of the viewport's
 * size), so a holder of each width at the top-left of a 1280×800 window stands for a screen that wide:
 * one match is checked at every width.
 */
async function mountAtTop(attributes: Record<string, string>): Promise<DominoGame> {
  document.body.style.margin = '0';
  const holder = document.createElement('div');
  holder.className = 'phone-holder';
  holder.style.cssText = 'position: absolute; inset: 0 auto auto 0';
  document.body.append(holder);
  return mount({ level: 'easy', tempo: 'instant', ...attributes }, holder);
}

async function setWidth(el: DominoGame, width: number): Promise<void> {
  el.parentElement!.style.inlineSize = `${width}px`;
  await settleLayout(el);
}

function removeHolders(): void {
  removeFromPage('.phone-holder');
}

/** The buttons of the button row that lie (even in part) outside a window `height` px tall, with where they end. */
function rowOutside(el: DominoGame, height: number): string[] {
  return game(el)
    .actionButtons()
    .map((button) => ({ name: button.textContent!.trim(), box: button.getBoundingClientRect() }))
    .filter(({ box }) => box.top < -0.5 || box.bottom > height + 0.5)
    .map(({ name, box }) => `${name} ends at ${box.bottom.toFixed(1)}`);
}

/** Every control of the round's end that cannot be seen whole, with why; and the review's first line once opened. */
async function hiddenAtRoundEnd(el: DominoGame, what: string): Promise<string[]> {
  await settleLayout(el);
  const problems: string[] = [];
  const controls = game(el).roundEndControls();
  if (controls.length < 2) problems.push(`${what}: only ${controls.length} controls`);
  for (const control of controls) {
    const why = clipped(control, el);
    if (why) problems.push(`${what}: ${describeControl(control)}: ${why}`);
  }
  // Opened, the review's first line shows (under its fold's heading, not under a box's edge).
  const review = game(el).roundReview()?.fold();
  if (!review) problems.push(`${what}: no review`);
  else {
    review.open = true;
    await settleLayout(el);
    const first = game(el).roundReview()!.firstLine();
    const why = first ? clipped(first, el, firstLineOf(first)) : 'missing';
    if (why) problems.push(`${what}: the review's first line: ${why}`);
    review.open = false;
    await settleLayout(el);
  }
  return problems;
}

/** Plays the match at 360 px; checks the button row at every step at each phone width, each round's end at every width. */
async function checkMatch(el: DominoGame, what: string, stopAtRoundEnd = false): Promise<{ row: string[]; roundEnd: string[]; headers: string[]; seen: Set<string> }> {
  const found = { row: [] as string[], roundEnd: [] as string[], headers: [] as string[], seen: new Set<string>() };
  const checkRow = async (step: string) => {
    for (const width of PHONE_WIDTHS) {
      await setWidth(el, width);
      for (const button of game(el).actionButtons()) found.seen.add(button.getAttribute('part') ?? '');
      found.seen.add(mainLabel(el) ?? '');
      found.row.push(...rowOutside(el, PHONE_HEIGHT).map((p) => `${what}, ${step}, ${width} px: ${p}`));
    }
  };
  // A hint once a round (each asks the hard computer, a second or so).
  let hintedThisRound = false;
  for (let actions = 0; actions < 400; actions++) {
    const ask = await waitForYou(el);
    await checkRow(`action ${actions}`);
    // Asked for on a turn with a choice, the hint adds its line and marks a tile.
    const hint = game(el).hintButton();
    if (ask.kind === 'play' && ask.tiles.length > 1 && hint && !hintedThisRound) {
      hintedThisRound = true;
      hint.click();
      await waitFor('the hint', () => game(el).hand().hinted());
      await checkRow(`action ${actions}, hinted`);
    }
    if (ask.kind === 'button' && (ask.label === en.nextRound || ask.label === en.newGame)) {
      await waitFor('the summary', () => game(el).scoreTable());
      if (ask.label === en.newGame) await waitFor('the record’s buttons', () => game(el).matchRecord()?.buttons()[0]);
      await settle(el);
      for (const width of ROUND_END_WIDTHS) {
        await setWidth(el, width);
        found.roundEnd.push(...(await hiddenAtRoundEnd(el, `${what}, ${ask.label}, ${width} px`)));
      }
      for (const width of HEADER_WIDTHS) {
        await setWidth(el, width);
        found.headers.push(...brokenWords(el).map((p) => `${what}, ${ask.label}, ${width} px: ${p}`));
      }
      await setWidth(el, 360);
      hintedThisRound = false;
      if (ask.label === en.newGame || stopAtRoundEnd) break;
    }
    await act(el);
  }
  return found;
}

/** Nothing found in any of the three, each shown with its first findings and how many there were. */
function expectNothingFound(found: { row: string[]; roundEnd: string[]; headers: string[] }): void {
  const first = (list: string[]) => (list.length > 12 ? [...list.slice(0, 12), `… ${list.length} in all`] : list);
  expect({ row: first(found.row), roundEnd: first(found.roundEnd), headers: first(found.headers) }).to.deep.equal({ row: [], roundEnd: [], headers: [] });
}

describe('on a phone and at a round’s end', function () {
  this.timeout(600_000);
  before(() => setViewport({ width: 1280, height: 800 }));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(removeHolders);

  for (const attributes of MATCHES) {
    const what = `${attributes['variant']}×${attributes['players']}`;
    it(`${what}: the button row inside a 640 px screen at 320 and 360 px in every state; every control of a round’s end whole at 320, 360, 375 and 1280 px; no header breaks inside a word`, async () => {
      const el = await mountAtTop(attributes);
      const found = await checkMatch(el, what);
      expect(mainLabel(el), 'the match ended').to.equal(en.newGame);
      expect(game(el).matchRecord()!.buttons().length, 'Replay, Copy, Download').to.equal(3);
      for (const shown of [en.nextRound, en.newGame, 'settings-button', 'hint-button', 'undo-button']) {
        expect(found.seen.has(shown), `${shown} showed`).to.equal(true);
      }
      if (attributes['variant'] === 'draw') expect(found.seen.has(en.draw), 'Draw showed').to.equal(true);
      expectNothingFound(found);
    });
  }

  it('block×4, four names over the scores: no header breaks inside a word; a round’s end whole at every width', async () => {
    const el = await mountAtTop({ variant: 'block', players: '4', seed: 'headers-4', target: '500' });
    const found = await checkMatch(el, 'block×4', true);
    expect(game(el).scores()!.headers().length, 'a round column and four names').to.equal(5);
    expectNothingFound(found);
  });
});
