/**
 * Building the `rejection` record of a refused intent. It keeps only the intent's type and the seat it
 * named, never its payload: the context is persisted (and on a server, shared), and a refused tile is
 * the sender's business alone.
 */
import { RuleError } from '../engine/index.js';
import type { Rejection, RejectionCode } from './types.js';

/** The outcome of checking an intent: its value, or the rejection to record. */
export type Checked<T> = { ok: true; value: T } | { ok: false; rejection: Rejection };

/** A JSON round-trip copy of `value`, or null when it cannot be serialized. */
export function jsonSafe(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** What a rejection keeps of the refused intent: its type, and the seat it named when that is a number. */
function intentSummary(intent: unknown): Rejection['intent'] {
  const fields = typeof intent === 'object' && intent !== null ? (intent as { type?: unknown; seat?: unknown }) : {};
  const type = typeof fields.type === 'string' ? fields.type : 'unknown';
  return typeof fields.seat === 'number' && Number.isInteger(fields.seat) ? { type, seat: fields.seat } : { type };
}

/** What the machine answers a move while the tiles are being dealt (its state `dealing`, the tempo's pause). */
export const DEALING_REJECTION = { code: 'dealing', message: 'the tiles are being dealt' } as const satisfies { code: RejectionCode; message: string };

export function rejection(code: RejectionCode, message: string, intent: unknown): Rejection {
  return { code, message, intent: intentSummary(intent) };
}

/** A RuleError from the engine becomes a rejection with its code and message; anything else is a bug. */
export function fromRuleError(error: unknown, intent: unknown): Rejection {
  if (error instanceof RuleError) return rejection(error.code, error.message, intent);
  throw error;
}
