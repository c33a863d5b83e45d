/**
 * The computer players: `chooseMove(view, options)` picks a legal move for the seat whose view it is.
 * A computer sees only its PlayerView, exactly what a human in that seat sees.
 */
export { chooseMove } from './choose.js';
export { LEVELS, DEFAULT_BUDGET_MS, type ChooseOptions, type Level } from './levels.js';
export { loadChooseMove } from './load.js';
