/**
 * The record of a match against the computer (docs/RECORD.md), made when the match is over from what
 * the session kept: the engine's state at the end of each round (saved with the match, so a reload
 * keeps them) and the state now. Loaded with the match summary, never on a first visit.
 */
import { matchRecordOf, replayMatch, validateMatchState, type MatchRecord, type MatchState } from '../../engine/index.js';
import type { RecordParts } from '../session/local-session.js';

/**
 * The match's record, checked by replaying it through the rules to the same scores and log; null when
 * it cannot be made: its earlier rounds are not known (resumed from an older save) or not sound (a
 * save edited by hand).
 */
export function recordOf(parts: RecordParts | null): MatchRecord | null {
  if (!parts) return null;
  const { ends, game, seed } = parts;
  const round = game.round.number;
  if (round > 1 && (ends === null || ends.length < round - 1)) return null;
  try {
    const earlier: MatchState[] = (ends ?? []).slice(0, round - 1).map((state) => validateMatchState(state));
    if (earlier.some((state, i) => state.round.number !== i + 1)) return null;
    const record = matchRecordOf([...earlier, game], seed);
    const replayed = replayMatch(JSON.parse(JSON.stringify(record)));
    const same = replayed.log.length === game.log.length && replayed.scores.every((score, side) => score === game.scores[side]);
    return same ? record : null;
  } catch {
    return null;
  }
}

/** The record as the file and the clipboard get it: JSON, indented for a person reading it. */
export const recordJson = (record: MatchRecord): string => `${JSON.stringify(record, null, 2)}\n`;

/** The download's name, by the day it is saved: domino-match-2026-12-02.json. */
export function recordFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `domino-match-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}
