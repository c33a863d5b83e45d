/**
 * The server's path to a view, pure: rooms made and changed by room.ts (created, filled, started,
 * moved by random legal moves through the match machine, dealt again) in every variant, 2-4 players
 * and partnerships, with random house rules. test/engine/player-view.test.ts proves playerView alone;
 * this proves what the server builds on it:
 *
 * - `viewOf` (match-runner) of every seat is byte-identical after reshuffling everything that seat
 *   cannot see (the other hands and the boneyard keeping their sizes, the others' drawn tiles, the
 *   dealing generator, the room's deal seed, the machine's seed);
 * - the room info every seat gets is byte-identical under any such reshuffle and under other token
 *   hashes, and holds no tile and no secret key;
 * - the events of a change (sent alike to every seat) name no tile that is not on the table.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { VARIANTS, legalMoves, playerView } from '../../src/engine/index.js';
import { nextInt, seedRng, type RngState } from '../../src/engine/rng.js';
import type { Variant } from '../../src/engine/types.js';
import { checkSettings, type RoomSettings } from '../../src/net/protocol.js';
import { gameOf, matchPhase, viewOf } from '../../src/server/match-runner.js';
import * as rooms from '../../src/server/room.js';
import type { RoomRecord } from '../../src/server/room.js';
import { reshuffleHidden } from '../engine/helpers/hidden.js';
import { randomConfig } from '../engine/helpers/random-rounds.js';
import { secretKeysIn, tileKey, tilesIn } from './frames.js';
import { wireMove } from './harness.js';

const CASES_PER_VARIANT = 25;
const NOW = 1_700_000_000_000;
const alive = () => true;

function ok(outcome: rooms.Outcome, what: string): RoomRecord {
  if (!outcome.ok) assert.fail(`${what}: ${outcome.code} ${outcome.message}`);
  return outcome.room;
}

/** A room with the same public state and everything secret to `seat` replaced. */
function reshuffledRoom(room: RoomRecord, seat: number, rng: RngState): RoomRecord {
  const match = room.match!;
  const game = reshuffleHidden(gameOf(match), seat, rng);
  const seed = `other-${nextInt(rng, 1 << 30)}`;
  return {
    ...room,
    seed,
    seats: room.seats.map((s) => (s.tokenHash ? { ...s, tokenHash: `hash-${nextInt(rng, 1 << 30)}` } : s)),
    match: { ...match, context: { ...match.context, game, seed } },
  };
}

function settingsFor(variant: Variant, index: number, rng: RngState): RoomSettings {
  const { config } = randomConfig(rng, variant, 'match', `room-views/${variant}/${index}`);
  const settings: RoomSettings = {
    variant,
    players: config.players,
    // Targets that take a few rounds: later rounds are led differently (laterRoundLead).
    target: variant === 'fives' ? 50 + 5 * nextInt(rng, 20) : 30 + nextInt(rng, 70),
    level: 'easy',
    tempo: 'instant',
    houseRules: Object.fromEntries(Object.entries(config.houseRules ?? {}).filter(([, v]) => v !== undefined)),
    ...(config.teams !== undefined ? { teams: config.teams } : {}),
  };
  const checked = checkSettings(settings);
  assert.ok(checked.ok, `settings refused: ${JSON.stringify(settings)} ${checked.ok ? '' : checked.message}`);
  return checked.settings;
}

interface Coverage {
  views: number;
  changed: number;
  rounds: number;
  matches: number;
}

function runCase(variant: Variant, index: number, cov: Coverage): void {
  const seedText = `room-views/${variant}/${index}`;
  const rng = seedRng(seedText);
  const settings = settingsFor(variant, index, rng);
  let { room } = rooms.newRoom('Host', settings, NOW);
  // Some seats taken by people, the rest left open (computers once started).
  const people = 1 + nextInt(rng, settings.players);
  for (let i = 1; i < people; i++) room = ok(rooms.join(room, `P${i}`, NOW), 'join');
  room = ok(rooms.start(room, 0, NOW), 'start');
  const every = 1 + nextInt(rng, 3);
  for (let step = 0; step < 2000 && room.phase !== 'over'; step++) {
    const where = `[${seedText}, step ${step}, seq ${room.seq}]`;
    const info = JSON.stringify(rooms.roomInfo(room, alive, NOW, 60_000));
    assert.deepEqual(tilesIn(JSON.parse(info)), [], `${where} a tile in the room info`);
    assert.deepEqual(secretKeysIn(JSON.parse(info)), [], `${where} a secret key in the room info`);
    const table = new Set(gameOf(room.match!).table.map((p) => tileKey(p.tile)));
    for (const found of tilesIn(room.events)) assert.ok(table.has(found.tile), `${where} the events name ${found.tile} (${found.path}), not on the table`);

    const running = matchPhase(room.match!) === 'playing';
    if (running && step % every === 0) {
      for (let seat = 0; seat < settings.players; seat++) {
        const view = JSON.stringify(viewOf(room.match!, seat));
        assert.equal(view, JSON.stringify(playerView(gameOf(room.match!), seat)), `${where} viewOf is not the engine's view`);
        const other = reshuffledRoom(room, seat, rng);
        if (JSON.stringify(gameOf(other.match!).hands) !== JSON.stringify(gameOf(room.match!).hands)) cov.changed++;
        assert.equal(JSON.stringify(viewOf(other.match!, seat)), view, `${where} seat ${seat}'s view changes when hidden tiles are reshuffled`);
        assert.equal(JSON.stringify(rooms.roomInfo(other, alive, NOW, 60_000)), info, `${where} the room info changes with hidden data`);
        cov.views++;
      }
    }
    if (matchPhase(room.match!) === 'roundOver') {
      cov.rounds++;
      room = ok(rooms.dealNextRound(room, NOW), `${where} next round`);
      continue;
    }
    const turn = gameOf(room.match!).turn!;
    const moves = legalMoves(viewOf(room.match!, turn));
    const move = wireMove(moves[nextInt(rng, moves.length)]!);
    room = ok(
      room.seats[turn]!.kind === 'human' ? rooms.move(room, turn, room.seq, move, NOW) : rooms.applyMove(room, turn, move, NOW),
      `${where} move`,
    );
  }
  assert.equal(room.phase, 'over', `[${seedText}] the match did not end`);
  cov.matches++;
}

for (const variant of VARIANTS) {
  describe(`${variant}: the server's views`, () => {
    test(`every seat's view and the room info hide what they must (${CASES_PER_VARIANT} random rooms)`, (t) => {
      const cov: Coverage = { views: 0, changed: 0, rounds: 0, matches: 0 };
      for (let i = 0; i < CASES_PER_VARIANT; i++) runCase(variant, i, cov);
      const where = JSON.stringify(cov);
      t.diagnostic(where);
      assert.ok(cov.views > 300 && cov.rounds > CASES_PER_VARIANT, `too little checked: ${where}`);
      assert.ok(cov.changed > cov.views * 0.5, `reshuffling rarely changed anything: ${where}`);
    });
  });
}
