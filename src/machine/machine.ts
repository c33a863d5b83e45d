/**
 * The statechart of a match. The engine state in `context.game` is the single source of game truth;
 * the states only say who the match is waiting for:
 *
 *   dealing ─(tempo pause)─▶ playing ─▶ route ─┬─▶ human    ── PLAY / DRAW / PASS / UNDO ──▶ route
 *      ▲                                       ├─▶ computer ── player + tempo pause ─▶ route
 *      │                                       ├─▶ remote   ── REMOTE_MOVE ─────────▶ route
 *      │                                       ├─▶ roundOver ── NEXT_ROUND ─▶ dealing
 *      └──────── NEW_MATCH (any state) ────────└─▶ matchOver ── NEW_MATCH ──▶ dealing
 *
 * Every intent is checked by the engine (src/machine/intents.ts) and goes through one action, `settle`,
 * that applies it or records why it was refused (`context.rejection`); the guard `isAccepted` (the same
 * memoized check) only picks where the machine goes. Phases are tags (`dealing`, `playing`,
 * `roundOver`, `matchOver`; `humanTurn`, `computerTurn`, `remoteTurn`), which the selectors read. Pauses and seat players are invoked actors, never `after` timers, because
 * XState restores invoked actors from a persisted snapshot (restarting them) but drops scheduled
 * `after` events, which would leave a restored match waiting forever.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { applyMove, isMatchOver, legalMoves, RuleError, type MatchState } from '../engine/index.js';
import { initialContext } from './context.js';
import { moveEvents, turnEvent } from './domain-events.js';
import { checkConfigure, checkIntent, MOVE_INTENTS, type Configured, type NewMatchContext } from './intents.js';
import { computerInput, computerPlayer, pause, remoteInput, remotePlayer } from './players.js';
import { DEALING_REJECTION, rejection } from './rejections.js';
import { TEMPO_DELAYS } from './tempo.js';
import type { MatchContext, MatchEmitted, MatchEvent, MatchInput, RejectionCode, SeatKind, UndoRecord } from './types.js';
import { undoAfter } from './undo.js';

/** Applies a computer's decision; a decision the engine refuses (a faulty player) falls back to the first legal move. */
function playDecision(context: MatchContext): MatchState {
  const { game, decision } = context;
  if (decision) {
    try {
      const { type } = decision;
      return applyMove(game, type === 'play' ? { type, tile: decision.tile, end: decision.end } : { type });
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
    }
  }
  // A stalled match is worse than a weak move: keep the game going, but say so to the developer.
  console.warn(`domino match: the computer player of seat ${String(game.turn)} gave no legal move; playing the first legal one`);
  return applyMove(game, legalMoves(game)[0]);
}

/**
 * A tempo pause: `start` skips it when the tempo has none (or, for a deal, when the host showed that deal
 * already), `waiting` runs it (from the start again when CONFIGURE changes the tempo), then on to `done`.
 */
function pauseStates(pause: 'deal' | 'move', hasNoPause: 'hasNoDealPause' | 'hasNoMovePause', done: string) {
  const shown = [{ guard: pause === 'deal' ? 'isOpeningShown' : 'isOpeningLeadShown', target: done } as const];
  return {
    start: { always: [...shown, { guard: hasNoPause, target: done }, { target: 'waiting' }] },
    waiting: {
      invoke: {
        id: `${pause}Pause`,
        src: 'pause',
        input: ({ context }: { context: MatchContext }) => ({ ms: TEMPO_DELAYS[context.tempo][pause] }),
        onDone: { target: done },
      },
      on: { CONFIGURE: { guard: 'isRetimed', target: 'start', actions: 'settle' } },
    },
  } as const;
}

export const matchMachine = setup({
  types: {
    context: {} as MatchContext,
    events: {} as MatchEvent,
    input: {} as MatchInput,
    emitted: {} as MatchEmitted,
  },
  actors: { computerPlayer, remotePlayer, pause },
  guards: {
    isAccepted: ({ context, event }) => checkIntent(context, event).ok,
    /** A valid CONFIGURE that changes the tempo: a running pause restarts with the new length. */
    isRetimed: ({ context, event }) =>
      event.type === 'CONFIGURE' &&
      checkConfigure(context, event).ok &&
      event.tempo !== undefined &&
      event.tempo !== context.tempo,
    hasNoDealPause: ({ context }) => TEMPO_DELAYS[context.tempo].deal <= 0,
    /**
     * The host showed this deal itself, for the deal pause, before the actor ran (a match's opening:
     * opening.ts): such a host provides `({ context }) => isOpening(context)`, and the actor starts at the
     * first turn. By default no deal was shown.
     */
    isOpeningShown: (_args) => false,
    /**
     * The host also showed the computer's forced first lead (opening.ts, `openingLeadLaid`), after its
     * move pause: such a host provides `({ context }) => isOpening(context)`, and the actor lays that lead
     * at once, without thinking or pausing. By default it was not shown.
     */
    isOpeningLeadShown: (_args) => false,
    hasNoMovePause: ({ context }) => TEMPO_DELAYS[context.tempo].move <= 0,
    isMatchOver: ({ context }) => isMatchOver(context.game),
    isRoundOver: ({ context }) => context.game.round.result !== null,
    isSeatOfKind: ({ context }, kind: SeatKind) => context.game.turn !== null && context.seats[context.game.turn] === kind,
  },
  actions: {
    /** The one path of every intent: applied as its check says, or refused with the check's reason. */
    settle: enqueueActions(({ context, event, enqueue }) => {
      const checked = checkIntent(context, event);
      if (!checked.ok) {
        enqueue.assign({ rejection: checked.rejection });
        return;
      }
      switch (event.type) {
        case 'PLAY':
        case 'DRAW':
        case 'PASS':
        case 'REMOTE_MOVE':
        case 'NEXT_ROUND': {
          const game = checked.value as MatchState;
          const undo = undoAfter(context, event);
          enqueue.assign(undo ? { game, undo, rejection: null } : { game, rejection: null });
          for (const emitted of moveEvents(context.game, game)) enqueue.emit(emitted);
          break;
        }
        case 'NEW_MATCH':
          enqueue.assign(checked.value as NewMatchContext);
          break;
        case 'CONFIGURE':
          enqueue.assign({ ...(checked.value as Configured), rejection: null });
          break;
        case 'UNDO':
          // Back to the person's turn before their last move: a computer thinking now is stopped (the transition re-enters `route`).
          enqueue.assign({ ...(checked.value as { game: MatchState; undo: UndoRecord }), rejection: null, decision: null });
          break;
      }
    }),
    /** An intent this state does not take, whatever its check would say. */
    refuseAs: assign({
      rejection: ({ event }, params: { code: RejectionCode; message: string }) => rejection(params.code, params.message, event),
    }),
    /** An intent that passed its check but is not taken in this state (a move while a computer thinks). */
    refuseOutOfTurn: assign({
      rejection: ({ context, event }) => {
        const checked = checkIntent(context, event);
        return checked.ok ? rejection('not-your-turn', `${event.type} is not accepted now`, event) : checked.rejection;
      },
    }),
    playDecision: enqueueActions(({ context, enqueue }) => {
      const after = playDecision(context);
      enqueue.assign({ game: after, decision: null });
      for (const emitted of moveEvents(context.game, after)) enqueue.emit(emitted);
    }),
    emitTurn: enqueueActions(({ context, enqueue }) => {
      const emitted = turnEvent(context.game, context.seats);
      if (emitted) enqueue.emit(emitted);
    }),
  },
}).createMachine({
  id: 'match',
  context: ({ input }) => initialContext(input),
  initial: 'dealing',
  on: {
    // A player may abandon a match at any moment.
    NEW_MATCH: [{ guard: 'isAccepted', target: '.dealing', reenter: true, actions: 'settle' }, { actions: 'settle' }],
    CONFIGURE: { actions: 'settle' },
    // Where a state does not take these, the check says why (round over, match over, round in progress…).
    ...Object.fromEntries([...MOVE_INTENTS, 'NEXT_ROUND', 'UNDO'].map((type) => [type, { actions: 'refuseOutOfTurn' }])),
  },
  states: {
    dealing: {
      tags: 'dealing',
      initial: 'start',
      on: Object.fromEntries(MOVE_INTENTS.map((type) => [type, { actions: { type: 'refuseAs', params: DEALING_REJECTION } }])),
      states: pauseStates('deal', 'hasNoDealPause', '#match.playing'),
    },
    playing: {
      tags: 'playing',
      initial: 'route',
      // The four move intents, built once: accepted ones lead back to `route`; either way `settle` applies or refuses.
      on: Object.fromEntries([...MOVE_INTENTS, 'UNDO'].map((type) => [type, [{ guard: 'isAccepted', target: '.route', actions: 'settle' }, { actions: 'settle' }]])),
      states: {
        /** Transient: picks the next state from the engine state after every move. */
        route: {
          always: [
            { guard: 'isMatchOver', target: '#match.matchOver' },
            { guard: 'isRoundOver', target: '#match.roundOver' },
            { guard: { type: 'isSeatOfKind', params: 'human' }, target: 'human' },
            { guard: { type: 'isSeatOfKind', params: 'computer' }, target: 'computer' },
            { target: 'remote' },
          ],
        },
        human: { tags: 'humanTurn', entry: 'emitTurn' },
        /**
         * Thinking and the tempo pause run side by side, and the move is applied when both are done:
         * the pause is the least time a person gets to follow, and a slow search does not add to it.
         */
        computer: {
          tags: 'computerTurn',
          type: 'parallel',
          entry: 'emitTurn',
          states: {
            think: {
              initial: 'start',
              states: {
                // The lead the rules force on it needs no thinking: the only legal move.
                start: {
                  always: [
                    { guard: 'isOpeningLeadShown', target: 'decided', actions: assign({ decision: ({ context }) => legalMoves(context.game)[0] ?? null }) },
                    { target: 'thinking' },
                  ],
                },
                thinking: {
                  invoke: {
                    id: 'computerPlayer',
                    src: 'computerPlayer',
                    input: ({ context }) => computerInput(context),
                    onDone: { target: 'decided', actions: assign({ decision: ({ event }) => event.output }) },
                    onError: { target: 'decided', actions: assign({ decision: null }) },
                  },
                },
                decided: { type: 'final' },
              },
            },
            pace: {
              initial: 'start',
              states: { ...pauseStates('move', 'hasNoMovePause', 'elapsed'), elapsed: { type: 'final' } },
            },
          },
          onDone: { target: 'route', actions: 'playDecision' },
        },
        remote: {
          tags: 'remoteTurn',
          entry: 'emitTurn',
          invoke: { id: 'remotePlayer', src: 'remotePlayer', input: ({ context }) => remoteInput(context) },
        },
      },
    },
    roundOver: {
      tags: 'roundOver',
      on: { NEXT_ROUND: [{ guard: 'isAccepted', target: 'dealing', actions: 'settle' }, { actions: 'settle' }] },
    },
    matchOver: { tags: 'matchOver' },
  },
});

export type MatchMachine = typeof matchMachine;
export type MatchActor = ActorRefFrom<typeof matchMachine>;
export type MatchSnapshot = SnapshotFrom<typeof matchMachine>;
