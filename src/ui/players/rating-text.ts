/**
 * A rating as the leaderboard and the card show it: the whole number, formatted for the language, with
 * "?" after it while provisional (fewer than ten rated matches: PROTOCOL.md "Ratings"); a screen reader
 * hears "provisional" in words instead of the mark.
 */
import { html } from 'lit';
import type { Translator } from '../../i18n/index.js';
import type { RatingFamily } from '../../net/protocol.js';

export function ratingText(t: Translator, rating: number, provisional: boolean): unknown {
  const number = t.number(rating);
  if (!provisional) return number;
  return html`<span aria-hidden="true">${number}?</span><span class="hidden">${t.t('ratingProvisional', { rating: number })}</span>`;
}

/** Each family's name, as the texts say it. */
export const FAMILY_NAMES = { two: 'familyTwo', each: 'familyEach', teams: 'familyTeams' } as const satisfies Record<RatingFamily, string>;
