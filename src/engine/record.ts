/**
 * A match record: what was dealt and every move, as plain JSON (docs/RECORD.md), and its replay through
 * the rules. A record is made from the states at the end of each round (a state's log and hands tell
 * its deal), so a match needs no recorder while it is played; a replay checks every move with
 * applyMove, so a record that is malformed, or whose moves the rules refuse, is refused with a RuleError.
 */
import { RuleError } from './errors.js';
import { createMatch, nextRound, applyMove } from './match.js';
import { isSeed } from './rng.js';
import { parseTile, safeJson, sameTile } from './tiles.js';
import type { Deal, MatchState, Move, ResolvedConfig, Tile } from './types.js';

/** The format of a record; a reader refuses other versions. */
export const MATCH_RECORD_VERSION = 1;

/** One round: its deal (the hands in seat order, the boneyard in drawing order) and its moves in order. */
export interface RoundRecord {
  deal: Deal;
  moves: Move[];
}

/** A match from its first deal: the configuration, the seed it was dealt from (if any), every round. */
export interface MatchRecord {
  version: typeof MATCH_RECORD_VERSION;
  config: ResolvedConfig;
  /** The seed the deals came from, for the reader's information: the replay deals what `rounds` say. */
  seed: number | string | null;
  rounds: RoundRecord[];
}

/**
 * The record of one round, from a state of that round (usually at its end): the moves of its log, and
 * its deal worked back from the hands and the boneyard (a play took a tile from its seat's hand, a draw
 * took the boneyard's first tile onto the end of the hand).
 */
export function roundRecordOf(state: MatchState): RoundRecord {
  const played: Tile[][] = state.hands.map(() => []);
  const drawn: Tile[][] = state.hands.map(() => []);
  const moves: Move[] = [];
  for (const entry of state.log) {
    if (entry.type === 'play') {
      played[entry.seat]!.push(entry.tile);
      moves.push({ type: 'play', tile: entry.tile, end: entry.end });
    } else {
      if (entry.type === 'draw') drawn[entry.seat]!.push(entry.tile);
      moves.push({ type: entry.type });
    }
  }
  const isIn = (tiles: readonly Tile[]) => (tile: Tile) => tiles.some((t) => sameTile(t, tile));
  const hands = state.hands.map((hand, seat) => {
    const wasDrawn = isIn(drawn[seat]!);
    // The tiles dealt that are still held, in their order, then those dealt and played (a drawn tile played is not dealt).
    return [...hand.filter((tile) => !wasDrawn(tile)), ...played[seat]!.filter((tile) => !wasDrawn(tile))];
  });
  const drawnInOrder = state.log.flatMap((entry) => (entry.type === 'draw' ? [entry.tile] : []));
  return { deal: { hands, boneyard: [...drawnInOrder, ...state.boneyard] }, moves };
}

/** A match's record from the state at the end of each of its rounds, in order (the last may be running). */
export function matchRecordOf(rounds: readonly MatchState[], seed: number | string | null = null): MatchRecord {
  const first = rounds[0];
  if (!first) throw new RuleError('invalid-record', 'a match record needs at least one round');
  return { version: MATCH_RECORD_VERSION, config: first.config, seed, rounds: rounds.map(roundRecordOf) };
}

const fail = (message: string): never => {
  throw new RuleError('invalid-record', message);
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseTiles(value: unknown, what: string): Tile[] {
  if (!Array.isArray(value)) fail(`${what} must be a list of tiles, got ${safeJson(value)}`);
  return (value as unknown[]).map((tile, i) => parseTile(tile, 'invalid-record', `${what}[${i}]`));
}

function parseMove(value: unknown, where: string): Move {
  if (!isObject(value)) return fail(`${where} must be a move object, got ${safeJson(value)}`);
  if (value.type === 'draw' || value.type === 'pass') return { type: value.type };
  if (value.type !== 'play') return fail(`${where} must be a play, draw or pass, got ${safeJson(value)}`);
  if (typeof value.end !== 'string') return fail(`${where}: end must be a string, got ${safeJson(value.end)}`);
  return { type: 'play', tile: parseTile(value.tile, 'invalid-record', `${where}: tile`), end: value.end };
}

/** A record's shape checked (not yet its rules: the replay checks those). */
export function parseMatchRecord(value: unknown): MatchRecord {
  if (!isObject(value)) return fail(`a match record must be an object, got ${safeJson(value)}`);
  if (value.version !== MATCH_RECORD_VERSION) fail(`unknown match record version ${safeJson(value.version)} (this reads ${MATCH_RECORD_VERSION})`);
  if (!isObject(value.config)) fail('a match record needs its config');
  const seed = value.seed ?? null;
  if (seed !== null && !isSeed(seed)) fail(`seed must be a number, a string or null, got ${safeJson(seed)}`);
  if (!Array.isArray(value.rounds) || value.rounds.length === 0) fail('a match record needs a list of rounds, at least one');
  const rounds = (value.rounds as unknown[]).map((round, r): RoundRecord => {
    const where = `round ${r + 1}`;
    if (!isObject(round) || !isObject(round.deal)) return fail(`${where} needs a deal`);
    if (!Array.isArray(round.deal.hands)) return fail(`${where}: deal.hands must be a list of hands`);
    if (!Array.isArray(round.moves)) return fail(`${where}: moves must be a list`);
    const hands = (round.deal.hands as unknown[]).map((hand, seat) => parseTiles(hand, `${where}: hand ${seat}`));
    const boneyard = parseTiles(round.deal.boneyard, `${where}: boneyard`);
    const moves = (round.moves as unknown[]).map((move, m) => parseMove(move, `${where}, move ${m + 1}`));
    return { deal: { hands, boneyard }, moves };
  });
  return { version: MATCH_RECORD_VERSION, config: value.config as unknown as ResolvedConfig, seed: seed as MatchRecord['seed'], rounds };
}

/**
 * Every state of a record's match in order: the deal of round 1, then after each move (and each next
 * deal). Stops with a RuleError at the first thing the rules refuse, its message naming the round and move.
 */
export function* replaySteps(input: unknown): Generator<MatchState> {
  const record = parseMatchRecord(input);
  let state: MatchState | null = null;
  for (const [r, round] of record.rounds.entries()) {
    const where = (what: string) => `round ${r + 1}${what}`;
    state = rethrowAt(where(', deal'), () =>
      state === null
        ? createMatch({ ...record.config, ...(record.seed === null ? {} : { seed: record.seed }), deal: round.deal })
        : nextRound(state, round.deal),
    );
    yield state;
    for (const [m, move] of round.moves.entries()) {
      const before: MatchState = state;
      state = rethrowAt(where(`, move ${m + 1}`), () => applyMove(before, move));
      yield state;
    }
  }
}

/** The final state of a record's match, every move checked by the rules; a RuleError for the first refused. */
export function replayMatch(record: unknown): MatchState {
  let last: MatchState | undefined;
  for (const state of replaySteps(record)) last = state;
  return last!;
}

function rethrowAt<T>(where: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof RuleError) throw new RuleError(error.code === 'invalid-config' ? 'invalid-record' : error.code, `${where}: ${error.message}`);
    throw error;
  }
}
