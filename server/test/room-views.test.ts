/**
 * The server's path to a view, pure: rooms made and changed by the room core (created, filled,
 * started, moved by random legal moves, dealt again) in every variant, 2-4 players and partnerships,
 * with random house rules. server/../test/engine/player-view.test.ts proves playerView alone; this
 * proves what the server builds on it:
 *
 * - every `view` frame (core/views.ts, assembled from a shared part and each seat's own) parses to
 *   exactly `{ type: 'view', seq, view: { ...playerView(game, seat), winner }, events }`, and the
 *   spectators' `table` frame to `{ type: 'table', seq, view: { ...spectatorView(game), winner }, events }`;
 * - a seat's frame is byte-identical after reshuffling everything that seat cannot see (the other
 *   hands and the boneyard keeping their sizes, the others' drawn tiles, the dealing generator, the
 *   room's deal seed, the machine's seed);
 * - the room info every seat gets is byte-identical under any such reshuffle and under other token
 *   hashes, and holds no tile and no secret key;
 * - the events of a change (sent alike to every seat) name no tile that is not on the table.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { VARIANTS, legalMoves, playerView, spectatorView, type Variant } from 'domino-game/engine';
import type { MatchEmitted } from 'domino-game/machine';
import { checkSettings, type RoomSettings } from 'domino-game/protocol';
import { nextInt, seedRng, type RngState } from '../../src/engine/rng.js';
import { reshuffleHidden } from '../../test/engine/helpers/hidden.js';
import { randomConfig } from '../../test/engine/helpers/random-rounds.js';
import { roomInfo } from '../src/core/presence.js';
import { applyEntry, matchPhase, newRoom, sha256Hex, type Outcome, type RoomState } from '../src/core/room.js';
import { ViewFrames, wireEvents } from '../src/core/views.js';
import { secretKeysIn, tileKey, tilesIn } from './frames.js';
import { wireMove } from './harness.js';

const CASES_PER_VARIANT = 12;
const NOW = 1_700_000_000_000;
const alive = () => true;

function ok(outcome: Outcome, what: string): { room: RoomState; events: MatchEmitted[] } {
  if (!outcome.ok) assert.fail(`${what}: ${outcome.code} ${outcome.message}`);
  return outcome;
}

/** A room with the same public state and everything secret to `seat` replaced. */
function reshuffledRoom(room: RoomState, seat: number, rng: RngState): RoomState {
  const match = room.match!;
  const game = reshuffleHidden(match.game, seat, rng);
  const seed = `other-${nextInt(rng, 1 << 30)}`;
  // The deals' secrets stay: the next one's commitment is public on purpose (a provable deal).
  return {
    ...room,
    seats: room.seats.map((s) => (s.tokenHash ? { ...s, tokenHash: `hash-${nextInt(rng, 1 << 30)}` } : s)),
    match: { ...match, game, seed },
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
  frames: number;
  views: number;
  changed: number;
  rounds: number;
  matches: number;
}

function runCase(variant: Variant, index: number, cov: Coverage): void {
  const seedText = `room-views/${variant}/${index}`;
  const rng = seedRng(seedText);
  const settings = settingsFor(variant, index, rng);
  let room = newRoom({ id: `room-${index}`, serverSeed: sha256Hex(Buffer.from(seedText).toString('hex')), name: 'Host', tokenHash: 'hash-0', settings, secrets: { invite: 'I'.repeat(22), watch: 'W'.repeat(22) }, at: NOW });
  // Some seats taken by people, the rest left open (computers once started).
  const people = 1 + nextInt(rng, settings.players);
  for (let i = 1; i < people; i++) ({ room } = ok(applyEntry(room, { type: 'join', at: NOW, name: `P${i}`, tokenHash: `hash-${i}` }), 'join'));
  let events: MatchEmitted[];
  ({ room, events } = ok(applyEntry(room, { type: 'start', at: NOW, seat: 0 }), 'start'));
  const every = 1 + nextInt(rng, 3);
  for (let step = 0; step < 2000 && room.phase !== 'over'; step++) {
    const where = `[${seedText}, step ${step}, seq ${room.seq}]`;
    const game = room.match!.game;
    const info = JSON.stringify(roomInfo(room, alive, NOW, 60_000));
    assert.deepEqual(tilesIn(JSON.parse(info)), [], `${where} a tile in the room info`);
    assert.deepEqual(secretKeysIn(JSON.parse(info)), [], `${where} a secret key in the room info`);
    const table = new Set(game.table.map((p) => tileKey(p.tile)));
    for (const found of tilesIn(events)) assert.ok(table.has(found.tile), `${where} the events name ${found.tile} (${found.path}), not on the table`);

    const eventsJson = JSON.stringify(wireEvents(events));
    const frames = new ViewFrames(game, room.seq);
    for (let seat = 0; seat < settings.players; seat++) {
      const frame = frames.frame(seat, eventsJson);
      const view = playerView(game, seat);
      // The seat to act is told its legal moves: those its own view gives, so they depend on nothing hidden.
      const moves = view.turn === seat ? { moves: legalMoves(view) } : {};
      assert.deepEqual(JSON.parse(frame), { type: 'view', seq: room.seq, view: { ...view, winner: view.winningSide }, events: wireEvents(events), ...moves }, `${where} seat ${seat}'s frame`);
      cov.frames++;
      if (matchPhase(room.match!) === 'playing' && step % every === 0) {
        const other = reshuffledRoom(room, seat, rng);
        if (JSON.stringify(other.match!.game.hands) !== JSON.stringify(game.hands)) cov.changed++;
        assert.equal(new ViewFrames(other.match!.game, room.seq).frame(seat, eventsJson), frame, `${where} seat ${seat}'s frame changes when hidden tiles are reshuffled`);
        assert.equal(JSON.stringify(roomInfo(other, alive, NOW, 60_000)), info, `${where} the room info changes with hidden data`);
        cov.views++;
      }
    }
    const watched = spectatorView(game);
    assert.deepEqual(JSON.parse(frames.spectatorFrame(eventsJson)), { type: 'table', seq: room.seq, view: { ...watched, winner: watched.winningSide }, events: wireEvents(events) }, `${where} the spectator's frame`);
    if (matchPhase(room.match!) === 'roundOver') {
      cov.rounds++;
      ({ room, events } = ok(applyEntry(room, { type: 'deal', at: NOW, seq: room.seq }), `${where} next round`));
      continue;
    }
    const turn = game.turn!;
    const moves = legalMoves(playerView(game, turn));
    const move = wireMove(moves[nextInt(rng, moves.length)]!);
    const by = room.seats[turn]!.kind === 'human' ? 'person' : 'computer';
    ({ room, events } = ok(applyEntry(room, { type: 'move', at: NOW, seat: turn, seq: room.seq, by, move }), `${where} move`));
  }
  assert.equal(room.phase, 'over', `[${seedText}] the match did not end`);
  cov.matches++;
}

for (const variant of VARIANTS) {
  describe(`${variant}: the server's views`, () => {
    test(`every seat's frame is its view, and it and the room info hide what they must (${CASES_PER_VARIANT} random rooms)`, (t) => {
      const cov: Coverage = { frames: 0, views: 0, changed: 0, rounds: 0, matches: 0 };
      for (let i = 0; i < CASES_PER_VARIANT; i++) runCase(variant, i, cov);
      const where = JSON.stringify(cov);
      t.diagnostic(where);
      assert.ok(cov.frames > 1000 && cov.views > 300 && cov.rounds > CASES_PER_VARIANT, `too little checked: ${where}`);
      assert.ok(cov.changed > cov.views * 0.5, `reshuffling rarely changed anything: ${where}`);
    });
  });
}
