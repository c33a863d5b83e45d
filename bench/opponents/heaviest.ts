/** The classic baseline: lay the heaviest tile that fits (first end listed); else draw or pass. */
import { legalMoves, pipValue, type LegalMove, type PlayerView } from '../../src/engine/index.js';

export function chooseHeaviest(view: PlayerView): LegalMove {
  const moves = legalMoves(view);
  let best = moves[0]!;
  for (const move of moves) {
    if (move.type === 'play' && best.type === 'play' && pipValue(move.tile) > pipValue(best.tile)) best = move;
  }
  return best;
}
