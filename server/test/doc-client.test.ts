/**
 * A client written from docs/PROTOCOL.md alone: it knows no rule of the game (it imports nothing of the
 * engine), plays whole matches in all four variants by sending back one of the `moves` its view offers
 * (with `type`, `tile` and `end` only, as "Client to server" says), and at every round's end accounts for
 * every tile from the view alone: the deal as revealed, each draw taking the stock's next tile, each play
 * taking a tile from its seat's hand, the hands left as revealed, the table as played. Not one message
 * it sends may be refused.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RoomSettings, ServerMessage } from 'domino-game/protocol';
import { Player, ROOMY, createRoom, joinRoom, serverErrors, startServerProcess, type ServerProcess } from './harness.js';

type ViewMessage = Extract<ServerMessage, { type: 'view' }>;

const name = ([a, b]: readonly number[]): string => `${Math.max(a!, b!)}-${Math.min(a!, b!)}`;

const MATCHES: { settings: RoomSettings; people: number }[] = [
  { settings: { variant: 'draw', players: 2, target: 60, level: 'easy', tempo: 'instant' }, people: 2 },
  { settings: { variant: 'block', players: 3, target: 40, level: 'easy', tempo: 'instant' }, people: 2 },
  { settings: { variant: 'fives', players: 4, teams: true, target: 60, level: 'easy', tempo: 'instant' }, people: 2 },
  { settings: { variant: 'doubles', players: 3, target: 60, level: 'easy', tempo: 'instant' }, people: 3 },
];

/** Every tile of the round accounted for, from a round-end view alone; throws naming the first gap. */
function accountFor(message: ViewMessage): number {
  const { view } = message;
  const revealed = view.revealed;
  assert.ok(revealed, 'a round-end view reveals the round');
  const { deal } = revealed;
  const dealt = [...deal.hands.flat(), ...deal.boneyard].map(name);
  assert.equal(new Set(dealt).size, 28, 'the deal holds the 28 tiles once each');
  const hands = deal.hands.map((hand) => new Set(hand.map(name)));
  let drawn = 0;
  const played: string[] = [];
  for (const entry of view.log) {
    if (entry.type === 'draw') {
      const tile = deal.boneyard[drawn++];
      assert.ok(tile, 'a draw from an empty stock');
      if (entry.tile) assert.equal(name(entry.tile), name(tile), 'my own draw names the stock’s next tile');
      else assert.notEqual(entry.seat, view.seat, 'my own draw names its tile');
      hands[entry.seat]!.add(name(tile));
    } else if (entry.type === 'play') {
      assert.ok(hands[entry.seat]!.delete(name(entry.tile)), `seat ${entry.seat} played ${name(entry.tile)}, which it did not hold`);
      played.push(name(entry.tile));
    }
  }
  assert.deepEqual(view.table.map((placement) => name(placement.tile)), played, 'the table is the plays, in order');
  revealed.hands.forEach((hand, seat) => assert.deepEqual([...hands[seat]!].sort(), hand.map(name).sort(), `seat ${seat}'s hand at the end`));
  assert.equal(played.length + revealed.hands.flat().length + deal.boneyard.length - drawn, 28, 'every tile is on the table, in a hand or in the stock');
  const undrawn = new Set(deal.boneyard.slice(drawn).map(name));
  for (const tile of revealed.aside) assert.ok(undrawn.has(name(tile)), `${name(tile)}, set aside, is not among the stock's undrawn tiles`);
  return 28;
}

/** Plays the seat from what the server says: a random offered move on its turn, `next-round` after a round. */
function playFromTheDocument(player: Player, seed: number): { done: Promise<{ rounds: number; tiles: number; moves: number }> } {
  let random = seed;
  const next = (n: number) => {
    random = (random * 1103515245 + 12345) % 2 ** 31;
    return random % n;
  };
  const checkedRounds = new Set<string>();
  const tally = { rounds: 0, tiles: 0, moves: 0 };
  const done = new Promise<typeof tally>((resolve, reject) => {
    const act = (message: ServerMessage) => {
      try {
        if (message.type === 'error') throw new Error(`${player.label}: refused ${JSON.stringify(message)}`);
        if (message.type !== 'view' || player.last('view') !== message) return;
        const { view, seq } = message;
        // The round is over when its hands are revealed: at its end, or when All Fives' match is won by
        // a play in the middle of a round (then `round.result` stays null and `winningSide` is set).
        if (view.revealed !== null) {
          const round = `${view.scores.join()}/${view.round.number}`;
          if (!checkedRounds.has(round)) {
            checkedRounds.add(round);
            tally.tiles += accountFor(message);
            tally.rounds++;
          }
          if (view.winningSide !== null) return resolve(tally);
          player.sendPaced({ type: 'next-round', seq });
          return;
        }
        const moves = message.moves;
        if (view.turn !== view.seat) {
          assert.equal(moves, undefined, 'moves only for the seat to act');
          return;
        }
        assert.ok(moves && moves.length > 0, 'the seat to act is told its moves');
        const move = moves[next(moves.length)]!;
        tally.moves++;
        player.sendPaced({ type: 'move', seq, move: move.type === 'play' ? { type: 'play', tile: move.tile, end: move.end } : { type: move.type } });
      } catch (error) {
        reject(error as Error);
      }
    };
    player.onMessage(act);
    const latest = player.last('view');
    if (latest) act(latest);
  });
  return { done };
}

describe('a client from the document alone', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(['--db', ':memory:', ...ROOMY]);
  });
  after(async () => {
    assert.deepEqual(serverErrors(server), []);
    await server.stop();
  });

  for (const { settings, people } of MATCHES) {
    test(`plays a whole ${settings.variant} match (${settings.players} seats) with no move refused, every tile of every round accounted for`, async () => {
      const host = await createRoom(server, 'Host', settings, `${settings.variant} host`);
      const seats = [host];
      for (let i = 1; i < people; i++) seats.push(await joinRoom(server, host.invitation, `Guest ${i}`, `${settings.variant} guest ${i}`));
      const started = seats.map((p) => p.next('view'));
      host.send({ type: 'start' });
      await Promise.all(started);
      const played = seats.map((player, i) => playFromTheDocument(player, 17 + i).done);
      const tallies = await Promise.all(played);
      for (const tally of tallies) {
        assert.ok(tally.rounds >= 1 && tally.tiles === 28 * tally.rounds, JSON.stringify(tally));
        assert.ok(tally.moves > 0);
      }
      await Promise.all(seats.map((p: Player) => p.close()));
    });
  }
});
