/**
 * LocalSession, the match in the page seen from one person's seat, and the interface helpers that
 * name seats and re-emit events from a SessionState, with the person in a seat other than 0.
 * In Node the computers think on the main thread (there is no Web Worker).
 */
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ENGLISH } from '../../src/i18n/index.js';
import type { MatchState } from '../../src/engine/index.js';
import type { MatchInput } from '../../src/machine/index.js';
import { announcementOf } from '../../src/ui/announcements/announcements.js';
import { emitDomEvent, type DominoTurnDetail } from '../../src/ui/domino-game/events.js';
import { hintOf } from '../../src/ui/domino-game/table/guidance.js';
import { localSeats } from '../../src/ui/domino-game/settings.js';
import { seatName, sideName, type Seating } from '../../src/ui/names.js';
import { LocalSession } from '../../src/ui/session/local-session.js';
import type { SessionState } from '../../src/ui/session/session.js';
import { makeDeal } from '../engine/helpers/tiles.js';

// Seat 0 holds the highest double and leads it; then seat 1 can answer with 6-5 only.
const DEAL = makeDeal(['6-6 0-0 1-1 2-2 3-3 6-0 5-0', '6-5 5-5 4-4 4-3 3-2 2-1 1-0']);

function input(you: number): MatchInput {
  return {
    config: { variant: 'draw', players: 2, deal: DEAL },
    seats: localSeats(2, you),
    level: 'easy',
    tempo: 'instant',
    seed: 'local-session',
  };
}

const sessions: LocalSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.dispose();
});

function started(you: number, host: ReactiveControllerHost | null = null): LocalSession {
  const session = new LocalSession(host, you);
  sessions.push(session);
  session.start(input(you));
  return session;
}

/** The first state (now or later) for which `check` holds. */
function until(session: LocalSession, what: string, check: (state: SessionState) => boolean): Promise<SessionState> {
  const now = session.state;
  if (now && check(now)) return Promise.resolve(now);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out waiting for ${what}`));
    }, 5000);
    const stop = session.subscribe((state) => {
      if (state && check(state)) {
        clearTimeout(timer);
        stop();
        resolve(state);
      }
    });
  });
}

/** The whole match as saved (the session never shows it): to check which hand is seen. */
const saved = (session: LocalSession) => session.persistedSnapshot() as unknown as { context: { game: MatchState } };

const yourTurn = (state: SessionState) => state.phase === 'playing' && state.view.turn === state.seat;

test('the state is one object until the match changes, and a new one after a move', async () => {
  const session = started(1);
  const first = session.state;
  assert.ok(first);
  assert.equal(session.state, first, 'read twice without a change: the same object');
  assert.equal(first.view, session.state!.view);

  const turn = await until(session, 'the person to act', yourTurn);
  assert.notEqual(turn, first, 'the computer moved: a new state');
  assert.equal(session.state, turn);
  assert.equal(session.state, session.state);

  const play = turn.legal.find((m) => m.type === 'play')!;
  session.send({ type: 'play', tile: play.tile, end: play.end });
  const after = session.state!;
  assert.notEqual(after, turn, 'after the person moved: a new state');
  assert.equal(after.view.table.length, 2);
  assert.equal(after.view.hand.length, 6);
  assert.equal(turn.view.hand.length, 7, 'an earlier state is not changed');
});

test('legal moves only on the person’s own turn', async () => {
  const session = started(1);
  const seen: SessionState[] = [session.state!];
  session.subscribe((state) => state && seen.push(state));
  const turn = await until(session, 'the person to act', yourTurn);
  assert.deepEqual(seen[0]!.legal, [], 'the computer leads: nothing for the person');
  assert.equal(seen[0]!.view.turn, 0);
  assert.deepEqual(
    turn.legal.map((m) => (m.type === 'play' ? `${m.tile.join('-')} ${m.end}` : m.type)).sort(),
    ['6-5 left', '6-5 right'],
    'the answers to the 6-6',
  );
  for (const state of seen) {
    if (!yourTurn(state)) assert.deepEqual(state.legal, [], `turn ${String(state.view.turn)} in ${state.phase}`);
  }
});

test('a refused intent is a rejection with its code and type, never its tile; it stays one object until cleared', async () => {
  const session = started(1);
  // The computer is still thinking: the person may not draw.
  session.send({ type: 'draw' });
  const early = session.state!.rejection;
  assert.deepEqual(
    { code: early?.code, type: early?.type },
    { code: 'not-your-turn', type: 'draw' },
  );
  const turn = await until(session, 'the person to act', yourTurn);
  assert.equal(turn.rejection, early, 'the computer’s move kept the same rejection (it is announced once)');

  session.send({ type: 'play', tile: [1, 0], end: turn.view.openEnds[0]!.id });
  const refused = session.state!.rejection!;
  assert.notEqual(refused, early);
  assert.deepEqual(Object.keys(refused).sort(), ['code', 'message', 'type']);
  assert.equal(refused.type, 'play');
  assert.equal(refused.code, 'tile-does-not-fit');
  assert.equal(session.state!.view.hand.length, 7, 'nothing was played');

  session.send({ type: 'next-round' });
  assert.equal(session.state!.rejection!.type, 'next-round');

  const play = turn.legal.find((m) => m.type === 'play')!;
  session.send({ type: 'play', tile: play.tile, end: play.end });
  assert.equal(session.state!.rejection, null, 'an accepted intent clears it');
});

test('the person in seat 1 sees seat 1’s hand, and the seats say who is who', async () => {
  const session = started(1);
  const state = session.state!;
  assert.equal(state.seat, 1);
  assert.equal(state.view.seat, 1);
  const hands = saved(session).context.game.hands;
  assert.deepEqual(state.view.hand, hands[1]);
  assert.notDeepEqual(state.view.hand, hands[0]);
  assert.deepEqual(
    state.seats.map(({ seat, kind, name }) => ({ seat, kind, name })),
    [
      { seat: 0, kind: 'computer', name: null },
      { seat: 1, kind: 'human', name: null },
    ],
  );
});

test('new-match starts again', async () => {
  const session = started(0);
  const turn = await until(session, 'the person to act', yourTurn);
  assert.equal(turn.seat, 0);
  session.send({ type: 'new-match' });
  const state = session.state!;
  assert.notEqual(state, turn);
  assert.equal(state.rejection, null);
  assert.equal(state.view.log.length, 0);
});

test('with a host: every change asks for an update, and the match survives the host leaving and coming back', async () => {
  let controller: ReactiveController | null = null;
  let updates = 0;
  const host: ReactiveControllerHost = {
    addController: (c) => (controller = c),
    removeController: () => {},
    requestUpdate: () => void updates++,
    updateComplete: Promise.resolve(true),
  };
  const session = started(1, host);
  assert.equal(controller, session);
  assert.ok(updates > 0);
  const turn = await until(session, 'the person to act', yourTurn);
  const counted = updates;

  session.hostDisconnected();
  assert.ok(session.persistedSnapshot(), 'the match is kept while the host is away');
  assert.deepEqual(saved(session).context.game.hands[1], turn.view.hand);
  session.send({ type: 'draw' });
  assert.equal(session.state, turn, 'nothing is played while the host is away');

  session.hostConnected();
  assert.ok(updates > counted);
  const back = session.state!;
  assert.deepEqual(back.view.hand, turn.view.hand);
  assert.deepEqual(back.legal, turn.legal);
  const play = back.legal.find((m) => m.type === 'play')!;
  session.send({ type: 'play', tile: play.tile, end: play.end });
  assert.equal(session.state!.view.hand.length, 6, 'the resumed match takes moves');
});

test('a saved match resumes only when the session’s seat is a person’s in it', async () => {
  const saver = started(1);
  await until(saver, 'the person to act', yourTurn);
  const saved = JSON.parse(JSON.stringify(saver.persistedSnapshot()));

  const same = new LocalSession(null, 1);
  sessions.push(same);
  assert.equal(await same.resumeOrStart(input(1), saved), true);
  assert.deepEqual(same.state!.view.hand, saver.state!.view.hand);

  const elsewhere = new LocalSession(null, 0);
  sessions.push(elsewhere);
  assert.equal(await elsewhere.resumeOrStart(input(0), saved), false, 'seat 0 is a computer’s in that match');
  assert.equal(elsewhere.state!.seats[0]!.kind, 'human');
});

// ---- Naming and events, with the person not in seat 0 ------------------------------------------

const seating = (seat: number, names: (string | null)[]): Seating => ({
  seat,
  seats: names.map((name, s) => ({ seat: s, name, kind: name ? 'human' : 'computer', connected: true, away: false })),
});

test('seat names: the person is "You" wherever they sit; a named person by name; a computer by seat', () => {
  const t = ENGLISH;
  const table = seating(2, [null, 'Ada', null, null]);
  assert.equal(seatName(t, 2, table), 'You');
  assert.equal(seatName(t, 0, table), 'Computer 0');
  assert.equal(seatName(t, 1, table), 'Ada');
  assert.equal(seatName(t, 3, table), 'Computer 3');
  assert.equal(seatName(t, 0, seating(0, [null, null])), 'You');
});

test('side names: your team is the side of your seat', () => {
  const t = ENGLISH;
  const teams = { teams: true } as Parameters<typeof sideName>[1];
  assert.equal(sideName(t, teams, 1, seating(3, [null, null, null, null])), 'Your team');
  assert.equal(sideName(t, teams, 0, seating(3, [null, null, null, null])), 'Team 1');
  assert.equal(sideName(t, teams, 0, seating(2, [null, null, null, null])), 'Your team');
  const solo = { teams: false } as Parameters<typeof sideName>[1];
  assert.equal(sideName(t, solo, 1, seating(1, [null, null])), 'You');
  assert.equal(sideName(t, solo, 0, seating(1, [null, null])), 'Computer 0');
});

test('events, hints and announcements follow the session’s seat', async () => {
  const session = started(1);
  const waiting = session.state!;
  assert.equal(hintOf(ENGLISH, waiting), ENGLISH.t('hintWait', { name: 'Computer 0' }));
  const turn = await until(session, 'the person to act', yourTurn);
  assert.equal(hintOf(ENGLISH, turn), ENGLISH.t('hintPlay'));

  const target = new EventTarget();
  const details: DominoTurnDetail[] = [];
  target.addEventListener('domino-turn', (e) => details.push((e as CustomEvent<DominoTurnDetail>).detail));
  emitDomEvent(target, { type: 'turn', seat: 1, yours: false }, turn);
  emitDomEvent(target, { type: 'turn', seat: 0, yours: true }, turn);
  assert.deepEqual(details, [
    { seat: 1, yours: true },
    { seat: 0, yours: false },
  ], 'yours is the session’s seat, whatever the machine says');

  assert.equal(announcementOf(ENGLISH, { type: 'turn', seat: 1, yours: false }, turn), ENGLISH.t('announceTurn'));
  assert.equal(announcementOf(ENGLISH, { type: 'turn', seat: 0, yours: true }, turn), '');
  assert.equal(
    announcementOf(ENGLISH, { type: 'move', seat: 0, move: { type: 'pass' }, points: 0 }, turn),
    ENGLISH.t('announcePass', { name: 'Computer 0' }),
  );
});
