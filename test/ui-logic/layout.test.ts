/**
 * The table layout (src/ui/board/layout.ts): random complete rounds of every variant, checked after every
 * tile, and hand-made tables.
 *
 * What "the tile touches the tile it was laid against" means here, in grid units:
 * - the parent of a tile laid on end E is `from` of E just before the move;
 * - the parent's *pip region* is the part showing E's number: a double's whole tile, the lead's left half
 *   (tile[0]) for 'left' and right half (tile[1]) for 'right', otherwise the outer half (tile[1]);
 * - the child's *attached region* is its tile[0] half, or the whole tile for a double;
 * - the two share an edge of positive length, and a non-double's outer half (tile[1]) shares no edge
 *   with the pip region (so the half against the parent is the one whose number matches);
 * - a double child touches with one of its long sides (it is crosswise); a spinner's short-side arms
 *   ('up'/'down', 's<i>.1'/'s<i>.2' on their first tile) touch one of its short sides, everything
 *   else laid on a double touches one of its long sides.
 * The same holds for each open end's box, with the box's half nearest the parent as attached half.
 *
 * Two documented exceptions, both allowed only in Doubles (crowded tables with spinners everywhere),
 * counted and reported: a layout wider than maxColumns, and a tile or box marked `detached` (its end
 * was walled in, so it lies at the nearest free place and does not touch its parent). Neither may ever
 * overlap a tile.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyMove, createMatch, legalMoves, resolveConfig } from '../../src/engine/index.js';
import { EMPTY_TABLE, layTile, type Table } from '../../src/engine/board.js';
import type { HouseRules, MatchConfig, MatchState, OpenEnd, Placement, PlayerCount, Tile, Variant } from '../../src/engine/types.js';
import { layoutTable, type TableLayout } from '../../src/ui/board/layout.js';
import { fullTable, generator } from './full-table.js';

// ---------------------------------------------------------------------------------------------
// Geometry in grid units

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const area = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** The edge two boxes share: its length (0 if none) and whether it is vertical. */
function sharedEdge(a: Box, b: Box): { length: number; vertical: boolean } {
  if (a.x + a.width === b.x || b.x + b.width === a.x) {
    return { length: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)), vertical: true };
  }
  if (a.y + a.height === b.y || b.y + b.height === a.y) {
    return { length: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)), vertical: false };
  }
  return { length: 0, vertical: false };
}

type LaidTile = TableLayout['tiles'][number];

/** A tile's halves as laid: [the tile[0] half, the tile[1] half]. */
function halves(t: LaidTile): [Box, Box] {
  const a = { x: t.x, y: t.y, width: 1, height: 1 };
  const b = t.orientation === 'horizontal' ? { ...a, x: t.x + 1 } : { ...a, y: t.y + 1 };
  return t.flipped ? [b, a] : [a, b];
}

/** The region of the parent showing end `id`'s number, and that number. */
function pipRegion(table: readonly Placement[], layout: TableLayout, parent: number, id: string): { box: Box; pip: number } {
  const p = table[parent]!;
  const t = layout.tiles[parent]!;
  if (p.double) return { box: t, pip: p.tile[0] };
  const [first, second] = halves(t);
  if (parent === 0) return id === 'left' ? { box: first, pip: p.tile[0] } : { box: second, pip: p.tile[1] };
  return { box: second, pip: p.tile[1] };
}

/** A detached tile or box is drawn linked to its end: its anchor lies on the edge of the end's region. */
function assertOnEdge(point: { x: number; y: number }, box: Box, what: string): void {
  const inside = point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
  const edge = point.x === box.x || point.x === box.x + box.width || point.y === box.y || point.y === box.y + box.height;
  assert.ok(inside && edge, `${what} (${point.x}, ${point.y}) is not on the edge of its end's region`);
}

/** Whether end `id` offered by `parent` is one of a spinner's short sides. */
function isShortSide(table: readonly Placement[], parent: number, id: string): boolean {
  const p = table[parent]!;
  if (!p.spinner || p.end === id) return false;
  return id === 'up' || id === 'down' || id === `s${parent}.1` || id === `s${parent}.2`;
}

/** Checks that `attached` (and not `outer`) touches the parent's region for end `id`; throws why not. */
function checkTouch(
  what: string,
  table: readonly Placement[],
  layout: TableLayout,
  parent: number,
  id: string,
  attached: Box,
  outer: Box | null,
  wholeDouble: LaidTile | null,
): void {
  const region = pipRegion(table, layout, parent, id);
  const edge = sharedEdge(attached, region.box);
  assert.ok(edge.length > 0, `${what} does not touch tile ${parent} (end ${id})`);
  if (outer) assert.equal(sharedEdge(outer, region.box).length, 0, `${what}: its outer half touches tile ${parent} too`);
  if (wholeDouble) {
    // Crosswise: the double's long side is the touching one.
    const longSideVertical = wholeDouble.orientation === 'vertical';
    assert.equal(edge.vertical, longSideVertical, `${what}: a double touching tile ${parent} with its short side`);
  }
  if (table[parent]!.double) {
    const parentTile = layout.tiles[parent]!;
    const parentLongVertical = parentTile.orientation === 'vertical';
    const short = isShortSide(table, parent, id);
    assert.equal(edge.vertical === parentLongVertical, !short, `${what}: on the wrong side of double ${parent} (end ${id}, ${short ? 'short' : 'long'} side)`);
  }
}

// ---------------------------------------------------------------------------------------------
// The checker

interface Stats {
  rounds: number;
  layouts: number;
  tiles: number;
  /** Layouts wider than maxColumns, per variant. */
  wide: Record<Variant, number>;
  layoutsBy: Record<Variant, number>;
  /** Rounds with at least one wide layout, per variant. */
  wideRounds: Record<Variant, number>;
  /** Layouts with a detached tile or box, and rounds with one, per variant. */
  detached: Record<Variant, number>;
  detachedRounds: Record<Variant, number>;
  /** Doubles per maxColumns: [layouts, wider than maxColumns, with something detached]. */
  doublesByWidth: Record<number, [number, number, number]>;
  /** Tiles laid detached, of all tiles laid (checked when laid). */
  detachedTiles: number;
  laidTiles: number;
  roundsBy: Record<Variant, number>;
  /** Pairs of end boxes that overlap, and the boxes seen, per variant. */
  boxOverlaps: Record<Variant, number>;
  boxes: Record<Variant, number>;
  /** Non-doubles laid where the end's box was, of those laid, per variant. */
  predicted: Record<Variant, number>;
  predictable: Record<Variant, number>;
  maxHeight: number;
}

const emptyByVariant = (): Record<Variant, number> => ({ draw: 0, block: 0, fives: 0, doubles: 0 });
const newStats = (): Stats => ({
  rounds: 0,
  layouts: 0,
  tiles: 0,
  wide: emptyByVariant(),
  layoutsBy: emptyByVariant(),
  wideRounds: emptyByVariant(),
  detached: emptyByVariant(),
  detachedRounds: emptyByVariant(),
  detachedTiles: 0,
  laidTiles: 0,
  doublesByWidth: {},
  roundsBy: emptyByVariant(),
  boxOverlaps: emptyByVariant(),
  boxes: emptyByVariant(),
  predicted: emptyByVariant(),
  predictable: emptyByVariant(),
  maxHeight: 0,
});

/**
 * Checks one layout of `table`; `before` is the layout and ends of the table one tile shorter. Returns
 * which exceptions it uses.
 */
function checkLayout(
  variant: Variant,
  table: readonly Placement[],
  openEnds: readonly OpenEnd[],
  layout: TableLayout,
  maxColumns: number,
  before: { layout: TableLayout; openEnds: readonly OpenEnd[] } | null,
  stats: Stats,
  /** Whether the exceptions may occur: Doubles, or any variant in the full-set stress test. */
  crowded = variant === 'doubles',
): { wide: boolean; detached: boolean } {
  stats.layouts++;
  stats.layoutsBy[variant]++;
  stats.tiles = Math.max(stats.tiles, table.length);
  stats.maxHeight = Math.max(stats.maxHeight, layout.height);
  const { tiles, ends } = layout;
  assert.equal(tiles.length, table.length, 'one laid tile per table tile');

  // Shapes, bounds, grid.
  const all: Box[] = [...tiles, ...ends];
  for (const [i, t] of tiles.entries()) {
    assert.equal(t.index, i);
    const [w, h] = t.orientation === 'horizontal' ? [2, 1] : [1, 2];
    assert.deepEqual([t.width, t.height], [w, h], `tile ${i} size`);
  }
  for (const b of all) {
    for (const v of [b.x, b.y]) assert.ok(v >= 0 && Number.isInteger(2 * v), `coordinate ${v} not ≥ 0 on the half grid`);
    assert.ok(b.x + b.width <= layout.width && b.y + b.height <= layout.height, 'inside the bounding box');
  }
  assert.equal(Math.min(...all.map((b) => b.x)), 0, 'bounding box starts at x 0');
  assert.equal(Math.min(...all.map((b) => b.y)), 0, 'bounding box starts at y 0');
  assert.equal(Math.max(...all.map((b) => b.x + b.width)), layout.width, 'bounding box is tight in x');
  assert.equal(Math.max(...all.map((b) => b.y + b.height)), layout.height, 'bounding box is tight in y');

  // The width limit: the one allowed exception is a crowded Doubles table.
  const wide = layout.width > maxColumns;
  if (wide) {
    assert.ok(crowded, `${variant} layout ${layout.width} wide at maxColumns ${maxColumns}`);
    stats.wide[variant]++;
  }

  // No overlaps.
  for (let i = 0; i < tiles.length; i++) {
    for (let j = i + 1; j < tiles.length; j++) assert.equal(area(tiles[i]!, tiles[j]!), 0, `tiles ${i} and ${j} overlap`);
  }

  // The walled-in exception.
  const detached = tiles.some((t) => t.detached) || ends.some((e) => e.detached);
  if (detached) {
    assert.ok(crowded, `${variant}: a detached tile or box`);
    stats.detached[variant]++;
  }
  for (const t of [...tiles, ...ends]) {
    assert.ok(t.detached === undefined || t.detached === true, 'detached is true or absent');
    assert.equal(t.anchor !== undefined, t.detached === true, 'an anchor exactly when detached');
  }
  if (variant === 'doubles') {
    const row = (stats.doublesByWidth[maxColumns] ??= [0, 0, 0]);
    row[0]++;
    if (wide) row[1]++;
    if (detached) row[2]++;
  }

  // Each tile against its parent, pips matching (earlier tiles were checked when laid, and do not move).
  if (table.length === 1) assert.equal(tiles[0]!.detached, undefined);
  if (before && table.length > 1) {
    const i = table.length - 1;
    const p = table[i]!;
    const end = before.openEnds.find((e) => e.id === p.end);
    assert.ok(end, `tile ${i} laid on ${p.end}, which was not open`);
    const region = pipRegion(table, layout, end.from, end.id);
    assert.equal(p.tile[0], region.pip, `tile ${i}'s attached half matches`);
    const [first, second] = halves(tiles[i]!);
    stats.laidTiles++;
    if (tiles[i]!.detached) {
      stats.detachedTiles++;
      assertOnEdge(tiles[i]!.anchor!, region.box, `tile ${i}'s anchor`);
    }
    else if (p.double) checkTouch(`tile ${i}`, table, layout, end.from, end.id, tiles[i]!, null, tiles[i]!);
    else checkTouch(`tile ${i}`, table, layout, end.from, end.id, first, second, null);
  }

  // End boxes: one per open end, beside the tile offering it, on no tile.
  assert.deepEqual(
    ends.map((e) => e.id),
    openEnds.map((e) => e.id),
    'one box per open end, in order',
  );
  for (const [k, box] of ends.entries()) {
    const end = openEnds[k]!;
    const horizontal = box.direction === 'left' || box.direction === 'right';
    assert.deepEqual([box.width, box.height], horizontal ? [2, 1] : [1, 2], `box ${box.id} size`);
    for (const [i, t] of tiles.entries()) assert.equal(area(box, t), 0, `box ${box.id} on tile ${i}`);
    const near = { x: box.x, y: box.y, width: 1, height: 1 };
    const far = { ...near };
    if (box.direction === 'right') far.x += 1;
    else if (box.direction === 'left') near.x += 1;
    else if (box.direction === 'down') far.y += 1;
    else near.y += 1;
    if (!box.detached) checkTouch(`box ${box.id}`, table, layout, end.from, end.id, near, far, null);
    else assertOnEdge(box.anchor!, pipRegion(table, layout, end.from, end.id).box, `box ${box.id}'s anchor`);
    stats.boxes[variant]++;
    for (let j = 0; j < k; j++) {
      if (area(box, ends[j]!) === 0) continue;
      assert.ok(crowded, `boxes ${ends[j]!.id} and ${box.id} overlap`);
      stats.boxOverlaps[variant]++;
    }
  }

  // Stability: the tiles laid before keep their places up to one translation.
  if (before) {
    const prev = before.layout.tiles;
    const dx = tiles[0]!.x - prev[0]!.x;
    const dy = tiles[0]!.y - prev[0]!.y;
    for (const [j, t] of prev.entries()) {
      const now = tiles[j]!;
      assert.deepEqual(
        [now.x - dx, now.y - dy, now.orientation, now.flipped, now.detached],
        [t.x, t.y, t.orientation, t.flipped, t.detached],
        `tile ${j} moved when tile ${table.length - 1} was laid`,
      );
    }
    // The box promised where a non-double would go.
    const laid = table[table.length - 1]!;
    if (!laid.double && !tiles[table.length - 1]!.detached) {
      const box = before.layout.ends.find((e) => e.id === laid.end)!;
      const t = tiles[table.length - 1]!;
      stats.predictable[variant]++;
      if (t.x - dx === box.x && t.y - dy === box.y && t.width === box.width) stats.predicted[variant]++;
    }
  }
  return { wide, detached };
}

// ---------------------------------------------------------------------------------------------
// Random rounds

/** mulberry32: a small seeded generator for choosing moves. */

/** Plays one complete round with random legal moves, checking the layout after every tile. */
function playRound(config: MatchConfig, seed: number, maxColumns: number, stats: Stats): void {
  const random = generator(seed);
  let state: MatchState = createMatch({ ...config, seed: `layout-${seed}` });
  let before: { layout: TableLayout; openEnds: readonly OpenEnd[] } | null = null;
  let wideRound = false;
  let detachedRound = false;
  while (state.round.result === null && state.winningSide === null) {
    const moves = legalMoves(state);
    const move = moves[Math.floor(random() * moves.length)]!;
    state = applyMove(state, move);
    if (move.type !== 'play') continue;
    const layout = layoutTable(state.table, state.openEnds, { maxColumns });
    try {
      const used = checkLayout(config.variant, state.table, state.openEnds, layout, maxColumns, before, stats);
      wideRound ||= used.wide;
      detachedRound ||= used.detached;
    } catch (e) {
      (e as Error).message += `\n  case: ${JSON.stringify({ ...config, seed, maxColumns, tiles: state.table.length })}`;
      throw e;
    }
    before = { layout, openEnds: state.openEnds };
  }
  stats.rounds++;
  stats.roundsBy[config.variant]++;
  if (wideRound) stats.wideRounds[config.variant]++;
  if (detachedRound) stats.detachedRounds[config.variant]++;
}

const VARIANTS: Variant[] = ['draw', 'block', 'fives', 'doubles'];
const PLAYERS: PlayerCount[] = [2, 3, 4];
const WIDTHS = [14, 20, 30, 48];
const SEEDS_PER_CASE = 30;
/** House rules that change the shape of the table. */
const EXTRA: { config: MatchConfig; seeds: number }[] = [
  { config: { variant: 'doubles', players: 2, houseRules: { spinnerSideOrder: 'longSidesFirst' } }, seeds: 40 },
  { config: { variant: 'doubles', players: 3, houseRules: { doublesUnlock: 'spinnerOnly' } }, seeds: 40 },
  { config: { variant: 'doubles', players: 2, houseRules: { doublesUnlock: 'spinnerOnly', spinnerSideOrder: 'longSidesFirst' } }, seeds: 40 },
  { config: { variant: 'draw', players: 2, houseRules: { boneyardReserve: 2, drawMode: 'drawOne' } }, seeds: 20 },
  { config: { variant: 'fives', players: 4, teams: true }, seeds: 20 },
];

const pct = (n: number, d: number): string => `${d === 0 ? 0 : ((100 * n) / d).toFixed(2)}%`;

/**
 * A group of cases that all add to one Stats, each played at most once: by its own test, or by the
 * summary for those that have not run (a run filtered by name, or in another order), so that the
 * summary's figures never depend on which tests ran before it.
 */
function playedOnce(): { add: (name: string, play: () => void) => void; playAll: () => void } {
  const cases: { name: string; play: () => void }[] = [];
  const played = new Set<string>();
  const playOne = (name: string, play: () => void) => {
    if (played.has(name)) return;
    played.add(name);
    play();
  };
  return {
    add(name, play) {
      cases.push({ name, play });
      test(name, () => playOne(name, play));
    },
    playAll: () => cases.forEach(({ name, play }) => playOne(name, play)),
  };
}

describe('random rounds: every variant, 2–4 players, maxColumns 14/20/30/48, checked after every tile', () => {
  const stats = newStats();
  const cases = playedOnce();
  for (const variant of VARIANTS) {
    for (const players of PLAYERS) {
      cases.add(`${variant}, ${players} players`, () => {
        for (const maxColumns of WIDTHS) {
          for (let s = 0; s < SEEDS_PER_CASE; s++) {
            playRound({ variant, players }, 1000 * players + 100 * WIDTHS.indexOf(maxColumns) + s + VARIANTS.indexOf(variant) * 10_000, maxColumns, stats);
          }
        }
      });
    }
  }
  for (const [k, { config, seeds }] of EXTRA.entries()) {
    cases.add(`${config.variant}, ${config.players} players ${JSON.stringify(config.houseRules ?? { teams: config.teams })}`, () => {
      for (const maxColumns of WIDTHS) {
        for (let s = 0; s < seeds; s++) playRound(config, 100_000 + 1000 * k + 100 * WIDTHS.indexOf(maxColumns) + s, maxColumns, stats);
      }
    });
  }

  test('summary: the exceptions are rare and only in Doubles; boxes do not overlap; tiles go to their boxes', () => {
    cases.playAll();
    const lines = [
      `${stats.rounds} rounds, ${stats.layouts} layouts checked (up to ${stats.tiles} tiles, up to ${stats.maxHeight} units high)`,
      ...VARIANTS.map(
        (v) =>
          `  ${v}: wider than maxColumns in ${stats.wide[v]} of ${stats.layoutsBy[v]} layouts (${pct(stats.wide[v], stats.layoutsBy[v])}), ` +
          `${stats.wideRounds[v]} of ${stats.roundsBy[v]} rounds (${pct(stats.wideRounds[v], stats.roundsBy[v])})`,
      ),
      ...VARIANTS.map(
        (v) =>
          `  ${v}: a detached tile or box in ${stats.detached[v]} of ${stats.layoutsBy[v]} layouts (${pct(stats.detached[v], stats.layoutsBy[v])}), ` +
          `${stats.detachedRounds[v]} of ${stats.roundsBy[v]} rounds (${pct(stats.detachedRounds[v], stats.roundsBy[v])})`,
      ),
      ...Object.entries(stats.doublesByWidth).map(
        ([w, [n, wide, det]]) => `  doubles at ${w} columns: wider in ${pct(wide, n)}, something detached in ${pct(det, n)} of ${n} layouts`,
      ),
      `  tiles laid detached: ${stats.detachedTiles} of ${stats.laidTiles} (${pct(stats.detachedTiles, stats.laidTiles)})`,
      ...VARIANTS.map(
        (v) =>
          `  ${v}: boxes overlapping another box: ${stats.boxOverlaps[v]} pairs among ${stats.boxes[v]} boxes; ` +
          `non-doubles laid exactly in their end's box: ${stats.predicted[v]} of ${stats.predictable[v]} (${pct(stats.predicted[v], stats.predictable[v])})`,
      ),
    ];
    console.log(lines.join('\n'));
    assert.ok(stats.rounds > 1000);
    for (const v of ['draw', 'block', 'fives'] as Variant[]) {
      assert.equal(stats.wide[v], 0);
      assert.equal(stats.detached[v], 0);
    }
    assert.ok(stats.wide.doubles <= 0.03 * stats.layoutsBy.doubles, 'the Doubles width exception stays rare');
    assert.ok(stats.detached.doubles <= 0.01 * stats.layoutsBy.doubles, 'detached tiles and boxes stay rare');
    assert.ok(stats.detachedTiles <= 0.001 * stats.laidTiles, 'detached tiles stay very rare');
    for (const v of ['draw', 'block', 'fives'] as Variant[]) assert.equal(stats.boxOverlaps[v], 0);
    for (const v of ['draw', 'block'] as Variant[]) {
      assert.equal(stats.predicted[v], stats.predictable[v], `${v}: every non-double goes where its end's box was`);
    }
    assert.ok(stats.predicted.fives >= 0.99 * stats.predictable.fives, 'All Fives: non-doubles go where the boxes were');
    assert.ok(stats.boxOverlaps.doubles <= 0.005 * stats.boxes.doubles, 'Doubles boxes rarely overlap');
    assert.ok(stats.predicted.doubles >= 0.85 * stats.predictable.doubles, 'Doubles boxes mostly show where tiles go');
  });
});

// ---------------------------------------------------------------------------------------------
// Full tables: every tile that fits laid from the whole set, no hands (more crowded than real rounds)

/**
 * Full tables are denser than real rounds (every tile that fits goes down), so here the exceptions are
 * counted for every variant; the assertions only bound them.
 */
describe('full tables: random tiles from the whole set until none fits, checked after every tile', () => {
  const stats = newStats();
  const cases = playedOnce();
  for (const variant of ['draw', 'fives', 'doubles'] as Variant[]) {
    cases.add(variant, () => {
      for (let seed = 0; seed < 25; seed++) {
        const board = fullTable(variant, 500 + seed);
        for (const maxColumns of WIDTHS) {
          try {
            layoutChecked(variant, board, maxColumns, stats, true);
          } catch (e) {
            (e as Error).message += `\n  full table: ${JSON.stringify({ variant, seed: 500 + seed, maxColumns })}`;
            throw e;
          }
        }
        stats.rounds++;
        stats.roundsBy[variant]++;
      }
    });
  }
  test('summary', () => {
    cases.playAll();
    console.log(
      [
        `full tables: ${stats.rounds} tables × ${WIDTHS.length} widths, ${stats.layouts} layouts (up to ${stats.tiles} tiles)`,
        ...(['draw', 'fives', 'doubles'] as Variant[]).map(
          (v) =>
            `  ${v}: wider than maxColumns in ${pct(stats.wide[v], stats.layoutsBy[v])}, something detached in ` +
            `${pct(stats.detached[v], stats.layoutsBy[v])} of ${stats.layoutsBy[v]} layouts`,
        ),
        `  tiles laid detached: ${stats.detachedTiles} of ${stats.laidTiles}`,
      ].join('\n'),
    );
    for (const v of ['draw', 'fives', 'doubles'] as Variant[]) {
      assert.ok(stats.detached[v] <= 0.05 * stats.layoutsBy[v], `${v}: detached`);
      assert.ok(stats.wide[v] <= 0.05 * stats.layoutsBy[v], `${v}: wide`);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The widget's boxes: width and height bounded

/**
 * The table boxes the widget gives the layout (its table's inner size at 20 px per unit, see
 * domino-board.ts), from a 960 px wide widget down to a 300 px sidebar: [maxColumns, maxRows].
 */
const BOXES: [number, number][] = [
  [46, 18],
  [38, 16],
  [16, 12],
  [16, 10],
  [13, 8],
];

interface BoxStats {
  layouts: number;
  /** Layouts beyond the box (wider or higher), shown smaller by the widget. */
  beyond: number;
  /** The smallest scale the widget shows a layout at: min(maxColumns / width, maxRows / height, 1). */
  smallest: number;
}

/**
 * Plays one round with random legal moves and checks every layout as the random rounds above (touching,
 * no overlap, stability, boxes), with the height bound too; counts the layouts beyond the box.
 */
function playBoundedRound(config: MatchConfig, seed: number, [maxColumns, maxRows]: [number, number], stats: Stats, box: BoxStats): void {
  const random = generator(seed);
  let state: MatchState = createMatch({ ...config, seed: `bounded-${seed}` });
  let before: { layout: TableLayout; openEnds: readonly OpenEnd[] } | null = null;
  while (state.round.result === null && state.winningSide === null) {
    const moves = legalMoves(state);
    const move = moves[Math.floor(random() * moves.length)]!;
    state = applyMove(state, move);
    if (move.type !== 'play') continue;
    const layout = layoutTable(state.table, state.openEnds, { maxColumns, maxRows });
    try {
      checkLayout(config.variant, state.table, state.openEnds, layout, maxColumns, before, stats, true);
    } catch (e) {
      (e as Error).message += `\n  case: ${JSON.stringify({ ...config, seed, maxColumns, maxRows, tiles: state.table.length })}`;
      throw e;
    }
    box.layouts++;
    const scale = Math.min(maxColumns / layout.width, maxRows / layout.height, 1);
    if (scale < 1) box.beyond++;
    box.smallest = Math.min(box.smallest, scale);
    before = { layout, openEnds: state.openEnds };
  }
}

describe("the widget's boxes: random rounds of every variant, width and height bounded, checked after every tile", () => {
  const stats = newStats();
  const boxes = new Map<string, BoxStats>();
  const SETS: MatchConfig[] = VARIANTS.flatMap((variant) => [
    { variant, players: 2 },
    { variant, players: 3 },
    { variant, players: 4, teams: true },
  ]);
  const cases = playedOnce();
  for (const variant of VARIANTS) {
    cases.add(`${variant}: 2, 3 and 4 players (partners), every box`, () => {
      for (const [k, box] of BOXES.entries()) {
        const key = `${variant} ${box.join('×')}`;
        const counts = boxes.get(key) ?? { layouts: 0, beyond: 0, smallest: 1 };
        boxes.set(key, counts);
        for (const config of SETS.filter((c) => c.variant === variant)) {
          for (let s = 0; s < 12; s++) playBoundedRound(config, 300_000 + 1000 * k + 100 * config.players + s, box, stats, counts);
        }
      }
    });
  }

  test('summary: nothing overlaps; Draw, Block and All Fives keep within all but the smallest boxes; the rest is shown smaller', () => {
    cases.playAll();
    const lines = [...boxes].map(
      ([key, b]) => `  ${key}: beyond the box in ${b.beyond} of ${b.layouts} layouts (${pct(b.beyond, b.layouts)}), smallest scale ${b.smallest.toFixed(2)}`,
    );
    console.log(`the widget's boxes: ${stats.layouts} layouts\n${lines.join('\n')}`);
    const at = (variant: Variant, box: [number, number]) => boxes.get(`${variant} ${box.join('×')}`)!;
    for (const variant of ['draw', 'block'] as Variant[]) {
      for (const box of BOXES.slice(0, 4)) assert.equal(at(variant, box).beyond, 0, `${variant} keeps within ${box.join('×')}`);
    }
    for (const box of BOXES.slice(0, 4)) assert.ok(at('fives', box).beyond <= 0.01 * at('fives', box).layouts, `All Fives within ${box.join('×')}`);
    // Doubles (a spinner at every double) is the crowded case: beyond the wide boxes rarely, and never
    // shown at less than a third of the size in the smallest.
    for (const box of BOXES.slice(0, 2)) assert.ok(at('doubles', box).beyond <= 0.02 * at('doubles', box).layouts, `Doubles within ${box.join('×')}`);
    for (const [key, b] of boxes) assert.ok(b.smallest >= 0.33, `${key}: shown at ${b.smallest.toFixed(2)}`);
  });
});

// ---------------------------------------------------------------------------------------------
// Hand-made tables

/** Lays `moves` ([tile, end]) on an empty table with the engine's own board code. */
function build(variant: Variant, moves: [Tile, string][], houseRules?: Partial<HouseRules>): Table {
  const config = resolveConfig({ variant, players: 2, houseRules });
  let board: Table = EMPTY_TABLE;
  for (const [tile, end] of moves) {
    const open = board.openEnds.find((e) => e.id === end);
    if (end !== 'lead') assert.ok(open && (tile[0] === open.pip || tile[1] === open.pip), `${tile.join('-')} fits ${end}`);
    board = layTile(config, board, tile, end, 0);
  }
  return board;
}

/** Layout of a hand-made table, checked like the random ones (including stability, tile by tile). */
function layoutChecked(
  variant: Variant,
  board: Table,
  maxColumns: number,
  stats = newStats(),
  crowded = variant === 'doubles',
  maxRows?: number,
): TableLayout {
  let before: { layout: TableLayout; openEnds: readonly OpenEnd[] } | null = null;
  let layout: TableLayout | null = null;
  // Replay the prefixes so that each tile is checked against its parent as it was laid.
  const config = resolveConfig({ variant, players: 2 });
  let prefix: Table = EMPTY_TABLE;
  for (const p of board.table) {
    prefix = layTile(config, prefix, p.tile, p.end, 0);
    layout = layoutTable(prefix.table, prefix.openEnds, maxRows === undefined ? { maxColumns } : { maxColumns, maxRows });
    checkLayout(variant, prefix.table, prefix.openEnds, layout, maxColumns, before, stats, crowded);
    before = { layout, openEnds: prefix.openEnds };
  }
  assert.deepEqual(prefix.table, board.table);
  return layout!;
}

const T = (a: number, b: number): Tile => [a, b] as Tile;
const byId = (layout: TableLayout, id: string) => layout.ends.find((e) => e.id === id)!;
/** Ascii picture of a layout, for failure messages. */
function picture(layout: TableLayout): string {
  const w = Math.ceil(layout.width * 2);
  const h = Math.ceil(layout.height * 2);
  const rows = Array.from({ length: h }, () => new Array<string>(w).fill('.'));
  const paint = (b: Box, ch: string): void => {
    for (let y = b.y * 2; y < (b.y + b.height) * 2; y++) for (let x = b.x * 2; x < (b.x + b.width) * 2; x++) rows[y]![x] = ch;
  };
  for (const e of layout.ends) paint(e, '+');
  for (const t of layout.tiles) paint(t, String.fromCharCode(t.index < 10 ? 48 + t.index : 55 + t.index));
  return rows.map((r) => r.join('')).join('\n');
}

describe('hand-made tables', () => {
  test('the empty table', () => {
    assert.deepEqual(layoutTable([], [], { maxColumns: 14 }), { tiles: [], ends: [], width: 0, height: 0 });
  });

  test('a lone lead is centred between its two end boxes', () => {
    const layout = layoutChecked('draw', build('draw', [[T(6, 3), 'lead']]), 30);
    assert.deepEqual(layout.tiles[0], { index: 0, x: 2, y: 0, width: 2, height: 1, orientation: 'horizontal', flipped: false });
    assert.deepEqual(byId(layout, 'left'), { id: 'left', x: 0, y: 0, width: 2, height: 1, direction: 'left' });
    assert.deepEqual(byId(layout, 'right'), { id: 'right', x: 4, y: 0, width: 2, height: 1, direction: 'right' });
    assert.deepEqual([layout.width, layout.height], [6, 1]);
  });

  test('a 5-tile line fits in one row at 30 columns, halves matching', () => {
    const board = build('draw', [
      [T(6, 5), 'lead'],
      [T(5, 4), 'right'],
      [T(6, 2), 'left'],
      [T(4, 3), 'right'],
      [T(2, 1), 'left'],
    ]);
    const layout = layoutChecked('draw', board, 30);
    const msg = picture(layout);
    assert.ok(layout.tiles.every((t) => t.orientation === 'horizontal' && t.y === 0), msg);
    // Left to right: 1-2, 2-6, 6-5, 5-4, 4-3.
    const order = [...layout.tiles].sort((a, b) => a.x - b.x).map((t) => t.index);
    assert.deepEqual(order, [4, 2, 0, 1, 3], msg);
    assert.deepEqual(
      layout.tiles.map((t) => t.flipped),
      [false, false, true, false, true],
      'tiles on the left arm have their attached half (tile[0]) at the right',
    );
    assert.equal(layout.height, 1);
    assert.equal(layout.width, 14); // 5 tiles and the two end boxes
  });

  test('a double in the line stands crosswise, centred on it', () => {
    const layout = layoutChecked('draw', build('draw', [[T(6, 5), 'lead'], [T(5, 5), 'right'], [T(5, 2), 'right']]), 30);
    const [lead, double, next] = layout.tiles;
    assert.equal(double!.orientation, 'vertical');
    assert.equal(double!.y + 0.5, lead!.y, 'centred on the line');
    assert.equal(next!.y, lead!.y);
    assert.equal(double!.x, lead!.x + 2);
    assert.equal(next!.x, double!.x + 1);
  });

  /** A trail of 19 different tiles from 0, none of them 1-0. */
  const TRAIL: [number, number][] = [
    [0, 2], [2, 4], [4, 6], [6, 1], [1, 3], [3, 5], [5, 0], [0, 3], [3, 6], [6, 2],
    [2, 5], [5, 1], [1, 4], [4, 0], [0, 6], [6, 5], [5, 4], [4, 3], [3, 2],
  ];

  test('a 20-tile Draw line at 14 columns turns corners and stays 14 wide', () => {
    const moves: [Tile, string][] = [[T(1, 0), 'lead'], ...TRAIL.map(([a, b]): [Tile, string] => [T(a, b), 'right'])];
    const layout = layoutChecked('draw', build('draw', moves), 14);
    const msg = picture(layout);
    assert.ok(layout.width <= 14, msg);
    const vertical = layout.tiles.filter((t) => t.orientation === 'vertical');
    assert.ok(vertical.length >= 2, `corner tiles stand: ${msg}`);
    assert.ok(layout.height >= 5, msg);
    // The right arm snakes upward: the lead is on the bottom row.
    assert.equal(layout.tiles[0]!.y + 1, layout.height, msg);
  });

  test('a 20-tile line split over both arms at 14 columns: left snakes down, right snakes up', () => {
    const moves: [Tile, string][] = [[T(1, 0), 'lead']];
    // right arm from 0 along the trail, left arm from 1 along 1-6? Use disjoint tiles: right takes the
    // first 9 of the trail (0-2 … 6-2 ends at 2); left starts at 1 with tiles not in those.
    for (const [a, b] of TRAIL.slice(0, 9)) moves.push([T(a, b), 'right']);
    for (const [a, b] of [[1, 5], [5, 4], [4, 0], [0, 6], [6, 5], [5, 2], [2, 3], [3, 4], [4, 1], [1, 1]] as [number, number][]) {
      moves.push([T(a, b), 'left']);
    }
    const layout = layoutChecked('draw', build('draw', moves), 14);
    const msg = picture(layout);
    assert.ok(layout.width <= 14, msg);
    const lead = layout.tiles[0]!;
    const rightTiles = layout.tiles.filter((t) => t.index >= 1 && t.index <= 9);
    const leftTiles = layout.tiles.filter((t) => t.index >= 10);
    assert.ok(rightTiles.every((t) => t.y <= lead.y), `right arm at or above the lead's row: ${msg}`);
    assert.ok(leftTiles.every((t) => t.y + t.height >= lead.y + 1), `left arm at or below the lead's row: ${msg}`);
    assert.ok(rightTiles.some((t) => t.y < lead.y - 1) && leftTiles.some((t) => t.y > lead.y + 1), msg);
  });

  test('All Fives: a lead spinner with four arms', () => {
    const board = build('fives', [
      [T(5, 5), 'lead'],
      [T(5, 0), 'left'],
      [T(5, 1), 'right'],
      [T(5, 3), 'up'],
      [T(5, 6), 'down'],
      [T(3, 3), 'up'],
      [T(6, 4), 'down'],
    ]);
    assert.deepEqual(board.openEnds.map((e) => e.id).sort(), ['down', 'left', 'right', 'up']);
    const layout = layoutChecked('fives', board, 14);
    const msg = picture(layout);
    const [spinner, left, right, up, down, upDouble, down2] = layout.tiles;
    assert.equal(spinner!.orientation, 'vertical', msg);
    assert.deepEqual([left!.orientation, right!.orientation], ['horizontal', 'horizontal']);
    assert.equal(left!.x + 2, spinner!.x);
    assert.equal(right!.x, spinner!.x + 1);
    // Short-side arms leave from the spinner's middle, standing, attached half against it.
    assert.deepEqual([up!.orientation, up!.x, up!.y + 2, up!.flipped], ['vertical', spinner!.x, spinner!.y, true], msg);
    assert.deepEqual([down!.orientation, down!.x, down!.y, down!.flipped], ['vertical', spinner!.x, spinner!.y + 2, false], msg);
    // An ordinary double on the up arm lies crosswise, centred; the down arm goes on straight.
    assert.deepEqual([upDouble!.orientation, upDouble!.x + 0.5, upDouble!.y + 1], ['horizontal', up!.x, up!.y], msg);
    assert.deepEqual([down2!.x, down2!.y], [down!.x, down!.y + 2], msg);
    assert.equal(byId(layout, 'up').direction, 'up');
    assert.equal(byId(layout, 'down').direction, 'down');
  });

  test("All Fives: a spinner's up and down arms turn at the table's top and bottom", () => {
    const moves: [Tile, string][] = [[T(5, 5), 'lead'], [T(5, 0), 'left'], [T(5, 1), 'right'], [T(5, 3), 'up'], [T(5, 6), 'down']];
    for (const [a, b] of [[3, 4], [4, 6], [6, 2], [2, 1], [1, 6]] as [number, number][]) moves.push([T(a, b), 'up']);
    for (const [a, b] of [[6, 6], [6, 0], [0, 2], [2, 2]] as [number, number][]) moves.push([T(a, b), 'down']);
    const board = build('fives', moves);
    const free = layoutChecked('fives', board, 20);
    assert.ok(free.height > 10, `without a height limit the arms run straight: ${picture(free)}`);
    const layout = layoutChecked('fives', board, 20, newStats(), false, 10);
    const msg = picture(layout);
    assert.ok(layout.height <= 10 && layout.width <= 20, msg);
    const up = layout.tiles.slice(5, 10);
    const down = layout.tiles.slice(10);
    assert.ok(up.some((t) => t.orientation === 'horizontal') && down.some((t) => t.orientation === 'horizontal'), `both arms turn: ${msg}`);
  });

  test('All Fives: a spinner laid later on an arm branches up and down from its middle', () => {
    const board = build('fives', [
      [T(6, 4), 'lead'],
      [T(4, 4), 'right'],
      [T(6, 2), 'left'],
      [T(4, 1), 'right'],
      [T(4, 0), 'up'],
      [T(4, 3), 'down'],
    ]);
    const layout = layoutChecked('fives', board, 20);
    const msg = picture(layout);
    const spinner = layout.tiles[1]!;
    const up = layout.tiles[4]!;
    const down = layout.tiles[5]!;
    assert.deepEqual([up.x, up.y + 2, down.x, down.y], [spinner.x, spinner.y, spinner.x, spinner.y + 2], msg);
  });

  test('Doubles: several spinners branch without overlapping, at every width', () => {
    const moves: [Tile, string][] = [
      [T(6, 6), 'lead'],
      [T(6, 3), 'right'],
      [T(3, 3), 'right'], // spinner at 2: s2.1, s2.2
      [T(6, 4), 'left'],
      [T(4, 4), 'left'], // spinner at 4: s4.1, s4.2
      [T(3, 1), 's2.1'],
      [T(3, 5), 's2.2'],
      [T(6, 5), 'up'],
      [T(5, 5), 'up'], // spinner at 8, on the up arm: its short sides point left and right
      [T(4, 2), 's4.1'],
      [T(5, 2), 's8.1'],
      [T(5, 0), 's8.2'],
      [T(6, 1), 'down'],
      [T(3, 0), 'right'],
      [T(4, 0), 's4.2'],
      [T(5, 1), 'up'],
    ];
    for (const maxColumns of [14, 20, 30, 48]) {
      const layout = layoutChecked('doubles', build('doubles', moves), maxColumns);
      const msg = `${maxColumns} columns:\n${picture(layout)}`;
      assert.ok(layout.width <= maxColumns, msg);
      const t = layout.tiles;
      // Doubles lie crosswise to their line: those on the lead's line stand, the one on the up arm lies.
      assert.deepEqual([t[2]!.orientation, t[4]!.orientation, t[8]!.orientation], ['vertical', 'vertical', 'horizontal'], msg);
      // s2.1 goes up from 3-3's top, s2.2 down from its bottom.
      assert.deepEqual([t[5]!.x, t[5]!.y + 2], [t[2]!.x, t[2]!.y], msg);
      assert.deepEqual([t[6]!.x, t[6]!.y], [t[2]!.x, t[2]!.y + 2], msg);
      // 5-5 on the up arm lies crosswise; its branches leave from its left and right ends.
      assert.equal(t[10]!.x + 2, t[8]!.x, msg);
      assert.equal(t[11]!.x, t[8]!.x + 2, msg);
    }
  });

  test('maxColumns: fractions round down, tiny widths count as 6, nonsense throws', () => {
    const board = build('draw', [[T(6, 3), 'lead'], [T(3, 2), 'right']]);
    assert.deepEqual(layoutTable(board.table, board.openEnds, { maxColumns: 30.9 }), layoutTable(board.table, board.openEnds, { maxColumns: 30 }));
    assert.deepEqual(layoutTable(board.table, board.openEnds, { maxColumns: 2 }), layoutTable(board.table, board.openEnds, { maxColumns: 6 }));
    for (const maxColumns of [NaN, Infinity, '20' as unknown as number]) {
      assert.throws(() => layoutTable(board.table, board.openEnds, { maxColumns }), RangeError);
    }
  });

  test('an open end the table does not have throws', () => {
    const board = build('draw', [[T(6, 3), 'lead']]);
    assert.throws(() => layoutTable(board.table, [{ id: 'up', pip: 6, from: 0 }], { maxColumns: 20 }), /open end "up"/);
  });

  test('the same input gives the same layout', () => {
    const board = build('fives', [[T(5, 5), 'lead'], [T(5, 0), 'left'], [T(5, 1), 'right'], [T(5, 3), 'up']]);
    assert.deepEqual(layoutTable(board.table, board.openEnds, { maxColumns: 14 }), layoutTable(board.table, board.openEnds, { maxColumns: 14 }));
  });
});

// ---------------------------------------------------------------------------------------------
// Timing

