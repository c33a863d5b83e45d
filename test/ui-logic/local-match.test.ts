/**
 * LocalMatch, the root's match against the computer: started from the saved game, kept in step with
 * the settings, its choices and statistics saved. In Node, with localStorage stood in for by a map and
 * the root by a plain host (the computers think on the main thread).
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import type { ReactiveController } from 'lit';
import type { MessageKey, Translator } from '../../src/i18n/index.js';
import { SettingsSource } from '../../src/ui/domino-game/effective-settings.js';
import { LocalMatchController } from '../../src/ui/domino-game/local-match.js';
import { PersistenceController } from '../../src/ui/domino-game/persistence.js';
import { ShownMatch } from '../../src/ui/domino-game/shown-match.js';
import { LocalSession, type LocalSessionOptions } from '../../src/ui/session/local-session.js';
import { actorRunning } from './actor-running.js';

let stored: Map<string, string>;
beforeEach(() => {
  stored = new Map();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
});

const sessions: LocalSession[] = [];
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
  for (const session of sessions.splice(0)) session.dispose();
});

const entry = (name: string): unknown => JSON.parse(stored.get(`domino-game:test:${name}`) ?? 'null');

/** A root with these attributes; it records what the match says and how often it asks to render. */
function setUp(attributes: Record<string, unknown> = {}, sessionOptions: LocalSessionOptions = {}) {
  const said: MessageKey[] = [];
  let renders = 0;
  const host = {
    variant: 'draw', players: 2, target: null, level: 'easy', tempo: 'instant', teams: null, seed: 'local-match', lockSettings: null,
    storageKey: 'test', persist: null,
    ...attributes,
    addController: (_: ReactiveController) => undefined,
    removeController: () => undefined,
    requestUpdate: () => void renders++,
    updateComplete: Promise.resolve(true),
  };
  const settings = new SettingsSource(host as never);
  for (const name of Object.keys(attributes)) settings.noteSet(name, attributes[name]);
  const persistence = new PersistenceController({ element: host as never });
  const session = new LocalSession(null, undefined, sessionOptions);
  sessions.push(session);
  const t = () => ({ t: (key: MessageKey) => key }) as unknown as Translator;
  const locale = { update: () => Promise.resolve() };
  const announce = (text: string) => void said.push(text as MessageKey);
  const shown = new ShownMatch(() => session.state);
  const where = { offline: true };
  const match = new LocalMatchController({ element: host as never, local: session, persistence, settings, locale, t, announce, onMatchEvent: (l) => shown.onMatchEvent(l), offline: () => where.offline });
  return { match, session, said, renders: () => renders, shown, where };
}

test("a first visit starts a match with the site's settings; a change waits for the next match, is said once and kept", async () => {
  const { match, session, said } = setUp({ variant: 'block', players: '3' });
  match.hostConnected();
  assert.equal(session.state?.view.config.variant, 'block');
  assert.equal(session.state?.view.config.players, 3);
  assert.deepEqual(entry('settings'), null, 'nothing chosen, nothing saved');

  match.change({ variant: 'fives' });
  assert.deepEqual(said, ['settingsNextMatch']);
  assert.equal(match.notice, 'settingsNextMatch');
  assert.equal(session.state?.view.config.variant, 'block', 'the match being played goes on');
  assert.equal(session.settings?.config.variant, 'fives', 'the next one is All Fives');
  assert.equal(session.state?.pending, true);
  assert.deepEqual(entry('settings'), { version: 1, data: { variant: 'fives' } });

  await actorRunning(session);
  assert.equal(session.settings?.config.variant, 'fives', 'the statechart took the change made before it ran');
  session.send({ type: 'new-match' });
  match.newMatchAsked();
  assert.equal(match.notice, '');
  assert.equal(session.state?.view.config.variant, 'fives');
});

test('the tempo applies at once, without a notice; a saved choice of the person wins over the attribute', () => {
  stored.set('domino-game:test:settings', JSON.stringify({ version: 1, data: { variant: 'doubles' } }));
  const { match, session, said } = setUp({ variant: 'block', tempo: 'instant' });
  match.hostConnected();
  assert.equal(session.state?.view.config.variant, 'doubles');
  match.change({ tempo: 'slow' });
  assert.equal(session.settings?.tempo, 'slow');
  assert.deepEqual(said, []);
  assert.equal(session.state?.pending, false);
});

test('statistics: a match given up counts as played, not won; a match your side won counts as won; a reset empties them', () => {
  const { match, session, said, renders } = setUp({ level: 'hard', variant: 'fives' });
  match.hostConnected();
  const before = renders();
  match.giveUpAndStartNew();
  assert.deepEqual(said, ['newGameStarted']);
  assert.deepEqual(match.stats?.byLevel.hard, { played: 1, won: 0 });
  assert.deepEqual(match.stats?.byVariant.fives, { played: 1, won: 0 });
  assert.deepEqual((entry('stats') as { data: unknown }).data, match.stats);
  assert.ok(renders() > before, 'the dialog shows the new figures');

  const state = session.state!;
  match.count(state.seat, state);
  match.count(state.seat + 1, state);
  assert.deepEqual(match.stats?.byLevel.hard, { played: 3, won: 1 });

  match.resetStats();
  assert.deepEqual(match.stats?.byLevel.hard, { played: 0, won: 0 });
  assert.deepEqual(said, ['newGameStarted', 'statsResetDone']);
  assert.deepEqual((entry('stats') as { data: unknown }).data, match.stats);
});

test('with persist="none" nothing is written, and the match still plays', async () => {
  const { match, session } = setUp({ persist: 'none' });
  match.hostConnected();
  // Before the statechart runs: the new match starts when it does.
  match.change({ variant: 'block' });
  match.giveUpAndStartNew();
  await actorRunning(session);
  assert.equal(stored.size, 0);
  assert.equal(session.state?.view.config.variant, 'block');
});

test('a match that ends while shown counts in the statistics; the local match heard while the person plays online does not', () => {
  const { match, session, shown, where } = setUp({ level: 'easy', variant: 'draw' });
  match.hostConnected();
  const you = session.state!.seat;
  shown.hearEvent({ type: 'matchEnd', winningSide: you, scores: [100, 0] });
  assert.deepEqual(match.stats?.byLevel.easy, { played: 1, won: 1 });

  where.offline = false;
  shown.hearEvent({ type: 'matchEnd', winningSide: you, scores: [100, 0] });
  assert.deepEqual(match.stats?.byLevel.easy, { played: 1, won: 1 }, 'online, the room’s match end is not the local statistics’');
  shown.hearEvent({ type: 'roundEnd', round: 1, reason: 'domino', winner: you, side: you, points: 10, scores: [10, 0] } as never);
  assert.deepEqual(match.stats?.byLevel.easy, { played: 1, won: 1 }, 'a round end is not a match end');
});

test('a saved match whose statechart cannot load (the connection dropped) stays saved for a reload; a new match shows meanwhile', async () => {
  const first = setUp();
  first.match.hostConnected();
  await actorRunning(first.session);
  await new Promise((saved) => setTimeout(saved, 0));
  const kept = stored.get('domino-game:test:match');
  assert.ok(kept, 'the running match is saved');

  const warn = mock.method(console, 'warn', () => undefined);
  try {
    const offline = setUp({}, { loadStatechart: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) });
    offline.match.hostConnected();
    await new Promise((settled) => setTimeout(settled, 0));
    assert.equal(offline.session.state?.phase, 'playing', 'a new match shows');
    assert.equal(offline.session.persistedSnapshot(), null, 'without the statechart, not one to save');
    assert.equal(stored.get('domino-game:test:match'), kept, 'the saved match is left as it was');
    assert.match(String(warn.mock.calls.at(-1)?.arguments[0]), /stays saved/);
  } finally {
    warn.mock.restore();
  }
});
