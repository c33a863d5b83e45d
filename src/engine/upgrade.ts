/**
 * Match states outlive the code that wrote them: a saved game in localStorage, a room stored by the
 * server. Each format change has an upgrade here, from its version to the next, so that every reader
 * (validateMatchState, the server's stored rooms) takes old states the same way.
 */

export const MATCH_STATE_VERSION = 2;

type Upgrade = (state: Record<string, unknown>) => Record<string, unknown>;

const UPGRADES: Record<number, Upgrade> = {
  // Version 1 called the side that won the match `winner`, the name a round result gives a seat.
  1: ({ winner, ...state }) => ({ ...state, version: 2, winningSide: winner }),
};

/**
 * `value` brought up to the current version when it is an older match state; anything else (the
 * current version, or not a match state at all) as it is, for validation to judge.
 */
export function upgradeMatchState(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  let state = value as Record<string, unknown>;
  for (let upgrade = UPGRADES[state['version'] as number]; upgrade; upgrade = UPGRADES[state['version'] as number]) {
    state = upgrade(state);
  }
  return state;
}
