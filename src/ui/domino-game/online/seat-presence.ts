/**
 * After a name in the top row: at a quick-match table, the rating the person brought to it (a whole
 * number, "?" after it while provisional, said in words to a screen reader); a person without a connection is away; past the grace period (or after
 * their clock ran out twice), the computer plays for them. Then the seat's turn clock, whether they are
 * ready for another match, and the phrase they said last.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Seat } from '../../../engine/index.js';
import type { Translator } from '../../../i18n/index.js';
import type { PhraseId, SeatPlayer } from '../../../net/protocol.js';
import type { OnlineSession } from '../../session/online-session.js';
import type { ShownClock } from './turn-clock-controller.js';

/** A seat's rating at a quick-match table: the number with "?" while provisional, read out as words. */
function seatRating(t: Translator, player: SeatPlayer | undefined): TemplateResult | typeof nothing {
  if (!player) return nothing;
  const rating = t.number(player.rating);
  const heard = t.t(player.provisional ? 'seatRatingProvisional' : 'seatRating', { rating });
  return html`<span class="rating" aria-hidden="true">${rating}${player.provisional ? '?' : ''}</span><span class="heard">${heard}</span> `;
}

export function seatPresence(t: Translator, session: OnlineSession | null, seat: Seat, clock: ShownClock | null, bubble: PhraseId | undefined): TemplateResult {
  const info = session?.state?.seats[seat];
  const word = info?.kind === 'human' && (!info.connected || info.away) ? t.t(info.away ? 'seatComputerFor' : 'seatAway', { name: info.name ?? '' }) : '';
  const roomSeat = session?.room?.seats[seat];
  const ready = session?.state?.phase === 'matchOver' && roomSeat?.kind === 'human' && roomSeat.ready;
  return html`${seatRating(t, roomSeat?.player)}${word}${clock?.seat === seat
    ? html` <span class="clock" role="timer" style="font-variant-numeric:tabular-nums;font-weight:700">${t.t('clockLeft', { count: clock.seconds })}</span>`
    : nothing}${ready ? html` <span class="ready">${t.t('seatReady')}</span>` : nothing}${bubble
    ? html` <span class="bubble" style="padding:0 0.5em;border-radius:0.75em;background:var(--domino-panel,#f6f3ea);font-style:italic">${t.t(`phrase_${bubble}`)}</span>`
    : nothing}`;
}
