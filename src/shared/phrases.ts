/**
 * The quick phrases of online rooms: sent as these ids, never as text, and shown to each reader in
 * their own language (the catalogs' `phrase_<id>` keys). One list for the wire's schema, the server
 * and the widget's picker; an id is only ever added at the end.
 */
export const PHRASES = ['hello', 'goodLuck', 'niceMove', 'oops', 'thinking', 'wellPlayed', 'goodGame', 'again', 'thanks', 'sorry', 'wow', 'bye'] as const;
export type PhraseId = (typeof PHRASES)[number];

/** A seat may say one phrase every PHRASE_GAP_MS, and PHRASES_PER_MINUTE in any minute. */
export const PHRASE_GAP_MS = 2000;
export const PHRASES_PER_MINUTE = 10;

/** The turn clocks a room may have (seconds a turn; 0: none), and the one a room has unless its host chose. */
export const TURN_CLOCKS = [0, 15, 30, 60, 120] as const;
export type TurnClock = (typeof TURN_CLOCKS)[number];
export const DEFAULT_TURN_CLOCK: TurnClock = 60;
