/**
 * The default actors the machine invokes: the computer player, the remote player and the tempo pause.
 * All are provided through `setup({ actors })`, so a host swaps them by name with
 * `matchMachine.provide({ actors: { computerPlayer: … } })` (a Web Worker, a network seat, an
 * animation-synced pause). Seat players get one seat's PlayerView, never the full state.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { loadChooseMove } from '../ai/index.js';
import { playerView, type LegalMove } from '../engine/index.js';
import type { ComputerPlayerInput, MatchContext, PauseInput, RemotePlayerInput } from './types.js';

/**
 * Picks the computer's move. It first yields a macrotask so the page can paint the previous move
 * before a synchronous search (up to ~400 ms for 'hard') blocks the thread; a Worker-backed player
 * provided by the host avoids the blocking altogether.
 */
export const computerPlayer = fromPromise<LegalMove, ComputerPlayerInput>(async ({ input, signal }) => {
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  if (signal.aborted) throw new Error('the computer player was stopped');
  const chooseMove = await loadChooseMove(input.level);
  if (signal.aborted) throw new Error('the computer player was stopped');
  return chooseMove(input.view, { level: input.level, seed: input.seed });
});

/**
 * A remote seat's player. Online play comes later: a host provides an actor that forwards `input.view`
 * to the remote person and sends `REMOTE_MOVE` back (`sendBack`). This default does nothing: the host
 * may as well send REMOTE_MOVE to the match actor directly.
 */
export const remotePlayer = fromCallback<EventObject, RemotePlayerInput>(() => undefined);

interface PauseClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}
const realClock: PauseClock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * Waits `input.ms` on the actor system's clock, so `createActor(…, { clock: new SimulatedClock() })`
 * controls it like any XState delay. It is an invoked actor rather than an `after` transition because
 * XState does not persist scheduled `after` events: a restored machine would wait forever, whereas an
 * invoked actor is restored and restarted (the pause begins again, which only lengthens it).
 */
export const pause = fromPromise<void, PauseInput>(
  ({ input, system, signal }) =>
    new Promise<void>((resolve) => {
      // `_clock` is the clock given to createActor (typed in ActorSystem, though underscored); should a
      // later XState drop it, real timers still pace the game.
      const clock: PauseClock = (system._clock as PauseClock | undefined) ?? realClock;
      const timer: unknown = clock.setTimeout(resolve, input.ms);
      signal.addEventListener('abort', () => clock.clearTimeout(timer), { once: true });
    }),
);

/** FNV-1a, folded to 31 bits: a stable number from any text. */
export function hash31(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & 0x7fffffff;
}

/**
 * A seed for the computer's choice, derived from the match so far: the same position in the same match
 * always gets the same seed, so a restored match replays the move it was about to make. Without a
 * series seed the dealing generator's state stands in (hashed: the player learns nothing from it).
 */
export function computerSeed(context: MatchContext): number {
  const { game } = context;
  const base = context.config.seed ?? context.seed ?? game.rng.join(',');
  return hash31(`${String(base)}|${context.matchNumber}|${game.round.number}|${game.log.length}|${String(game.turn)}`);
}

export function computerInput(context: MatchContext): ComputerPlayerInput {
  const seat = context.game.turn!;
  return { view: playerView(context.game, seat), level: context.level, seed: computerSeed(context) };
}

export function remoteInput(context: MatchContext): RemotePlayerInput {
  const seat = context.game.turn!;
  return { seat, view: playerView(context.game, seat) };
}
