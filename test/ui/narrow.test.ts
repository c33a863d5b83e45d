/**
 * A phone's width: at a 320px viewport the widget never scrolls sideways, however long the table grows.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { boardOf, mount, placeButtons, root, settle, tableNames, waitForYou, type DominoGame } from './helpers.js';

function checkNoOverflow(el: DominoGame, when: string): void {
  expect(el.getBoundingClientRect().width, `${when}: the widget fits the viewport`).to.be.at.most(320);
  expect(el.scrollWidth, `${when}: the widget has no horizontal overflow`).to.be.at.most(el.clientWidth);
  const game = root(el).querySelector<HTMLElement>('.game')!;
  expect(game.scrollWidth, `${when}: its content has none`).to.be.at.most(game.clientWidth);
  const board = boardOf(el);
  const table = board.shadowRoot!.querySelector<HTMLElement>('.table')!;
  // The table clips what overflows it (overflow: hidden), so nothing may lie outside it. (Layout boxes,
  // not bounding boxes: the last tile is laid with a short zoom.)
  const area = board.shadowRoot!.querySelector<HTMLElement>('.area')!;
  const [outer, inner] = [table.getBoundingClientRect(), area.getBoundingClientRect()];
  expect(inner.left, `${when}: the tiles' area starts inside the table`).to.be.at.least(outer.left - 0.5);
  expect(inner.right, `${when}: the tiles' area ends inside the table`).to.be.at.most(outer.right + 0.5);
  for (const laid of area.querySelectorAll<HTMLElement>('.laid, button.place')) {
    const what = `${when}: ${laid.getAttribute('aria-label')}`;
    expect(laid.offsetLeft, `${what} sticks out on the left`).to.be.at.least(-0.5);
    expect(laid.offsetLeft + laid.offsetWidth, `${what} sticks out on the right`).to.be.at.most(area.clientWidth + 0.5);
  }
  expect(document.documentElement.scrollWidth, `${when}: the page does not scroll sideways`).to.be.at.most(320);
}

describe('at 320px wide', function () {
  this.timeout(40_000);
  let el: DominoGame | undefined;
  before(() => setViewport({ width: 320, height: 640 }));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(() => el?.remove());

  for (const variant of ['draw', 'doubles', 'fives'] as const) {
    it(`${variant}: no horizontal overflow as the table grows`, async () => {
      el = await mount({ variant, seed: `narrow-${variant}`, target: '150', level: 'easy', tempo: 'instant' });
      let longest = 0;
      for (let step = 0; step < 120 && longest < 16; step++) {
        const ask = await waitForYou(el, 8000);
        checkNoOverflow(el, `step ${step}`);
        longest = Math.max(longest, tableNames(el).length);
        if (ask.kind === 'button') {
          ask.button.click();
          await settle(el);
          continue;
        }
        ask.tiles[ask.tiles.length - 1]!.click();
        await settle(el);
        const places = placeButtons(el);
        if (places.length > 0) {
          checkNoOverflow(el, `step ${step}, choosing a place`);
          places[places.length - 1]!.click();
          await settle(el);
        }
      }
      expect(longest, 'a long table').to.be.at.least(12);
    });
  }
});
