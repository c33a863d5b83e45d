/** A match: creating it, the legal moves, applying one, and the next round (RULES.md §1–§3, §6, §10). */
import { countPoints, fits, fivesCount, layTile, LEAD, misfit, type Misfit, type Table } from './board.js';
import { drawableCount, resolveConfig, sideCount, sideOf, variantRules } from './config.js';
import { chooseOpening, parseDeal, randomDeal } from './deal.js';
import { RuleError } from './errors.js';
import { isSeed, randomRngState, seedRng, type RngState } from './rng.js';
import { blockedResult, dominoResult } from './scoring.js';
import { MATCH_STATE_VERSION } from './upgrade.js';
import { handPips, normalize, parseTile, safeJson, sameTile, tileName } from './tiles.js';
import type {
  Deal,
  LegalMove,
  LogEntry,
  MatchConfig,
  MatchState,
  Pip,
  PlayerView,
  PublicMatchState,
  ResolvedConfig,
  RoundResult,
  RoundState,
  Seat,
  Tile,
} from './types.js';

/** A redeal happens with odds far below one in a million; this bound only stops a broken generator. */
const MAX_REDEALS = 1000;

export function createMatch(config: MatchConfig): MatchState {
  const resolved = resolveConfig(config);
  const { seed } = config;
  if (seed !== undefined && !isSeed(seed)) {
    throw new RuleError('invalid-config', `seed must be a number or a string, got ${safeJson(seed)}`);
  }
  const rng = seed === undefined ? randomRngState() : seedRng(seed);
  const deal = config.deal === undefined ? randomDeal(resolved, rng) : parseDeal(resolved, config.deal);
  const scores = new Array<number>(sideCount(resolved)).fill(0);
  return startRound(resolved, rng, deal, scores, null);
}

/** Deals the round after the one that just ended. `deal` fixes it (and all its draws) for tests. */
export function nextRound(state: MatchState, deal?: Deal): MatchState {
  if (isMatchOver(state)) throw new RuleError('match-over', 'the match is over: start a new one');
  if (state.round.result === null) throw new RuleError('round-in-progress', 'the round is still being played');
  const rng: RngState = [...state.rng];
  const dealt = deal === undefined ? randomDeal(state.config, rng) : parseDeal(state.config, deal);
  return startRound(state.config, rng, dealt, state.scores, state.round);
}

function startRound(
  config: ResolvedConfig,
  rng: RngState,
  deal: Deal,
  scores: number[],
  previous: RoundState | null,
): MatchState {
  let redeals = 0;
  let opening = chooseOpening(config, deal.hands, previous);
  while (opening === null) {
    if (++redeals > MAX_REDEALS) throw new RuleError('invalid-state', 'no double could be dealt');
    deal = randomDeal(config, rng);
    opening = chooseOpening(config, deal.hands, previous);
  }
  return {
    version: MATCH_STATE_VERSION,
    config,
    rng,
    turn: opening.leader,
    hands: deal.hands.map((hand) => hand.map(normalize)),
    boneyard: deal.boneyard.map(normalize),
    table: [],
    openEnds: [],
    count: 0,
    scores: scores.slice(),
    round: {
      number: (previous?.number ?? 0) + 1,
      leader: opening.leader,
      lead: opening.lead && normalize(opening.lead),
      drawn: 0,
      redeals,
      result: null,
    },
    winningSide: null,
    log: [],
  };
}

/** What `legalMoves` needs to know, from the full state or from the view of the seat to act. */
interface Turn {
  config: ResolvedConfig;
  board: Table;
  hand: readonly Tile[];
  round: RoundState;
  drawable: number;
}

function turnOf(game: MatchState | PlayerView): Turn | null {
  if (game.turn === null || isPlayOver(game)) return null;
  const board = { table: game.table, openEnds: game.openEnds };
  if ('hands' in game) {
    const drawable = drawableCount(game.config, game.boneyard.length);
    return { config: game.config, board, hand: game.hands[game.turn]!, round: game.round, drawable };
  }
  if (game.seat !== game.turn) return null;
  return { config: game.config, board, hand: game.hand, round: game.round, drawable: game.drawable };
}

function playsFor(config: ResolvedConfig, board: Table, hand: readonly Tile[], lead: Tile | null): LegalMove[] {
  const scores = variantRules(config).scoresFives;
  const withPoints = (tile: Tile, end: string, pip: Pip | null): LegalMove => {
    const move: LegalMove = { type: 'play', tile, end, pip };
    if (scores) move.points = countPoints(fivesCount(config, layTile(config, board, tile, end, 0)));
    return move;
  };
  if (board.table.length === 0) {
    const leads = lead ? hand.filter((t) => sameTile(t, lead)) : hand;
    return leads.map((tile) => withPoints(normalize(tile), LEAD, null));
  }
  const moves: LegalMove[] = [];
  for (const tile of hand) {
    for (const end of board.openEnds) {
      if (fits(config, board.table, end, tile)) moves.push(withPoints(normalize(tile), end.id, end.pip));
    }
  }
  return moves;
}

const canDraw = (turn: Turn): boolean =>
  turn.drawable > 0 && (turn.config.houseRules.drawMode === 'untilPlayable' || turn.round.drawn === 0);

/**
 * The moves of the seat to act: its plays, one per (tile, end); else draw; else pass. Empty when
 * nobody is to act. Works on a full state or on the view of the seat to act.
 */
export function legalMoves(game: MatchState | PlayerView): LegalMove[] {
  const turn = turnOf(game);
  if (!turn) return [];
  const plays = playsFor(turn.config, turn.board, turn.hand, turn.round.lead);
  if (plays.length > 0) return plays;
  return [canDraw(turn) ? { type: 'draw' } : { type: 'pass' }];
}

function hasPlay(state: MatchState, seat: Seat): boolean {
  const board = { table: state.table, openEnds: state.openEnds };
  return playsFor(state.config, board, state.hands[seat]!, null).length > 0;
}

/** §1(b): nobody can lay a tile and nothing can be drawn. */
function isBlocked(state: MatchState): boolean {
  if (drawableCount(state.config, state.boneyard.length) > 0) return false;
  return state.hands.every((_, seat) => !hasPlay(state, seat));
}

const showing = (state: MatchState): Pip[] => [...new Set(state.openEnds.map((e) => e.pip))].sort((a, b) => a - b);

/** Applies the move of the seat to act. Pure: returns a new state. An illegal move throws RuleError. */
export function applyMove(state: MatchState, move: unknown): MatchState {
  if (isMatchOver(state)) throw new RuleError('match-over', 'the match is over');
  if (state.round.result !== null) throw new RuleError('round-over', 'the round is over: deal the next one');
  const turn = turnOf(state);
  if (!turn || state.turn === null) throw new RuleError('invalid-state', 'no seat is to act');
  const seat = state.turn;
  const type = typeof move === 'object' && move !== null ? (move as { type?: unknown }).type : undefined;

  if (type === 'play') {
    const { tile: rawTile, end } = move as { tile?: unknown; end?: unknown };
    const tile = parseTile(rawTile, 'invalid-move');
    if (typeof end !== 'string') throw new RuleError('invalid-move', `end must be a string, got ${safeJson(end)}`);
    return play(state, turn, seat, tile, end);
  }
  const plays = playsFor(turn.config, turn.board, turn.hand, turn.round.lead);
  if (type === 'draw') {
    if (plays.length > 0) throw new RuleError('must-play', 'you can lay a tile, so you cannot draw');
    if (!canDraw(turn)) throw new RuleError('cannot-draw', 'there is nothing you may draw');
    return draw(state, seat);
  }
  if (type === 'pass') {
    if (plays.length > 0) throw new RuleError('must-play', 'you can lay a tile, so you cannot pass');
    if (canDraw(turn)) throw new RuleError('must-draw', 'you must draw from the boneyard before passing');
    return afterTurn({ ...state, log: [...state.log, { seat, type: 'pass', showing: showing(state) }] }, seat);
  }
  throw new RuleError('invalid-move', `a move must be a play, draw or pass, got ${safeJson(move)}`);
}

/** What a refusal of a tile that does not fit adds to "… does not fit the N at E": why, when the number alone does not say. */
const MISFIT_REASONS: Record<Misfit, (pip: number) => string> = {
  number: () => '',
  locked: (pip) => `: the ${pip}s are not unlocked yet (until the ${pip}-${pip} is laid, only it may go on a ${pip})`,
  'double-only': () => ': only a double may go on an end that is not a double’s (doublesUnlock: spinnerOnly)',
  'no-double': () => ': a double’s end takes no double (doublesUnlock: spinnerOnly)',
};

function play(state: MatchState, turn: Turn, seat: Seat, tile: Tile, endId: string): MatchState {
  const name = tileName(tile);
  const handIndex = turn.hand.findIndex((t) => sameTile(t, tile));
  if (handIndex < 0) throw new RuleError('not-in-hand', `${name} is not in your hand`);
  const board = turn.board;
  if (board.table.length === 0) {
    if (endId !== LEAD) throw new RuleError('no-such-end', `the table is empty: the first tile goes on '${LEAD}'`);
    if (turn.round.lead && !sameTile(turn.round.lead, tile)) {
      throw new RuleError('wrong-lead', `this round must be opened with ${tileName(turn.round.lead)}`);
    }
  } else {
    const end = board.openEnds.find((e) => e.id === endId);
    if (!end) throw new RuleError('no-such-end', `there is no open end '${safeJson(endId)}'`);
    const why = misfit(turn.config, board.table, end, tile);
    if (why !== null) throw new RuleError('tile-does-not-fit', `${name} does not fit the ${end.pip} at ${endId}${MISFIT_REASONS[why](end.pip)}`);
  }

  const laid = layTile(state.config, board, tile, endId, seat);
  const count = fivesCount(state.config, laid);
  const points = countPoints(count);
  const hand = turn.hand.filter((_, i) => i !== handIndex);
  const hands = state.hands.map((h, s) => (s === seat ? hand : h));
  const scores = state.scores.slice();
  const side = sideOf(state.config, seat);
  scores[side]! += points;
  const pip = board.table.length === 0 ? null : board.openEnds.find((e) => e.id === endId)!.pip;
  const entry: LogEntry = { seat, type: 'play', tile: normalize(tile), end: endId, pip, points };
  const next: MatchState = {
    ...state,
    hands,
    ...laid,
    count,
    scores,
    log: [...state.log, entry],
    round: { ...state.round, drawn: 0 },
  };

  // All Fives: reaching the target in play ends the match at once (§1, §4, C15); if the same move ended
  // the round, its result still says how, with no award (§10).
  if (points > 0 && scores[side]! >= state.config.target) {
    const passedOn: MatchState = { ...next, turn: (seat + 1) % state.config.players };
    let result: RoundResult | null = null;
    if (hand.length === 0) result = dominoResult(state.config, hands.map(handPips), seat);
    else if (isBlocked(passedOn)) result = blockedRoundResult(passedOn);
    return { ...next, turn: null, winningSide: side, round: { ...next.round, result: result && { ...result, points: 0 } } };
  }
  if (hand.length === 0) return endRound(next, dominoResult(state.config, hands.map(handPips), seat));
  return afterTurn(next, seat);
}

function draw(state: MatchState, seat: Seat): MatchState {
  const [tile, ...boneyard] = state.boneyard;
  const hands = state.hands.map((h, s) => (s === seat ? [...h, tile!] : h));
  const entry: LogEntry = { seat, type: 'draw', tile: tile!, showing: showing(state) };
  const next: MatchState = {
    ...state,
    hands,
    boneyard,
    log: [...state.log, entry],
    round: { ...state.round, drawn: state.round.drawn + 1 },
  };
  return isBlocked(next) ? endBlocked(next) : next;
}

function blockedRoundResult(state: MatchState): RoundResult {
  const counts = state.hands.map((h) => h.length);
  return blockedResult(state.config, state.hands.map(handPips), counts, state.round.leader);
}

const endBlocked = (state: MatchState): MatchState => endRound(state, blockedRoundResult(state));

/** Passes the turn on after a play or a pass, ending the round if nobody can go on. */
function afterTurn(state: MatchState, seat: Seat): MatchState {
  const next: MatchState = { ...state, turn: (seat + 1) % state.config.players, round: { ...state.round, drawn: 0 } };
  return isBlocked(next) ? endBlocked(next) : next;
}

function endRound(state: MatchState, result: RoundResult): MatchState {
  const scores = state.scores.slice();
  let winningSide: number | null = null;
  if (result.side !== null) {
    scores[result.side]! += result.points;
    if (scores[result.side]! >= state.config.target) winningSide = result.side;
  }
  return { ...state, turn: null, scores, winningSide, round: { ...state.round, result } };
}

/** Whether the match is over: a side has won. The one test of it (a state, a seat's view, a room's match). */
export const isMatchOver = (state: Pick<PublicMatchState, 'winningSide'>): boolean => state.winningSide !== null;

/** Whether play has stopped: the round has ended, or the match was won (in All Fives possibly mid-round, with no round result). */
export const isPlayOver = (state: Pick<PublicMatchState, 'winningSide' | 'round'>): boolean => state.round.result !== null || isMatchOver(state);

export { sideOf };
