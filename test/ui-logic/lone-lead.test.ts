/**
 * The lone lead drawn without the layout's code (board/lone-lead.ts) is the table fitTable lays out:
 * the same tile and end boxes and the same scale, for every tile as the lead in every variant (a
 * double, a spinner in Doubles with its four ends, a lying tile), in boxes from a round's end on a 320 px
 * phone to a desktop's table; so nothing moves when the layout's code comes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALL_TILES, resolveConfig, type Variant } from '../../src/engine/index.js';
import { EMPTY_TABLE, layTile } from '../../src/engine/board.js';
import { fitTable, MIN_UNIT } from '../../src/ui/board/fit.js';
import { loneLeadLayout } from '../../src/ui/board/lone-lead.js';

const VARIANTS: Variant[] = ['draw', 'block', 'fives', 'doubles'];
const WIDTHS = Array.from({ length: 24 }, (_, i) => 120 + 37 * i);
const HEIGHTS = Array.from({ length: 20 }, (_, i) => 60 + 31 * i);
/** The board's content boxes measured on the demo page (bench/layout.ts): each must be drawn without the layout. */
const REAL_BOXES: [number, number][] = [[798, 410], [582, 359], [317, 259], [262, 231], [280, 112]];

test('the lone lead is laid out and scaled as fitTable does it, in every box where it can be drawn', () => {
  let compared = 0;
  let skipped = 0;
  for (const variant of VARIANTS) {
    const config = resolveConfig({ variant, players: 2 });
    for (const tile of ALL_TILES) {
      const board = layTile(config, EMPTY_TABLE, tile, 'lead', 0);
      for (const width of WIDTHS) {
        for (const height of HEIGHTS) {
          const lone = loneLeadLayout(board.table[0]!, board.openEnds, width, height);
          const fitted = fitTable(board.table, board.openEnds, { width, height });
          if (lone === null) {
            // Too small a box for the lead at a readable scale: the board waits for fitTable, which lays it out otherwise.
            assert.ok(Math.min(width / 6, height / 2) < MIN_UNIT || height / 6 < MIN_UNIT, `${variant} ${tile}: ${width}×${height} not drawn alone`);
            skipped++;
            continue;
          }
          assert.deepEqual(lone, fitted, `${variant} lead ${tile} in ${width}×${height}`);
          compared++;
        }
      }
      for (const [width, height] of REAL_BOXES) assert.notEqual(loneLeadLayout(board.table[0]!, board.openEnds, width, height), null, `${variant} ${tile} in ${width}×${height}`);
    }
  }
  assert.ok(compared > 10_000 && skipped < compared / 20, `compared ${compared}, ${skipped} boxes too small`);
});
