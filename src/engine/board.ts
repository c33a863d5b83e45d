/**
 * The table: where tiles may go, laying them, and the All Fives count (RULES.md §1, §4, §5).
 *
 * The table is a tree of arms. The lead offers 'left' (its higher half) and 'right'. A tile laid on an
 * end continues that end's arm under the same id, so an end's id never changes while it is open.
 * A spinner also branches: in All Fives its short sides are 'up' and 'down'; in Doubles the lead's
 * are 'up' and 'down', and the double at table[i] laid on an arm branches into 's<i>.1' and 's<i>.2'.
 */
import type { OpenEnd, Pip, Placement, ResolvedConfig, Tile } from './types.js';
import { variantRules } from './config.js';
import { hasPip, isDouble, normalize, otherHalf } from './tiles.js';

export const LEAD = 'lead';

export interface Table {
  table: Placement[];
  openEnds: OpenEnd[];
}

export const EMPTY_TABLE: Table = { table: [], openEnds: [] };

function becomesSpinner(config: ResolvedConfig, table: readonly Placement[], tile: Tile): boolean {
  if (!isDouble(tile)) return false;
  const { spinners } = variantRules(config);
  if (spinners === 'every') return true;
  return spinners === 'first' && !table.some((p) => p.spinner);
}

/** The ids of a spinner's long sides: both arms for a lead, else the arm it continues. */
function longSideIds(spinner: Placement): string[] {
  return spinner.end === LEAD ? ['left', 'right'] : [spinner.end];
}

/** `index` is the spinner's place in the table: where every double spins, an arm may hold several, so ids name it. */
function shortSideIds(config: ResolvedConfig, spinner: Placement, index: number): string[] {
  if (variantRules(config).spinners === 'every' && spinner.end !== LEAD) return [`s${index}.1`, `s${index}.2`];
  return ['up', 'down'];
}

/** Where numbers lock (Doubles) and with anySide, a spinner's short sides take tiles at once; elsewhere after both long sides. */
function shortSidesOpenAtOnce(config: ResolvedConfig): boolean {
  return variantRules(config).locksNumbers && config.houseRules.spinnerSideOrder === 'anySide';
}

/** Whether the number `pip` is unlocked in Doubles: its double is on the table (§5). */
export function isUnlocked(table: readonly Placement[], pip: Pip): boolean {
  return table.some((p) => p.double && p.tile[0] === pip);
}

/**
 * Why `tile` may not be laid on `end` (which must be open on `table`), or null when it may: it lacks the
 * end's number; in Doubles (§5) the number is still locked (only its double goes there until that is
 * laid); with `doublesUnlock: 'spinnerOnly'`, a double's end takes no double and another end only a double.
 */
export type Misfit = 'number' | 'locked' | 'double-only' | 'no-double';

export function misfit(config: ResolvedConfig, table: readonly Placement[], end: OpenEnd, tile: Tile): Misfit | null {
  if (!hasPip(tile, end.pip)) return 'number';
  if (!variantRules(config).locksNumbers) return null;
  if (config.houseRules.doublesUnlock === 'spinnerOnly') {
    if (table[end.from]!.double) return isDouble(tile) ? 'no-double' : null;
    return isDouble(tile) ? null : 'double-only';
  }
  return isDouble(tile) || isUnlocked(table, end.pip) ? null : 'locked';
}

/** Whether `tile` may be laid on `end` (which must be open on `table`). */
export function fits(config: ResolvedConfig, table: readonly Placement[], end: OpenEnd, tile: Tile): boolean {
  return misfit(config, table, end, tile) === null;
}

/** The table after laying `tile` on the open end `endId` (or leading it on the empty table). Pure. */
export function layTile(config: ResolvedConfig, board: Table, tile: Tile, endId: string, seat: number): Table {
  const index = board.table.length;
  const double = isDouble(tile);
  const spinner = becomesSpinner(config, board.table, tile);

  if (endId === LEAD) {
    const laid = normalize(tile);
    const placement: Placement = { tile: laid, end: LEAD, seat, double, spinner };
    const openEnds: OpenEnd[] = [
      { id: 'left', pip: laid[0], from: index },
      { id: 'right', pip: laid[1], from: index },
    ];
    if (spinner && shortSidesOpenAtOnce(config)) {
      for (const id of shortSideIds(config, placement, index)) openEnds.push({ id, pip: laid[0], from: index });
    }
    return { table: [placement], openEnds };
  }

  const at = board.openEnds.findIndex((e) => e.id === endId);
  const end = board.openEnds[at]!;
  const outer = otherHalf(tile, end.pip);
  const placement: Placement = { tile: [end.pip, outer], end: endId, seat, double, spinner };
  const openEnds = board.openEnds.slice();
  openEnds[at] = { id: endId, pip: outer, from: index };
  if (spinner && shortSidesOpenAtOnce(config)) {
    for (const id of shortSideIds(config, placement, index)) openEnds.push({ id, pip: outer, from: index });
  }

  // Filling a spinner's last free long side opens its short sides (§4, §5 longSidesFirst).
  const parent = board.table[end.from]!;
  if (parent.spinner && !shortSidesOpenAtOnce(config) && longSideIds(parent).includes(endId)) {
    const longStillFree = openEnds.some((e) => e.from === end.from && longSideIds(parent).includes(e.id));
    if (!longStillFree) {
      for (const id of shortSideIds(config, parent, end.from)) openEnds.push({ id, pip: end.pip, from: end.from });
    }
  }
  return { table: [...board.table, placement], openEnds };
}

/** The All Fives count of a table (§4); 0 in other variants. */
export function fivesCount(config: ResolvedConfig, board: Table): number {
  if (!variantRules(config).scoresFives) return 0;
  let count = 0;
  for (const end of board.openEnds) {
    const outermost = board.table[end.from]!;
    if (outermost.spinner) continue; // counted once below, not per free side
    count += outermost.double ? 2 * end.pip : end.pip;
  }
  const spinnerAt = board.table.findIndex((p) => p.spinner);
  if (spinnerAt >= 0) {
    const spinner = board.table[spinnerAt]!;
    const sniff = config.houseRules.spinnerCounting === 'sniff';
    const counts = board.openEnds.some(
      (e) => e.from === spinnerAt && (sniff || longSideIds(spinner).includes(e.id)),
    );
    if (counts) count += 2 * spinner.tile[0];
  }
  return count;
}

/** The points a count scores at once in All Fives: a positive multiple of 5, else 0. */
export const countPoints = (count: number): number => (count > 0 && count % 5 === 0 ? count : 0);
