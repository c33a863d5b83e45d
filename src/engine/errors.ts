export type RuleErrorCode =
  | 'invalid-config'
  | 'invalid-deal'
  | 'invalid-state'
  | 'invalid-record'
  | 'invalid-move'
  | 'invalid-seat'
  | 'not-in-hand'
  | 'no-such-end'
  | 'tile-does-not-fit'
  | 'wrong-lead'
  | 'must-play'
  | 'must-draw'
  | 'cannot-draw'
  | 'round-over'
  | 'round-in-progress'
  | 'match-over';

/** Thrown for anything the rules forbid; the state it was given is never changed. */
export class RuleError extends Error {
  readonly code: RuleErrorCode;

  constructor(code: RuleErrorCode, message: string) {
    super(message);
    this.name = 'RuleError';
    this.code = code;
  }
}
