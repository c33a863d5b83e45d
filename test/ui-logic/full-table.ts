/**
 * Seeded long tables for the layout's tests and bench: tiles from the whole set laid at random on
 * fitting ends (no hands, no boneyard) until none fits. All Fives and Draw reach all 28 tiles, Doubles
 * (locked numbers) usually 20–26.
 */
import { ALL_TILES, resolveConfig, sameTile, type Tile, type Variant } from '../../src/engine/index.js';
import { EMPTY_TABLE, fits, layTile, type Table } from '../../src/engine/board.js';

/** A small seeded generator (mulberry32), for reproducible cases. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The table after each tile: element k holds k + 1 tiles. */
export function fullTableSteps(variant: Variant, seed: number): Table[] {
  const config = resolveConfig({ variant, players: 2 });
  const random = generator(seed);
  const left = ALL_TILES.slice();
  const lead: Tile = variant === 'doubles' ? [6, 6] : left[Math.floor(random() * left.length)]!;
  left.splice(left.findIndex((t) => sameTile(t, lead)), 1);
  let board = layTile(config, EMPTY_TABLE, lead, 'lead', 0);
  const steps = [board];
  for (;;) {
    const options: [number, string][] = [];
    left.forEach((t, i) => board.openEnds.forEach((e) => fits(config, board.table, e, t) && options.push([i, e.id])));
    if (options.length === 0) return steps;
    const [i, end] = options[Math.floor(random() * options.length)]!;
    board = layTile(config, board, left[i]!, end, 0);
    steps.push(board);
    left.splice(i, 1);
  }
}

/** The full table (see the header). */
export function fullTable(variant: Variant, seed: number): Table {
  return fullTableSteps(variant, seed).at(-1)!;
}
