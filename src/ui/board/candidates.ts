/**
 * Candidate places for the layouter: where a tile may go on an arm, best first, by the arm's geometry
 * alone (the grids decide which are free). Kept per geometry as templates of numbers, so that the
 * look-ahead weighs places without making objects.
 */
import { beyond, faceLen, faceLine, faceMid, horizontal, opposite, sign, type Rect } from './geometry.js';

/** Where an arm leaves from and how it runs: what a search for the next tile's place starts from. */
export interface Heading {
  /** The part of the tile showing the end's number: a non-double's outer half, or a whole double. */
  region: Rect;
  /** The region is a double: tiles attach to its side `dir` only (a spinner's other sides are other arms). */
  double: boolean;
  /** The way the arm runs now. */
  dir: number;
  /** The horizontal way the arm last ran, or -1. */
  rowDir: number;
  /** UP or DOWN: where the arm's rows stack. */
  progress: number;
}

/** An end of an arm (open, or a spinner's short side not open yet). */
export interface Arm extends Heading {
  /** Table index of the tile offering it (-1 for a look-ahead). */
  from: number;
  /** The number showing (-1: not known). */
  pip: number;
}

/** A position for a tile on an arm. */
export interface Candidate {
  rect: Rect;
  /** The way the arm runs after it. */
  dir: number;
  /** A non-double's outer half; null for a double. */
  outer: Rect | null;
}

/** A tile with two different halves, or a double (laid crosswise). */
export type TileKind = 'single' | 'double';

/** Lateral shifts tried after the natural position, in half-units. */
const SHIFTS = [1, -1, 2, -2];
const NO_SHIFT = [0];

/** Candidate positions relative to a region, by its geometry (see `template`), kept across calls. */
const templates = new Map<number, Int16Array>();
/** Numbers a place takes in a template. */
export const STRIDE = 8;

/**
 * The position at `i` of template `t` (see `template`) against region `R`. The positions of a
 * template, in order, are those for a tile on an arm, best first: the natural ones, then the same
 * shifted along the face. Every one touches the region with the attached half (a double: with its
 * long side), and a non-double's outer half does not touch the region.
 */
export function candidateAt(R: Rect, t: Int16Array, i: number): Candidate {
  const rect = { x: R.x + t[i]!, y: R.y + t[i + 1]!, w: t[i + 2]!, h: t[i + 3]! };
  return { rect, dir: t[i + 4]!, outer: t[i + 7] ? { x: R.x + t[i + 5]!, y: R.y + t[i + 6]!, w: 2, h: 2 } : null };
}

/**
 * The places for a tile of `kind` leaving from `from`, relative to its region's corner, best first:
 * [dx, dy, w, h, way, outer dx, outer dy, has outer]… (STRIDE numbers each). `code` packs the ways the
 * arm would like to run, best first, in 6 bits (the layouter's `waysCode`).
 */
export function template(from: Heading, kind: TileKind, code: number): Int16Array {
  const { region: r, double: regionDouble, dir, rowDir, progress } = from;
  const double = kind === 'double';
  const key = (((((r.w * 8 + r.h) * 2 + (regionDouble ? 1 : 0)) * 4 + dir) * 64 + code) * 2) + (double ? 1 : 0);
  let t = templates.get(key);
  if (!t) {
    const ways = [code >> 4, (code >> 2) & 3, code & 3];
    const origin: Heading = { region: { x: 0, y: 0, w: r.w, h: r.h }, double: regionDouble, dir, rowDir, progress };
    const list = [...generate(origin, kind, 0, ways), ...generate(origin, kind, 1, ways)];
    t = new Int16Array(list.length * STRIDE);
    list.forEach((k, i) => {
      const o = k.outer;
      t!.set([k.rect.x, k.rect.y, k.rect.w, k.rect.h, k.dir, o ? o.x : 0, o ? o.y : 0, o ? 1 : 0], STRIDE * i);
    });
    templates.set(key, t);
  }
  return t;
}

/** The places of a template (see `template`) in pass 0 (natural) or 1 (shifted along the face), in the order of `ways`. */
function generate(arm: Heading, kind: TileKind, pass: number, ways: readonly number[]): Candidate[] {
  const double = kind === 'double';
  const list: Candidate[] = [];
  const R = arm.region;
  const back = opposite(arm.dir);
  const shifts = pass === 0 ? NO_SHIFT : SHIFTS;

  if (double) {
    // Crosswise against a face, centred on it (pass 0) or shifted along it (pass 1).
    for (const f of ways) {
      if (arm.double ? f !== arm.dir : f === back) continue;
      const line = faceLine(R, f);
      const mid = faceMid(R, f);
      for (const o of shifts) list.push({ rect: beyond(f, line, 0, 2, mid - 2 + o, mid + 2 + o), dir: f, outer: null });
    }
    return list;
  }

  // Pairs face * 4 + way: straight on from a face (face = way), or an L: the attached half against
  // the face, the tile running along it. A double's region offers its one face only.
  const combos: number[] = [];
  for (const e of ways) {
    const f = arm.double ? arm.dir : e;
    if (!combos.includes(f * 4 + e)) combos.push(f * 4 + e);
  }
  if (!arm.double) {
    for (const e of ways) {
      for (const f of [arm.dir, (e + 1) & 3, (e + 3) & 3]) {
        if (f !== back && horizontal(f) !== horizontal(e) && !combos.includes(f * 4 + e)) combos.push(f * 4 + e);
      }
    }
  }
  for (const combo of combos) {
    const f = combo >> 2;
    const e = combo & 3;
    const line = faceLine(R, f);
    const mid = faceMid(R, f);
    const len = faceLen(R, f);
    const straight = f === e;
    // An L sits at the end of the face so that its outer half clears it.
    const base = straight ? 0 : sign(e) * (len / 2 - 1);
    for (const shift of shifts) {
      const o = base + shift;
      if (Math.abs(o) >= 1 + len / 2) continue; // must touch the face
      const a0 = mid - 1 + o;
      if (straight) {
        list.push({ rect: beyond(f, line, 0, 4, a0, a0 + 2), dir: e, outer: beyond(f, line, 2, 4, a0, a0 + 2) });
      } else {
        const b0 = a0 + 2 * sign(e);
        if (b0 < mid + len / 2 && b0 + 2 > mid - len / 2) continue; // the outer half would touch
        const rect = beyond(f, line, 0, 2, Math.min(a0, b0), Math.max(a0, b0) + 2);
        list.push({ rect, dir: e, outer: beyond(f, line, 0, 2, b0, b0 + 2) });
      }
    }
  }
  return list;
}
