/**
 * The table's scale (src/ui/board/fit.ts): seeded long tables laid tile by tile, as in a round, in the
 * widget's real table boxes. At every step the layout fits the box at the unit chosen, no two tiles
 * overlap, every tile touches the tile it was laid against, and the unit is the largest that fits:
 * the next larger one does not. And the goals of issue #18: at 1280×800 a laid Draw tile keeps a long
 * side of at least 60 px up to 24 tiles, on a 375×667 phone 40 px up to 16.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Variant } from '../../src/engine/index.js';
import { fitsAt, fitTable, layoutAt, MAX_UNIT, MIN_UNIT } from '../../src/ui/board/fit.js';
import { EMPTY_TABLE } from '../../src/ui/board/scales.js';
import type { TableLayout } from '../../src/ui/board/layout.js';
import { fullTableSteps } from './full-table.js';

/** The layout's content boxes of the board in the demo page (bench/layout.ts measured them; 8 px padding). */
const BOXES: Record<string, [number, number]> = {
  '1280×800': [798, 410],
  '1024×768': [582, 359],
  '375×667': [317, 296],
  '320 wide': [262, 271],
};

type Laid = TableLayout['tiles'][number];

const overlapArea = (a: Laid, b: Laid): number =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** Whether two tiles share an edge of positive length. */
function touch(a: Laid, b: Laid): boolean {
  const alongY = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const alongX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  return ((a.x + a.width === b.x || b.x + b.width === a.x) && alongY > 0) || ((a.y + a.height === b.y || b.y + b.height === a.y) && alongX > 0);
}

describe('the scale: the largest at which the layout fits the table', () => {
  for (const variant of ['draw', 'fives', 'doubles'] as Variant[]) {
    test(`${variant}: seeded long tables, tile by tile, in every box`, () => {
      let shrunk = 0;
      let steps = 0;
      for (let seed = 0; seed < 6; seed++) {
        const tables = fullTableSteps(variant, 4200 + seed);
        for (const [name, [width, height]] of Object.entries(BOXES)) {
          let hint: number | undefined;
          for (const [k, { table, openEnds }] of tables.entries()) {
            const where = `${variant}, seed ${4200 + seed}, ${name}, ${k + 1} tiles`;
            const fitted = fitTable(table, openEnds, hint === undefined ? { width, height } : { width, height, hint });
            hint = fitted.unit;
            const { layout, unit } = fitted;
            steps++;
            assert.ok(layout.width * unit <= width && layout.height * unit <= height, `${where}: the layout at ${unit} px per unit is beyond the box`);
            if (fitted.fits) {
              assert.ok(fitsAt(layout, unit, width, height), `${where}: not a fit`);
              assert.ok(unit >= MIN_UNIT && unit <= MAX_UNIT && unit % 2 === 0, `${where}: unit ${unit}`);
              if (unit < MAX_UNIT) {
                assert.ok(!fitsAt(layoutAt(table, openEnds, unit + 2, width, height), unit + 2, width, height), `${where}: ${unit + 2} px fits too`);
              }
            } else {
              // Not even the smallest scale's layout fits (beyond the box, or a tile walled in): it is shown
              // whole at the scale that shows it (asserted above).
              shrunk++;
              assert.ok(!fitsAt(layoutAt(table, openEnds, MIN_UNIT, width, height), MIN_UNIT, width, height), `${where}: MIN_UNIT fits`);
            }
            const tiles = layout.tiles;
            for (let i = 0; i < tiles.length; i++) {
              for (let j = i + 1; j < tiles.length; j++) assert.equal(overlapArea(tiles[i]!, tiles[j]!), 0, `${where}: tiles ${i} and ${j} overlap`);
            }
            const last = tiles[k]!;
            if (k > 0 && !last.detached) {
              const parent = tables[k - 1]!.openEnds.find((e) => e.id === table[k]!.end)!.from;
              assert.ok(touch(last, tiles[parent]!), `${where}: tile ${k} does not touch tile ${parent}`);
            }
            if (last.detached) assert.equal(variant, 'doubles', `${where}: a tile apart from its end`);
          }
        }
      }
      // No fit at all is for crowded tables in small boxes: rare, but for Doubles (spinners everywhere).
      console.log(`${variant}: no scale fits in ${shrunk} of ${steps} layouts`);
      assert.ok(shrunk <= (variant === 'doubles' ? 0.25 : 0.02) * steps, `${variant}: no scale fits in ${shrunk} of ${steps} layouts`);
    });
  }

  test('without a hint the unit is the largest of all that fit; with one, a neighbour of the answer gives the same', () => {
    const [width, height] = BOXES['1024×768']!;
    for (const variant of ['draw', 'fives'] as Variant[]) {
      const tables = fullTableSteps(variant, 77);
      for (const { table, openEnds } of tables) {
        const { unit } = fitTable(table, openEnds, { width, height });
        for (let u = unit + 2; u <= MAX_UNIT; u += 2) {
          assert.ok(!fitsAt(layoutAt(table, openEnds, u, width, height), u, width, height), `${variant}, ${table.length} tiles: ${u} fits, ${unit} chosen`);
        }
        assert.equal(fitTable(table, openEnds, { width, height, hint: unit }).unit, unit);
        assert.equal(fitTable(table, openEnds, { width, height, hint: unit + 2 }).unit, unit);
      }
    }
  });

  test('the goals: Draw tiles of at least 60 px up to 24 tiles at 1280×800, 40 px up to 16 on a phone; both directions used', () => {
    for (let seed = 0; seed < 10; seed++) {
      const tables = fullTableSteps('draw', 600 + seed);
      for (const [name, count, least] of [['1280×800', 24, 60], ['375×667', 16, 40]] as const) {
        const [width, height] = BOXES[name]!;
        let hint: number | undefined;
        let tallest = 0;
        for (const { table, openEnds } of tables.slice(0, count)) {
          const fitted = fitTable(table, openEnds, hint === undefined ? { width, height } : { width, height, hint });
          hint = fitted.unit;
          assert.ok(2 * fitted.unit >= least, `seed ${600 + seed}, ${name}, ${table.length} tiles: ${2 * fitted.unit} px`);
          if (fitted.unit === MAX_UNIT) tallest = Math.max(tallest, fitted.layout.height * fitted.unit);
        }
        // The line snakes over the table at its starting size rather than staying one row.
        assert.ok(tallest >= 0.5 * height, `seed ${600 + seed}, ${name}: at most ${tallest} px high at the starting size`);
      }
    }
  });

  test('an empty table is the board’s EMPTY_TABLE in any box (the board draws one without this code)', () => {
    for (const [width, height] of Object.values(BOXES)) assert.deepEqual(fitTable([], [], { width, height }), EMPTY_TABLE);
  });

  test('a box that is not a finite size throws', () => {
    const [{ table, openEnds }] = fullTableSteps('draw', 1);
    assert.throws(() => fitTable(table, openEnds, { width: Number.NaN, height: 300 }), RangeError);
    assert.throws(() => fitTable(table, openEnds, { width: 300, height: Number.POSITIVE_INFINITY }), RangeError);
  });
});
