/** How long the table layout takes for full tables (the widget lays the table out on every render). */
import { applyMove, createMatch, legalMoves, nextRound, type MatchState, type Variant } from '../src/engine/index.js';
import { layoutTable } from '../src/ui/board/layout.js';

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
  const lines: string[] = [];
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
