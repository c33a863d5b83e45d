/**
 * parseClientMessage (src/net/protocol.ts), the only door into the server: every valid message is
 * read as sent, and every kind of bad one is refused with `bad-message`, a message naming the problem,
 * and `ref` exactly when the message had a known type. It never throws.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CLIENT_MESSAGE_TYPES, DEFAULT_TURN_CLOCK, MAX_NAME_LENGTH, checkSettings, isValidName, parseClientMessage, roomRules, type ClientMessage, type ClientMessageType, type RoomSettings } from '../../src/net/protocol.js';
import { defaultHouseRules } from '../../src/engine/index.js';

const ID = 'Ab3_-xYz0123456789abcd';
const SETTINGS = { variant: 'draw', players: 2, level: 'easy' } as const;

const VALID: ClientMessage[] = [
  { type: 'create', name: 'Ann', settings: { ...SETTINGS } },
  {
    type: 'create',
    name: 'Zoë 🁣 the Bold',
    settings: { variant: 'fives', players: 4, teams: true, target: 10_000, level: 'hard', tempo: 'instant', houseRules: { spinnerCounting: 'sniff', blockedAward: 'othersOnly' } },
  },
  { type: 'create', name: '🁣'.repeat(MAX_NAME_LENGTH), settings: { variant: 'doubles', players: 3, target: 1, level: 'medium', tempo: 'slow', houseRules: { boneyardReserve: 2 } } },
  { type: 'create', name: 'a b', settings: { variant: 'block', players: 4, teams: false, level: 'easy' } },
  { type: 'peek', room: ID },
  { type: 'peek', room: ID, key: ID },
  { type: 'join', room: ID, name: 'Bob' },
  { type: 'join', room: ID, name: 'Bob', key: ID },
  { type: 'resume', room: ID, token: ID },
  { type: 'settings', settings: { variant: 'block', players: 3, level: 'easy', tempo: 'fast' } },
  { type: 'start' },
  { type: 'move', seq: 0, move: { type: 'play', tile: [6, 6], end: 'lead' } },
  { type: 'move', seq: Number.MAX_SAFE_INTEGER, move: { type: 'play', tile: [0, 3], end: 'e1' } },
  { type: 'move', seq: 12, move: { type: 'draw' } },
  { type: 'move', seq: 12, move: { type: 'pass' } },
  { type: 'next-round', seq: 7 },
  { type: 'new-match' },
  { type: 'leave' },
  { type: 'phrase', phrase: 'goodLuck' },
  { type: 'play-again' },
  { type: 'back' },
  { type: 'create', name: 'Cy', settings: { ...SETTINGS, clock: 15, phrases: false, spectators: false } },
  { type: 'watch', room: ID },
  { type: 'watch', room: ID, key: ID },
  { type: 'newcomers', allowed: false },
  { type: 'deal-seed', commitment: 'a'.repeat(64), seed: '0123456789abcdef'.repeat(4) },
  { type: 'identify', secret: 'Ab3_-'.repeat(8) + 'xyz', name: 'Ann' },
  { type: 'identify', token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtIn0.c2lnbmF0dXJl' },
  { type: 'avoid', player: ID, avoid: true },
  { type: 'avoid', player: ID, avoid: false },
  { type: 'pools' },
  { type: 'seek', pool: 'draw-2' },
  { type: 'seek', pool: 'fives-teams', computers: true },
  { type: 'cancel-seek' },
];

describe('parseClientMessage accepts', () => {
  test('every message type, as sent', () => {
    const types = new Set<ClientMessageType>();
    for (const message of VALID) {
      const parsed = parseClientMessage(JSON.stringify(message));
      assert.deepEqual(parsed, { ok: true, message }, JSON.stringify(message));
      types.add(message.type);
    }
    assert.deepEqual([...types].sort(), [...CLIENT_MESSAGE_TYPES].sort());
  });

  test('white space around and inside the JSON', () => {
    assert.deepEqual(parseClientMessage('  {\n "type" : "start" }\n'), { ok: true, message: { type: 'start' } });
  });
});

type Bad = [label: string, text: string, message: string | RegExp, ref?: ClientMessageType];
const json = (value: unknown) => JSON.stringify(value);
const create = (settings: Record<string, unknown>, name = 'Ann') => json({ type: 'create', name, settings });

const BAD: Bad[] = [
  // Not a message at all: no ref.
  ['not JSON', 'nope', 'not JSON'],
  ['cut-off JSON', '{"type":"start"', 'not JSON'],
  ['empty text', '', 'not JSON'],
  ['an array', '[{"type":"start"}]', 'a message is an object with a "type"'],
  ['a number', '5', 'a message is an object with a "type"'],
  ['null', 'null', 'a message is an object with a "type"'],
  ['a string', '"start"', 'a message is an object with a "type"'],
  ['no type', '{}', 'a message is an object with a "type"'],
  ['a type that is not a string', '{"type":5}', 'a message is an object with a "type"'],
  ['an unknown type', '{"type":"dance"}', 'unknown message type "dance"'],
  ['a type named like an object method', '{"type":"toString"}', 'unknown message type "toString"'],
  ['a server message type', '{"type":"welcome","room":"x","seat":0}', 'unknown message type "welcome"'],
  ['a long unknown type (cut in the message)', json({ type: 'x'.repeat(500) }), `unknown message type "${'x'.repeat(40)}"`],
  ['deep nesting', '['.repeat(2000) + ']'.repeat(2000), 'a message is an object with a "type"'],
  // Prototype keys, wherever they are.
  ['__proto__ at the top', '{"type":"start","__proto__":{}}', 'the key "__proto__" is not allowed', 'start'],
  ['__proto__ in settings', '{"type":"settings","settings":{"variant":"draw","players":2,"level":"easy","__proto__":{"teams":true}}}', 'the key "__proto__" is not allowed', 'settings'],
  ['constructor in settings', create({ ...SETTINGS, constructor: 1 }), 'the key "constructor" is not allowed', 'create'],
  ['prototype in a move', json({ type: 'move', seq: 1, move: { type: 'draw', prototype: {} } }), 'the key "prototype" is not allowed', 'move'],
  ['__proto__ in an unknown message', '{"type":"dance","__proto__":{}}', 'the key "__proto__" is not allowed'],
  // Unknown and missing fields.
  ['an unknown field', json({ type: 'start', force: true }), 'unknown field "force"', 'start'],
  ['an unknown field beside valid ones', json({ type: 'create', name: 'Ann', settings: SETTINGS, seat: 2 }), 'unknown field "seat"', 'create'],
  ['an unknown house rule', create({ ...SETTINGS, houseRules: { nope: 1 } }), 'unknown field "settings.houseRules.nope"', 'create'],
  ['an unknown field in a move', json({ type: 'move', seq: 1, move: { type: 'draw', tile: [1, 1] } }), 'unknown field "move.tile"', 'move'],
  ['a missing name', json({ type: 'join', room: ID }), /^name: /, 'join'],
  ['a missing token', json({ type: 'resume', room: ID }), /^token: /, 'resume'],
  ['missing settings', json({ type: 'settings' }), /^settings: /, 'settings'],
  ['a missing seq', json({ type: 'next-round' }), /^seq: /, 'next-round'],
  ['a missing end', json({ type: 'move', seq: 1, move: { type: 'play', tile: [1, 0] } }), /^move\.end: /, 'move'],
  // Names.
  ['an empty name', create(SETTINGS, ''), 'name: must not be empty (empty)', 'create'],
  ['a name of spaces', create(SETTINGS, '   '), 'name: must not be empty (empty)', 'create'],
  ['a name too long', create(SETTINGS, 'x'.repeat(MAX_NAME_LENGTH + 1)), `name: must be at most ${MAX_NAME_LENGTH} characters (too-long)`, 'create'],
  ['a name with NUL', create(SETTINGS, 'a\u0000b'), 'name: must not hold invisible, control or format characters (invisible)', 'create'],
  ['a name with a line break', json({ type: 'join', room: ID, name: 'a\nb' }), 'name: must not hold invisible, control or format characters (invisible)', 'join'],
  ['a name with a bidi override', json({ type: 'join', room: ID, name: 'a\u202Eb' }), 'name: must not hold invisible, control or format characters (invisible)', 'join'],
  ['a name with a line separator', json({ type: 'join', room: ID, name: 'a\u2028b' }), 'name: must not hold invisible, control or format characters (invisible)', 'join'],
  ['a name with a leading space', create(SETTINGS, ' Ann'), 'name: must not start or end with spaces (spaces-at-ends)', 'create'],
  ['a name that is a number', json({ type: 'join', room: ID, name: 5 }), /^name: /, 'join'],
  // Ids.
  ['a short room id', json({ type: 'peek', room: ID.slice(1) }), 'room: must be 22 base64url characters', 'peek'],
  ['a long room id', json({ type: 'join', room: `${ID}x`, name: 'A' }), 'room: must be 22 base64url characters', 'join'],
  ['a room id with +/', json({ type: 'peek', room: `${ID.slice(2)}+/==` }), 'room: must be 22 base64url characters', 'peek'],
  ['a short key', json({ type: 'join', room: ID, name: 'A', key: ID.slice(1) }), 'key: must be 22 base64url characters', 'join'],
  ['a key that is not text', json({ type: 'watch', room: ID, key: 5 }), /^key: /, 'watch'],
  ['newcomers without allowed', json({ type: 'newcomers' }), /^allowed: /, 'newcomers'],
  ['newcomers allowed as text', json({ type: 'newcomers', allowed: 'no' }), /^allowed: /, 'newcomers'],
  // Identities: what the identity core reads is bounded here; its reasons are `bad-identity`'s.
  ['identify with a secret and a token', json({ type: 'identify', secret: 'a'.repeat(43), name: 'A', token: 'x.y.z' }), 'identify takes either secret and name, or token: not both', 'identify'],
  ['identify with a name and a token', json({ type: 'identify', name: 'A', token: 'x.y.z' }), 'identify takes either secret and name, or token: not both', 'identify'],
  ['identify with nothing', json({ type: 'identify' }), /^secret: /, 'identify'],
  ['identify without a name', json({ type: 'identify', secret: 'a'.repeat(43) }), /^name: /, 'identify'],
  ['identify with a secret too long', json({ type: 'identify', secret: 'a'.repeat(65), name: 'A' }), 'secret: must be at most 64 characters', 'identify'],
  ['identify with a token too long', json({ type: 'identify', token: 'a'.repeat(2049) }), 'token: must be at most 2048 characters', 'identify'],
  ['identify with a token that is not text', json({ type: 'identify', token: 5 }), /^token: /, 'identify'],
  ['identify with an unknown field', json({ type: 'identify', token: 'x.y.z', sub: 'admin' }), 'unknown field "sub"', 'identify'],
  ['avoid with a bad id', json({ type: 'avoid', player: 'short', avoid: true }), 'player: must be 22 base64url characters', 'avoid'],
  ['avoid without avoid', json({ type: 'avoid', player: ID }), /^avoid: /, 'avoid'],
  ['seek with a pool id of capitals', json({ type: 'seek', pool: 'Draw-2' }), /^pool: must be a pool id/, 'seek'],
  ['seek without a pool', json({ type: 'seek' }), /^pool: /, 'seek'],
  ['seek with computers as text', json({ type: 'seek', pool: 'draw-2', computers: 'yes' }), /^computers: /, 'seek'],
  ['a bad token', json({ type: 'resume', room: ID, token: 'x' }), 'token: must be 22 base64url characters', 'resume'],
  // seq.
  ['seq as text', json({ type: 'move', seq: '1', move: { type: 'draw' } }), /^seq: /, 'move'],
  ['a negative seq', json({ type: 'next-round', seq: -1 }), /^seq: /, 'next-round'],
  ['a fractional seq', json({ type: 'move', seq: 1.5, move: { type: 'draw' } }), /^seq: /, 'move'],
  ['an unsafe seq', '{"type":"move","seq":1e300,"move":{"type":"draw"}}', /^seq: /, 'move'],
  // Moves.
  ['a pip of 7', json({ type: 'move', seq: 1, move: { type: 'play', tile: [7, 0], end: 'lead' } }), /^move\.tile\.0: /, 'move'],
  ['a tile of one half', json({ type: 'move', seq: 1, move: { type: 'play', tile: [1], end: 'lead' } }), /^move\.tile/, 'move'],
  ['a tile of three halves', json({ type: 'move', seq: 1, move: { type: 'play', tile: [1, 2, 3], end: 'lead' } }), /^move\.tile/, 'move'],
  ['an end too long', json({ type: 'move', seq: 1, move: { type: 'play', tile: [1, 0], end: 'e'.repeat(33) } }), /^move\.end: /, 'move'],
  ['an unknown move', json({ type: 'move', seq: 1, move: { type: 'resign' } }), /^move\.type: /, 'move'],
  ['a move that is not an object', json({ type: 'move', seq: 1, move: 'draw' }), /^move: /, 'move'],
  // Settings: the schema's ranges and the engine's combinations.
  ['an unknown variant', create({ ...SETTINGS, variant: 'mexican-train' }), /^settings\.variant: /, 'create'],
  ['five players', create({ ...SETTINGS, players: 5 }), /^settings\.players: /, 'create'],
  ['players as text', create({ ...SETTINGS, players: '2' }), /^settings\.players: /, 'create'],
  ['target 0', create({ ...SETTINGS, target: 0 }), /^settings\.target: /, 'create'],
  ['target over the most', create({ ...SETTINGS, target: 10_001 }), /^settings\.target: /, 'create'],
  ['a fractional target', create({ ...SETTINGS, target: 50.5 }), /^settings\.target: /, 'create'],
  ['an unknown level', create({ ...SETTINGS, level: 'expert' }), /^settings\.level: /, 'create'],
  ['a missing level', create({ variant: 'draw', players: 2 }), /^settings\.level: /, 'create'],
  ['an unknown tempo', json({ type: 'settings', settings: { ...SETTINGS, tempo: 'warp' } }), /^settings\.tempo: /, 'settings'],
  ['a house rule value not offered', create({ ...SETTINGS, houseRules: { drawMode: 'drawAll' } }), /^settings\.houseRules\.drawMode: /, 'create'],
  ['teams with three players', create({ ...SETTINGS, players: 3, teams: true }), 'settings: partnerships need 4 players', 'create'],
  ['Doubles without its reserve', create({ ...SETTINGS, variant: 'doubles', houseRules: { boneyardReserve: 0 } }), /^settings: Doubles always keeps 2 tiles/, 'create'],
  ['settings that are an array', json({ type: 'settings', settings: [] }), /^settings[.:]/, 'settings'],
];

describe('parseClientMessage refuses', () => {
  for (const [label, text, message, ref] of BAD) {
    test(label, () => {
      const parsed = parseClientMessage(text);
      assert.equal(parsed.ok, false, `accepted: ${text.slice(0, 200)}`);
      if (parsed.ok) return;
      assert.equal(parsed.code, 'bad-message');
      if (typeof message === 'string') assert.equal(parsed.message, message);
      else assert.match(parsed.message, message);
      assert.equal(parsed.ref, ref, 'ref');
      assert.equal('ref' in parsed, ref !== undefined, 'ref is left out when the type is not known');
    });
  }

  test('never throws, whatever the text', () => {
    const texts = ['{"type":"move","seq":1,"move":' + '{"a":'.repeat(500) + '1' + '}'.repeat(501), '\u0000', '{"type":"start"}\u0000', '\uD800', '{"type":"\uD800"}', 'true', '1e999'];
    for (const text of texts) {
      const parsed = parseClientMessage(text);
      assert.equal(parsed.ok, false, text.slice(0, 40));
    }
  });
});

describe('checkSettings', () => {
  test('accepts settings as parseClientMessage does and names the problem otherwise', () => {
    assert.deepEqual(checkSettings({ ...SETTINGS }), { ok: true, settings: { ...SETTINGS } });
    assert.deepEqual(checkSettings({ ...SETTINGS, players: 3, teams: true }), { ok: false, message: 'partnerships need 4 players' });
    assert.deepEqual(checkSettings({ ...SETTINGS, extra: 1 }), { ok: false, message: 'unknown field "extra"' });
  });
});

describe('isValidName', () => {
  test('says what the server takes as a name in a create or join, and nothing else', () => {
    const names = ['Ann', '🁣'.repeat(MAX_NAME_LENGTH), '', '   ', ' Ann', 'Ann ', 'x'.repeat(MAX_NAME_LENGTH + 1), 'A\u0007nn', 'A\u202Enn'];
    for (const name of names) {
      const parsed = parseClientMessage(JSON.stringify({ type: 'join', room: 'A'.repeat(22), name }));
      assert.equal(isValidName(name), parsed.ok, `${JSON.stringify(name)}`);
    }
    assert.deepEqual(names.map(isValidName), [true, true, false, false, false, false, false, false, false]);
  });
});

describe('roomRules', () => {
  test('fills every default of settings that leave everything out', () => {
    assert.deepEqual(roomRules({ variant: 'fives', players: 2, level: 'easy' }), {
      match: { variant: 'fives', players: 2, target: 150, teams: false, houseRules: defaultHouseRules('fives') },
      level: 'easy',
      tempo: 'normal',
      clock: DEFAULT_TURN_CLOCK,
      phrases: true,
      spectators: true,
    });
  });

  test('keeps every setting given, false and 0 included', () => {
    const settings: RoomSettings = {
      variant: 'doubles', players: 4, level: 'hard', target: 50, teams: true, tempo: 'fast',
      houseRules: { drawMode: 'untilPlayable' }, clock: 0, phrases: false, spectators: false,
    };
    const rules = roomRules(settings);
    assert.deepEqual(
      { ...rules, match: { target: rules.match.target, teams: rules.match.teams, drawMode: rules.match.houseRules.drawMode } },
      { match: { target: 50, teams: true, drawMode: 'untilPlayable' }, level: 'hard', tempo: 'fast', clock: 0, phrases: false, spectators: false },
    );
  });
});
