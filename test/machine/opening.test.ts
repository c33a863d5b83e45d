/**
 * A match's opening (src/machine/opening.ts: the deal and the first turn, without an actor) against the
 * statechart itself: the same context, tags, events and refusals as the machine's `dealing` and first
 * turn; and an actor told the opening was shown, which starts at the first turn and, sent the intents
 * the opening took, comes to the same state, then deals later rounds and matches after their pause.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createActor, SimulatedClock } from 'xstate';
import { legalMoves, type Seat } from '../../src/engine/index.js';
import { matchMachine, TEMPO_DELAYS, viewFor, type MatchEmitted, type MatchEvent, type MatchInput, type MatchShown } from '../../src/machine/index.js';
import { dealtOpening, isOpening, openingTurn, openMatch, stepOpening, type MatchOpening } from '../../src/machine/light.js';
import { intentFor, nextChange, startActor } from './helpers.js';

const TAGS = ['dealing', 'playing', 'humanTurn', 'computerTurn', 'remoteTurn', 'roundOver', 'matchOver'];
const tagsOf = (shown: MatchShown) => TAGS.filter((tag) => shown.hasTag(tag));

/** A match with the person in seat 0, the computers elsewhere. */
function input(variant: 'draw' | 'block' | 'fives' | 'doubles', players: 2 | 3 | 4, tempo: MatchInput['tempo'], seed: string): MatchInput {
  return {
    config: { variant, players },
    seats: Array.from({ length: players }, (_, seat) => (seat === 0 ? 'human' : 'computer')),
    level: 'easy',
    tempo,
    seed,
    undo: true,
  };
}

const INPUTS: MatchInput[] = (['draw', 'block', 'fives', 'doubles'] as const).flatMap((variant) =>
  ([2, 3, 4] as const).flatMap((players) =>
    (['normal', 'instant'] as const).flatMap((tempo) => [1, 2, 3].map((n) => input(variant, players, tempo, `opening-${variant}-${players}-${n}`))),
  ),
);

/** A match whose first turn is the person's (seat 0), at `tempo`. */
function personLeads(tempo: MatchInput['tempo']): MatchInput {
  for (let n = 0; ; n++) {
    const candidate = input('draw', 2, tempo, `person-leads-${n}`);
    if (openMatch(candidate).context.game.turn === 0) return candidate;
  }
}

/** The actor of a match whose opening the host showed. */
function actorAfterOpening(input: MatchInput) {
  const machine = matchMachine.provide({ guards: { isOpeningShown: ({ context }) => isOpening(context) } });
  const events: MatchEmitted[] = [];
  const actor = createActor(machine, { input, clock: new SimulatedClock() });
  actor.on('*', (event) => events.push(event));
  actor.start();
  return { actor, events };
}

describe('a match’s opening', () => {
  test('is the machine’s start: the same context and tags while dealing; at the first turn the same tags, and the same turn told', async () => {
    let computerLeads = 0;
    let personFirst = 0;
    for (const match of INPUTS) {
      const where = `${match.config.variant}, ${match.config.players} players, ${match.tempo}, ${String(match.seed)}`;
      const clock = new SimulatedClock();
      const { actor, events } = startActor(match, { clock });
      const opening = openMatch(match);
      assert.deepEqual(opening.context, actor.getSnapshot().context, where);
      assert.deepEqual(tagsOf(opening), tagsOf(actor.getSnapshot()), where);
      assert.equal(opening.dealing, TEMPO_DELAYS[match.tempo].deal > 0, where);
      if (opening.dealing) {
        assert.deepEqual(openingTurn(opening), [], 'nobody’s turn is told while dealing');
        clock.increment(TEMPO_DELAYS[match.tempo].deal);
        await nextChange(actor, actor.getSnapshot());
      }
      const dealt = dealtOpening(opening);
      assert.deepEqual(tagsOf(dealt), tagsOf(actor.getSnapshot()), where);
      assert.deepEqual(dealt.context, actor.getSnapshot().context, where);
      assert.deepEqual(openingTurn(dealt), events, where);
      if (dealt.hasTag('computerTurn')) computerLeads++;
      if (dealt.hasTag('humanTurn')) personFirst++;
      actor.stop();
    }
    assert.ok(computerLeads > 0 && personFirst > 0, 'both kinds of first turn were met');
  });

  test('while dealing, refuses a move as the machine does, and takes a setting, an undo or a next round alike; a new match is the actor’s', () => {
    const match = personLeads('normal');
    const opening = openMatch(match);
    const view = viewFor(dealtOpening(opening), 0);
    const play = legalMoves(view).find((m) => m.type === 'play')!;
    const events: MatchEvent[] = [
      intentFor(play),
      { type: 'DRAW', seat: 0 },
      { type: 'PASS', seat: 0 },
      { type: 'REMOTE_MOVE', seat: 1, move: { type: 'pass' } },
      { type: 'NEXT_ROUND' },
      { type: 'UNDO', seat: 0 },
      { type: 'CONFIGURE', tempo: 'fast', level: 'hard' },
      { type: 'CONFIGURE', tempo: 'sometimes' as never },
    ];
    for (const event of events) {
      const { actor } = startActor(match, { clock: new SimulatedClock() });
      actor.send(event);
      const step = stepOpening(opening, event);
      assert.ok(step, event.type);
      assert.deepEqual(step.opening.context, actor.getSnapshot().context, `${event.type}: the same context (and rejection)`);
      assert.deepEqual(tagsOf(step.opening), tagsOf(actor.getSnapshot()), event.type);
      assert.deepEqual(step.emitted, [], `${event.type}: nothing is told while dealing`);
      // An actor that takes over starts at the first turn: it takes all but the refused moves again.
      assert.equal(step.forActor, !['PLAY', 'DRAW', 'PASS', 'REMOTE_MOVE'].includes(event.type), event.type);
      actor.stop();
    }
    assert.equal(stepOpening(opening, { type: 'NEW_MATCH' }), null);
  });

  test('at the first turn, takes the person’s moves as the machine does, with the events it emits', () => {
    const match = personLeads('instant');
    const first = dealtOpening(openMatch(match));
    const legal = legalMoves(viewFor(first, 0));
    const play = legal.find((m) => m.type === 'play')!;
    const wrong: MatchEvent = { type: 'PLAY', tile: first.context.game.hands[1]![0]!, end: 'lead', seat: 0 };
    for (const event of [intentFor(play), { ...intentFor(play), seat: 1 as Seat }, wrong, { type: 'DRAW', seat: 0 }, { type: 'UNDO', seat: 0 }] as MatchEvent[]) {
      const { actor, events } = startActor(match, { clock: new SimulatedClock() });
      events.length = 0;
      actor.send(event);
      const step = stepOpening(first, event);
      assert.ok(step, event.type);
      assert.deepEqual(step.opening.context, actor.getSnapshot().context, event.type);
      assert.deepEqual(tagsOf(step.opening), tagsOf(actor.getSnapshot()), event.type);
      assert.deepEqual(step.emitted, events, event.type);
      assert.equal(step.forActor, true, event.type);
      actor.stop();
    }
  });

  test('an actor told the opening was shown starts at the first turn, comes to the opening’s state with its intents, and pauses for later deals', () => {
    const match = personLeads('normal');
    let opening: MatchOpening = dealtOpening(openMatch(match));
    const told: MatchEmitted[] = [...openingTurn(opening)];
    const sent: MatchEvent[] = [];
    const play = legalMoves(viewFor(opening, 0)).find((m) => m.type === 'play')!;
    for (const event of [{ type: 'DRAW', seat: 0 }, intentFor(play), { type: 'CONFIGURE', tempo: 'fast' }] as MatchEvent[]) {
      const step = stepOpening(opening, event)!;
      opening = step.opening;
      told.push(...step.emitted);
      sent.push(event);
    }
    assert.ok(opening.context.game.log.length > 0, 'the person played');

    const { actor, events } = actorAfterOpening(match);
    assert.deepEqual(tagsOf(actor.getSnapshot()), ['playing', 'humanTurn'], 'no deal pause: the opening showed it');
    for (const event of sent) actor.send(event);
    assert.deepEqual(actor.getSnapshot().context, opening.context);
    assert.deepEqual(tagsOf(actor.getSnapshot()), tagsOf(opening));
    assert.deepEqual(events, told, 'the same events, in the same order');

    actor.send({ type: 'NEW_MATCH' });
    assert.deepEqual(tagsOf(actor.getSnapshot()), ['dealing'], 'a later deal pauses as usual');
    actor.stop();
  });
});
