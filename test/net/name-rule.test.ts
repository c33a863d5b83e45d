/**
 * The name rule (src/net/name-rule.ts), one for the widget and the server: names people write in many
 * scripts and with emoji are taken, in NFC; names that show nothing, pass for another name, a tag or an
 * empty seat, or outgrow the seat are refused with their reason. `checkName`, `isValidName` and the
 * server's door (`parseClientMessage`) say the same of every name.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_NAME_LENGTH, checkName, isValidName, parseClientMessage, type NameProblem } from '../../src/net/protocol.js';

/** Names taken as typed (already NFC). */
const ACCEPTED: [label: string, name: string][] = [
  ['Latin', 'Ann'],
  ['Latin with accents', 'José María Zoë'],
  ['Polish and Turkish letters', 'Łukasz Şükrü'],
  ['Vietnamese', 'Nguyễn Văn Ánh'],
  ['Greek', 'Ελένη'],
  ['Cyrillic', 'Анна-Мария'],
  ['Arabic', 'محمد'],
  ['Arabic with vowel marks (shadda and fatha on one letter)', 'مُحَمَّد'],
  ['Persian', 'شهرزاد'],
  ['Hebrew', 'דוד'],
  ['Hebrew with niqqud (a shin dot and a vowel on one letter)', 'שָׁלוֹם'],
  ['Devanagari', 'राष्ट्रीय'],
  ['Devanagari conjuncts', 'श्री मन्त्री'],
  ['Thai (a vowel and a tone mark stacked)', 'สมชาย กิ่ง'],
  ['Burmese (spacing marks take room of their own)', 'ကျော် မြို့'],
  ['Ethiopic', 'አበበ'],
  ['Chinese', '李小龙'],
  ['Japanese', 'さくら'],
  ['Japanese with an ideographic space', '山田\u3000太郎'],
  ['Korean', '김민준'],
  ['a number', '42'],
  ['symbols without a letter', '^_^'],
  ['an emoji', 'Ana 🎲'],
  ['an emoji alone', '🎲'],
  ['a skin tone', '👍🏽'],
  ['a flag', '🇩🇪 Max'],
  ['a pictograph with its emoji presentation selector', 'Ana ❤️'],
  ['a keycap', '1️⃣'],
  ['ZWJ sequences', '👩‍💻 👨‍👩‍👧‍👦'],
  ['a ZWJ sequence with a presentation selector before its joiner', '🏳️‍🌈'],
  ['the longest emoji: a kiss with two skin tones, 10 code points', '👩🏻‍❤️‍💋‍👨🏼'],
  ['a subdivision flag (a tag sequence)', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
  ['3 marks on one letter', 'x\u0301\u0302\u0303'],
  ['a no-break space inside', 'Ann\u00A0Lee'],
  ['punctuation beside a letter', 'Dr. Who?'],
  [`${MAX_NAME_LENGTH} characters`, 'x'.repeat(MAX_NAME_LENGTH)],
  [`${MAX_NAME_LENGTH} characters of two code units`, '🁣'.repeat(MAX_NAME_LENGTH)],
  [`${MAX_NAME_LENGTH} characters with marks`, 'x\u0323\u0301'.repeat(MAX_NAME_LENGTH)],
];

/** Names taken in their NFC form, which the server keeps and shows. */
const NORMALISED: [label: string, name: string, nfc: string][] = [
  ['a combining acute', 'Zoe\u0308', 'Zoë'],
  ['Vietnamese typed with combining marks', 'Nguye\u0302\u0303n', 'Nguyễn'],
  ['Korean typed as jamo', '김민준'.normalize('NFD'), '김민준'],
  ['a letter with 4 marks of which NFC composes one', 'a\u0301\u0302\u0303\u0304', 'á\u0302\u0303\u0304'],
];

const REFUSED: [label: string, name: string, problem: NameProblem][] = [
  ['nothing', '', 'empty'],
  ['spaces', '   ', 'empty'],
  ['an ideographic space', '\u3000', 'empty'],
  // Controls and format characters.
  ['a zero-width space', '\u200B', 'invisible'],
  ['a zero-width space inside', 'A\u200Bnn', 'invisible'],
  ['a lone zero-width joiner', '\u200D', 'invisible'],
  ['a zero-width joiner between letters', 'A\u200Dnn', 'invisible'],
  ['a zero-width joiner after an emoji, before nothing', 'Ann 👩\u200D', 'invisible'],
  ['a zero-width joiner before an emoji, after a letter', 'Ann\u200D👩', 'invisible'],
  ['a zero-width non-joiner', 'A\u200Cnn', 'invisible'],
  ['a soft hyphen', '\u00AD', 'invisible'],
  ['a soft hyphen inside', 'An\u00ADn', 'invisible'],
  ['a byte order mark', '\uFEFFAnn', 'invisible'],
  ['a left-to-right mark', 'Ann\u200E', 'invisible'],
  ['a right-to-left override', 'A\u202Enn', 'invisible'],
  ['a first-strong isolate', 'A\u2068nn', 'invisible'],
  ['an Arabic letter mark', 'A\u061Cnn', 'invisible'],
  ['a word joiner', 'A\u2060nn', 'invisible'],
  ['an invisible times', 'A\u2062nn', 'invisible'],
  ['a Mongolian vowel separator', 'Ann\u180E', 'invisible'],
  ['NUL', 'a\u0000b', 'invisible'],
  ['a tab', 'a\tb', 'invisible'],
  ['a line break', 'a\nb', 'invisible'],
  ['a line separator', 'a\u2028b', 'invisible'],
  ['a paragraph separator', 'a\u2029b', 'invisible'],
  ['a lone surrogate', 'a\uD800', 'invisible'],
  // Default-ignorable or blank characters of other categories.
  ['the Hangul filler', '\u3164', 'invisible'],
  ['the Hangul filler beside a letter', 'Ann\u3164', 'invisible'],
  ['the Hangul choseong filler', '\u115F', 'invisible'],
  ['the Hangul jungseong filler', '\u1160', 'invisible'],
  ['the halfwidth Hangul filler', '\uFFA0', 'invisible'],
  ['the combining grapheme joiner', 'A\u034Fnn', 'invisible'],
  ['a Khmer inherent vowel', 'A\u17B4nn', 'invisible'],
  ['the Braille blank', '\u2800', 'invisible'],
  ['the musical null notehead', '\u{1D159}', 'invisible'],
  ['a tag outside a flag', 'Ann\u{E0041}', 'invisible'],
  ['a cancel tag alone', '\u{E007F}', 'invisible'],
  // Variation selectors: only emoji's own, where they choose an emoji's look.
  ['an emoji presentation selector on a letter', 'Ann\uFE0F', 'invisible'],
  ['an emoji presentation selector alone', '\uFE0F', 'invisible'],
  ['an emoji presentation selector on a digit, no keycap', 'Ann1\uFE0F', 'invisible'],
  ['a variation selector for CJK glyphs', '葛\u{E0100}', 'invisible'],
  ['a variation selector 1', 'Ann\uFE00', 'invisible'],
  ['a Mongolian free variation selector', 'A\u180Bnn', 'invisible'],
  // Marks.
  ['a mark first', '\u0301Ann', 'lone-mark'],
  ['a mark after a space', 'Ann \u0301', 'lone-mark'],
  ['a keycap with nothing to enclose', '\u20E3', 'lone-mark'],
  ['a Devanagari vowel sign first', '\u093Fराम', 'lone-mark'],
  ['4 marks on one letter', 'x\u0301\u0302\u0303\u0304', 'too-many-marks'],
  ['20 marks on one letter', `Ann${'\u0301'.repeat(20)}`, 'too-many-marks'],
  ['4 Thai marks stacked', 'ก\u0E34\u0E48\u0E48\u0E48', 'too-many-marks'],
  // Length, as people count characters.
  [`${MAX_NAME_LENGTH + 1} characters`, 'x'.repeat(MAX_NAME_LENGTH + 1), 'too-long'],
  [`${MAX_NAME_LENGTH + 1} characters of two code units`, '🁣'.repeat(MAX_NAME_LENGTH + 1), 'too-long'],
  ['one character of 11 code points (skin tones stacked)', `👍${'🏻'.repeat(10)}`, 'too-long'],
  ['one character of 11 code points (6 pictographs joined)', Array(6).fill('👩').join('\u200D'), 'too-long'],
  // Spaces.
  ['a space first', ' Ann', 'spaces-at-ends'],
  ['a space last', 'Ann ', 'spaces-at-ends'],
  ['a no-break space first', '\u00A0Ann', 'spaces-at-ends'],
  ['an ideographic space last', '山田\u3000', 'spaces-at-ends'],
  ['two spaces in a row', 'Ann  Lee', 'spaces-in-a-row'],
  ['a run of spaces that pads a name apart', `Bob${' '.repeat(12)}host`, 'spaces-in-a-row'],
  ['a space and a no-break space', 'Ann \u00A0Lee', 'spaces-in-a-row'],
  // Something visible, but no letter, number or symbol.
  ['dots', '...', 'no-letter'],
  ['punctuation', '?!', 'no-letter'],
  ['a dash', '-', 'no-letter'],
  ['punctuation and a space', '( )', 'no-letter'],
  ['Japanese middle dots', '・・', 'no-letter'],
];

const joinWith = (name: string) => parseClientMessage(JSON.stringify({ type: 'join', room: 'A'.repeat(22), name }));

describe('the name rule', () => {
  for (const [label, name] of ACCEPTED) {
    test(`takes ${label}: ${JSON.stringify(name)}`, () => {
      assert.deepEqual(checkName(name), { ok: true, name });
      assert.equal(isValidName(name), true);
      assert.deepEqual(joinWith(name), { ok: true, message: { type: 'join', room: 'A'.repeat(22), name } });
    });
  }

  for (const [label, name, nfc] of NORMALISED) {
    test(`takes ${label} in NFC`, () => {
      assert.notEqual(name, nfc);
      assert.deepEqual(checkName(name), { ok: true, name: nfc });
      assert.equal(isValidName(name), true);
      const parsed = joinWith(name);
      assert.ok(parsed.ok && parsed.message.type === 'join', JSON.stringify(parsed));
      assert.equal(parsed.message.name, nfc, 'the server reads the NFC form');
    });
  }

  for (const [label, name, problem] of REFUSED) {
    test(`refuses ${label} (${problem}): ${JSON.stringify(name)}`, () => {
      const checked = checkName(name);
      assert.equal(checked.ok, false, 'taken');
      if (checked.ok) return;
      assert.equal(checked.problem, problem);
      assert.equal(isValidName(name), false);
      // The server's refusal names the reason in English, with its code.
      const parsed = joinWith(name);
      assert.deepEqual(parsed, { ok: false, code: 'bad-message', message: `name: ${checked.message}`, ref: 'join' });
      assert.ok(checked.message.endsWith(`(${problem})`), checked.message);
    });
  }

  test('each reason has its own English words', () => {
    const messages = new Map<NameProblem, string>();
    for (const [, name, problem] of REFUSED) {
      const checked = checkName(name);
      if (!checked.ok) messages.set(problem, checked.message.replace(/ \([a-z-]+\)$/, ''));
    }
    assert.equal(messages.size, 8, 'every reason is in the table');
    assert.equal(new Set(messages.values()).size, messages.size, [...messages.values()].join(' | '));
  });
});
