/**
 * The table's scale as drawn (issue #18): tiles as large as the table allows. In a 1280×800 window's
 * table box a seeded 24-tile Draw table shows every tile at least 60 px on its long side, within the
 * table; when a tile makes the scale change, the laid tiles glide to their new places (CSS transitions),
 * and under prefers-reduced-motion they go there at once.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { fitTable } from '../../src/ui/board/fit.js';
import '../../src/ui/domino-board/domino-board.js';
import type { DominoBoard } from '../../src/ui/domino-board/domino-board.js';
import { fullTableSteps } from '../ui-logic/full-table.js';
import { nextFrame } from './helpers.js';
import { BoardHarness } from './harness/index.js';

/** The board's table box in the demo page at 1280×800 and at 375×667 (bench/layout.ts); 8 px padding. */
const WIDTH = 814;
const HEIGHT = 426;
const PHONE = [333, 312] as const;
const PADDING = 8;

async function board(width = WIDTH, height = HEIGHT): Promise<DominoBoard> {
  const el = await fixture<DominoBoard>(html`<domino-board style="inline-size:${width}px;block-size:${height}px;aspect-ratio:auto"></domino-board>`);
  await el.updateComplete;
  await nextFrame();
  await el.updateComplete;
  return el;
}

const laid = (el: DominoBoard) => new BoardHarness(el).laid();
const gliding = (el: DominoBoard) =>
  laid(el).filter((t) => t.getAnimations().some((a) => a instanceof CSSTransition && /left|right|top|width|height|inset|size/.test(a.transitionProperty)));

/**
 * A seeded Draw table and the step at which adding a tile changes the scale in the phone's box (in the
 * 1280×800 one Draw tiles keep their starting size through whole tables).
 */
function scaleChange(): { steps: ReturnType<typeof fullTableSteps>; at: number } {
  const [width, height] = PHONE;
  for (let seed = 0; seed < 50; seed++) {
    const steps = fullTableSteps('draw', 3100 + seed);
    let unit = 0;
    for (const [k, { table, openEnds }] of steps.entries()) {
      const next = fitTable(table, openEnds, { width: width - 2 * PADDING, height: height - 2 * PADDING, hint: unit || undefined }).unit;
      if (k > 1 && next !== unit) return { steps, at: k };
      unit = next;
    }
  }
  throw new Error('no seeded table changes scale');
}

describe('<domino-board>: tiles as large as the table allows', () => {
  afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('shows a seeded 24-tile Draw table at 1280×800 with tiles of at least 60 px, inside the table', async () => {
    const el = await board();
    const table = new BoardHarness(el).table().getBoundingClientRect();
    const long = [700, 701, 702, 703, 704, 705].map((seed) => fullTableSteps('draw', seed)).filter((steps) => steps.length >= 24);
    expect(long.length, 'seeded tables of 24 tiles').to.be.at.least(3);
    for (const [seed, steps] of long.slice(0, 3).entries()) {
      const { table: tiles, openEnds } = steps[23]!;
      el.table = tiles;
      el.openEnds = openEnds;
      await el.updateComplete;
      const shown = laid(el);
      expect(shown).to.have.length(24);
      for (const tile of shown) {
        const r = tile.getBoundingClientRect();
        expect(Math.max(r.width, r.height), `table ${seed}: a tile's long side`).to.be.at.least(60);
        expect(r.left >= table.left && r.right <= table.right && r.top >= table.top && r.bottom <= table.bottom, 'inside the table').to.equal(true);
      }
      // Both directions: the line snakes down the table rather than staying one row.
      const top = Math.min(...shown.map((t) => t.getBoundingClientRect().top));
      const bottom = Math.max(...shown.map((t) => t.getBoundingClientRect().bottom));
      expect(bottom - top, 'the height the tiles use').to.be.at.least(0.4 * HEIGHT);
      el.table = [];
      el.openEnds = [];
      await el.updateComplete;
    }
  });

  it('glides the laid tiles to their new places when the scale changes', async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    const { steps, at } = scaleChange();
    const el = await board(...PHONE);
    el.table = steps[at - 1]!.table;
    el.openEnds = steps[at - 1]!.openEnds;
    await el.updateComplete;
    await nextFrame();
    const before = laid(el)[0]!.getBoundingClientRect().width;
    expect(gliding(el), 'nothing moves before').to.deep.equal([]);
    el.table = steps[at]!.table;
    el.openEnds = steps[at]!.openEnds;
    await el.updateComplete;
    const moving = gliding(el);
    expect(moving.length, 'laid tiles glide').to.be.at.least(at - 1);
    // Mid-glide: the tile is on its way, not yet at its new size.
    const target = parseFloat(laid(el)[0]!.style.inlineSize);
    expect(target).to.not.equal(before);
    await Promise.all(moving.flatMap((t) => t.getAnimations().map((a) => a.finished)));
    expect(laid(el)[0]!.getBoundingClientRect().width).to.be.closeTo(target, 0.5);
  });

  it('under prefers-reduced-motion the tiles go to their new places at once', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const { steps, at } = scaleChange();
    const el = await board(...PHONE);
    el.table = steps[at - 1]!.table;
    el.openEnds = steps[at - 1]!.openEnds;
    await el.updateComplete;
    await nextFrame();
    el.table = steps[at]!.table;
    el.openEnds = steps[at]!.openEnds;
    await el.updateComplete;
    expect(gliding(el)).to.deep.equal([]);
    const first = laid(el)[0]!;
    expect(first.getBoundingClientRect().width).to.be.closeTo(parseFloat(first.style.inlineSize), 0.5);
  });
});
