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

export function benchLayout(): string[] {
  const lines: string[] = [];
  for (const variant of ['draw', 'fives', 'doubles'] as Variant[]) {
    const { table, openEnds } = longTable(variant);
    for (const maxColumns of [14, 30, 48]) {
      for (let i = 0; i < 50; i++) layoutTable(table, openEnds, { maxColumns });
      const times = Array.from({ length: 300 }, () => {
        const start = performance.now();
        layoutTable(table, openEnds, { maxColumns });
        return performance.now() - start;
      }).sort((a, b) => a - b);
      lines.push(
        `layout: ${variant}, ${table.length} tiles, ${openEnds.length} open ends, ${maxColumns} columns: ` +
          `median ${(times[150]! * 1000).toFixed(0)} µs, p95 ${(times[285]! * 1000).toFixed(0)} µs`,
      );
    }
  }
  return lines;
}
