/**
 * Persisted match snapshots from storage, before XState restores them. A saved game from outside is
 * checked: the engine state inside must be valid (validateMatchState, which also upgrades an older
 * one), and the machine's own settings well formed. What XState itself needs of the snapshot is left to
 * it; the caller catches its failures. A snapshot the server stored itself is only upgraded.
 */
import { RuleError, validateMatchState } from '../engine/index.js';
import { upgradeMatchState } from '../engine/internal.js';
import { isLevel, isTempo } from '../shared/names.js';
import { SEAT_KINDS } from './settings.js';

/** A stored snapshot whose match state is of an older version, upgraded; any other as it is. */
export function upgradePersistedSnapshot<T extends { context: { game: unknown } }>(snapshot: T): T {
  const game = upgradeMatchState(snapshot.context.game);
  return game === snapshot.context.game ? snapshot : { ...snapshot, context: { ...snapshot.context, game } };
}

export function checkPersistedSnapshot<T>(value: unknown): T {
  const fail = (why: string): never => {
    throw new RuleError('invalid-state', `not a saved match: ${why}`);
  };
  if (typeof value !== 'object' || value === null) fail('not an object');
  const snapshot = value as Record<string, unknown>;
  if (snapshot['status'] !== 'active') fail(`its status is ${String(snapshot['status'])}`);
  const context = snapshot['context'] as Record<string, unknown> | undefined;
  if (typeof context !== 'object' || context === null) fail('no context');
  const game = validateMatchState(context!['game']);
  const seats = context!['seats'];
  if (!Array.isArray(seats) || seats.length !== game.config.players || !seats.every((s) => SEAT_KINDS.includes(s))) {
    fail('its seats do not fit the match');
  }
  if (!isLevel(context!['level']) || !isTempo(context!['tempo'])) fail('unknown level or tempo');
  if (!Number.isInteger(context!['matchNumber'])) fail('no match number');
  const undo = context!['undo'] as { allowed?: unknown; before?: unknown; used?: unknown } | undefined;
  if (undo === undefined) return { ...snapshot, context: { ...context, game } } as T;
  // The states to go back to are checked as the match is: a hand-edited one must not come back by UNDO.
  if (typeof undo !== 'object' || undo === null || typeof undo.allowed !== 'boolean' || typeof undo.used !== 'boolean' || !Array.isArray(undo.before)) {
    fail('its undo record is malformed');
  }
  const before = (undo.before as unknown[]).map((state) => validateMatchState(state));
  if (before.some((state) => state.round.number !== game.round.number)) fail('its undo record is of another round');
  return { ...snapshot, context: { ...context, game, undo: { ...undo, before } } } as T;
}
