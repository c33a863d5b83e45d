/**
 * The table layout: how large the widget draws tiles in its real table boxes as the table fills (the
 * scale fit.ts picks), and how long a layout takes for full tables (the widget lays the table out on
 * every render that changes it).
 */
import { applyMove, createMatch, legalMoves, nextRound, type MatchState, type Variant } from '../src/engine/index.js';
import { fitTable, MAX_UNIT } from '../src/ui/board/fit.js';
import { layoutTable } from '../src/ui/board/layout.js';
import { fullTableSteps } from '../test/ui-logic/full-table.js';

/**
 * The board's table box ([width, height] of .table in CSS pixels) on the demo page (demo/index.html),
 * measured once in headless Chromium at these viewports; the layout gets its content box, 8 px
 * (0.5em) less on each side. The widget's height depends on its width alone (table.styles.ts), so
 * these hold for any window height. The last is the final table's least room at a round's end on a
 * 320 px phone (the widget as wide as the page: 8em under the summary, summary.ts).
 */
const TABLE_BOXES: [string, number, number][] = [
  ['1280×800', 814, 426],
  ['1024×768', 598, 375],
  ['375×667', 333, 275],
  ['320 wide', 278, 247],
  ['320 wide, a round’s end', 296, 128],
];
const PADDING = 8;
const COUNTS = [8, 16, 24, 28];
const SEEDS = 12;

/**
 * For each box and each tile count: the long side of a laid tile in px (the smallest over SEEDS seeded
 * tables of the variant, and the median), and the layout's share of the table's width and height
 * (medians). Each table is laid tile by tile, as in a round, the unit drawn before being the hint.
 */
function benchSizes(variant: Variant): string[] {
  const lines: string[] = [];
  const tables = Array.from({ length: SEEDS }, (_, s) => fullTableSteps(variant, 900 + s));
  for (const [name, boxWidth, boxHeight] of TABLE_BOXES) {
    const width = boxWidth - 2 * PADDING;
    const height = boxHeight - 2 * PADDING;
    const at = new Map<number, { side: number[]; w: number[]; h: number[] }>();
    let lastAtStart: number[] = [];
    for (const steps of tables) {
      let hint: number | undefined;
      let heightAtStartSize = 0;
      for (const [k, { table, openEnds }] of steps.entries()) {
        const fitted = fitTable(table, openEnds, hint === undefined ? { width, height } : { width, height, hint });
        hint = fitted.unit;
        const { layout, unit } = fitted;
        if (unit === MAX_UNIT) heightAtStartSize = Math.max(heightAtStartSize, (layout.height * unit) / boxHeight);
        const n = k + 1;
        if (!COUNTS.includes(n)) continue;
        const row = at.get(n) ?? { side: [], w: [], h: [] };
        at.set(n, row);
        row.side.push(2 * unit);
        row.w.push((layout.width * unit) / boxWidth);
        row.h.push((layout.height * unit) / boxHeight);
      }
      lastAtStart.push(heightAtStartSize);
    }
    const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const pct = (x: number) => `${Math.round(100 * x)}%`;
    const cells = COUNTS.map((n) => {
      const row = at.get(n);
      if (!row) return `${n}: none`;
      return `${n}: ${Math.min(...row.side)}/${median(row.side)} px ${pct(median(row.w))}×${pct(median(row.h))}`;
    });
    lines.push(
      `layout: ${variant}, ${name} (table ${boxWidth}×${boxHeight}): tiles down: long side min/median, box share w×h: ` +
        `${cells.join(' · ')}; height used at the starting size (${2 * MAX_UNIT} px) up to ${pct(Math.min(...lastAtStart))} (worst table)`,
    );
    lastAtStart = [];
  }
  return lines;
}

/** The longest table of a few seeded random rounds of `variant` (4 players, so tables grow long). */
function longTable(variant: Variant): MatchState {
  let best: MatchState | null = null;
  for (let seed = 0; seed < 40; seed++) {
    let state = createMatch({ variant, players: 2, seed, target: 10_000 });
    for (let round = 0; round < 3; round++) {
      while (state.turn !== null) {
        const moves = legalMoves(state);
        state = applyMove(state, moves[(seed * 7 + state.log.length) % moves.length]!);
      }
      if (!best || state.table.length > best.table.length) best = state;
      if (state.winningSide !== null) break;
      state = nextRound(state);
    }
  }
  return best!;
}

/**
 * Widths alone (unbounded height, as the layout can be asked), and the widget's table boxes: its inner
 * size at 20 px per unit, from a 960 px wide widget to a 300 px sidebar ([columns, rows]).
 */
const BOXES: [number, number | undefined][] = [
  [14, undefined],
  [30, undefined],
  [48, undefined],
  [46, 18],
  [16, 10],
  [13, 8],
];

export function benchLayout(): string[] {
  const lines: string[] = [...benchSizes('draw'), ...benchSizes('fives'), ...benchSizes('doubles')];
  for (const variant of ['draw', 'fives', 'doubles'] as Variant[]) {
    const { table, openEnds } = longTable(variant);
    for (const [maxColumns, maxRows] of BOXES) {
      const options = maxRows === undefined ? { maxColumns } : { maxColumns, maxRows };
      for (let i = 0; i < 50; i++) layoutTable(table, openEnds, options);
      const times = Array.from({ length: 300 }, () => {
        const start = performance.now();
        layoutTable(table, openEnds, options);
        return performance.now() - start;
      }).sort((a, b) => a - b);
      const box = maxRows === undefined ? `${maxColumns} columns` : `${maxColumns}×${maxRows} box`;
      lines.push(
        `layout: ${variant}, ${table.length} tiles, ${openEnds.length} open ends, ${box}: ` +
          `median ${(times[150]! * 1000).toFixed(0)} µs, p95 ${(times[285]! * 1000).toFixed(0)} µs`,
      );
    }
  }
  return lines;
}
