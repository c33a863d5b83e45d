/** matchConfigOf: the one way from settings (the widget's or a room's) to a match configuration. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveConfig } from '../../src/engine/index.js';
import { matchConfigOf } from '../../src/machine/index.js';
import { checkSettings, type RoomSettings } from '../../src/net/protocol.js';

test("the widget's settings: no target means the variant's default, and nothing but the game is carried", () => {
  const config = matchConfigOf({ variant: 'fives', players: 4, target: null, teams: true, level: 'hard', tempo: 'fast', seed: 'x' } as never);
  assert.deepEqual(config, { variant: 'fives', players: 4, teams: true });
  assert.equal(resolveConfig(config).target, 150, "All Fives' default target");
});

test("a room's settings: target, teams and house rules as given, the level and tempo left to the room", () => {
  const room: RoomSettings = { variant: 'draw', players: 2, target: 50, level: 'easy', tempo: 'slow', houseRules: { drawMode: 'drawOne' } };
  assert.deepEqual(matchConfigOf(room), { variant: 'draw', players: 2, target: 50, houseRules: room.houseRules });
  assert.deepEqual(matchConfigOf({ variant: 'block', players: 3, level: 'medium' } as RoomSettings), { variant: 'block', players: 3 });
});

test("the protocol refuses, in the engine's words, the room settings whose configuration the engine refuses", () => {
  const teamsOfThree = { variant: 'draw', players: 3, teams: true, level: 'easy' };
  const checked = checkSettings(teamsOfThree);
  assert.equal(checked.ok, false);
  assert.throws(() => resolveConfig(matchConfigOf(teamsOfThree as RoomSettings)), (error: Error) => !checked.ok && error.message === checked.message);
});
