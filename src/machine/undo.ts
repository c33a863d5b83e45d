/**
 * Taking back the person's moves in a match against the computer. The engine's states are immutable,
 * so the record keeps the state before each of the human seats' moves of the running round; UNDO goes
 * back to the last of them, which undoes the computers' moves after it too. Not past the round's start
 * (a new round forgets them), not once the round is over, and only where the match allows it.
 */
import { isMatchOver, type MatchState } from '../engine/index.js';
import { rejection, type Checked } from './rejections.js';
import type { MatchContext, MatchEvent, UndoRecord } from './types.js';

/** The record as `allowed` sets it: turned on, a match gets one; turned off, it keeps whether undo was used. */
export function undoAllowed(record: UndoRecord | undefined, allowed: boolean): UndoRecord | undefined {
  if (!record) return allowed ? { allowed, before: [], used: false } : undefined;
  return record.allowed === allowed ? record : { ...record, allowed };
}

/** The record after an accepted intent: a person's move is remembered, a new round forgets (NEW_MATCH starts a record of its own). */
export function undoAfter(context: MatchContext, event: MatchEvent): UndoRecord | undefined {
  const record = context.undo;
  if (!record) return record;
  switch (event.type) {
    case 'PLAY':
    case 'DRAW':
    case 'PASS':
      return { ...record, before: [...record.before, context.game] };
    case 'NEXT_ROUND':
      return { ...record, before: [] };
    default:
      return record;
  }
}

/** UNDO: the state before the person's last move of this round, and the record without it. */
export function checkUndo(context: MatchContext, event: MatchEvent): Checked<{ game: MatchState; undo: UndoRecord }> {
  const { game, undo, seats } = context;
  const refuse = (code: Parameters<typeof rejection>[0], message: string) => ({ ok: false as const, rejection: rejection(code, message, event) });
  if (!undo?.allowed) return refuse('undo-off', 'this match does not allow taking moves back');
  const named = (event as { seat?: unknown }).seat;
  if (named !== undefined && seats[named as number] !== 'human') return refuse('not-your-turn', 'only a local player takes moves back');
  if (isMatchOver(game)) return refuse('match-over', 'the match is over');
  if (game.round.result !== null) return refuse('round-over', 'the round is over');
  const before = undo.before;
  if (before.length === 0) return refuse('nothing-to-undo', 'no move of yours in this round to take back');
  return { ok: true, value: { game: before[before.length - 1]!, undo: { allowed: true, before: before.slice(0, -1), used: true } } };
}
