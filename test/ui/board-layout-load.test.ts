/**
 * The table's layout code (src/ui/board/) is a chunk of its own: an empty table, the first screen's,
 * is drawn without it, and a table with tiles loads it and is up to date (`updateComplete`) once its
 * tiles are drawn. A page of its own, so that nothing else has loaded that code before.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { OpenEnd, Placement } from '../../src/engine/index.js';
import '../../src/ui/domino-board/domino-board.js';
import type { DominoBoard } from '../../src/ui/domino-board/domino-board.js';
import { BoardHarness, inFixture } from './harness/index.js';

/** Whether the page has fetched the layout's code (its entry, fit.ts). */
const layoutFetched = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/ui/board/fit'));

const TABLE = [
  { tile: [6, 6], end: 'lead', seat: 0, double: true, spinner: false },
  { tile: [6, 3], end: 'right', seat: 1, double: false, spinner: false },
] as Placement[];
const OPEN_ENDS = [
  { id: 'left', pip: 6, from: 0 },
  { id: 'right', pip: 3, from: 1 },
] as OpenEnd[];

describe('<domino-board> and its layout’s code', () => {
  it('draws an empty table without it, and loads it for a table with tiles', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div style="inline-size: 500px"><domino-board></domino-board></div>`);
    const el = inFixture<DominoBoard>(wrapper, 'domino-board');
    await el.updateComplete;
    const harness = new BoardHarness(el);
    expect(harness.laid()).to.have.length(0);
    expect(layoutFetched(), 'an empty table needs no layout').to.equal(false);

    el.table = TABLE;
    el.openEnds = OPEN_ENDS;
    await el.updateComplete;
    expect(harness.laid(), 'drawn once the board says it is up to date').to.have.length(TABLE.length);
    expect(layoutFetched()).to.equal(true);
  });
});
