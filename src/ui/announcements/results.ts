/**
 * What the live region says of a round's or the match's end. Its words are texts loaded on demand, so it
 * comes with the summary (summary.ts), when a round ends: a first visit does not carry them.
 */
import type { Translator } from '../../i18n/index.js';
import { seatName, sideName } from '../names.js';
import type { MatchEmitted, SessionState } from '../session/session.js';

/** What the live region says of a round's or the match's end, as the person in `state.seat` sees it. */
export function resultAnnouncement(t: Translator, event: MatchEmitted, state: SessionState): string {
  const { config } = state.view;
  if (event.type === 'roundEnd') {
    if (event.winner === null) return t.t('announceRoundTie');
    const name = seatName(t, event.winner, state);
    return t.t(event.reason === 'domino' ? 'announceRoundDomino' : 'announceRoundBlocked', { name, count: event.points });
  }
  if (event.type !== 'matchEnd') return '';
  const scores = event.scores.map((s) => t.number(s)).join(' – ');
  if (!config.teams && event.winningSide === state.seat) return t.t('announceMatchYou', { scores });
  return t.t(config.teams ? 'announceMatchTeam' : 'announceMatch', { name: sideName(t, config, event.winningSide, state), scores });
}

