/**
 * Building the `rejection` record of a refused intent. The intent is stored as JSON because the
 * context is persisted: a payload holding a BigInt, a function or a cycle must not break saving.
 */
import { RuleError } from '../engine/index.js';
import type { Rejection, RejectionCode } from './types.js';

/** A JSON round-trip copy of `value`, or just its `type` when it cannot be serialized. */
export function jsonSafe(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : (JSON.parse(text) as unknown);
  } catch {
    const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
    return typeof type === 'string' ? { type } : null;
  }
}

export function rejection(code: RejectionCode, message: string, intent: unknown): Rejection {
  return { code, message, intent: jsonSafe(intent) };
}

/** A RuleError from the engine becomes a rejection with its code and message; anything else is a bug. */
export function fromRuleError(error: unknown, intent: unknown): Rejection {
  if (error instanceof RuleError) return rejection(error.code, error.message, intent);
  throw error;
}
