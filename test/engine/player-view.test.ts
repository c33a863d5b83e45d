/**
 * playerView (src/engine/view.ts) shows one seat what it may see and nothing else, for random states of
 * every variant, player count and partnership, at random steps of up to three rounds.
 *
 * The main property: while a round runs, reshuffling everything hidden from a seat (the other hands
 * among each other, keeping their sizes, together with the boneyard; the other seats' drawn tiles in
 * the log; the dealing generator; the required lead of another seat) leaves its view byte-identical.
 * Every failure names the seed of its case.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ALL_TILES, RuleError, VARIANTS, applyMove, createMatch, legalMoves, nextRound, playerView } from '../../src/engine/index.js';
import { nextInt, seedRng, type RngState } from '../../src/engine/rng.js';
import type { MatchState, PlayerView, Tile, Variant } from '../../src/engine/types.js';
import { reshuffleHidden } from './helpers/hidden.js';
import { deepFreeze, plainEqual, randomConfig } from './helpers/random-rounds.js';

const CASES_PER_VARIANT = 60;
const ROUNDS_PER_CASE = 3;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const drawable = (s: MatchState): number =>
  s.config.variant === 'block' ? 0 : Math.max(0, s.boneyard.length - s.config.houseRules.boneyardReserve);

/** assert.deepStrictEqual, after a fast check (the assert is slow and this runs a lot). */
function same(actual: unknown, expected: unknown, message: string): void {
  if (!plainEqual(actual, expected)) assert.deepStrictEqual(actual, expected, message);
}

/** The first key a view must never have (rng, boneyard, hands), searched everywhere. */
function secretKey(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = secretKey(value[i]);
      if (found) return found;
    }
    return null;
  }
  for (const key in value) {
    if (key === 'rng' || key === 'boneyard' || key === 'hands') return key;
    const found = secretKey((value as Record<string, unknown>)[key]);
    if (found) return found;
  }
  return null;
}

const tileList = (tiles: readonly Tile[]): string => tiles.map((t) => t[0] * 7 + t[1]).join();

interface Coverage {
  running: number;
  over: number;
  changedByReshuffle: number;
  hiddenLead: number;
  hiddenDraws: number;
}

function checkView(state: MatchState, seat: number, seed: string, rng: RngState, cov: Coverage): void {
  const where = `[seed ${seed}, round ${state.round.number}, step ${state.log.length}, seat ${seat}]`;
  const view = playerView(state, seat);
  const json = JSON.stringify(view);
  assert.ok(plainEqual(JSON.parse(json), view), `${where} the view is not plain JSON`);
  const over = state.round.result !== null || state.winningSide !== null;

  // Only `revealed` may hold hands; no rng and no boneyard anywhere.
  const { revealed, ...rest } = view;
  assert.equal(secretKey(rest), null, `${where} a secret field in the view`);
  if (revealed !== null) assert.deepStrictEqual(Object.keys(revealed).sort(), ['aside', 'deal', 'hands'], `${where} revealed`);
  assert.equal(view.seat, seat, where);
  same(view.hand, state.hands[seat], `${where} hand`);
  same(view.handCounts, state.hands.map((h) => h.length), `${where} handCounts`);
  assert.equal(view.boneyardCount, state.boneyard.length, `${where} boneyardCount`);
  assert.equal(view.drawable, drawable(state), `${where} drawable`);
  same(
    { config: view.config, turn: view.turn, table: view.table, openEnds: view.openEnds, count: view.count, scores: view.scores, winningSide: view.winningSide },
    { config: state.config, turn: state.turn, table: state.table, openEnds: state.openEnds, count: state.count, scores: state.scores, winningSide: state.winningSide },
    `${where} public fields`,
  );
  const { lead, ...round } = view.round;
  const { lead: realLead, ...realRound } = state.round;
  same(round, realRound, `${where} round`);
  const leadVisible = seat === state.round.leader || state.table.length > 0;
  same(lead, leadVisible ? realLead : null, `${where} round.lead`);
  if (!leadVisible && realLead !== null) cov.hiddenLead++;

  // The log: other seats' drawn tiles are not named; everything else is as in the state.
  assert.equal(view.log.length, state.log.length, `${where} log length`);
  state.log.forEach((entry, i) => {
    const seen = view.log[i]!;
    if (entry.type === 'draw' && entry.seat !== seat) {
      cov.hiddenDraws++;
      assert.ok(!('tile' in seen), `${where} log[${i}] names another seat's drawn tile: ${JSON.stringify(seen)}`);
      same(seen, { seat: entry.seat, type: 'draw', showing: entry.showing }, `${where} log[${i}]`);
    } else same(seen, entry, `${where} log[${i}]`);
  });

  // Moves from the view are those of the state, for the seat to act only.
  same(legalMoves(view), seat === state.turn ? legalMoves(state) : [], `${where} legalMoves(view)`);

  if (over) {
    cov.over++;
    const { deal, ...shown } = view.revealed!;
    same(shown, { hands: state.hands, aside: state.config.variant === 'block' ? state.boneyard : [] }, `${where} revealed at round end`);
    // The deal as dealt: the whole set, hands alike in size, each seat holding only what it was dealt or drew.
    const names = (tiles: readonly (readonly [number, number])[]) => tiles.map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`).sort();
    assert.deepEqual(names([...deal.hands.flat(), ...deal.boneyard]), names(ALL_TILES), `${where} the deal is the whole set`);
    assert.equal(new Set(deal.hands.map((h) => h.length)).size, 1, `${where} dealt hands alike`);
    state.hands.forEach((hand, s) => {
      const drew = state.log.flatMap((e) => (e.type === 'draw' && e.seat === s ? [e.tile] : []));
      const had = names([...deal.hands[s]!, ...drew]);
      assert.ok(names(hand).every((t) => had.includes(t)), `${where} seat ${s} holds only tiles dealt to it or drawn`);
    });
    return;
  }
  cov.running++;
  assert.equal(view.revealed, null, `${where} revealed while the round runs`);
  // Nothing hidden reaches the view: reshuffling it changes no byte.
  const shuffled = reshuffleHidden(state, seat, rng);
  const hidden = (x: MatchState) => tileList([...x.hands.filter((_, i) => i !== seat).flat(), ...x.boneyard]);
  if (hidden(shuffled) !== hidden(state)) cov.changedByReshuffle++;
  assert.equal(JSON.stringify(playerView(shuffled, seat)), json, `${where} the view changes when hidden tiles are reshuffled`);
}

function runViewCases(variant: Variant): Coverage {
  const cov: Coverage = { running: 0, over: 0, changedByReshuffle: 0, hiddenLead: 0, hiddenDraws: 0 };
  for (let i = 0; i < CASES_PER_VARIANT; i++) {
    const seed = `view/${variant}/r${i}`;
    const cfgRng = seedRng(`${seed}#config`);
    const { config } = randomConfig(cfgRng, variant, 'round', seed);
    const moveRng = seedRng(`${seed}#moves`);
    const checkRng = seedRng(`${seed}#checks`);
    const every = 2 + nextInt(cfgRng, 4);
    let state = deepFreeze(createMatch(config));
    for (let round = 1; ; round++) {
      for (let step = 0; ; step++) {
        const done = state.turn === null;
        if (done || step % every === 0) {
          for (let seat = 0; seat < state.config.players; seat++) checkView(state, seat, seed, checkRng, cov);
        }
        if (done) break;
        const moves = legalMoves(state);
        state = deepFreeze(applyMove(state, moves[nextInt(moveRng, moves.length)]!));
      }
      if (state.winningSide !== null || round === ROUNDS_PER_CASE) break;
      state = deepFreeze(nextRound(state));
    }
  }
  return cov;
}

for (const variant of VARIANTS) {
  describe(`${variant}: playerView`, () => {
    test(`shows each seat its own tiles and nothing hidden (${CASES_PER_VARIANT} random matches)`, () => {
      const cov = runViewCases(variant);
      const where = JSON.stringify(cov);
      assert.ok(cov.running > 1000 && cov.over > 100, `too few states checked: ${where}`);
      assert.ok(cov.changedByReshuffle > cov.running * 0.9, `reshuffling rarely changed anything: ${where}`);
      assert.ok(cov.hiddenLead > 0, `no view with another seat's required lead: ${where}`);
      if (variant !== 'block') assert.ok(cov.hiddenDraws > 0, `no other seat's draw seen: ${where}`);
    });
  });
}

test('playerView refuses a seat that does not exist', () => {
  const state = createMatch({ variant: 'draw', players: 3, seed: 'view-seat' });
  for (const seat of [-1, 3, 1.5, Number.NaN, '0' as unknown as number]) {
    assert.throws(() => playerView(state, seat), RuleError, `seat ${String(seat)}`);
  }
});

test("a view's tiles are copies: changing the view leaves the state alone", () => {
  const state = createMatch({ variant: 'fives', players: 2, seed: 'view-copy' });
  const before = JSON.stringify(state);
  const view = playerView(state, state.turn!) as Mutable<PlayerView>;
  view.hand.pop();
  view.handCounts[0] = 99;
  view.scores[0] = 99;
  view.config.houseRules.drawMode = 'drawOne';
  assert.equal(JSON.stringify(state), before);
});

test('a seat that does not exist has no view', () => {
  const state = createMatch({ variant: 'draw', players: 3, seed: 1 });
  for (const seat of [-1, 3, 1.5, NaN]) {
    assert.throws(() => playerView(state, seat), (e: unknown) => e instanceof RuleError && e.code === 'invalid-seat');
  }
});
