/**
 * The statechart of a match. The engine state in `context.game` is the single source of game truth;
 * the states only say who the match is waiting for:
 *
 *   dealing ─(tempo pause)─▶ playing ─▶ route ─┬─▶ human    ── PLAY / DRAW / PASS ──▶ route
 *      ▲                                       ├─▶ computer ── player + tempo pause ─▶ route
 *      │                                       ├─▶ remote   ── REMOTE_MOVE ─────────▶ route
 *      │                                       ├─▶ roundOver ── NEXT_ROUND ─▶ dealing
 *      └──────── NEW_MATCH (any state) ────────└─▶ matchOver ── NEW_MATCH ──▶ dealing
 *
 * Every intent is checked by the engine (src/machine/intents.ts); a refused one only sets
 * `context.rejection`. Pauses and seat players are invoked actors, never `after` timers, because
 * XState restores invoked actors from a persisted snapshot (restarting them) but drops scheduled
 * `after` events, which would leave a restored match waiting forever.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { applyMove, legalMoves, RuleError, type MatchState } from '../engine/index.js';
import { initialContext } from './context.js';
import { moveEvents, turnEvent } from './domain-events.js';
import {
  checkConfigure,
  checkIntent,
  checkLocalMove,
  checkNewMatch,
  checkNextRound,
  checkRemoteMove,
} from './intents.js';
import { computerInput, computerPlayer, pause, remoteInput, remotePlayer } from './players.js';
import { rejection } from './rejections.js';
import { TEMPO_DELAYS } from './tempo.js';
import type { MatchContext, MatchEmitted, MatchEvent, MatchInput, RejectionCode, SeatKind } from './types.js';

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

const DEALING_REJECTION = { code: 'dealing', message: 'the tiles are being dealt' } as const;

export const matchMachine = setup({
  types: {
    context: {} as MatchContext,
    events: {} as MatchEvent,
    input: {} as MatchInput,
    emitted: {} as MatchEmitted,
  },
  actors: { computerPlayer, remotePlayer, pause },
  guards: {
    accepted: ({ context, event }) => checkIntent(context, event).ok,
    /** A valid CONFIGURE that changes the tempo: a running pause restarts with the new length. */
    retimed: ({ context, event }) =>
      event.type === 'CONFIGURE' &&
      checkConfigure(context, event).ok &&
      event.tempo !== undefined &&
      event.tempo !== context.tempo,
    noDealPause: ({ context }) => TEMPO_DELAYS[context.tempo].deal <= 0,
    noMovePause: ({ context }) => TEMPO_DELAYS[context.tempo].move <= 0,
    matchOver: ({ context }) => context.game.winner !== null,
    roundOver: ({ context }) => context.game.round.result !== null,
    seatIs: ({ context }, kind: SeatKind) => context.game.turn !== null && context.seats[context.game.turn] === kind,
  },
  actions: {
    reject: assign({
      rejection: ({ context, event }) => {
        const checked = checkIntent(context, event);
        return checked.ok ? rejection('not-your-turn', `${event.type} is not accepted now`, event) : checked.rejection;
      },
    }),
    rejectAs: assign({
      rejection: ({ event }, params: { code: RejectionCode; message: string }) => rejection(params.code, params.message, event),
    }),
    applyMove: enqueueActions(({ context, event, enqueue }) => {
      const checked = event.type === 'REMOTE_MOVE' ? checkRemoteMove(context, event) : checkLocalMove(context, event);
      if (!checked.ok) return; // unreachable: the `accepted` guard ran the same (memoized) check
      enqueue.assign({ game: checked.value, rejection: null });
      for (const emitted of moveEvents(context.game, checked.value)) enqueue.emit(emitted);
    }),
    applyDecision: enqueueActions(({ context, enqueue }) => {
      const after = playDecision(context);
      enqueue.assign({ game: after, decision: null });
      for (const emitted of moveEvents(context.game, after)) enqueue.emit(emitted);
    }),
    emitTurn: enqueueActions(({ context, enqueue }) => {
      const emitted = turnEvent(context.game, context.seats);
      if (emitted) enqueue.emit(emitted);
    }),
    startNextRound: assign(({ context, event }) => {
      const checked = checkNextRound(context, event);
      return checked.ok ? { game: checked.value, rejection: null } : {};
    }),
    startNewMatch: assign(({ context, event }) => {
      const checked = checkNewMatch(context, event);
      return checked.ok ? checked.value : {};
    }),
    configure: assign(({ context, event }) => {
      const checked = checkConfigure(context, event);
      return checked.ok ? { ...checked.value, rejection: null } : {};
    }),
  },
}).createMachine({
  id: 'match',
  context: ({ input }) => initialContext(input),
  initial: 'dealing',
  on: {
    // A player may abandon a match at any moment.
    NEW_MATCH: [{ guard: 'accepted', target: '.dealing', reenter: true, actions: 'startNewMatch' }, { actions: 'reject' }],
    CONFIGURE: [{ guard: 'accepted', actions: 'configure' }, { actions: 'reject' }],
    // Where a state does not take these, the check says why (round over, match over, round in progress…).
    PLAY: { actions: 'reject' },
    DRAW: { actions: 'reject' },
    PASS: { actions: 'reject' },
    REMOTE_MOVE: { actions: 'reject' },
    NEXT_ROUND: { actions: 'reject' },
  },
  states: {
    dealing: {
      initial: 'start',
      on: {
        PLAY: { actions: { type: 'rejectAs', params: DEALING_REJECTION } },
        DRAW: { actions: { type: 'rejectAs', params: DEALING_REJECTION } },
        PASS: { actions: { type: 'rejectAs', params: DEALING_REJECTION } },
        REMOTE_MOVE: { actions: { type: 'rejectAs', params: DEALING_REJECTION } },
      },
      states: {
        start: { always: [{ guard: 'noDealPause', target: '#match.playing' }, { target: 'waiting' }] },
        waiting: {
          invoke: {
            id: 'dealPause',
            src: 'pause',
            input: ({ context }) => ({ ms: TEMPO_DELAYS[context.tempo].deal }),
            onDone: { target: '#match.playing' },
          },
          on: { CONFIGURE: { guard: 'retimed', target: 'start', actions: 'configure' } },
        },
      },
    },
    playing: {
      initial: 'route',
      on: {
        PLAY: [{ guard: 'accepted', target: '.route', actions: 'applyMove' }, { actions: 'reject' }],
        DRAW: [{ guard: 'accepted', target: '.route', actions: 'applyMove' }, { actions: 'reject' }],
        PASS: [{ guard: 'accepted', target: '.route', actions: 'applyMove' }, { actions: 'reject' }],
        REMOTE_MOVE: [{ guard: 'accepted', target: '.route', actions: 'applyMove' }, { actions: 'reject' }],
      },
      states: {
        /** Transient: picks the next state from the engine state after every move. */
        route: {
          always: [
            { guard: 'matchOver', target: '#match.matchOver' },
            { guard: 'roundOver', target: '#match.roundOver' },
            { guard: { type: 'seatIs', params: 'human' }, target: 'human' },
            { guard: { type: 'seatIs', params: 'computer' }, target: 'computer' },
            { target: 'remote' },
          ],
        },
        human: { entry: 'emitTurn' },
        /**
         * Thinking and the tempo pause run side by side, and the move is applied when both are done:
         * the pause is the least time a person gets to follow, and a slow search does not add to it.
         */
        computer: {
          type: 'parallel',
          entry: 'emitTurn',
          states: {
            think: {
              initial: 'thinking',
              states: {
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
              states: {
                start: { always: [{ guard: 'noMovePause', target: 'elapsed' }, { target: 'waiting' }] },
                waiting: {
                  invoke: {
                    id: 'movePause',
                    src: 'pause',
                    input: ({ context }) => ({ ms: TEMPO_DELAYS[context.tempo].move }),
                    onDone: { target: 'elapsed' },
                  },
                  on: { CONFIGURE: { guard: 'retimed', target: 'start', actions: 'configure' } },
                },
                elapsed: { type: 'final' },
              },
            },
          },
          onDone: { target: 'route', actions: 'applyDecision' },
        },
        remote: {
          entry: 'emitTurn',
          invoke: { id: 'remotePlayer', src: 'remotePlayer', input: ({ context }) => remoteInput(context) },
        },
      },
    },
    roundOver: {
      on: { NEXT_ROUND: [{ guard: 'accepted', target: 'dealing', actions: 'startNextRound' }, { actions: 'reject' }] },
    },
    matchOver: {},
  },
});

export type MatchMachine = typeof matchMachine;
export type MatchActor = ActorRefFrom<typeof matchMachine>;
export type MatchSnapshot = SnapshotFrom<typeof matchMachine>;
