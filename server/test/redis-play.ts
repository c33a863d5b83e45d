/**
 * Matches played through server processes sharing Redis (one server or a cluster), for the tests of
 * several processes: each person plays its first legal move, sending it again while the answer is
 * `unavailable` (storage coming back) or `rate-limited`, as a person would.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Redis } from 'ioredis';
import { legalMoves } from 'domino-game/engine';
import type { MatchEmitted } from 'domino-game/machine';
import { Player, startServerProcess, WAIT_MS, type ServerProcess } from './harness.js';
import { publishedOn, type Published } from './redis-spy.js';

/** Two server processes sharing one Redis (a server or a cluster), and what they publish on it. */
export interface TwoProcesses<R> {
  readonly redis: R;
  readonly one: ServerProcess;
  readonly two: ServerProcess;
  /** The arguments both processes were started with: a third process started alike joins them. */
  readonly args: readonly string[];
  /** What the processes PUBLISH or SPUBLISH, on every node, as Redis ran it. */
  readonly published: Published[];
}

/**
 * Starts Redis (`start`), records what is published on each of its `nodes`, and two server processes
 * on it with `argsFor(redis)` before the suite's tests; stops them all after. Call it inside a
 * `describe`: its fields are there once the suite's tests run.
 */
export function twoProcessesSharing<R extends { stop(): Promise<void> }>(options: {
  start: () => Promise<R>;
  nodes: (redis: R) => readonly { host: string; port: number }[];
  argsFor: (redis: R) => string[];
}): TwoProcesses<R> {
  const shared = { published: [] as Published[] } as { redis: R; one: ServerProcess; two: ServerProcess; args: string[]; published: Published[] };
  let spies: Redis[] = [];
  before(async () => {
    shared.redis = await options.start();
    spies = await Promise.all(options.nodes(shared.redis).map((node) => publishedOn(node, shared.published)));
    shared.args = options.argsFor(shared.redis);
    [shared.one, shared.two] = await Promise.all([startServerProcess(shared.args), startServerProcess(shared.args)]);
  });
  after(async () => {
    for (const spy of spies) spy.disconnect();
    await Promise.all([shared.one?.stop(), shared.two?.stop()]);
    await shared.redis?.stop();
  });
  return shared;
}

/**
 * Plays on (each person its first legal move, computers at once) until a round is being played and it
 * is `seat`'s turn; returns the watcher's view then.
 */
export async function playUntilTurnOf(seat: number, seats: Map<number, Player>, watcher: Player) {
  let view = watcher.last('view')!;
  while (view.view.turn !== seat || view.view.round.result) {
    await play(seats, watcher, 1);
    view = watcher.last('view')!;
  }
  return view;
}

export type View = Extract<Parameters<Player['send']>[0], { type: 'move' }>['move'];

/**
 * The player's view of `seq` or later (now or when it comes): a process that catches up on several
 * changes at once sends one view for them, whose events hold them all.
 */
export async function viewAt(player: Player, seq: number) {
  const last = player.last('view');
  if (last && last.seq >= seq) return last;
  return player.next('view', (m) => m.seq >= seq);
}

/**
 * Plays on until the match is over (or `moves` moves were made by the players given): each person
 * plays its first legal move; seats without a player are computers (tempo instant).
 */
export async function play(seats: Map<number, Player>, watcher: Player, moves = Infinity): Promise<void> {
  let made = 0;
  for (let step = 0; step < 5000 && made < moves; step++) {
    // The watcher may be a view behind a player that moved last: catch up first.
    const newest = Math.max(...[watcher, ...seats.values()].map((p) => p.last('view')?.seq ?? 0));
    const view = await viewAt(watcher, newest);
    if (view.view.winningSide !== null) return;
    if (view.view.round.result) {
      for (const player of seats.values()) {
        await viewAt(player, view.seq);
        player.send({ type: 'next-round', seq: view.seq });
      }
      await viewAt(watcher, view.seq + 1);
      continue;
    }
    const player = seats.get(view.view.turn!);
    if (player) {
      const mine = await viewAt(player, view.seq);
      // The room moved on meanwhile (a computer's move): look again.
      if (mine.seq !== view.seq) continue;
      await sendUntilTaken(player, { type: 'move', seq: view.seq, move: wire(legalMoves(mine.view)[0]!) });
      made++;
    }
    await viewAt(watcher, view.seq + 1);
  }
}

/** Sends a move, and again while the answer is `unavailable` (storage coming back) or `rate-limited`, as a person would. */
export async function sendUntilTaken(player: Player, message: Extract<Parameters<Player['send']>[0], { type: 'move' }>) {
  let unanswered = false;
  for (let attempt = 0; attempt < 60; attempt++) {
    const answer = await player.request(message, 'view', WAIT_MS);
    if (answer.type === 'view') return answer;
    // An append whose reply storage lost (a node restarting) may have landed though `unavailable` was
    // said: its view then comes, and the move sent again is stale. A client reads on, as the widget does.
    if (unanswered && answer.code === 'stale') return viewAt(player, message.seq + 1);
    unanswered ||= answer.code === 'unavailable';
    // A client playing at machine speed meets the 20-a-second limit now and then: it waits, like any client.
    assert.ok(answer.code === 'unavailable' || answer.code === 'rate-limited', `refused: ${answer.code} ${answer.message}`);
    await new Promise((resolve) => setTimeout(resolve, answer.code === 'rate-limited' ? 1000 : 250));
  }
  throw new Error('the move was never taken');
}

export function wire(move: ReturnType<typeof legalMoves>[number]): View {
  return move.type === 'play' ? { type: 'play', tile: move.tile, end: move.end } : { type: move.type };
}

export async function room(host: Player, guestServer: ServerProcess, players: number) {
  host.send({ type: 'create', name: 'Ann', settings: { variant: 'draw', players: players as 2 | 3 | 4, level: 'easy', tempo: 'instant', target: 30 } });
  await host.next('welcome');
  const guest = await Player.connect(guestServer.wsUrl);
  const welcomed = await guest.request({ type: 'join', ...host.invitation, name: 'Bob' }, 'welcome');
  assert.equal(welcomed.type, 'welcome');
  const started = guest.next('view');
  host.send({ type: 'start' });
  await started;
  await viewAt(host, guest.last('view')!.seq);
  return guest;
}

/**
 * An All Fives room of four to 100, started: its host on `hostServer`, one guest on `guestServer`, two
 * computers (tempo instant). Returns the two people, host first.
 */
export async function startedRoomOfFour(hostServer: ServerProcess, guestServer: ServerProcess): Promise<Player[]> {
  const host = await Player.connect(hostServer.wsUrl, 'host');
  host.send({ type: 'create', name: 'Ann', settings: { variant: 'fives', players: 4, level: 'easy', tempo: 'instant', target: 100 } });
  await host.next('welcome');
  const guest = await Player.connect(guestServer.wsUrl, 'guest');
  assert.equal((await guest.request({ type: 'join', ...host.invitation, name: 'Bob' }, 'welcome')).type, 'welcome');
  const people = [host, guest];
  const started = people.map((p) => p.next('view'));
  host.send({ type: 'start' });
  await Promise.all(started);
  return people;
}

/**
 * What a seat heard: the events of all its views, in order, once it has the view of `seq`. Change 1
 * is the start; every later one is a move (one `move` event each) or the deal of a round, whose only
 * event is the `turn` right after the round's end (an All Fives match can also end inside a round,
 * with no round end): so a seat that heard every change once has moves + deals = seq - 1.
 */
export async function heardEvents(player: Player, seq: number): Promise<{ events: MatchEmitted[]; moves: number; deals: number }> {
  await viewAt(player, seq);
  const events = player.messages.flatMap((m) => (m.type === 'view' ? (m.events as MatchEmitted[]) : []));
  const moves = events.filter((e) => e.type === 'move').length;
  const deals = events.filter((e, i) => e.type === 'turn' && events[i - 1]?.type === 'roundEnd').length;
  return { events, moves, deals };
}
