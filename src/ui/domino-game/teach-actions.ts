/** The words of a hint and of an undo, loaded on first use with the texts shown on demand (teach.ts). */
import { tileName, type Tile } from '../../engine/index.js';
import type { Hint, HintReason } from '../../ai/hint.js';
import type { Translator } from '../../i18n/index.js';
import { endName, seatName } from '../names.js';
import type { SessionState } from '../session/session.js';

function reasonText(t: Translator, reason: HintReason, state: SessionState): string {
  switch (reason.why) {
    case 'draw':
      return t.t('teachWhyDraw');
    case 'pass':
      return t.t('teachWhyPass');
    case 'only':
      return t.t('teachWhyOnly');
    case 'domino':
      return t.t('teachWhyDomino');
    case 'scores':
      return t.t('teachWhyScores', { count: reason.points });
    case 'lacks':
      return t.t('teachWhyLacks', { number: reason.number, name: seatName(t, reason.seat, state) });
    case 'heaviest':
      return t.t('teachWhyHeaviest');
    case 'double':
      return t.t('teachWhyDouble');
    case 'best':
      return t.t('teachWhyBest');
  }
}

/** What the hint shows: the tile, the end when the tile fits more than one, and the line that says it. */
export function describeHint(t: Translator, hint: Hint, state: SessionState): { tile: Tile | null; end: string | null; text: string } {
  const { move, reason } = hint;
  const why = reasonText(t, reason, state);
  if (move.type !== 'play') return { tile: null, end: null, text: t.t(move.type === 'draw' ? 'teachHintDraw' : 'teachHintPass', { reason: why }) };
  const tile = tileName(move.tile);
  const places = state.legal.filter((m) => m.type === 'play' && tileName(m.tile) === tile).length;
  if (places < 2) return { tile: move.tile, end: null, text: t.t('teachHintPlay', { tile, reason: why }) };
  const end = endName(t, move.end, state.view.openEnds.map((e) => e.id));
  return { tile: move.tile, end: move.end, text: t.t('teachHintPlayAt', { tile, end, reason: why }) };
}

export const undoneText = (t: Translator): string => t.t('teachUndone');
export const nothingToUndoText = (t: Translator): string => t.t('teachNothingToUndo');
