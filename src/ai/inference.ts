/**
 * Reading the table: how likely the other seats' plays were under a deal the hard player imagines.
 * A seat that laid a light tile when a heavy one fitted is unlikely to have held the heavy one; a
 * seat that scored little in All Fives when more was open likewise. The model of play is a softmax
 * over a cheap appeal of each tile the seat could have laid then (its pips, a double, the points it
 * scores), the same for opponents and partners. It reads only the seat's own PlayerView: the log of
 * plays, the table, the hand counts. Draws and passes are certainties and stay in knowledge.ts.
 */
import { ALL_TILES, isDouble, VARIANT_RULES, type PlayerView, type Tile } from '../engine/index.js';
import { countPoints, fits, fivesCount, layTile, LEAD, tileIndex, type Table } from '../engine/internal.js';

type ResolvedConfig = PlayerView['config'];

export interface PlayModel {
  /** The appeal of a double over its pips (doubles are hard to place later). */
  double: number;
  /** All Fives: the appeal of each point the play scores. */
  points: number;
  /** The softmax temperature, in pips of appeal: low, players take the most appealing tile; high, any. */
  temperature: number;
}

/**
 * Fitted by bench/fit-play-model.ts (maximum likelihood on a grid; 25 rounds a configuration) on the
 * plays of the medium player and the frozen hard player (bench/opponents/hard-v1.ts) against each
 * other and themselves, at every play where two or more tiles fitted (2,696 outside All Fives, 1,362 in
 * it), over 2 players and 4 in teams in Draw, Block and All Fives. Mean log-likelihood of the chosen
 * tile: -0.793 outside All Fives (uniform choice: -0.929), -0.698 in it (uniform: -0.972); in All Fives
 * the points dominate and the grid's best scales all three up together, so a point of its plateau
 * (within 0.001) is kept. Flatter than the heaviest-tile player's certainty on purpose: people and
 * strong players keep heavy tiles back.
 */
export const PLAY_MODEL: Record<'fives' | 'other', PlayModel> = {
  other: { double: 6, points: 0, temperature: 4 },
  fives: { double: 10, points: 6, temperature: 15 },
};

export function playModelFor(config: ResolvedConfig): PlayModel {
  return VARIANT_RULES[config.variant].scoresFives ? PLAY_MODEL.fives : PLAY_MODEL.other;
}

/** The appeal of laying `tile` on the best end of `board` it fits, or null if it fits nowhere. */
export function tileAppeal(config: ResolvedConfig, board: Table, tile: Tile, model: PlayModel): number | null {
  const base = tile[0] + tile[1] + (isDouble(tile) ? model.double : 0);
  const scoring = VARIANT_RULES[config.variant].scoresFives && model.points !== 0;
  const points = (endId: string) => (scoring ? model.points * countPoints(fivesCount(config, layTile(config, board, tile, endId, -1))) : 0);
  if (board.table.length === 0) return base + points(LEAD);
  let best: number | null = null;
  for (const end of board.openEnds) {
    if (!fits(config, board.table, end, tile)) continue;
    const appeal = base + points(end.id);
    if (best === null || appeal > best) best = appeal;
  }
  return best;
}

/** One play of another seat, as evidence about its hand then. */
export interface PlayEvidence {
  seat: number;
  /** The tiles the seat laid from this play on (this one included): all in its hand at the time. */
  laidSince: number;
  /** exp(appeal / temperature) of each tile that fitted then (0 for those that did not). */
  weights: Float64Array;
  /** That of the tile it laid. */
  chosen: number;
}

/**
 * The evidence of the round so far, from the view alone. A forced lead says nothing and is left out.
 * The seat's own plays are left out too: its hand is known.
 */
export function playEvidence(view: PlayerView, model: PlayModel = playModelFor(view.config)): PlayEvidence[] {
  const evidence: PlayEvidence[] = [];
  let board: Table = { table: [], openEnds: [] };
  for (const entry of view.log) {
    if (entry.type !== 'play') continue;
    const forced = entry.end === LEAD && view.round.lead !== null;
    if (entry.seat !== view.seat && !forced) {
      const weights = new Float64Array(ALL_TILES.length);
      ALL_TILES.forEach((tile, i) => {
        const appeal = tileAppeal(view.config, board, tile, model);
        if (appeal !== null) weights[i] = Math.exp(appeal / model.temperature);
      });
      evidence.push({ seat: entry.seat, laidSince: 0, weights, chosen: weights[tileIndex(entry.tile)]! });
    }
    board = layTile(view.config, board, entry.tile, entry.end, entry.seat);
  }
  // What each seat laid from each of its plays on, walking back. A play before the seat drew is left
  // out: its hand then is not its hand now plus what it laid since, and which tiles it drew is hidden.
  const laid = new Array<number>(view.config.players).fill(0);
  const drewSince = new Array<boolean>(view.config.players).fill(false);
  let e = evidence.length;
  for (let i = view.log.length - 1; i >= 0; i--) {
    const entry = view.log[i]!;
    if (entry.type === 'draw') drewSince[entry.seat] = true;
    if (entry.type !== 'play') continue;
    laid[entry.seat]! |= 1 << tileIndex(entry.tile);
    const forced = entry.end === LEAD && view.round.lead !== null;
    if (entry.seat !== view.seat && !forced) {
      const play = evidence[--e]!;
      play.laidSince = laid[entry.seat]!;
      if (drewSince[entry.seat]) play.seat = -1;
    }
  }
  return evidence.filter((play) => play.seat >= 0);
}

/**
 * How likely the seats' observed plays were if they hold `hands` (tile masks per seat) now, up to a
 * factor the same for every deal: the product over the plays of the chosen tile's share of the
 * softmax over the tiles that fitted and were in the seat's hand then.
 */
export function dealLikelihood(evidence: readonly PlayEvidence[], hands: ArrayLike<number>): number {
  let likelihood = 1;
  for (const play of evidence) {
    const held = hands[play.seat]! | play.laidSince;
    let total = 0;
    for (let m = held; m !== 0; m &= m - 1) total += play.weights[31 - Math.clz32(m & -m)]!;
    likelihood *= play.chosen / total;
  }
  return likelihood;
}
