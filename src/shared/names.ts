/**
 * The names of a match's settings that every layer above the engine uses: the computer levels and
 * the tempos (defined here, so that code which only names them, as settings, storage and the protocol
 * do, imports neither the computer players nor the statechart), and the target's upper bound (a rule
 * of the engine, passed on: the engine imports nothing else).
 */
export { MAX_TARGET } from '../engine/internal.js';

/** The computer players' levels. */
export type Level = 'easy' | 'medium' | 'hard';
export const LEVELS: readonly Level[] = ['easy', 'medium', 'hard'];
export const isLevel = (value: unknown): value is Level => LEVELS.includes(value as Level);

/** How fast the game is paced for a watching person; `instant` never waits. */
export type Tempo = 'slow' | 'normal' | 'fast' | 'instant';
export const TEMPOS: readonly Tempo[] = ['slow', 'normal', 'fast', 'instant'];
export const isTempo = (value: unknown): value is Tempo => TEMPOS.includes(value as Tempo);
