/**
 * Everything one seat may not see, replaced at random: what a view of that seat must not depend on
 * (test/engine/player-view.test.ts for the engine, test/server/room-views.test.ts for the server's path).
 */
import { ALL_TILES } from '../../../src/engine/index.js';
import { nextInt, nextUint32, shuffleInPlace, type RngState } from '../../../src/engine/rng.js';
import type { MatchState } from '../../../src/engine/types.js';

/** A copy of `state` with everything `seat` may not see replaced at random. */
export function reshuffleHidden(state: MatchState, seat: number, rng: RngState): MatchState {
  const others = state.hands.map((_, i) => i).filter((i) => i !== seat);
  const pool = shuffleInPlace(rng, [...others.flatMap((i) => state.hands[i]!), ...state.boneyard]);
  const hands = state.hands.slice();
  let k = 0;
  for (const i of others) {
    hands[i] = pool.slice(k, k + hands[i]!.length);
    k += hands[i]!.length;
  }
  const log = state.log.map((entry) =>
    entry.type === 'draw' && entry.seat !== seat ? { ...entry, tile: ALL_TILES[nextInt(rng, 28)]! } : entry,
  );
  let round = state.round;
  if (state.table.length === 0 && round.lead !== null && round.leader !== seat && hands[round.leader]!.length > 0) {
    const hand = hands[round.leader]!;
    round = { ...round, lead: hand[nextInt(rng, hand.length)]! };
  }
  const rngState: RngState = [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng)];
  return { ...state, hands, boneyard: pool.slice(k), log, round, rng: rngState };
}
