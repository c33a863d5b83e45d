/**
 * The name rule (src/net/name-rule.ts), one for the widget and the server: names people write in many
 * scripts and with emoji are taken, in NFC; names that show nothing, pass for another name, a tag or an
 * empty seat, or outgrow the seat are refused with their reason. `checkName`, `isValidName` and the
 * server's door (`parseClientMessage`) say the same of every name.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkName, isValidName, parseClientMessage, type NameProblem } from '../../src/net/protocol.js';
import { ACCEPTED, NORMALISED, REFUSED } from './name-table.js';

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
