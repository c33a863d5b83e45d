/**
 * The table as drawn: a crowded Doubles table whose last tile could not go against its end (walled
 * in; see src/ui/board/layout.ts) shows that tile outlined, with a dashed line from its end to it, and
 * the same for a place lying apart from its end.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { LegalMove, OpenEnd, Placement } from '../../src/engine/index.js';
import '../../src/ui/domino-board/domino-board.js';
import type { DominoBoard } from '../../src/ui/domino-board/domino-board.js';
import { nextFrame, expectAccessible } from './helpers.js';
import { BoardHarness, inFixture } from './harness/index.js';

// Doubles, 4 players: the 19th tile, 4-0 on the end 's9.2' that 2-4 (tile 11) offered, lies apart at 20 columns.
const TABLE = [{tile: [6, 6], end: 'lead', seat: 1, double: true, spinner: true}, {tile: [6, 3], end: 'down', seat: 2, double: false, spinner: false}, {tile: [6, 2], end: 'left', seat: 3, double: false, spinner: false}, {tile: [6, 0], end: 'right', seat: 0, double: false, spinner: false}, {tile: [3, 3], end: 'down', seat: 1, double: true, spinner: true}, {tile: [3, 4], end: 's4.1', seat: 2, double: false, spinner: false}, {tile: [3, 2], end: 's4.2', seat: 3, double: false, spinner: false}, {tile: [3, 5], end: 'down', seat: 0, double: false, spinner: false}, {tile: [6, 5], end: 'up', seat: 1, double: false, spinner: false}, {tile: [2, 2], end: 'left', seat: 2, double: true, spinner: true}, {tile: [4, 4], end: 's4.1', seat: 3, double: true, spinner: true}, {tile: [2, 4], end: 's9.2', seat: 0, double: false, spinner: false}, {tile: [0, 0], end: 'right', seat: 1, double: true, spinner: true}, {tile: [0, 3], end: 's12.2', seat: 2, double: false, spinner: false}, {tile: [2, 5], end: 's4.2', seat: 3, double: false, spinner: false}, {tile: [4, 1], end: 's10.2', seat: 0, double: false, spinner: false}, {tile: [4, 6], end: 's10.1', seat: 1, double: false, spinner: false}, {tile: [1, 1], end: 's10.2', seat: 2, double: true, spinner: true}, {tile: [4, 0], end: 's9.2', seat: 3, double: false, spinner: false}] as Placement[];
const OPEN_ENDS = [{id: 'left', pip: 2, from: 9}, {id: 'right', pip: 0, from: 12}, {id: 'up', pip: 5, from: 8}, {id: 'down', pip: 5, from: 7}, {id: 's4.1', pip: 4, from: 10}, {id: 's4.2', pip: 5, from: 14}, {id: 's9.1', pip: 2, from: 9}, {id: 's9.2', pip: 0, from: 18}, {id: 's10.1', pip: 6, from: 16}, {id: 's10.2', pip: 1, from: 17}, {id: 's12.1', pip: 0, from: 12}, {id: 's12.2', pip: 3, from: 13}, {id: 's17.1', pip: 1, from: 17}, {id: 's17.2', pip: 1, from: 17}] as OpenEnd[];
const WALLED_IN_PARENT = 11;
const PLAY_ON_WALLED_END: LegalMove = { type: 'play', tile: [0, 1], end: 's9.2', pip: 0 };

/** Whether `point` lies within `margin` pixels of `rect`. */
const near = (point: { x: number; y: number }, rect: DOMRect, margin = 2) =>
  point.x >= rect.left - margin && point.x <= rect.right + margin && point.y >= rect.top - margin && point.y <= rect.bottom + margin;

/** The two ends of an SVG line on the page. */
function endsOf(line: SVGLineElement): [{ x: number; y: number }, { x: number; y: number }] {
  const svg = line.ownerSVGElement!;
  const matrix = line.getScreenCTM()!;
  const at = (x: number, y: number) => {
    const p = svg.createSVGPoint();
    p.x = x;
    p.y = y;
    const q = p.matrixTransform(matrix);
    return { x: q.x, y: q.y };
  };
  return [at(line.x1.baseVal.value, line.y1.baseVal.value), at(line.x2.baseVal.value, line.y2.baseVal.value)];
}

async function board(dir: 'ltr' | 'rtl'): Promise<DominoBoard> {
  // 410 px: the board lays out 20 columns (20 px per column at the least).
  const wrapper = await fixture<HTMLDivElement>(html`<div dir=${dir} style="inline-size: 410px">
    <domino-board .table=${TABLE} .openEnds=${OPEN_ENDS} .places=${[PLAY_ON_WALLED_END]} .placing=${[0, 1]}></domino-board>
  </div>`);
  const el = inFixture<DominoBoard>(wrapper, 'domino-board');
  await el.updateComplete;
  await nextFrame();
  await el.updateComplete;
  return el;
}

describe('<domino-board> on a crowded table', () => {
  for (const dir of ['ltr', 'rtl'] as const) {
    it(`links a tile and a place lying apart to their ends (${dir})`, async () => {
      const el = await board(dir);
      const harness = new BoardHarness(el);
      const laid = harness.laid();
      expect(laid).to.have.length(TABLE.length);
      const apart = harness.apart();
      expect(apart, 'the walled-in tile is outlined').to.deep.equal([laid[TABLE.length - 1]]);
      expect(getComputedStyle(apart[0]!).outlineStyle).to.equal('dashed');

      const lines = harness.linkLines();
      expect(lines, 'one line for the tile, one for the place').to.have.length(2);
      expect(harness.links()!.getAttribute('aria-hidden')).to.equal('true');
      // The tile's line runs from the edge of the tile it was laid on to the middle of the tile.
      const [from, to] = endsOf(lines[0]!);
      const parent = laid[WALLED_IN_PARENT]!.getBoundingClientRect();
      const tile = apart[0]!.getBoundingClientRect();
      expect(near(from, parent), 'starts at its end').to.equal(true);
      expect(Math.abs(to.x - (tile.left + tile.width / 2)) < 2 && Math.abs(to.y - (tile.top + tile.height / 2)) < 2, 'ends at the tile').to.equal(true);
      // The place's line ends at the place button.
      const place = harness.firstPlace()!.getBoundingClientRect();
      expect(near(endsOf(lines[1]!)[1], place), 'ends at the place').to.equal(true);
      await expectAccessible(el);
    });
  }

  it('draws no line on a table where every tile touches its end', async () => {
    const el = await fixture<DominoBoard>(html`<domino-board .table=${TABLE.slice(0, 5)} .openEnds=${[]}></domino-board>`);
    await el.updateComplete;
    const harness = new BoardHarness(el);
    expect(harness.laid()).to.have.length(5);
    expect(harness.links()).to.equal(null);
    expect(harness.apart()).to.deep.equal([]);
  });
});
