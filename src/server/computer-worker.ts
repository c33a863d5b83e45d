/** A worker thread of the computer pool: one seat's view in, that seat's move out. */
import { chooseMove } from '../ai/index.js';
import type { ChooseOptions } from '../ai/levels.js';
import type { LegalMove, PlayerView } from '../engine/index.js';

export interface ComputerTask {
  view: PlayerView;
  options: ChooseOptions;
}

export default function choose({ view, options }: ComputerTask): LegalMove {
  return chooseMove(view, options);
}
