/**
 * Checks a match state from outside (a saved game, a network message) before anything uses it: its
 * shape, and that it could have come from play. The table is replayed tile by tile; every tile must be
 * somewhere exactly once. A state that fails throws RuleError('invalid-state') and is not used.
 */
import { fits, fivesCount, layTile, LEAD, type Table } from './board.js';
import { resolveConfig, sideCount } from './config.js';
import { RuleError } from './errors.js';
import { isPlayOver } from './match.js';
import { isRngState } from './rng.js';
import { ALL_TILES, isDouble, isPip, parseTile, safeJson, sameTile, tileIndex } from './tiles.js';
import { MATCH_STATE_VERSION, upgradeMatchState } from './upgrade.js';
import type { LogEntry, MatchState, OpenEnd, Placement, RoundResult, RoundState, Tile } from './types.js';

function fail(message: string): never {
  throw new RuleError('invalid-state', `not a valid match state: ${message}`);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function tiles(value: unknown, what: string): Tile[] {
  if (!Array.isArray(value)) fail(`${what} must be a list of tiles`);
  return value.map((t) => parseTile(t, 'invalid-state', `a tile in ${what}`));
}

function seat(value: unknown, players: number, what: string): number {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= players) fail(`${what} is not a seat`);
  return value as number;
}

function nullableSeat(value: unknown, players: number, what: string): number | null {
  return value === null ? null : seat(value, players, what);
}

/** Replays the placements onto an empty table, as they must have been laid. */
function replayTable(state: MatchState, placements: unknown): Table {
  if (!Array.isArray(placements)) fail('table must be a list');
  let board: Table = { table: [], openEnds: [] };
  placements.forEach((raw, i) => {
    if (!isObject(raw)) fail(`table[${i}] must be an object`);
    const tile = parseTile(raw['tile'], 'invalid-state', `table[${i}].tile`);
    const end = raw['end'];
    if (typeof end !== 'string') fail(`table[${i}].end must be a string`);
    if ((i === 0) !== (end === LEAD)) fail(`table[${i}] must ${i === 0 ? '' : 'not '}be the lead`);
    if (i > 0) {
      const open = board.openEnds.find((e) => e.id === end);
      if (!open || !fits(state.config, board.table, open, tile)) fail(`table[${i}] (${safeJson(raw['tile'])}) cannot lie at ${end}`);
    }
    board = layTile(state.config, board, tile, end, seat(raw['seat'], state.config.players, `table[${i}].seat`));
    const laid = board.table[i]!;
    if (!sameTile(laid.tile, tile) || laid.tile[0] !== (raw['tile'] as Tile)[0]) fail(`table[${i}] is laid the wrong way round`);
    if (raw['double'] !== isDouble(tile) || raw['spinner'] !== laid.spinner) fail(`table[${i}] has wrong double or spinner flags`);
  });
  return board;
}

function sameEnds(a: readonly OpenEnd[], b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function roundResult(value: unknown, state: MatchState): RoundResult | null {
  if (value === null) return null;
  if (!isObject(value)) fail('round.result must be an object or null');
  const { reason, winner, side, points, pips } = value;
  if (reason !== 'domino' && reason !== 'blocked') fail('round.result.reason must be domino or blocked');
  const players = state.config.players;
  const w = nullableSeat(winner, players, 'round.result.winner');
  const s = side === null ? null : seat(side, sideCount(state.config), 'round.result.side');
  if ((w === null) !== (s === null)) fail('round.result names a winner without a side, or the reverse');
  if (!isCount(points)) fail('round.result.points must be a whole number ≥ 0');
  if (!Array.isArray(pips) || pips.length !== players || !pips.every(isCount)) fail('round.result.pips must list each hand');
  return { reason, winner: w, side: s, points, pips: pips.slice() };
}

function roundState(value: unknown, state: MatchState): RoundState {
  if (!isObject(value)) fail('round must be an object');
  const { number, leader, lead, drawn, redeals } = value;
  if (!Number.isInteger(number) || (number as number) < 1) fail('round.number must be a whole number ≥ 1');
  if (!isCount(drawn) || !isCount(redeals)) fail('round.drawn and round.redeals must be whole numbers ≥ 0');
  return {
    number: number as number,
    leader: seat(leader, state.config.players, 'round.leader'),
    lead: lead === null ? null : parseTile(lead, 'invalid-state', 'round.lead'),
    drawn,
    redeals,
    result: roundResult(value['result'], state),
  };
}

function logEntries(value: unknown, state: MatchState): LogEntry[] {
  if (!Array.isArray(value)) fail('log must be a list');
  return value.map((raw, i) => {
    if (!isObject(raw)) fail(`log[${i}] must be an object`);
    const s = seat(raw['seat'], state.config.players, `log[${i}].seat`);
    const showing = raw['showing'];
    if (raw['type'] === 'play') {
      const { end, pip, points } = raw;
      if (typeof end !== 'string' || !(pip === null || isPip(pip)) || !isCount(points)) fail(`log[${i}] is not a play`);
      return { seat: s, type: 'play', tile: parseTile(raw['tile'], 'invalid-state', `log[${i}].tile`), end, pip, points };
    }
    if (!Array.isArray(showing) || !showing.every(isPip)) fail(`log[${i}].showing must list numbers`);
    if (raw['type'] === 'draw') {
      return { seat: s, type: 'draw', tile: parseTile(raw['tile'], 'invalid-state', `log[${i}].tile`), showing: showing.slice() };
    }
    if (raw['type'] === 'pass') return { seat: s, type: 'pass', showing: showing.slice() };
    return fail(`log[${i}].type must be play, draw or pass`);
  });
}

/**
 * Returns a clean copy of `stored` if it is a consistent match state, of this version or an older one
 * (upgraded); throws RuleError otherwise.
 */
export function validateMatchState(stored: unknown): MatchState {
  const value = upgradeMatchState(stored);
  if (!isObject(value)) fail('it must be an object');
  if (value['version'] !== MATCH_STATE_VERSION) fail(`unknown version ${safeJson(value['version'])}`);
  let config;
  try {
    config = resolveConfig(value['config'] as never);
  } catch (error) {
    fail(`config: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (JSON.stringify(config) !== JSON.stringify(value['config'])) fail('config is not a resolved configuration');
  if (!isRngState(value['rng'])) fail('rng must be four 32-bit numbers');
  const partial = { config } as MatchState;
  const hands = value['hands'];
  if (!Array.isArray(hands) || hands.length !== config.players) fail(`hands must hold ${config.players} hands`);
  const board = replayTable(partial, value['table']);
  const state: MatchState = {
    version: MATCH_STATE_VERSION,
    config,
    rng: [...(value['rng'] as [number, number, number, number])],
    turn: nullableSeat(value['turn'], config.players, 'turn'),
    hands: hands.map((h, s) => tiles(h, `hands[${s}]`)),
    boneyard: tiles(value['boneyard'], 'boneyard'),
    ...board,
    count: fivesCount(config, board),
    scores: [],
    round: roundState(value['round'], partial),
    winningSide: value['winningSide'] === null ? null : seat(value['winningSide'], sideCount(config), 'winningSide'),
    log: logEntries(value['log'], partial),
  };
  if (!sameEnds(board.openEnds, value['openEnds'])) fail('openEnds do not match the table');
  if (state.count !== value['count']) fail('count does not match the table');

  const scores = value['scores'];
  if (!Array.isArray(scores) || scores.length !== sideCount(config) || !scores.every(isCount)) {
    fail('scores must hold a whole number ≥ 0 per side');
  }
  state.scores = scores.slice();

  const seen = new Set<number>();
  for (const tile of [...state.hands.flat(), ...state.boneyard, ...board.table.map((p: Placement) => p.tile)]) {
    if (seen.has(tileIndex(tile))) fail(`tile ${safeJson(tile)} is in two places`);
    seen.add(tileIndex(tile));
  }
  if (seen.size !== ALL_TILES.length) fail(`${ALL_TILES.length - seen.size} tiles are missing`);

  const over = isPlayOver(state);
  if (over !== (state.turn === null)) fail('turn must be null exactly when the round or match is over');
  if (state.winningSide !== null && state.scores[state.winningSide]! < config.target) {
    fail('the winning side has not reached the target');
  }
  return state;
}
