/** The hint line and the main button: what you can do now. */
import { tileName, type LegalMove } from '../../../engine/index.js';
import type { MessageKey, Translator } from '../../../i18n/index.js';
import { seatName } from '../../names.js';
import type { Phase, SessionIntent, SessionState } from '../../session/session.js';

/** What the main button asks the session for: Draw, Pass, Next round, New game. */
export type MainAction = Exclude<SessionIntent['type'], 'play'>;
export interface MainButton {
  action: MainAction;
  label: MessageKey;
}

/** The main button's action and label, or null when it has nothing to do. */
export function mainActionOf(phase: Phase, legal: readonly LegalMove[]): MainButton | null {
  if (phase === 'roundOver') return { action: 'next-round', label: 'nextRound' };
  if (phase === 'matchOver') return { action: 'new-match', label: 'newGame' };
  if (legal.length === 1 && legal[0]!.type === 'draw') return { action: 'draw', label: 'draw' };
  if (legal.length === 1 && legal[0]!.type === 'pass') return { action: 'pass', label: 'pass' };
  return null;
}

/** What to do now; `choosing`: a tile is picked and its place is being chosen. */
export function hintOf(t: Translator, state: SessionState, { choosing }: { choosing: boolean } = { choosing: false }): string {
  const { phase, view, legal } = state;
  if (phase === 'roundOver') return t.t('hintRoundOver');
  if (phase === 'matchOver') return t.t('hintMatchOver');
  if (phase === 'dealing' || view.turn === null) return t.t('hintDealing');
  if (view.turn !== state.seat || legal.length === 0) return t.t('hintWait', { name: seatName(t, view.turn, state) });
  if (choosing) return t.t('hintChoosePlace');
  if (view.table.length === 0) {
    return view.round.lead ? t.t('hintLeadTile', { tile: tileName(view.round.lead) }) : t.t('hintLead');
  }
  const only = legal.length === 1 ? legal[0]!.type : 'play';
  if (only === 'draw') return view.config.houseRules.drawMode === 'drawOne' ? t.t('hintDrawOne') : t.t('hintDraw');
  if (only === 'pass') return t.t('hintPass');
  return t.t('hintPlay');
}
