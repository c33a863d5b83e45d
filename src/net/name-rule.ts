/**
 * The rule for a person's name, one for the widget and the server (docs/PROTOCOL.md, "Names"): others
 * see the name at a seat, so every character of it must show, nothing in it may pass for an empty
 * seat or for another person's name, and it must fit the seat. A name is read in NFC, the form the
 * server keeps and shows.
 */

/** The most characters a name may have, counted as people count them (grapheme clusters). */
export const MAX_NAME_LENGTH = 24;

/**
 * Why a name is refused. A name gets the first of these that applies, in this order:
 * - `empty`: nothing, or only spaces;
 * - `invisible`: a control, format or other invisible character (see `INVISIBLE`);
 * - `lone-mark`: a combining mark with no character to sit on (at the start, or after a space);
 * - `too-many-marks`: more than 3 nonspacing marks on one character;
 * - `too-long`: more than `MAX_NAME_LENGTH` characters as people count them (grapheme clusters), or
 *   one character built of more than 10 code points;
 * - `spaces-at-ends`: a space at the start or the end;
 * - `spaces-in-a-row`: two spaces one after the other;
 * - `no-letter`: no letter, number or symbol (punctuation alone: "...", "?!").
 */
export type NameProblem = 'empty' | 'invisible' | 'lone-mark' | 'too-many-marks' | 'too-long' | 'spaces-at-ends' | 'spaces-in-a-row' | 'no-letter';

/** What the server says of each problem (the widget says it in the person's language instead). */
const PROBLEM_TEXTS: Record<NameProblem, string> = {
  'empty': 'must not be empty',
  'invisible': 'must not hold invisible, control or format characters',
  'lone-mark': 'must not hold a combining mark without a character before it',
  'too-many-marks': 'must not hold more than 3 combining marks on one character',
  'too-long': `must be at most ${MAX_NAME_LENGTH} characters`,
  'spaces-at-ends': 'must not start or end with spaces',
  'spaces-in-a-row': 'must not hold two spaces in a row',
  'no-letter': 'must hold a letter, a number or a symbol',
};

/**
 * Characters that show nothing by themselves: controls, format characters (bidi controls, zero-width
 * space and joiners, soft hyphen, BOM, tags…), line and paragraph separators, every
 * default-ignorable code point (among them, of other categories: the combining grapheme joiner, the
 * Hangul fillers, the Khmer inherent vowels, every variation selector), and two symbols drawn blank (the
 * Braille blank, the musical null notehead). Emoji's own joiners and selectors are taken out before
 * (`withoutEmojiJoins`).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]/u;

/** Half of a UTF-16 pair without its other half (JSON can carry one): no character at all. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The invisible characters emoji are made with, in the only places they do show something:
 * - a flag's tag sequence (🏴 then tag letters and the cancel tag: England, Scotland, Wales);
 * - the text or emoji presentation selector (U+FE0E, U+FE0F) right after a pictograph (❤️), or between
 *   a keycap's digit, `#` or `*` and the keycap (1️⃣);
 * - the zero-width joiner between two pictographs (👩‍💻, 🏳️‍🌈), a skin tone or a selector before it.
 * Each is replaced by the pictograph it belongs to, or left out, so that `INVISIBLE` finds what is left.
 */
const EMOJI_JOINS: [RegExp, string][] = [
  [/\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu, '\u{1F3F4}'],
  [/(\p{Extended_Pictographic})[\uFE0E\uFE0F]/gu, '$1'],
  [/([0-9#*])\uFE0F(?=\u20E3)/gu, '$1'],
  [/([\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}])\u200D(?=\p{Extended_Pictographic})/gu, '$1'],
];

const withoutEmojiJoins = (name: string): string => EMOJI_JOINS.reduce((text, [pattern, by]) => text.replace(pattern, by), name);

/** The most nonspacing or enclosing marks one character carries (spacing marks take room of their own). */
const MAX_MARKS = 3;
const TOO_MANY_MARKS = new RegExp(`(?:\\p{Mc}*[\\p{Mn}\\p{Me}]){${MAX_MARKS + 1}}`, 'u');
/**
 * The most code points one grapheme cluster may hold: the longest emoji (a kiss with two skin tones) has
 * 10. A cluster can grow without end (pictographs joined by ZWJ, Indic consonants joined by viramas,
 * stacked skin tones), showing many characters while counting as one.
 */
const MAX_CLUSTER_CODE_POINTS = 10;

let segmenter: Intl.Segmenter | undefined;

function isTooLong(name: string): boolean {
  // Made on first use: the module is loaded where names are never read.
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let clusters = 0;
  for (const { segment } of segmenter.segment(name)) {
    clusters += 1;
    if (clusters > MAX_NAME_LENGTH || [...segment].length > MAX_CLUSTER_CODE_POINTS) return true;
  }
  return false;
}

/** The first problem of a name already in NFC (see `NameProblem`), or null for a name others may see. */
function problemOf(name: string): NameProblem | null {
  if (/^\p{Zs}*$/u.test(name)) return 'empty';
  if (INVISIBLE.test(withoutEmojiJoins(name))) return 'invisible';
  if (/(?:^|\p{Zs})\p{M}/u.test(name)) return 'lone-mark';
  if (TOO_MANY_MARKS.test(name)) return 'too-many-marks';
  if (isTooLong(name)) return 'too-long';
  if (/^\p{Zs}|\p{Zs}$/u.test(name)) return 'spaces-at-ends';
  if (/\p{Zs}{2}/u.test(name)) return 'spaces-in-a-row';
  if (!/[\p{L}\p{N}\p{S}]/u.test(name)) return 'no-letter';
  return null;
}

/**
 * Checks a person's name as the server does: the name in NFC (what the server keeps and shows, so what
 * to send), or why it is refused, with the server's English words for it.
 */
export function checkName(name: string): { ok: true; name: string } | { ok: false; problem: NameProblem; message: string } {
  const normal = name.normalize('NFC');
  // Looked for before NFC: Firefox's normalize turns a lone surrogate into U+FFFD, a visible symbol.
  const problem = LONE_SURROGATE.test(name) ? 'invisible' : problemOf(normal);
  return problem === null ? { ok: true, name: normal } : { ok: false, problem, message: `${PROBLEM_TEXTS[problem]} (${problem})` };
}
