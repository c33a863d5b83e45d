/**
 * Reading recorded frames for what they must not carry: every tile-shaped value anywhere in a frame,
 * and the keys that only secret data has.
 */
import type { Tile } from '../../src/engine/index.js';

/** Arrays of small numbers that are not tiles: scores, counts, pips showing at the ends, pips left. */
const NUMBER_LISTS = new Set(['scores', 'handCounts', 'showing', 'pips']);
/** Keys only secret data has (the engine state, the stored room, the machine's context). */
export const SECRET_KEYS = new Set(['hands', 'boneyard', 'rng', 'seed', 'tokenHash', 'token', 'connectedVia', 'decision', 'match', 'context', 'secrets', 'invite', 'keys']);

const isPip = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 6;

/** A tile's name whichever way round it lies: "6-3". */
export const tileKey = (tile: readonly number[]): string => `${Math.max(tile[0]!, tile[1]!)}-${Math.min(tile[0]!, tile[1]!)}`;

export interface Found {
  tile: string;
  path: string;
}

/**
 * Every two-number array of pips in `value` (outside the known number lists), with where it is: a
 * leak through a field nobody thought of is still found. `skip` leaves a top-level path out.
 */
export function tilesIn(value: unknown, skip: (path: string) => boolean = () => false): Found[] {
  const found: Found[] = [];
  const walk = (node: unknown, path: string, key: string) => {
    if (skip(path)) return;
    if (Array.isArray(node)) {
      if (node.length === 2 && isPip(node[0]) && isPip(node[1]) && !NUMBER_LISTS.has(key)) {
        found.push({ tile: tileKey(node as number[]), path });
        return;
      }
      node.forEach((item, i) => walk(item, `${path}[${i}]`, key));
      return;
    }
    if (typeof node === 'object' && node !== null) {
      for (const [k, child] of Object.entries(node)) walk(child, path ? `${path}.${k}` : k, k);
    }
  };
  walk(value, '', '');
  return found;
}

/** The paths of secret keys in `value`, outside `skip`. */
export function secretKeysIn(value: unknown, skip: (path: string) => boolean = () => false): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (skip(path)) return;
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (typeof node === 'object' && node !== null) {
      for (const [k, child] of Object.entries(node)) {
        const at = path ? `${path}.${k}` : k;
        if (skip(at)) continue;
        if (SECRET_KEYS.has(k)) found.push(at);
        walk(child, at);
      }
    }
  };
  walk(value, '');
  return found;
}

export const tileKeys = (tiles: readonly Tile[]): string[] => tiles.map(tileKey).sort();
