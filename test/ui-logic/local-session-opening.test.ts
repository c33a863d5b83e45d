/**
 * LocalSession's opening: a new match shows from the engine before the statechart's chunk has loaded
 * (held back here), and the actor takes it over once it has: the same deal, the person's moves made
 * meanwhile, each event told once. The deal pause runs on the test's own clock.
 */
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { createMatch, legalMoves, playerView, type MatchState } from '../../src/engine/index.js';
import { TEMPO_DELAYS, type MatchEmitted, type MatchInput } from '../../src/machine/index.js';
import { localSeats } from '../../src/ui/domino-game/settings.js';
import { LocalSession, type OpeningClock } from '../../src/ui/session/local-session.js';
import type { SessionState } from '../../src/ui/session/session.js';
import { makeDeal } from '../engine/helpers/tiles.js';
import { actorRunning } from './actor-running.js';

/** Timers that fire when the test says. */
class ManualClock implements OpeningClock {
  private readonly timers = new Map<number, { fn: () => void; ms: number }>();
  private next = 1;
  setTimeout(fn: () => void, ms: number): unknown {
    this.timers.set(this.next, { fn, ms });
    return this.next++;
  }
  clearTimeout(id: unknown): void {
    this.timers.delete(id as number);
  }
  /** The lengths of the timers running. */
  get running(): number[] {
    return [...this.timers.values()].map((t) => t.ms);
  }
  /** Fires every timer running. */
  fire(): void {
    const due = [...this.timers.values()];
    this.timers.clear();
    for (const timer of due) timer.fn();
  }
}

/** The statechart's chunk, held back until `release`. */
function heldStatechart() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  const load = () => {
    asked++;
    return gate.then(() => import('../../src/ui/session/match-actor.js'));
  };
  return { load, release, asked: () => asked };
}

const sessions: LocalSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.dispose();
});

function setUp(input: MatchInput) {
  const clock = new ManualClock();
  const statechart = heldStatechart();
  const session = new LocalSession(null, 0, { loadStatechart: statechart.load, clock });
  sessions.push(session);
  const events: MatchEmitted[] = [];
  session.onEvent((event) => events.push(event));
  session.start(input);
  return { session, clock, statechart, events };
}

const saved = (session: LocalSession) => session.persistedSnapshot() as unknown as { context: { game: MatchState; matchNumber: number } };
const yourTurn = (state: SessionState) => state.phase === 'playing' && state.view.turn === state.seat && state.legal.length > 0;

/** The first state (now or later) for which `check` holds. */
function until(session: LocalSession, check: (state: SessionState) => boolean): Promise<SessionState> {
  const now = session.state;
  if (now && check(now)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = session.subscribe((state) => {
      if (state && check(state)) {
        stop();
        resolve(state);
      }
    });
  });
}

test('before the statechart loads: the deal the seed deals, refusing moves while dealt; then the first turn; the actor takes over without dealing again', async () => {
  const config = { variant: 'draw', players: 2 } as const;
  const { session, clock, statechart, events } = setUp({ config, seats: localSeats(2, 0), level: 'easy', tempo: 'normal', seed: 'site-seed' });
  const engine = createMatch({ ...config, seed: 'site-seed' });

  const dealing = session.state!;
  assert.equal(dealing.phase, 'dealing');
  assert.deepEqual(dealing.view, playerView(engine, 0), 'the engine’s deal for the seed, seen from seat 0');
  assert.deepEqual(dealing.legal, []);
  assert.equal(dealing.dealSeed, 'site-seed');
  assert.equal(session.persistedSnapshot(), null, 'no actor yet');
  assert.equal(statechart.asked(), 0, 'the statechart is asked for once the first screen is up, not before');
  session.send({ type: 'draw' });
  assert.equal(session.state!.rejection?.code, 'dealing', 'a move while the tiles are dealt is refused, as the machine refuses it');

  assert.deepEqual(clock.running, [TEMPO_DELAYS.normal.deal], 'the tempo’s deal pause');
  clock.fire();
  const first = session.state!;
  assert.equal(engine.turn, 0, 'the seed deals the person the lead');
  assert.equal(first.phase, 'playing');
  assert.deepEqual(events, [{ type: 'turn', seat: 0, yours: true }]);
  assert.deepEqual(first.legal, legalMoves(playerView(engine, 0)));
  assert.equal(statechart.asked(), 0, 'the table is playable without it: the root asks for it now, in idle time');

  statechart.release();
  await actorRunning(session);
  assert.deepEqual(saved(session).context.game, engine, 'the actor plays the match the opening showed');
  assert.equal(session.state!.phase, 'playing', 'and does not deal it again');
  assert.deepEqual(session.state!.view, first.view);
  assert.deepEqual(clock.running, [], 'no second deal pause');
  assert.equal(events.filter((e) => e.type === 'turn').length, 1, 'the first turn is told once');
});

// Seat 0 holds the highest double and leads it; then seat 1 can answer with 6-5 only.
const DEAL = makeDeal(['6-6 0-0 1-1 2-2 3-3 6-0 5-0', '6-5 5-5 4-4 4-3 3-2 2-1 1-0']);
const leading = (): MatchInput => ({ config: { variant: 'draw', players: 2, deal: DEAL }, seats: localSeats(2, 0), level: 'easy', tempo: 'instant', seed: 'opening' });

test('a play made before the statechart has loaded shows at once, and the actor goes on from it, each event told once', async () => {
  const { session, statechart, events } = setUp(leading());
  const lead = session.state!;
  assert.equal(lead.phase, 'playing', 'tempo instant: the first turn at once');
  assert.deepEqual(lead.legal.map((m) => m.type === 'play' && m.tile.join('-')), ['6-6']);

  session.send({ type: 'play', tile: [6, 6], end: 'lead' });
  const played = session.state!;
  assert.deepEqual(played.view.table.map((p) => p.tile.join('-')), ['6-6'], 'on the table at once');
  assert.equal(played.view.hand.length, 6);
  assert.equal(played.view.turn, 1, 'the computer’s turn');
  assert.deepEqual(events, [
    { type: 'turn', seat: 0, yours: true },
    { type: 'move', seat: 0, move: { type: 'play', tile: [6, 6], end: 'lead' }, points: 0 },
    { type: 'turn', seat: 1, yours: false },
  ]);
  assert.equal(session.persistedSnapshot(), null, 'still no actor');

  statechart.release();
  await actorRunning(session);
  assert.deepEqual(saved(session).context.game.log.map((entry) => entry.type === 'play' && entry.tile.join('-')), ['6-6'], 'the actor’s match has the play');
  assert.deepEqual(session.state!.view, played.view);
  assert.equal(events.length, 3, 'nothing told again');

  // The actor plays on: the computer answers with its one fitting tile.
  const back = await until(session, yourTurn);
  assert.deepEqual(back.view.table.map((p) => p.tile.join('-')).sort(), ['6-5', '6-6']);
  assert.deepEqual(
    events.slice(3).map((e) => e.type),
    ['move', 'turn'],
  );
});

// Seat 1 holds the highest double: the computer must lead it.
const COMPUTER_DEAL = makeDeal(['6-5 5-5 4-4 4-3 3-2 2-1 1-0', '6-6 0-0 1-1 2-2 3-3 6-0 5-0']);
const computerLeads = (tempo: MatchInput['tempo']): MatchInput => ({ config: { variant: 'draw', players: 2, deal: COMPUTER_DEAL }, seats: localSeats(2, 0), level: 'easy', tempo, seed: 'forced' });

test('a computer’s forced first lead is laid by the opening after the move pause, the statechart not needed; the actor lays it again, unheard', async () => {
  const { session, clock, statechart, events } = setUp(computerLeads('normal'));
  clock.fire();
  const waiting = session.state!;
  assert.equal(waiting.view.turn, 1, 'the computer leads');
  assert.deepEqual(waiting.legal, []);
  assert.deepEqual(clock.running, [TEMPO_DELAYS.normal.move], 'its move pause, as the machine’s');
  session.send({ type: 'play', tile: [6, 5], end: 'lead' });
  assert.equal(session.state!.rejection?.code, 'not-your-turn', 'refused, as the machine refuses it');
  assert.equal(statechart.asked(), 0, 'a lead the rules force needs no thinking: no statechart');

  clock.fire();
  const laid = session.state!;
  assert.deepEqual(laid.view.table.map((p) => p.tile.join('-')), ['6-6'], 'the highest double, laid');
  assert.deepEqual(laid.legal.map((m) => m.type === 'play' && `${m.tile.join('-')} ${m.end}`), ['6-5 left', '6-5 right']);
  assert.deepEqual(events, [
    { type: 'turn', seat: 1, yours: false },
    { type: 'move', seat: 1, move: { type: 'play', tile: [6, 6], end: 'lead' }, points: 0 },
    { type: 'turn', seat: 0, yours: true },
  ]);
  assert.equal(statechart.asked(), 0, 'the person’s turn: the opening takes their moves; the root asks for it');

  statechart.release();
  await actorRunning(session);
  assert.deepEqual(session.state!.view, laid.view, 'the actor is where the opening was');
  assert.deepEqual(saved(session).context.game.log.map((e) => e.type === 'play' && e.tile.join('-')), ['6-6'], 'the lead once, not twice');
  assert.equal(events.length, 3, 'nothing told again');
  assert.deepEqual(clock.running, [], 'no second pause');
  session.send({ type: 'play', tile: [6, 5], end: 'left' });
  assert.equal(session.state!.view.table.length, 2, 'the person’s move, refused before the lead, was not taken again: now it is theirs');
});

test('a computer’s forced lead: a new tempo restarts its pause; at tempo instant it is laid next, not at once; an actor here first waits for it', async () => {
  const { session, clock, statechart } = setUp(computerLeads('normal'));
  clock.fire();
  session.configure({ tempo: 'fast' });
  assert.deepEqual(clock.running, [TEMPO_DELAYS.fast.move], 'the new tempo’s pause, from its start');
  statechart.release();
  await session.loadStatechart();
  assert.equal(session.persistedSnapshot(), null, 'the actor waits while the opening’s computer is to lay its lead');
  clock.fire();
  assert.ok(session.persistedSnapshot(), 'then takes over');
  assert.equal(session.state!.view.table.length, 1);
  assert.equal(session.state!.view.turn, 0);

  const instant = setUp(computerLeads('instant'));
  assert.equal(instant.session.state!.view.table.length, 0, 'not within the call that started the match');
  assert.deepEqual(instant.clock.running, [0], 'no pause: laid next');
  instant.clock.fire();
  assert.deepEqual(instant.session.state!.view.table.map((p) => p.tile.join('-')), ['6-6']);
  assert.equal(instant.statechart.asked(), 0);
});

test('a new match asked for before the statechart runs waits for it, and what follows it too', async () => {
  const { session, statechart, events } = setUp(leading());
  session.send({ type: 'new-match' });
  session.send({ type: 'play', tile: [6, 6], end: 'lead' });
  assert.deepEqual(session.state!.view.table, [], 'both wait: a new match is dealt by the actor');
  assert.equal(events.length, 1);

  statechart.release();
  await actorRunning(session);
  await until(session, (state) => state.dealSeed === 'opening#2');
  assert.equal(saved(session).context.matchNumber, 2, 'the new match, from the actor');
  assert.ok(events.length > 1, 'the actor tells what happened from there on');
});

test('with the host away the opening stops: nothing is played, the deal pause begins again on its return, and the actor takes over only then', async () => {
  let controller: { hostConnected?(): void; hostDisconnected?(): void } | null = null;
  const host = { addController: (c: typeof controller) => void (controller = c), removeController: () => {}, requestUpdate: () => {}, updateComplete: Promise.resolve(true) };
  const clock = new ManualClock();
  const statechart = heldStatechart();
  const session = new LocalSession(host as never, 0, { loadStatechart: statechart.load, clock });
  sessions.push(session);
  session.start({ ...leading(), tempo: 'fast' });
  assert.deepEqual(clock.running, [TEMPO_DELAYS.fast.deal]);

  controller!.hostDisconnected!();
  assert.deepEqual(clock.running, [], 'the deal pause stops');
  session.send({ type: 'new-match' });
  controller!.hostConnected!();
  assert.deepEqual(clock.running, [TEMPO_DELAYS.fast.deal], 'and begins again');
  clock.fire();
  controller!.hostDisconnected!();
  statechart.release();
  await session.loadStatechart();
  assert.equal(session.persistedSnapshot(), null, 'no actor while away');
  controller!.hostConnected!();
  assert.ok(session.persistedSnapshot(), 'the actor runs once the host is back');
  assert.equal(saved(session).context.matchNumber, 1, 'the new match asked for while away was not');
});
