import { RuleError, type RuleErrorCode } from './errors.js';
import type { Pip, Tile } from './types.js';

export const HIGHEST_PIP = 6;

/** Index 0..27 of the tile with these two halves, in either order (for code that holds the numbers). */
export const indexOfHalves = (a: number, b: number): number => (a >= b ? (a * (a + 1)) / 2 + b : (b * (b + 1)) / 2 + a);

/** Index 0..27 of a tile, the same whichever half comes first. */
export const tileIndex = (tile: Tile): number => indexOfHalves(tile[0], tile[1]);

/** The tile with the given half order normalised: higher half first. */
export function normalize(tile: Tile): Tile {
  return tile[0] >= tile[1] ? [tile[0], tile[1]] : [tile[1], tile[0]];
}

/** The 28 tiles of the double-six set, higher half first, ordered by tileIndex. */
export const ALL_TILES: readonly Tile[] = (() => {
  const tiles: Tile[] = [];
  for (let a = 0; a <= HIGHEST_PIP; a++) {
    for (let b = 0; b <= a; b++) tiles.push([a as Pip, b as Pip]);
  }
  return tiles;
})();

/** Every tile as a mask: bit `tileIndex(tile)` stands for the tile (the computer players and playouts count with masks). */
export const FULL_SET = (1 << ALL_TILES.length) - 1;

export const isDouble = (tile: Tile): boolean => tile[0] === tile[1];
export const pipValue = (tile: Tile): number => tile[0] + tile[1];
export const hasPip = (tile: Tile, pip: Pip): boolean => tile[0] === pip || tile[1] === pip;
export const sameTile = (a: Tile, b: Tile): boolean => tileIndex(a) === tileIndex(b);
export const handPips = (hand: readonly Tile[]): number => hand.reduce((sum, t) => sum + pipValue(t), 0);
/** "6-3": how tiles are named in messages and accessible names. */
export const tileName = (tile: Tile): string => `${tile[0]}-${tile[1]}`;

/** The other half of a tile that shows `pip` on one half. */
export const otherHalf = (tile: Tile, pip: Pip): Pip => (tile[0] === pip ? tile[1] : tile[0]);

/** Heavier first; among equal pip counts, the higher half first (RULES.md §3, C9). */
export function compareHeaviness(a: Tile, b: Tile): number {
  const na = normalize(a);
  const nb = normalize(b);
  return pipValue(nb) - pipValue(na) || nb[0] - na[0];
}

export function isPip(value: unknown): value is Pip {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= HIGHEST_PIP;
}

/** Checks untrusted input (a saved game, a network message) and returns it as a normalised tile. */
export function parseTile(value: unknown, code: RuleErrorCode, what = 'tile'): Tile {
  if (!Array.isArray(value) || value.length !== 2 || !isPip(value[0]) || !isPip(value[1])) {
    throw new RuleError(code, `${what} must be a pair of numbers from 0 to ${HIGHEST_PIP}, got ${safeJson(value)}`);
  }
  return normalize([value[0], value[1]]);
}

export function safeJson(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return String(value);
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
  } catch {
    return String(value);
  }
}
