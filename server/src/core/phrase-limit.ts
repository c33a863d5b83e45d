/**
 * How often a seat may say a quick phrase: one every PHRASE_GAP_MS and PHRASES_PER_MINUTE in
 * any sliding minute. Phrases are not stored, so neither is this: a room loaded again starts afresh.
 */
import type { Seat } from 'domino-game/engine';
import { PHRASE_GAP_MS, PHRASES_PER_MINUTE } from 'domino-game/protocol';

const MINUTE_MS = 60_000;

export class PhraseLimit {
  /** Each seat's accepted phrases of the last minute, oldest first. */
  private readonly said = new Map<Seat, number[]>();

  /** Whether `seat` may say a phrase at `now`; when it may, the phrase is counted. */
  allow(seat: Seat, now: number): boolean {
    const recent = (this.said.get(seat) ?? []).filter((at) => now - at < MINUTE_MS);
    const last = recent.at(-1);
    if ((last !== undefined && now - last < PHRASE_GAP_MS) || recent.length >= PHRASES_PER_MINUTE) {
      this.said.set(seat, recent);
      return false;
    }
    recent.push(now);
    this.said.set(seat, recent);
    return true;
  }
}
