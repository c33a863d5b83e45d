/**
 * Tiles and deals written as text, for tests: a tile is "6-4", a hand or a boneyard a space-separated
 * list of tiles.
 */
import { ALL_TILES, type Deal, type Pip, type Tile } from '../../../src/engine/index.js';

/** "6-4" → [6, 4]. */
export function t(text: string): Tile {
  const m = /^([0-6])-([0-6])$/.exec(text.trim());
  if (!m) throw new Error(`bad tile ${JSON.stringify(text)}`);
  return [Number(m[1]) as Pip, Number(m[2]) as Pip];
}

/** "6-4 5-5 0-0" → tiles. */
export const tiles = (text: string): Tile[] => text.trim().split(/\s+/).filter(Boolean).map(t);

/** A tile's name with the higher half first, whatever order it was given in. */
export const key = (tile: Tile): string => (tile[0] >= tile[1] ? `${tile[0]}-${tile[1]}` : `${tile[1]}-${tile[0]}`);

/**
 * A complete deal. `boneyard` lists the first tiles to be drawn, in order; every tile not named in a
 * hand or in `boneyard` is appended after them (in descending order), unless `complete` is false.
 */
export function makeDeal(hands: string[], boneyard = '', complete = true): Deal {
  const parsedHands = hands.map(tiles);
  const front = tiles(boneyard);
  const used = new Set([...parsedHands.flat(), ...front].map(key));
  const rest = complete ? ALL_TILES.filter((tile) => !used.has(key(tile))).reverse() : [];
  return { hands: parsedHands, boneyard: [...front, ...rest.map((tile) => [tile[0], tile[1]] as Tile)] };
}
