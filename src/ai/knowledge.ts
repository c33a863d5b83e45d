/**
 * What a seat can know about the tiles it cannot see, from its own view alone: which tiles are unseen,
 * and which of them each other seat cannot be holding (RULES.md's must-play rule makes every draw and
 * pass a confession: the seat held nothing that fit the table then).
 */
import { ALL_TILES, isDouble, type PlayerView, type Tile } from '../engine/index.js';
import { compareHeaviness, fits, FULL_SET, layTile, LEAD, tileIndex, type Table } from '../engine/internal.js';

export const maskOf = (tiles: readonly Tile[]): number => tiles.reduce((m, t) => m | (1 << tileIndex(t)), 0);

/** Tiles neither in this seat's hand nor on the table: in other hands or in the boneyard. */
export function unseenMask(view: PlayerView): number {
  return FULL_SET & ~maskOf(view.hand) & ~maskOf(view.table.map((p) => p.tile));
}

/** Every tile that would fit somewhere on `board`. */
function fittingMask(view: PlayerView, board: Table): number {
  let mask = 0;
  for (const tile of ALL_TILES) {
    if (board.openEnds.some((end) => fits(view.config, board.table, end, tile))) mask |= 1 << tileIndex(tile);
  }
  return mask;
}

/**
 * For each seat, the tiles it cannot hold now. A pass adds what fitted then. A draw resets the seat's
 * knowledge to what fits now: the tiles it keeps did not fit (a drawn tile that fits must be played),
 * but new tiles may hold numbers it was known to lack before.
 */
export function impossibleTiles(view: PlayerView): number[] {
  const impossible = new Array<number>(view.config.players).fill(0);
  let board: Table = { table: [], openEnds: [] };
  let placed = 0;
  let lastDrawer = -1;
  for (const entry of view.log) {
    if (entry.type === 'play') {
      const placement = view.table[placed++]!;
      board = layTile(view.config, board, placement.tile, entry.end, entry.seat);
      lastDrawer = -1;
      if (entry.end === LEAD && view.round.lead && ledTheHighest(view)) forbidHeavierLeads(impossible, view.round.lead);
      continue;
    }
    const fitting = fittingMask(view, board);
    if (entry.type === 'draw') impossible[entry.seat] = fitting;
    else if (lastDrawer === entry.seat) impossible[entry.seat] = fitting;
    else impossible[entry.seat]! |= fitting;
    lastDrawer = entry.type === 'draw' ? entry.seat : -1;
  }
  impossible[view.seat] = 0;
  return impossible;
}

/** Whether this round's forced lead was the highest double dealt (else the heaviest tile) (§3). */
function ledTheHighest(view: PlayerView): boolean {
  return view.round.number === 1 || view.config.houseRules.laterRoundLead === 'highestDouble';
}

/**
 * The highest double dealt must lead, so no hand holds a higher one; when no hand held a double, the
 * heaviest tile led, so no hand holds a double or a heavier tile.
 */
function forbidHeavierLeads(impossible: number[], lead: Tile): void {
  let heavier = 0;
  for (const tile of ALL_TILES) {
    const outranks = isDouble(lead) ? isDouble(tile) && tile[0] > lead[0] : isDouble(tile) || compareHeaviness(tile, lead) < 0;
    if (outranks) heavier |= 1 << tileIndex(tile);
  }
  impossible.forEach((_, seat) => (impossible[seat]! |= heavier));
}
