/** The machine's starting context, from its input. Invalid input is a programming error: it throws. */
import { RuleError } from '../engine/index.js';
import { isSeed } from '../engine/internal.js';
import { configProblem, keptConfig, levelProblem, seatsProblem, startMatch, tempoProblem } from './settings.js';
import type { MatchContext, MatchInput } from './types.js';

export function initialContext(input: MatchInput): MatchContext {
  if (typeof input !== 'object' || input === null) throw new TypeError('the match machine needs an input');
  const { config, seats, level, tempo } = input;
  const seed = input.seed ?? null;
  if (seed !== null && !isSeed(seed)) {
    throw new RuleError('invalid-config', 'invalid match input: seed must be a number or a string');
  }
  const bad =
    configProblem(config) ?? seatsProblem(seats, config.players) ?? levelProblem(level) ?? tempoProblem(tempo);
  if (bad) throw new RuleError('invalid-config', `invalid match input: ${bad.message}`);
  return {
    game: startMatch(config, seed, 1),
    seats: seats.slice(),
    level,
    tempo,
    config: keptConfig(config),
    seed,
    matchNumber: 1,
    pending: {},
    rejection: null,
    decision: null,
    ...(input.undo ? { undo: { allowed: true, before: [], used: false } } : {}),
  };
}
