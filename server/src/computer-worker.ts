/** A worker thread of the computer pool: one seat's view in, that seat's move out. */
import { chooseMove, type ChooseOptions } from 'domino-game/ai';
import type { LegalMove, PlayerView } from 'domino-game/engine';

export interface ComputerTask {
  view: PlayerView;
  options: ChooseOptions;
}

export default function choose({ view, options }: ComputerTask): LegalMove {
  return chooseMove(view, options);
}
