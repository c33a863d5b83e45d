/**
 * The match's actor: xstate and the statechart, a chunk of their own. The first screen does not need
 * them (a new match opens from the engine: machine/opening.ts), so they load just after it, and the
 * actor takes the match over at its first turn (local-session.ts).
 */
import { createActor, fromPromise } from 'xstate';
import type { LegalMove } from '../../engine/index.js';
import type { WorkerPlayer } from '../../ai/worker-player.js';

/** The computers' player in a Web Worker: it comes with the statechart, which asks it first. */
export { WorkerPlayer } from '../../ai/worker-player.js';
import { matchMachine, type ComputerPlayerInput, type MatchActor, type MatchInput } from '../../machine/index.js';
import { isOpening } from '../../machine/light.js';

export type PersistedMatch = ReturnType<MatchActor['getPersistedSnapshot']>;

export interface MatchActorOptions {
  /** A saved game to resume. */
  snapshot?: PersistedMatch;
  /** The page showed the match's first deal for its pause (its opening): the actor starts at the first turn. */
  openingShown?: boolean;
  /** It showed the computer's forced first lead too: the actor lays it at once. */
  openingLeadShown?: boolean;
}

/** An actor (not started) of the match machine, its computers thinking through `player` (a Web Worker). */
export function createMatchActor(player: WorkerPlayer, input: MatchInput, { snapshot, openingShown = false, openingLeadShown = false }: MatchActorOptions = {}): MatchActor {
  const machine = matchMachine.provide({
    actors: {
      computerPlayer: fromPromise<LegalMove, ComputerPlayerInput>(({ input }) => player.choose(input.view, { level: input.level, seed: input.seed })),
    },
    guards: {
      isOpeningShown: ({ context }) => openingShown && isOpening(context),
      isOpeningLeadShown: ({ context }) => openingLeadShown && isOpening(context),
    },
  });
  return createActor(machine, { input, ...(snapshot ? { snapshot } : {}) });
}
