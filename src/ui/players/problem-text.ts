import type { Translator } from '../../i18n/index.js';
import type { HttpProblem } from './players-http.js';

/** What went wrong, in words: no answer, no such player, or another refusal with its status. */
export function problemText(t: Translator, problem: HttpProblem): string {
  if (problem.status === null) return t.t('serverUnreachable');
  if (problem.status === 404) return t.t('playerUnknown');
  return t.t('serverRefused', { status: String(problem.status) });
}
