/**
 * A crowded table that is only looked at (a round's end) keeps its tiles readable: the longest Doubles
 * tables do not fit the final table's box on a 320 px phone (296×128, bench/layout.ts) even at the
 * smallest readable scale. Given `scrollable`, the board draws them at that scale (tiles 28 px long) and
 * scrolls inside its box, a tab stop with the table's name, starting at its middle, every tile reachable
 * by scrolling, in either direction of writing; a board being played on still shrinks such a table to
 * show it whole.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { fitTable, MIN_UNIT } from '../../src/ui/board/fit.js';
import '../../src/ui/domino-board/domino-board.js';
import type { DominoBoard } from '../../src/ui/domino-board/domino-board.js';
import { fullTableSteps } from '../ui-logic/full-table.js';
import { expectAccessible, nextFrame } from './helpers.js';
import { BoardHarness } from './harness/index.js';

/** The final table's least room at a round's end on a 320 px phone, and the table's padding. */
const ROUND_END_BOX = [296, 128] as const;
const PADDING = 8;
const READABLE_TILE = 2 * MIN_UNIT;

/** Seeded Doubles tables too crowded for the box at the smallest readable scale. */
function crowdedTables(count: number) {
  const [width, height] = ROUND_END_BOX;
  const found = [];
  for (let seed = 900; found.length < count && seed < 1100; seed++) {
    const last = fullTableSteps('doubles', seed).at(-1)!;
    if (!fitTable(last.table, last.openEnds, { width: width - 2 * PADDING, height: height - 2 * PADDING }).fits) found.push(last);
  }
  expect(found.length, 'crowded Doubles tables').to.equal(count);
  return found;
}

async function board(scrollable: boolean, dir: 'ltr' | 'rtl' = 'ltr'): Promise<DominoBoard> {
  const [width, height] = ROUND_END_BOX;
  const wrapper = await fixture<HTMLDivElement>(
    html`<div dir=${dir}><domino-board style="inline-size:${width}px;block-size:${height}px;aspect-ratio:auto" .scrollable=${scrollable}></domino-board></div>`,
  );
  const el = wrapper.querySelector('domino-board')!;
  await el.updateComplete;
  await nextFrame();
  await el.updateComplete;
  return el;
}

async function show(el: DominoBoard, table: ReturnType<typeof crowdedTables>[number]): Promise<void> {
  el.table = table.table;
  el.openEnds = table.openEnds;
  await el.updateComplete;
  await nextFrame();
}

const longSide = (tile: HTMLElement) => {
  const r = tile.getBoundingClientRect();
  return Math.max(r.width, r.height);
};
const inside = (inner: DOMRect, outer: DOMRect) =>
  inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;

describe('<domino-board>: a crowded table only looked at scrolls at a readable scale', () => {
  for (const dir of ['ltr', 'rtl'] as const) {
    it(`draws the longest Doubles tables with tiles ${READABLE_TILE} px long, scrolling from their middle, every tile reachable (${dir})`, async () => {
      for (const table of crowdedTables(3)) {
        const el = await board(true, dir);
        await show(el, table);
        const harness = new BoardHarness(el);
        const box = harness.table();
        const tiles = harness.laid();
        expect(tiles).to.have.length(table.table.length);
        for (const tile of tiles) expect(longSide(tile), 'a laid tile’s long side').to.be.at.least(READABLE_TILE - 0.5);
        expect(box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight, 'the table scrolls').to.equal(true);
        expect(box.tabIndex, 'a tab stop, so that the keyboard scrolls it').to.equal(0);
        expect(box.getAttribute('aria-label')).to.equal('Table');
        // It starts at its middle, where the lead lies.
        const across = box.scrollWidth - box.clientWidth;
        expect(Math.abs(box.scrollLeft), 'scrolled to the middle across').to.be.closeTo(across / 2, 1);
        expect(box.scrollTop, 'scrolled to the middle down').to.be.closeTo((box.scrollHeight - box.clientHeight) / 2, 1);
        // Every tile can be scrolled into the table's view.
        for (const tile of tiles) {
          tile.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          expect(inside(tile.getBoundingClientRect(), box.getBoundingClientRect()), `${tile.getAttribute('aria-label')} brought into view`).to.equal(true);
        }
        await expectAccessible(el);
        el.parentElement!.remove();
      }
    });
  }

  it('a board being played on shows the same tables whole, smaller, without scrolling', async () => {
    for (const table of crowdedTables(3)) {
      const el = await board(false);
      await show(el, table);
      const harness = new BoardHarness(el);
      const box = harness.table();
      expect(box.hasAttribute('tabindex')).to.equal(false);
      expect(box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight, 'nothing to scroll').to.equal(true);
      const frame = box.getBoundingClientRect();
      for (const tile of harness.laid()) expect(inside(tile.getBoundingClientRect(), frame), 'inside the table').to.equal(true);
      expect(Math.min(...harness.laid().map(longSide)), 'shrunk below the readable scale').to.be.below(READABLE_TILE);
      el.parentElement!.remove();
    }
  });
});
